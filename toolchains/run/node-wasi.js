#!/usr/bin/env -S node --no-warnings --single-threaded --no-turbo-fast-api-calls
// node --no-warnings --single-threaded --no-turbo-fast-api-calls
// toolchains/run/node-wasi.js PROGRAM [ARGS...]: the
// CMAKE_CROSSCOMPILING_EMULATOR of toolchains/wasm32.cmake (which says why
// those two flags; the batch's runner processes get them too). Runs a
// wasm32-wasi command module under Node's WASI (preview1) as if it were a
// native program: arguments and environment passed through, the host's file
// system preopened at "/" (the build passes absolute paths: corpus files,
// --json outputs), stdio inherited, and the program's exit code returned.
// A trap (abort(), __builtin_trap, unreachable) ends the instance: reported
// on stderr with exit status 134, as an abort is on Linux.
//
// ... PROGRAM [ARGS...] --scanproof-batch DIR: batch mode (docs/contracts.md,
// "Batch mode"), what impl/core/src/supervise_batch.cpp does where a process
// forks, done here because WASI cannot fork: DIR/request lists the tests (seven
// tab-separated fields: test, nonce, gtest filter, flight file, outputs file,
// log, status file), and each test runs in a WebAssembly instance of its own:
// its own linear memory and WASI state, nothing of another test's, with
// PROGRAM --gtest_filter=<filter> ARGS, this test's SCANPROOF_FLIGHT_FILE,
// SCANPROOF_OUTPUTS_FILE and SCANPROOF_NONCE, and stdout and stderr in its log.
// The instances run in up to SCANPROOF_BATCH_JOBS (default 2) Node processes of
// their own (this script, forked with --scanproof-batch-runner), each
// compiling the module once and running one test at a time; a test still
// running after SCANPROOF_TEST_TIMEOUT seconds (0 or unset: no limit), or
// that ends its process, ends with that process, and a new one goes on with
// the rest. (Processes, not worker threads: Node 20 crashed running these
// instances in worker threads.) Only this process writes a status file, once
// the test ended: its exit status as the single-program mode above would
// end with it (128 + signal where the process was killed), or
// "timeout <seconds>". Exit 0 when every test has its status, 1 when some has
// none, 2 for a bad request or a module that does not compile.
'use strict';
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const os = require('node:os');
const { fork } = require('node:child_process');

const BATCH_OPTION = '--scanproof-batch';
const RUNNER_OPTION = '--scanproof-batch-runner';
const TESTS_PER_RUNNER = 8;  // at least, before a second runner starts (runBatch)

// Runs one instance of the compiled module to its end; returns its exit
// status, and says on stderr (the instance's) why if it did not exit itself.
function runInstance(module, program, args, env, stdio) {
  const wasi = new WASI({
    version: 'preview1',
    args: [program, ...args],
    env,
    preopens: { '/': '/' },
    returnOnExit: true,
    ...stdio,
  });
  running = wasi;  // a WASI that V8 collects while its instance runs aborts Node (uvwasi_destroy)
  try {
    // wasiImport, not getImportObject(): the latter needs Node >= 19.8.
    const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.wasiImport });
    return wasi.start(instance);
  } catch (e) {
    return failed(program, e, stdio.stderr ?? 2);
  } finally {
    running = null;
  }
}
let running = null;

function failed(program, e, fd) {
  const trapped = e instanceof WebAssembly.RuntimeError;
  fs.writeSync(fd, `node-wasi: ${program}: ${trapped ? 'trapped' : 'failed'}: ${e.message}\n`);
  return trapped ? 134 : 2;
}

// One test of a batch, in a runner process: what the program is as a process of its
// own under the launcher (supervise_batch.cpp's run_test).
function runTest(module, program, args, t) {
  fs.closeSync(fs.openSync(t.outputs, 'w'));  // empty: no earlier run's lines count as this test's
  const log = fs.openSync(t.log, 'w');
  try {
    const env = { ...process.env, SCANPROOF_FLIGHT_FILE: t.flight, SCANPROOF_OUTPUTS_FILE: t.outputs,
                  SCANPROOF_NONCE: t.nonce };
    return runInstance(module, program, [`--gtest_filter=${t.filter}`, ...args], env,
                       { stdout: log, stderr: log });
  } finally {
    fs.closeSync(log);
  }
}

// A runner (runBatch forks it): compiles the module, says so, then runs each
// test it is sent and answers with its status.
if (process.argv[2] === RUNNER_OPTION) {
  const [program, ...args] = process.argv.slice(3);
  let module;
  try {
    module = new WebAssembly.Module(fs.readFileSync(program));
  } catch (e) {
    process.send({ failed: e.message }, () => process.exit(2));
    return;
  }
  process.on('message', (t) => {
    process.send({ status: runTest(module, program, args, t) });
    // The ended instance's memory released now, not when V8 gets to it:
    // once many are held, V8 reserves a new instance's memory without its
    // guard region, so the memory moves when it grows, which Node 20's WASI
    // does not follow (it crashed, or wrote into freed memory).
    gc();
  });
  process.send({ ready: true });
  return;
}

