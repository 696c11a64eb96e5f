"""Builds and tests the matrix's targets: per target, GoogleTest if Debian has
no multiarch package for it, configure, build only the programs behind the
labels (CMake target scanproof_matrix_programs), then, between the toolchain
file's session script start/stop, the catalogue's listing and one ctest run
whose conformance processes write their results (SCANPROOF_RESULTS_DIR).
Building the next targets overlaps the current target's tests."""
import glob
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import time

import results_format

from . import collect
from . import orphans
from . import reuse
from . import targets

LABELS = ("conformance", "properties", "fuzz-regression")
BUILD_TARGET = "scanproof_matrix_programs"  # ci/matrixjob/CMakeLists.txt
CANDIDATE_BUILD_TARGET = "scanproof_matrix_candidate_programs"  # the same, less the fuzz targets
GTEST_FLAGS = "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG"  # GoogleTest built from source (build_gtest)


class Settings:
    def __init__(self, out, builds, candidates=(), with_catalogue=False, build_jobs=2, test_jobs=2,
                 property_cases=500, log=print, proof_compiler=False, batch_tests=True, reuse=True):
        self.root = targets.ROOT
        # A target's verdict reused where nothing it rests on changed (reuse.py;
        # ci/matrix --no-reuse: every target runs).
        self.reuse = reuse
        # ci/matrix --prove-what-runs: the targets whose IR is proved are built
        # by the proof's compiler and flags (cmake_args).
        self.proof_compiler = proof_compiler
        # Each driver's tests in one process that forks per test, where the
        # target forks (SCANPROOF_BATCH_TESTS=AUTO; ci/matrix --no-batch: OFF).
        self.batch_tests = batch_tests
        self.out, self.builds = out, builds
        self.candidates = list(candidates)
        self.with_catalogue = with_catalogue
        self.build_jobs, self.test_jobs = build_jobs, test_jobs
        self.property_cases = property_cases
        self.log = log
        # A native scanproof_oracle_table (the host column's, once built): the
        # cross targets' judge tables are computed with it, not under their
        # emulators (cmake/ScanproofDriverTests.cmake, SCANPROOF_ORACLE_TABLE).
        self.oracle = ""

    def labels(self):
        """Candidates alone: their conformance and property tests. The fuzz
        regressions (the catalogue's corpus replayed, the candidates' own
        replays fuzz-regression.<target>.candidates.* among them) run with
        --with-catalogue, which also builds the fuzz programs (build_target)."""
        return LABELS if not self.candidates or self.with_catalogue else ("conformance", "properties")


# Guards against a hung step (a program that never returns under an
# emulator), not timings: a step past its limit is killed and its target
# reported incomplete. Each is many times the slowest step measured here.
CONFIGURE_LIMIT_S = 900
BUILD_LIMIT_S = 2400
TEST_LIMIT_S = 3600


def run_step(cmd, log_path, env=None, cwd=None, cpu=None, limit=None):
    """Runs cmd with its output in log_path; adds the CPU seconds of cmd and
    everything it waited for (compilers, tests, emulators) to cpu[0]. Past
    `limit` seconds its whole process group is killed and it returns -9."""
    with open(log_path, "a", encoding="utf-8") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                             start_new_session=limit is not None)
        timer = None
        if limit is not None:
            def kill():
                f.write(f"\n[ci/matrix] killed after {limit} s: the step hung\n")
                f.flush()
                _killpg(p.pid)
            timer = threading.Timer(limit, kill)
            timer.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        except KeyboardInterrupt:  # its own session does not see the terminal's Ctrl-C
            _killpg(p.pid)
            raise
        if timer:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        if cpu is not None:
            cpu[0] += usage.ru_utime + usage.ru_stime
        return p.returncode


