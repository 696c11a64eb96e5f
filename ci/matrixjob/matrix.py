"""ci/matrix: the main job (the shell script only makes sure python3 is there)."""
import argparse
import json
import os
import subprocess
import sys
import time

import results_format

from . import interrupt
from . import mca
from . import orphans
from . import prepared
from . import prove
from . import run
from . import targets
from . import speed

DESCRIPTION = """\
The main job: installs what the requested targets need (ci/setup; --no-install
turns that off), then for each target configures, builds the programs behind
the ctest labels conformance, properties and fuzz-regression, and runs them
under the target's emulator. Each conformance process (one per implementation)
writes that implementation's result, so a crashing or hanging scanner loses
only its own row and nothing is swept twice. Everything is merged into
DIR (default matrix-report/): report.json, report.md, report.html and
junit/<target>.xml; the grid is printed.

Targets: `host`, every toolchains/<target>.cmake, and with --toolchains
host builds with other compilers, optimisation levels and sanitizers
(columns host-<toolchain>; without --targets only host runs besides them;
m32 = the i686 target). Default: host and every toolchain file.
Builds live in build/matrix/<target>; GoogleTest built for targets without a
Debian multiarch package is kept in build/matrix/_deps/<target> (or
$SCANPROOF_DEPS_DIR/<target>: a CI image's, built by --prepare)."""

EPILOG = """\
exit status:
  0  pass: every target asked for was built and run to its end, nothing failed
  1  fail: a failure was found (FAIL, XPASS, a crash or hang of a scanner, a
     failed ctest test); what did not run, if anything, is listed as well
  2  usage or setup error (bad argument, a candidate path that does not exist)
  3  incomplete: nothing failed, but a target asked for did not run or did not
     run to its end (not installable, build failed, tests cut short, an
     implementation's process ended early); every such target is named with why
  130, 143  stopped by SIGINT or SIGTERM (129: SIGHUP): every process of the
     run was ended and DIR holds no report (an earlier run's is removed at
     the start of a run)

A verdict is about the targets asked for: `--targets host` passes as
"pass on host", never as a portability verdict.

environment:
  SCANPROOF_MATRIX_PROPERTY_CASES  RapidCheck cases per (property,
                                   implementation) under an emulator (500)"""


def parse(argv):
    p = argparse.ArgumentParser(prog="ci/matrix", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    # None: not given (--list-jobs alone lists every job); "" given empty: all targets, as by default
    p.add_argument("--targets", metavar="a,b,...", help="targets to run (default: all)")
    p.add_argument("--toolchains", metavar="all|a,b,...", help="host toolchain columns")
    p.add_argument("--out", default="matrix-report", metavar="DIR", help="report directory")
    p.add_argument("--candidates", default="", metavar="PATHS",
                   help="your scanners' .cpp files or directories, comma-separated: only their tests "
                        "run, on every target")
    p.add_argument("--with-catalogue", action="store_true",
                   help="with --candidates: run the catalogue's tests too")
    p.add_argument("--no-install", action="store_true", help="do not install missing packages")
    p.add_argument("--dry-run", action="store_true",
                   help="say what would be installed and which targets would run, and stop")
    p.add_argument("--prove", action="store_true",
                   help="also `scanproof prove` each target's IR (host build with clang-19, LLVM 19, Z3): "
                        "cells gain a proved mark, a proof's unexpected counterexample is a failure")
    p.add_argument("--prove-what-runs", action="store_true",
                   help="--prove, with every proved target's tests compiled by the compiler of the proved IR "
                        "(clang 19 for the target's triple, the proof's flags) in build/matrix-clang19, so "
                        "'proved' and 'ran' are about one compilation (docs/proof.md)")
    p.add_argument("--prove-timeout", type=float, default=60, metavar="S",
                   help="with --prove: solver seconds per implementation and target (default 60)")
    p.add_argument("--speed", action="store_true",
                   help="also estimate every built entry's cycles per call per CPU model with llvm-mca-19 "
                        "(Debian's llvm-19), and on the host measure them (scanproof bench) beside the model's "
                        "figure: a report section, never a verdict (docs/benchmark.md)")
    p.add_argument("--no-reuse", dest="reuse", action="store_false", default=True,
                   help="run every target's tests, even where an earlier run's verdict rests on byte-for-byte the "
                        "same programs, inputs, emulator and runner (default: reused, and the report says so)")
    p.add_argument("--no-batch", dest="batch", action="store_false",
                   help="one process per test (SCANPROOF_BATCH_TESTS=OFF); default: where a target forks, each "
                        "driver runs the tests ctest selected in one process that forks per test (AUTO)")
    p.add_argument("--batch", dest="batch", action="store_true", default=True,
                   help="the default: batch mode where the target forks (AUTO)")
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="parallel jobs of each build and of each ctest run (default 2: the cores here); "
                        "two targets are built, and two tested, at once (run.PARALLEL_TARGETS)")
    p.add_argument("--list-jobs", action="store_true",
                   help="print targets=[...] and toolchains=[...] (JSON) for a hosted CI job matrix: alone, every "
                        "target and toolchain; with --targets/--toolchains, the jobs of that run (a job per cross "
                        "target or toolchain; m32 is the i686 target's)")
    p.add_argument("--list-columns", action="store_true",
                   help="print the columns those jobs ask for, comma-separated (for `python3 -m report render` "
                        "--expect, which merges the jobs' results)")
    p.add_argument("--prepare", action="store_true",
                   help="only build what the matrix caches for the targets (GoogleTest where Debian has no "
                        "multiarch package, in build/matrix/_deps or $SCANPROOF_DEPS_DIR), as a CI image does")
    return p.parse_args(argv)