const argv = process.argv.slice(2);
const batch = argv.length >= 2 && argv[argv.length - 2] === BATCH_OPTION ? argv.splice(argv.length - 2)[1] : null;
const [program, ...args] = argv;
if (!program || argv.includes(BATCH_OPTION)) {
  process.stderr.write(`usage: node-wasi.js PROGRAM [ARGS...] [${BATCH_OPTION} DIR]\n`);
  process.exit(2);
}

function compile() {
  return WebAssembly.compile(fs.readFileSync(program));
}

if (batch === null) {
  (async () => {
    let status;
    try {
      status = runInstance(await compile(), program, args, process.env, {});
    } catch (e) {  // the module does not compile
      status = failed(program, e, 2);
    }
    process.exitCode = status;
  })();
} else {
  runBatch(batch).then((status) => { process.exitCode = status; });
}

function batchError(message) {
  process.stderr.write(`scanproof batch: ${message}\n`);
  return 2;
}

// DIR/request, as supervise_batch.cpp's read_request() reads it; a string
// says why it is not one.
function readRequest(dir) {
  const path = `${dir}/request`;
  let text;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    return `cannot read ${path}: ${e.message}`;
  }
  const tests = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [i, line] of lines.entries()) {
    const f = line.split('\t');
    if (f.length !== 7 || !f[0] || !f[1] || !f[2])
      return `${path}:${i + 1}: not 7 tab-separated fields (test, nonce, filter, flight, outputs, log, status)`;
    const [name, nonce, filter, flight, outputs, log, status] = f;
    tests.push({ name, nonce, filter, flight, outputs, log, status });
  }
  return tests.length ? tests : `${path} lists no test`;
}

// A non-negative number from the environment, or NaN.
function envNumber(name, fallback) {
  const s = process.env[name];
  if (s === undefined || s === '') return fallback;
  const v = Number(s);
  return Number.isFinite(v) && v >= 0 ? v : NaN;
}

// Written whole (a temporary, then rename), as supervise_batch.cpp writes it.
function writeStatus(t, text) {
  try {
    fs.writeFileSync(`${t.status}.tmp`, `${text}\n`);
    fs.renameSync(`${t.status}.tmp`, t.status);
  } catch (e) {
    process.stderr.write(`scanproof batch: ${t.name}: cannot write ${t.status}: ${e.message}\n`);
  }
}

async function runBatch(dir) {
  const tests = readRequest(dir);
  if (typeof tests === 'string') return batchError(tests);
  const limit = envNumber('SCANPROOF_TEST_TIMEOUT', 0);
  const jobs = envNumber('SCANPROOF_BATCH_JOBS', 2);
  if (Number.isNaN(limit) || Number.isNaN(jobs) || jobs < 1)
    return batchError('SCANPROOF_TEST_TIMEOUT must be seconds (>= 0), SCANPROOF_BATCH_JOBS a count (>= 1)');
  for (const t of tests) fs.rmSync(t.status, { force: true });
  let next = 0, broken = null, started = 0;
  // One runner takes the next test until none is left; a test that ends it
  // (the limit, a crash) has its status, and a new runner goes on, as it does
  // after a runner that ended between two tests (not one that never ran a
  // test: its tests are left without a status, and the batch fails).
  const runner = () => new Promise((resolve) => {
    ++started;
    const child = fork(__filename, [RUNNER_OPTION, program, ...args],
                       { stdio: 'inherit', execArgv: [...process.execArgv, '--expose-gc'] });
    let t = null, timer = null, timedOut = false, ran = 0;
    const take = () => {
      if (next >= tests.length || broken) {
        child.disconnect();
        resolve(false);
        return;
      }
      t = tests[next++];
      if (limit > 0) timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, limit * 1000);
      child.send(t);
    };
    child.on('message', (m) => {
      if (m.failed) {
        broken = `${program}: failed: ${m.failed}`;
      } else if (m.status !== undefined) {
        clearTimeout(timer);
        writeStatus(t, m.status);
        t = null;
        ++ran;
      }
      if (!m.failed) take();
    });
    child.on('exit', (code, signal) => {
      const ended = t;  // the test it was running, if any
      clearTimeout(timer);
      if (ended) writeStatus(ended, timedOut ? `timeout ${limit}` : code ?? 128 + os.constants.signals[signal]);
      t = null;
      resolve(ended !== null || ran > 0);  // after take() resolved false, this changes nothing
    });
  }).then((more) => (more && next < tests.length && !broken ? runner() : undefined));
  // A runner's start (Node, the module's compile) costs about what a short
  // test does: a few tests (a candidate's) share one runner.
  const runners = Math.min(jobs, Math.ceil(tests.length / TESTS_PER_RUNNER));
  await Promise.all(Array.from({ length: runners }, runner));
  if (broken) return batchError(broken);
  const missing = tests.filter((t) => !fs.existsSync(t.status));
  for (const t of missing.slice(0, 5))
    process.stderr.write(`scanproof batch: ${t.name} did not run to its end: no ${t.status}\n`);
  if (missing.length) {
    process.stderr.write(`scanproof batch: ${missing.length} of ${tests.length} tests have no status\n`);
    return 1;
  }
  process.stderr.write(`scanproof batch: ${tests.length} tests ran, each in a WebAssembly instance of its own ` +
                       `(${runners} at once; ${started} runner processes)\n`);
  return 0;
}