def _killpg(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # it ended meanwhile
        pass


def _hung(log_path):
    with open(log_path, encoding="utf-8", errors="replace") as f:
        return "[ci/matrix] killed after" in f.read()


def _cross(t):
    return not t.startswith("host")


def deps_dir(t, s):
    """Where GoogleTest built for t is kept: build/matrix/_deps/<t>, or under
    $SCANPROOF_DEPS_DIR (a CI image's, built by `ci/matrix --prepare`); a
    target compiled like another (SCANPROOF_COMPILED_LIKE) shares that one's."""
    return os.path.join(os.environ.get("SCANPROOF_DEPS_DIR") or os.path.join(s.builds, "_deps"),
                        targets.fact(t, "SCANPROOF_COMPILED_LIKE") or t)


def gtest_prefix(t, s, cpu=None):
    """Where find_package(GTest) finds GoogleTest for t before configuring: ""
    for Debian's (the host's, or the target's multiarch package), else a
    GoogleTest built for t (build_gtest), cached across runs."""
    if not _cross(t):
        return ""
    d = deps_dir(t, s)
    if os.path.exists(os.path.join(d, "install/lib/cmake/GTest/GTestConfig.cmake")):
        return os.path.join(d, "install")
    multiarch = targets.fact(t, "SCANPROOF_MULTIARCH") or targets.fact(t, "SCANPROOF_TRIPLE")
    if multiarch and not os.path.exists(f"/usr/lib/{multiarch}/cmake/GTest/GTestConfig.cmake"):
        return build_gtest(t, s, cpu)
    return ""  # a target without a Debian architecture: build() finds out at configure


def build_gtest(t, s, cpu=None):
    """GoogleTest built from /usr/src/googletest with t's toolchain file and its
    SCANPROOF_GTEST_CMAKE_ARGS; returns the install prefix. Raises RuntimeError."""
    d = deps_dir(t, s)
    if not os.path.isdir("/usr/src/googletest"):
        raise RuntimeError("no GoogleTest for this target and no /usr/src/googletest (package googletest)")
    s.log(f"{t}: building GoogleTest from /usr/src/googletest (once; cached in {d})")
    log = os.path.join(s.out, "logs", f"{t}-googletest.log")
    # -O1, not Release's -O3: 40 % less CPU to build gtest-all.cc, and a test
    # process under qemu costs the same (docs/measurements.md, 2026-11-26).
    cfg = ["cmake", "-S", "/usr/src/googletest", "-B", os.path.join(d, "build"), "-G", "Ninja",
           "-DCMAKE_BUILD_TYPE=Release", GTEST_FLAGS, f"-DCMAKE_TOOLCHAIN_FILE={s.root}/toolchains/{t}.cmake",
           "-DBUILD_GMOCK=OFF", f"-DCMAKE_INSTALL_PREFIX={d}/install"] + \
        targets.fact_list(t, "SCANPROOF_GTEST_CMAKE_ARGS")
    if run_step(cfg, log, cpu=cpu, limit=CONFIGURE_LIMIT_S) or \
            run_step(["cmake", "--build", os.path.join(d, "build"), f"-j{s.build_jobs}", "--target", "install"], log,
                 cpu=cpu, limit=BUILD_LIMIT_S):
        raise RuntimeError(f"GoogleTest build failed (see {log})")
    return os.path.join(d, "install")


def _gtest_not_found(log):
    with open(log, encoding="utf-8", errors="replace") as f:
        return "Could NOT find GTest" in f.read()


def cmake_args(t, s):
    args = ["-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG",
            "-DSCANPROOF_WERROR=OFF", "-DSCANPROOF_TESTS_PER_IMPLEMENTATION=ON",
            "-DSCANPROOF_CANDIDATES=" + ";".join(s.candidates),
            "-DSCANPROOF_BATCH_TESTS=" + ("AUTO" if s.batch_tests else "OFF"),  # always given: OFF clears
            "-DSCANPROOF_UNITY_BUILD=ON"]  # a cold build per target: the harness as one unit per target
    if t.startswith("host-"):  # a host toolchain's build type and flags override the above
        args += targets.toolchain_cmake_args(t[len("host-"):])
    elif _cross(t):
        args += [f"-DCMAKE_TOOLCHAIN_FILE={s.root}/toolchains/{t}.cmake",
                 f"-DSCANPROOF_PROPERTY_CASES={s.property_cases}",
                 f"-DSCANPROOF_ORACLE_TABLE={s.oracle}"]  # always given: "" clears an earlier run's
    if s.proof_compiler and not t.startswith("host-"):
        args += proof_compiler_args(t)
    return args


def proof_compiler_args(t):
    """The configure settings under which t's tests run code from the compiler,
    triple and flags of the IR `scanproof prove` proves for it (proof/CMakeLists.txt:
    clang 19, -O2, --target=<triple>; targets.proof_ir says which IR is t's), or
    [] where no IR of t is proved (Windows, wasm32: their cells say so)."""
    ir, _ = targets.proof_ir(t)
    if ir is None:
        return []
    flags = ["-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2", "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2"]  # no -DNDEBUG: as proved
    if ir == "host":  # the host and the x86-64 CPU models: the host's IR
        return flags + ["-DCMAKE_CXX_COMPILER=clang++-19", "-DCMAKE_C_COMPILER=clang-19"]
    return flags + ["-DSCANPROOF_CROSS_COMPILER=clang19"]


def build_target(s):
    """What is built: the fuzz targets only if their regression tests run."""
    return BUILD_TARGET if "fuzz-regression" in s.labels() else CANDIDATE_BUILD_TARGET


def compiler_cache(s):
    """(cmake arguments, environment) that compile through ccache where it is
    installed: targets compiled alike (host, x86_64-core2 and x86_64-nehalem:
    the host's g++, no -march; alpha and alpha-ev56) then compile each file once
    per run, and a file no other target compiled alike is an ordinary miss. The
    cache is kept beside the builds (<builds>/_ccache); paths are hashed
    relative to the build directory, alike in sibling ones."""
    ccache = shutil.which("ccache")
    args = [f"-DCMAKE_{lang}_COMPILER_LAUNCHER={ccache or ''}" for lang in ("C", "CXX")]  # "" clears
    if not ccache:
        return args, None
    return args, dict(os.environ, CCACHE_DIR=os.path.join(s.builds, "_ccache"), CCACHE_BASEDIR=s.root,
                      CCACHE_DEPEND="1",  # the compiler's -MD dependencies: no second preprocessing on a miss
                      CCACHE_SLOPPINESS="pch_defines,time_macros")  # the catalogue's precompiled header


_ERROR_AT = r"(.+?)(:[0-9]+)?: "  # a registry error's "<file>[:<line>]: "


def _blamed_rows(errors):
    """Grid rows for the files whose mistakes stopped the build: red, named by
    the file, with the registry's words (as collect.probe_rows names a file the
    probe kept out)."""
    files = [{"file": re.match(_ERROR_AT, e).group(1), "status": "mistake", "message": e, "candidates": []}
             for e in errors]
    return collect.probe_rows({"files": files})


def candidate_errors(log, candidates):
    """The registry's errors (`scanproof: error: <file>[:<line>]: <why>`) that name one
    of the candidate files (or a file in a candidate directory) in a failed
    build's log: the candidate's mistake, not the machine's."""
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    out = []
    for m in re.finditer(r"^scanproof: error: " + _ERROR_AT + r"(.+)$", text, re.M):
        path, at, why = m.group(1), m.group(2) or "", m.group(3)  # at: ":<line>" of the registration
        if any(path == c or path.startswith(c.rstrip("/") + "/") for c in candidates):
            line = f"{path}{at}: {why}"
            if line not in out:
                out.append(line)
    return out


def build(t, s):
    """Configure and build t. Returns {"status", "timings", ...}."""
    b = os.path.join(s.builds, t)
    t0 = time.monotonic()
    res = {"target": t, "build_dir": b, "status": "ok", "timings": {}}
    cpu = [0.0]
    log = os.path.join(s.out, "logs", f"{t}-build.log")
    cache_args, env = compiler_cache(s)

    def configure(prefix):
        return run_step(["cmake", "-S", s.root, "-B", b, "-G", "Ninja"] + cmake_args(t, s) + cache_args +
                    ([f"-DCMAKE_PREFIX_PATH={prefix}"] if prefix else []), log, env=env, cpu=cpu,
                    limit=CONFIGURE_LIMIT_S)

    gtest_s = 0.0
    try:
        prefix = gtest_prefix(t, s, cpu)
        gtest_s = time.monotonic() - t0
        failed = configure(prefix)
        if failed and not prefix and _cross(t) and _gtest_not_found(log):
            g0 = time.monotonic()
            prefix = build_gtest(t, s, cpu)
            gtest_s += time.monotonic() - g0
            failed = configure(prefix)
        if failed:
            res["status"] = f"configure failed (see {log})"
        elif run_step(["cmake", "--build", b, f"-j{s.build_jobs}", "--target", build_target(s)], log, env=env,
                      cpu=cpu, limit=BUILD_LIMIT_S):
            res["status"] = f"build {'hung: killed after ' + str(BUILD_LIMIT_S) + ' s' if _hung(log) else 'failed'}" \
                f" (see {log})"
    except RuntimeError as e:
        res["status"] = str(e)
    if res["status"] != "ok":
        res["candidate_errors"] = candidate_errors(log, s.candidates)
    res["timings"]["googletest_s"] = round(gtest_s, 1)
    res["timings"]["build_s"] = round(time.monotonic() - t0, 1)
    res["timings"]["build_cpu_s"] = round(cpu[0], 1)
    return res


def emulator(t, s):
    if not _cross(t):
        return ""
    p = subprocess.run(["cmake", f"-DTOOLCHAIN={s.root}/toolchains/{t}.cmake",
                        f"-DBUILD_DIR={os.path.join(s.builds, t)}", "-P",
                        os.path.join(s.root, "ci/lib/emulator.cmake")],
                       capture_output=True, text=True, check=False)
    return p.stdout.strip()


def _first_line(cmd):
    """The first line a tool prints of itself, "" if it cannot be run."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=60,
                           stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    lines = (p.stdout or p.stderr or "").strip().splitlines()
    return lines[0].strip() if lines else ""


def tool_versions(t, b):
    """The column's compiler and emulator in their own words (`--version`):
    an emulator's bug shows as a failure of the code it runs (QEMU 8.2 gave
    wasmtime a false aarch64 failure), so the report names both."""
    compiler = ""
    # CMake's record of the compiler it found (a toolchain file's is not in the cache).
    for found in glob.glob(os.path.join(b, "CMakeFiles", "*", "CMakeCXXCompiler.cmake")):
        with open(found, encoding="utf-8", errors="replace") as f:
            m = re.search(r'^set\(CMAKE_CXX_COMPILER "([^"]+)"\)', f.read(), re.M)
        if m:
            compiler = _first_line([m.group(1), "--version"])
    program = ""
    if _cross(t):  # the qemu-user binary, Wine's loader, Node (toolchains/<t>.cmake)
        program = targets.fact(t, "SCANPROOF_QEMU") or targets.fact(t, "SCANPROOF_RUNNER")
    emulator = _first_line([program, "--version"]) if program else ""
    name = os.path.basename(program)
    if emulator and name not in emulator:  # Node says only "v20.20.2"
        emulator = f"{name} {emulator}"
    return {"compiler": compiler, "emulator": emulator}


def session(t, s, action, b):
    """The toolchain file's SCANPROOF_SESSION script (e.g. a Wine server): 0 if none."""
    script = targets.fact(t, "SCANPROOF_SESSION") if _cross(t) else ""
    if not script:
        return 0
    return run_step([os.path.join(s.root, script), action, b], os.path.join(s.out, "logs", f"{t}-session.log"))