def log(msg, final=False):
    if interrupt.stopping and not final:
        return
    print(f"\033[1m[matrix]\033[0m {msg}" if sys.stderr.isatty() else f"[matrix] {msg}", file=sys.stderr,
          flush=True)


def plan_targets(args):
    """(requested columns, toolchain names) from the arguments; UsageError on a bad name."""
    requested = targets.select_targets(args.targets or "")
    toolchains = targets.select_toolchains(args.toolchains) if args.toolchains else []
    if toolchains and not args.targets:  # None or "": no --targets
        requested = ["host"]
    for tc in toolchains:
        cross = targets.toolchain_target(tc)  # m32: the i686 target's job
        if cross:
            requested += [] if cross in requested else [cross]
        else:
            requested.append("host-" + tc)
    return requested, toolchains


def why_not_runnable(t):
    if t.startswith("host-"):
        return targets.toolchain_missing_tool(t[len("host-"):])
    return targets.target_missing_tool(t)


# What a candidate path cannot hold: `;` separates SCANPROOF_CANDIDATES' list,
# and CMake 3.25 writes a source path unescaped into the Ninja build's
# dependency-file names (`$`) and into try_compile's project (`"`), so the
# build would fail far from the cause (cmake/ScanproofCandidates.cmake says the same).
UNCARRIED = {";": "separates the paths of SCANPROOF_CANDIDATES",
             "$": "is not escaped by CMake's Ninja generator in dependency-file names",
             '"': "is not escaped by CMake's try_compile",
             "\n": "ends a line in CMake's and Ninja's files"}
CANDIDATE_SUFFIXES = (".cpp", ".c", ".rs")  # a directory's candidate files (ScanproofCandidates.cmake)


def candidate_paths(spec):
    """--candidates a,b,...: absolute paths; UsageError naming a path that does
    not exist, a directory without candidate files, or a character the build
    cannot carry."""
    out = []
    # A path with a comma is given alone (whole); anything else is split at commas.
    parts = [spec] if "," in spec and os.path.exists(spec) else list(filter(None, spec.split(",")))
    for p in parts:
        if not os.path.exists(p):
            comma = (" (--candidates is split at commas; a path that has one is given alone: "
                     f"--candidates '{spec}' names no existing path)") if "," in spec else ""
            raise targets.UsageError(f"candidate path '{p}' does not exist{comma}")
        real = os.path.realpath(p)
        files = [real]
        if os.path.isfile(os.path.join(real, "Cargo.toml")):  # a crate: one Rust candidate, as CMake takes it
            files = [os.path.join(real, "Cargo.toml")]
        elif os.path.isdir(real):
            files = [os.path.join(real, f) for f in sorted(os.listdir(real))
                     if f.endswith(CANDIDATE_SUFFIXES) and os.path.isfile(os.path.join(real, f))]
            if not files:
                raise targets.UsageError(f"candidate directory '{real}' contains no .cpp, .c or .rs files "
                                         "(nor a Cargo.toml)")
        for f in files:
            for c, why in UNCARRIED.items():
                if c in f:
                    raise targets.UsageError(f"candidate path {f!r} contains {c!r}, which {why}: rename it")
        out.append(real)
    return out


