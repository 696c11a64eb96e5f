#!/usr/bin/env -S node --no-warnings --single-threaded
// node --no-warnings --single-threaded toolchains/run/node-wasi.js PROGRAM
// [ARGS...]: the CMAKE_CROSSCOMPILING_EMULATOR of toolchains/wasm32.cmake
// (which says why --single-threaded). Runs a
// wasm32-wasi command module under Node's WASI (preview1) as if it were a
// native program: arguments and environment passed through, the host's file
// system preopened at "/" (the build passes absolute paths: corpus files,
// --json outputs), stdio inherited, and the program's exit code returned.
// A trap (abort(), __builtin_trap, unreachable) ends the instance: reported
// on stderr with exit status 134, as an abort is on Linux.
'use strict';
const { WASI } = require('node:wasi');
const fs = require('node:fs');

const [program, ...args] = process.argv.slice(2);
if (!program) {
  process.stderr.write('usage: node-wasi.js PROGRAM [ARGS...]\n');
  process.exit(2);
}

(async () => {
  const wasi = new WASI({
    version: 'preview1',
    args: [program, ...args],
    env: process.env,
    preopens: { '/': '/' },
    returnOnExit: true,
  });
  let status;
  try {
    const module = await WebAssembly.compile(fs.readFileSync(program));
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    status = wasi.start(instance);
  } catch (e) {
    process.stderr.write(`node-wasi: ${program}: ${e instanceof WebAssembly.RuntimeError ? 'trapped' : 'failed'}: ${e.message}\n`);
    status = e instanceof WebAssembly.RuntimeError ? 134 : 2;
  }
  process.exitCode = status;
})();