def _labels(b):
    p = subprocess.run(["ctest", "--test-dir", b, "--print-labels"], capture_output=True, text=True, check=False)
    return [line.strip() for line in p.stdout.splitlines() if line.startswith("  ")]


def _candidate_files(b):
    """The build's probe of the candidate files (candidate-files.json), or None."""
    try:
        with open(os.path.join(b, "candidate-files.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return None


def _candidate_regex(listing, probed=None):
    names = [f"{label}.{e['name']}" for e in listing["implementations"] if e.get("candidate")
             for label in results_format.op_labels(e)]
    # the tests CMake added for a file its probe kept out (candidate-files.json,
    # cmake/ScanproofCandidates.cmake): they fail, or skip, saying why
    kept_out = [t for f in (probed or {}).get("files", []) for t in f.get("tests", [])]
    # and a candidate its driver's file declares but its running process does
    # not list (cmake/scanproof-discover.cmake: <label>.<name>.declared)
    alternatives = ["conformance\\.[^.]+\\.[A-Za-z0-9_]+\\.declared$"] + [re.escape(t) + "$" for t in kept_out]
    if names:
        alternatives.insert(0, "(conformance|properties)\\.(" + "|".join(re.escape(n) for n in names) + ")\\.")
    return "^(" + "|".join(alternatives) + ")" if names or kept_out else ""


def _write_selection(b, chosen, path):
    """The names of the tests `ctest <chosen>` runs, one a line, into path (a
    batch setup test runs only these: SCANPROOF_BATCH_SELECTION, docs/contracts.md
    "Batch mode"); "" or why they could not be listed."""
    p = subprocess.run(["ctest", "--test-dir", b, "-N", "--show-only=json-v1"] + chosen,
                       capture_output=True, text=True, check=False)
    try:
        names = [t["name"] for t in json.loads(p.stdout)["tests"]]
    except (json.JSONDecodeError, KeyError, TypeError):
        return "ctest -N could not list the selected tests: " + (p.stderr or p.stdout)[:300]
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(n + "\n" for n in names)
    return ""


def catalogue_program(b):
    """The program of build b that lists its catalogue and replays inputs: the
    conformance driver its checks run in (ci/matrixjob/CMakeLists.txt); "" if
    the build has none."""
    try:
        with open(os.path.join(b, "catalogue-program.txt"), encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return ""


def sandbox(program):
    """The sandbox this build runs candidate code in (ScanproofLaunch.cmake),
    as a command prefix: the build tree above `program` holding
    scanproof-sandbox and the judge's directory it hides; [] where the build
    has none (the threat model, docs/contracts.md)."""
    d = os.path.dirname(os.path.abspath(program))
    for _ in range(4):
        tool, judge = os.path.join(d, "scanproof-sandbox"), os.path.join(d, "scanproof-judge")
        if os.path.isfile(tool) and os.path.isdir(judge):
            return [tool, "--hide", judge, "--"]
        d = os.path.dirname(d)
    return []


def sandboxed_env(program):
    """The environment of a command run in sandbox(program): TMPDIR inside
    the build tree (made before the sandbox, so it may be written in), since
    with the tree under /tmp nothing new may be made directly in /tmp there,
    and Wine's server makes its directory in $TMPDIR."""
    prefix = sandbox(program)
    if not prefix:
        return None
    tmp = os.path.join(os.path.dirname(prefix[2]), "matrix-tmp")
    os.makedirs(tmp, exist_ok=True)
    return dict(os.environ, TMPDIR=tmp)


def catalogue(program, emu):
    """(listing, "") of `scanproof list --json` as `program` (catalogue_program)
    prints it under the emulator, or (None, why it failed)."""
    if not program:
        return None, "the build names no conformance driver (catalogue-program.txt: ci/matrixjob/CMakeLists.txt)"
    p = subprocess.run(sandbox(program) + emu.split() + [program, "list", "--json"], capture_output=True, text=True,
                       check=False, stdin=subprocess.DEVNULL, env=sandboxed_env(program))
    try:
        return json.loads(p.stdout), ""
    except json.JSONDecodeError:
        return None, f"{os.path.basename(program)} list --json failed: " + (p.stderr or p.stdout)[:300]


def eval_command(program, emu, name, inputs):
    """What `scanproof eval --impl name inputs...` is for `program`, under the emulator."""
    return sandbox(program) + emu.split() + [program, "eval", "--impl", name] + list(inputs)


def _unfinished(data, why):
    data["status"] = why
    data["incomplete"] = [why]
    return data


def _result_of(built):
    """A target's results/<t>.json before its tests ran: nothing judged yet."""
    return {"target": built["target"], "status": built["status"], "timings": dict(built.get("timings", {})),
            "emulator": "", "labels": [], "facts": None, "implementations": {}, "incomplete": []}


def test(built, s):
    """List, then ctest, for a built target; returns the results/<t>.json dict."""
    t, b = built["target"], built["build_dir"]
    data = _result_of(built)
    if built["status"] != "ok":
        data["incomplete"] = [built["status"]]
        if built.get("candidate_errors"):  # the candidate's mistake: red, with the file and the reason
            data["candidate_errors"] = built["candidate_errors"]
            data["implementations"] = _blamed_rows(built["candidate_errors"])
            # the target is still unfinished (nothing else ran), but the build is the file's, not the machine's
            stopped_by = ", ".join(sorted({r["source"] for r in data["implementations"].values()}))
            data["incomplete"] = [f"no check ran: the build stopped at a mistake of {stopped_by}"]
        log = os.path.join(s.out, "logs", f"{t}-build.log")
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                data["log_tail"] = f.read()[-2000:]
        collect.write_error_junit(os.path.join(s.out, "junit", f"{t}.xml"), t, built["status"],
                                  data.get("log_tail", ""))
        return data
    emu = emulator(t, s)
    data["emulator"] = emu
    data["versions"] = tool_versions(t, b)
    t0 = time.monotonic()
    logs = os.path.join(s.out, "logs")
    results = os.path.join(b, "matrix-results")
    shutil.rmtree(results, ignore_errors=True)
    os.makedirs(results)
    junit = os.path.join(s.out, "junit", f"{t}.xml")
    console = os.path.join(logs, f"{t}-ctest.log")
    try:
        if session(t, s, "start", b):
            return _unfinished(data, f"session start failed (see {logs}/{t}-session.log)")
        listing, why = catalogue(catalogue_program(b), emu)
        if listing is None:
            return _unfinished(data, why)
        selected = None
        probed = _candidate_files(b)
        chosen = ["-L", "^(" + "|".join(s.labels()) + ")$"]  # the tests this run selects
        if s.candidates and not s.with_catalogue:
            regex = _candidate_regex(listing, probed)
            if not regex:
                return _unfinished(data, "no candidate in this target's registry")
            chosen += ["-R", regex]
            selected = {e["name"] for e in listing["implementations"] if e.get("candidate")}
        cmd = ["ctest", "--test-dir", b] + chosen + [f"-j{s.test_jobs}", "--output-junit", junit, "--no-tests=error"]
        selection = os.path.join(b, "matrix-selection.txt")
        why = _write_selection(b, chosen, selection)
        if why:
            return _unfinished(data, why)
        k = reuse.key(b, chosen, data["versions"]) if s.reuse else ""
        earlier = reuse.load(b, k)
        if earlier:
            return _reused(data, earlier, k, junit, console, t0)
        if s.reuse:
            reuse.make_store(b)
        env = dict(os.environ, SCANPROOF_RESULTS_DIR=results, SCANPROOF_BATCH_JOBS=str(s.test_jobs),
                   SCANPROOF_BATCH_SELECTION=selection)
        # RapidCheck's tests are judged on their fixed seed; under RC_PARAMS they
        # would rest on their records (rapidcheck_run.hpp): not a matrix verdict.
        env.pop("RC_PARAMS", None)
        if os.path.exists(junit):
            os.remove(junit)
        open(console, "w").close()
        cpu = [0.0]
        rc = run_step(cmd, console, env=env, cpu=cpu, limit=TEST_LIMIT_S)
        data["timings"]["test_cpu_s"] = round(cpu[0], 1)
    finally:
        if session(t, s, "stop", b):
            s.log(f"{t}: session stop failed (see {logs}/{t}-session.log)")
    data["timings"]["test_s"] = round(time.monotonic() - t0, 1)
    data["labels"] = [lb for lb in _labels(b) if lb in s.labels()]
    with open(console, encoding="utf-8", errors="replace") as f:
        console_text = f.read()
    data.update(collect.collect(t, listing, results, junit, console_text, rc, selected, probed))
    flags = targets.toolchain_flags(t[len("host-"):]) if t.startswith("host-") else "-O2"
    collect.annotate_facts(data, flags)
    data["incomplete"] = collect.incompleteness(data, s.labels())
    reuse.save(b, k, data, junit, console, s.out)
    return data


def _reused(data, earlier, k, junit, console, t0):
    """A target's results as an earlier run left them (reuse.py: the same
    key), its JUnit file and console written again, and marked as reused."""
    for path, text in ((junit, earlier["junit"]), (console, earlier["console"])):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    reused = dict(earlier["data"])
    reused["timings"] = dict(data["timings"], test_s=round(time.monotonic() - t0, 1), test_cpu_s=0.0)
    reused["reused"] = {"from": earlier["when"], "report": earlier["report"], "key": k[:16]}
    return reused


def build_order(columns):
    """The host first: its scanproof_oracle_table then computes every cross
    target's judge table natively (Settings.oracle). Then the targets whose
    tests run in a session (SCANPROOF_SESSION: a wineserver started and
    stopped around them), the slowest test step to begin and end, so it is
    never the run's last (a warm candidate run's tail was x86_64-windows';
    docs/measurements.md); the others in the order asked."""
    return sorted(columns, key=lambda t: (t != "host", not (_cross(t) and targets.fact(t, "SCANPROOF_SESSION"))))


def host_oracle(build_dir):
    path = os.path.join(build_dir, "conformance", "scanproof_oracle_table")
    return path if os.access(path, os.X_OK) else ""


def zombies_left():
    """At the end of a target (and of the run): its orphans reaped (ci/matrix is their
    subreaper: orphans.py), and "; zombies left: N ..." counting those
    still unreaped (none, unless reaping is broken); "" where ci/matrix
    reaps no orphans (not the subreaper, or not ci/matrix: a unit test)."""
    if not orphans.active():
        return ""
    orphans.reap()
    left = orphans.zombies()
    names = (": " + ", ".join(f"{pid} ({name})" for pid, name in sorted(left.items()))) if left else ""
    return f"; zombies left: {len(left)}{names} ({orphans.reaped()} orphans of the run reaped so far)"


# Targets built at once, and tested at once. One builder and one tester left
# cores idle: a target's configure step and links run on one core, a cold
# build's first minute is GoogleTest's one big file, a ctest run ends with its
# longest checks alone, and a warm run (one candidate) is mostly such steps.
# Each build and ctest run keeps its own -j; the checks' limits are per test
# (SCANPROOF_TEST_TIMEOUT: 60 s, 180 on m68k and sparc64), many times the
# slowest implementation's checks under this load.
PARALLEL_TARGETS = 2


def run_all(columns, s, write):
    """Build and test every target: the host first, alone (its oracle computes
    the cross targets' judge tables), then PARALLEL_TARGETS builds at a time
    while PARALLEL_TARGETS testers take each built target; builds never wait
    for tests. A target compiled like another (SCANPROOF_COMPILED_LIKE) is built
    after it, to share its GoogleTest and compiler cache. write(data) is called
    once per target as it finishes."""
    order = build_order(columns)
    built_q, todo = queue.Queue(), queue.Queue()
    finished = {t: threading.Event() for t in order}

    def build_one(t):
        try:
            like = targets.fact(t, "SCANPROOF_COMPILED_LIKE") if _cross(t) else ""
            if like in finished:
                finished[like].wait()
            s.log(f"{t}: configure + build")
            r = build(t, s)
            s.log(f"{t}: {r['status']} ({r['timings']['build_s']} s)")
            if t == "host" and r["status"] == "ok":
                s.oracle = host_oracle(r["build_dir"])
        except Exception as e:  # pylint: disable=broad-except  # reported as the target's, never a hang
            r = {"target": t, "build_dir": os.path.join(s.builds, t), "status": f"build step failed: {e}",
                 "timings": {}}
        finished[t].set()
        built_q.put(r)

    def builder():
        while True:
            try:
                t = todo.get_nowait()
            except queue.Empty:
                return
            build_one(t)

    def tester():
        while (r := built_q.get()) is not None:
            if r["status"] == "ok":
                s.log(f"{r['target']}: testing")
            try:
                data = test(r, s)
            except Exception as e:  # pylint: disable=broad-except  # the target's result says so, never lost
                data = _unfinished(_result_of(r), f"test step failed: {e}")
            zombies = zombies_left()
            if data.get("reused"):
                s.log(f"{data['target']}: reused the verdict of {data['reused']['from']} ({data['reused']['report']}): "
                      f"nothing it rests on changed (key {data['reused']['key']}; --no-reuse runs it again)")
            if data["status"] == "ok":
                rows = data["implementations"].values()
                s.log(f"{data['target']}: tested in {data['timings'].get('test_s')} s; "
                      f"{sum(r['verdict'] in ('pass', 'xfail') for r in rows)} of {len(rows)} implementations "
                      f"as expected; ctest exit {data['ctest']['exit']}{zombies}")
            elif zombies:
                s.log(f"{data['target']}: {data['status']}{zombies}")
            write(data)

    testers = [threading.Thread(target=tester, daemon=True) for _ in range(PARALLEL_TARGETS)]
    for th in testers:
        th.start()
    rest = order
    if order and order[0] == "host":
        build_one("host")
        rest = order[1:]
    for t in rest:
        todo.put(t)
    builders = [threading.Thread(target=builder, daemon=True) for _ in range(PARALLEL_TARGETS)]
    for th in builders:
        th.start()
    for th in builders:
        th.join()
    for _ in testers:
        built_q.put(None)
    for th in testers:
        th.join()