def install(args, requested, toolchains, rust=False):
    cross = [t for t in requested if not t.startswith("host-")]
    cmd = ["bash", os.path.join(targets.ROOT, "ci/setup"), "--targets", ",".join(cross)]
    cmd += ["--rust"] if rust else []
    cmd += ["--toolchains", ",".join(toolchains)] if toolchains else []
    cmd += ["--prove"] if args.prove else []
    cmd += ["--speed"] if args.speed else []
    cmd += ["--dry-run"] if args.dry_run else []
    rc = subprocess.run(cmd, stdin=subprocess.DEVNULL, check=False).returncode
    if rc:
        log(f"ci/setup could not install everything (exit {rc}; each package is named above with why, "
            "and what that means for the run); a target that cannot run is reported as not run")


def prepare(runnable, not_run, args):
    """--prepare: for each runnable target, GoogleTest where it needs one built
    (run.gtest_prefix: cached, so the matrix then finds it), then the whole
    suite built once (harness, drivers, catalogue, fuzz targets) through the
    compiler cache (run.ccache_dir: $SCANPROOF_DEPS_DIR/ccache in an image),
    so a later run, in this checkout or another, compiles only its candidates
    and links. Nothing is tested. 0 ready, 2 not."""
    out = os.path.realpath(args.out)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    s = run.Settings(out, os.path.join(targets.ROOT, "build", "matrix"), log=log)
    failed = list(not_run)
    for t in runnable:
        try:
            prefix = run.gtest_prefix(t, s)
            if not prefix and targets.no_debian_gtest(t):  # wasm32, Windows: found out only at configure otherwise
                prefix = run.build_gtest(t, s)
            log(f"{t}: GoogleTest " + (f"in {prefix}" if prefix else "from Debian"))
        except RuntimeError as e:
            log(f"{t}: {e}")
            failed.append(t)
            continue
        built = run.build(t, s)  # the whole suite, no candidates: in build/matrix/<t>, kept
        tm = built["timings"]
        log(f"{t}: suite built in {built['build_dir']}: {built['status']} "
            f"({tm['build_s']} s, {tm['build_cpu_s']} CPU s)")
        if built["status"] != "ok":
            failed.append(t)
    if failed:
        log("not prepared: " + " ".join(failed))
        return 2
    deps = os.environ.get("SCANPROOF_DEPS_DIR")
    if deps:  # a run from another checkout of these very sources comes here (prepared.py)
        os.makedirs(deps, exist_ok=True)
        prepared.record(targets.ROOT, deps)
        log(f"prepared: {targets.ROOT}'s build directories, for every checkout of its sources ({deps}/{prepared.RECORD})")
    return 0


def start_run(out):
    """From here on the run writes into DIR: an earlier run's report, results,
    JUnit files and logs are removed first (a proof mark, a verdict must come
    from this run), the orphans of the run are reaped as they end
    (orphans.py), and a SIGINT/SIGTERM ends every process of the run and
    leaves no report (interrupt.py)."""
    interrupt.remove_reports(out)
    for d in ("results", "junit", "logs"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
        for f in os.listdir(os.path.join(out, d)):
            os.remove(os.path.join(out, d, f))
    if interrupt.become_subreaper():
        orphans.start()  # the orphans it adopts, reaped as they end (orphans.py)
    else:
        log("warning: not the child subreaper (not Linux?): an interrupted run may leave orphaned processes")
    interrupt.install(out, log)


def render_report(results, out):
    """The report (ci/report), from the files this run wrote, in a process of
    its own: the runner imports nothing of it. Its exit status is the run's
    (0 pass, 1 fail, 3 incomplete); one that did not end by itself is 2."""
    sys.stdout.flush()
    sys.stderr.flush()
    env = dict(os.environ, PYTHONPATH=os.path.join(targets.ROOT, "ci"), PYTHONDONTWRITEBYTECODE="1")
    rc = subprocess.run([sys.executable, "-m", "report", "render", "--results", results, "--out", out],
                        env=env, stdin=subprocess.DEVNULL, check=False).returncode
    if rc not in (0, 1, 3):
        log(f"error: the report (python3 -m report) ended with status {rc}: no verdict", final=True)
        interrupt.remove_reports(out)
        return 2
    return rc


def main(argv):
    args = parse(argv)
    args.prove = args.prove or args.prove_what_runs
    jobs = {"targets": targets.all_targets(),  # m32 is i686's job
            "toolchains": [t for t in targets.all_toolchains() if not targets.toolchain_target(t)]}
    if (args.list_jobs or args.list_columns) and (args.targets is not None or args.toolchains is not None):
        requested, toolchains = plan_targets(args)  # the jobs of this run only
        jobs = {"targets": [t for t in requested if not t.startswith("host-")],
                "toolchains": [t for t in toolchains if not targets.toolchain_target(t)]}
    if args.list_jobs:
        for k, v in jobs.items():
            print(f"{k}=" + json.dumps(v, separators=(",", ":")))
        return 0
    if args.list_columns:
        print(",".join(jobs["targets"] + ["host-" + t for t in jobs["toolchains"]]))
        return 0
    if args.jobs < 1:
        raise targets.UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.with_catalogue and not args.candidates:
        raise targets.UsageError("--with-catalogue only makes sense with --candidates")
    requested, toolchains = plan_targets(args)
    candidates = candidate_paths(args.candidates)
    if not (args.prepare or args.dry_run) and \
            (other := prepared.elsewhere(targets.ROOT, os.environ.get("SCANPROOF_DEPS_DIR"), log)):
        log(f"the suite prepared in {other} is built from these very sources: running there")
        sys.stdout.flush()
        os.execv("/bin/bash", ["bash", os.path.join(other, "ci", "matrix")] + prepared.absolute_argv(argv, os.getcwd()))
    if not (args.dry_run or args.prepare):
        start_run(os.path.realpath(args.out))
    if not args.no_install:
        install(args, requested, toolchains, rust=True)  # the catalogue has Rust entries (impl/rust/)
    not_run = {t: why for t in requested if (why := why_not_runnable(t))}
    runnable = [t for t in requested if t not in not_run]
    for t, why in not_run.items():
        log(f"{t} cannot run here: {why}")
    if args.speed and not args.dry_run:
        try:
            mca.require_tools()
        except mca.Error as e:
            raise targets.UsageError(f"--speed: {e}") from e
    if args.prepare:
        return prepare(runnable, not_run, args)
    if args.dry_run:
        log("would run: " + (" ".join(runnable) or "nothing") + "; would not run: " +
            (" ".join(not_run) or "nothing"))
        return 0

    out, results = os.path.realpath(args.out), os.path.join(os.path.realpath(args.out), "results")
    # Another compiler, other build directories: the usual builds stay as they are.
    builds = os.path.join(targets.ROOT, "build", "matrix-clang19" if args.prove_what_runs else "matrix")
    s = run.Settings(out, builds, candidates, args.with_catalogue,
                     args.jobs, args.jobs, int(os.environ.get("SCANPROOF_MATRIX_PROPERTY_CASES", "500")), log,
                     proof_compiler=args.prove_what_runs, batch_tests=args.batch, reuse=args.reuse)
    log("targets: " + " ".join(runnable) + (f" (candidates: {', '.join(candidates)})" if candidates else ""))
    if "RC_PARAMS" in os.environ:  # run.py leaves it out of the tests' environment
        log("RC_PARAMS is set: not passed to the tests; the verdict is judged on RapidCheck's fixed seed "
            "(docs/properties.md); run `ctest -L properties` with it to explore")

    def write(data):
        with open(os.path.join(results, data["target"] + results_format.TARGET_SUFFIX), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)

    start = time.monotonic()
    run.run_all(runnable, s, write)
    prove_targets = [t for t in runnable if not t.startswith("host-")] if args.prove else []
    if prove_targets:  # one IR per triple: the host toolchain columns share the host's
        def write_proof(t, data):
            with open(os.path.join(results, t + results_format.PROOF_SUFFIX), "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
        prove.prove_all(prove_targets, s, args.prove_timeout, write_proof)
    if args.speed:
        def write_speed(t, data):
            with open(os.path.join(results, t + speed.SUFFIX), "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
        status = {}
        for t in runnable:  # only this run's builds are estimated
            try:
                with open(os.path.join(results, t + results_format.TARGET_SUFFIX), encoding="utf-8") as f:
                    status[t] = json.load(f)["status"]
            except (OSError, ValueError, KeyError):
                status[t] = "no results"
        speed.estimate_all(runnable, s, write_speed, status)
    seconds = round(time.monotonic() - start, 1)
    log(f"matrix: {seconds} s for {' '.join(runnable)}{run.zombies_left()}")
    plan = {"requested": requested, "not_run": [{"target": t, "why": w} for t, w in not_run.items()],
            "candidates": candidates, "with_catalogue": args.with_catalogue, "labels": list(s.labels()),
            "proof_asked": prove_targets, "speed_asked": runnable if args.speed else [],
            "prove_what_runs": args.prove_what_runs,
            "seconds": seconds}
    with open(os.path.join(results, results_format.PLAN), "w", encoding="utf-8") as f:
        json.dump(plan, f, indent=1)
    return render_report(results, out)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except targets.UsageError as e:
        print(f"[matrix] error: {e}", file=sys.stderr)
        sys.exit(2)
