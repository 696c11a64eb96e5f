"""ci/matrix: the main job (the shell script only makes sure python3 is there)."""
import argparse
import json
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyse  # noqa: E402
import matrix_report  # noqa: E402
import mca  # noqa: E402
import prove  # noqa: E402
import run  # noqa: E402
import shlib  # noqa: E402
import speed  # noqa: E402

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
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="parallel jobs of each build and of each ctest run (default 2: the cores here)")
    p.add_argument("--list-jobs", action="store_true",
                   help="print targets=[...] and toolchains=[...] (JSON) for a hosted CI job matrix: alone, every "
                        "target and toolchain; with --targets/--toolchains, the jobs of that run (a job per cross "
                        "target or toolchain; m32 is the i686 target's)")
    p.add_argument("--list-columns", action="store_true",
                   help="print the columns those jobs ask for, comma-separated (for matrix_report.py render "
                        "--expect, which merges the jobs' results)")
    p.add_argument("--prepare", action="store_true",
                   help="only build what the matrix caches for the targets (GoogleTest where Debian has no "
                        "multiarch package, in build/matrix/_deps or $SCANPROOF_DEPS_DIR), as a CI image does")
    return p.parse_args(argv)


def log(msg):
    print(f"\033[1m[matrix]\033[0m {msg}" if sys.stderr.isatty() else f"[matrix] {msg}", file=sys.stderr,
          flush=True)


def plan_targets(args):
    """(requested columns, toolchain names) from the arguments; UsageError on a bad name."""
    requested = shlib.call("select_targets", args.targets or "")
    toolchains = shlib.call("select_toolchains", args.toolchains) if args.toolchains else []
    if toolchains and not args.targets:  # None or "": no --targets
        requested = ["host"]
    for tc in toolchains:
        if tc == "m32":
            m32 = shlib.one("eval", 'echo "$M32_TARGET"')  # toolchains.sh's name for it
            requested += [] if m32 in requested else [m32]
        else:
            requested.append("host-" + tc)
    return requested, toolchains


def why_not_runnable(t):
    if t.startswith("host-"):
        return shlib.one("toolchain_missing_tool", t[len("host-"):])
    return shlib.one("target_missing_tool", t)


def install(args, requested, toolchains, rust=False):
    targets = [t for t in requested if not t.startswith("host-")]
    cmd = ["bash", os.path.join(shlib.ROOT, "ci/setup"), "--targets", ",".join(targets)]
    cmd += ["--rust"] if rust else []
    cmd += ["--toolchains", ",".join(toolchains)] if toolchains else []
    cmd += ["--prove"] if args.prove else []
    cmd += ["--speed"] if args.speed else []
    cmd += ["--dry-run"] if args.dry_run else []
    rc = subprocess.run(cmd, stdin=subprocess.DEVNULL, check=False).returncode
    if rc:
        log(f"ci/setup could not install everything (exit {rc}, named above): "
            "the targets that need it will be reported as not run")


def no_debian_gtest(t):
    """A toolchain file that sets SCANPROOF_DEBIAN_ARCH to "" says Debian has no GoogleTest for it
    (the x86-64 CPU models set none: they use the host's)."""
    if t.startswith("host"):
        return False
    with open(os.path.join(shlib.ROOT, "toolchains", t + ".cmake"), encoding="utf-8") as f:
        return re.search(r'^set\(SCANPROOF_DEBIAN_ARCH ""\)', f.read(), re.M) is not None


def prepare(runnable, not_run, args):
    """--prepare: GoogleTest for each runnable target that needs one built
    (run.gtest_prefix: cached, so the matrix then finds it). 0 ready, 2 not."""
    out = os.path.realpath(args.out)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    s = run.Settings(out, os.path.join(shlib.ROOT, "build", "matrix"), log=log)
    failed = list(not_run)
    for t in runnable:
        try:
            prefix = run.gtest_prefix(t, s)
            if not prefix and no_debian_gtest(t):  # wasm32, Windows: found out only at configure otherwise
                prefix = run.build_gtest(t, s)
            log(f"{t}: GoogleTest " + (f"in {prefix}" if prefix else "from Debian"))
        except RuntimeError as e:
            log(f"{t}: {e}")
            failed.append(t)
    if failed:
        log("not prepared: " + " ".join(failed))
    return 2 if failed else 0


def main(argv):
    args = parse(argv)
    args.prove = args.prove or args.prove_what_runs
    jobs = {"targets": shlib.call("all_targets"),
            "toolchains": [t for t in shlib.call("all_toolchains") if t != "m32"]}  # m32 is i686's job
    if (args.list_jobs or args.list_columns) and (args.targets is not None or args.toolchains is not None):
        requested, toolchains = plan_targets(args)  # the jobs of this run only
        jobs = {"targets": [t for t in requested if not t.startswith("host-")],
                "toolchains": [t for t in toolchains if t != "m32"]}
    if args.list_jobs:
        for k, v in jobs.items():
            print(f"{k}=" + json.dumps(v, separators=(",", ":")))
        return 0
    if args.list_columns:
        print(",".join(jobs["targets"] + ["host-" + t for t in jobs["toolchains"]]))
        return 0
    if args.jobs < 1:
        raise shlib.UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.with_catalogue and not args.candidates:
        raise shlib.UsageError("--with-catalogue only makes sense with --candidates")
    requested, toolchains = plan_targets(args)
    candidates = []
    for p in filter(None, args.candidates.split(",")):
        if not os.path.exists(p):
            raise shlib.UsageError(f"candidate path '{p}' does not exist")
        candidates.append(os.path.realpath(p))
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
            raise shlib.UsageError(f"--speed: {e}") from e
    if args.prepare:
        return prepare(runnable, not_run, args)
    if args.dry_run:
        log("would run: " + (" ".join(runnable) or "nothing") + "; would not run: " +
            (" ".join(not_run) or "nothing"))
        return 0

    out = os.path.realpath(args.out)
    results = os.path.join(out, "results")
    for d in ("results", "junit", "logs"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    for d in ("junit", "logs"):
        for f in os.listdir(os.path.join(out, d)):
            os.remove(os.path.join(out, d, f))
    for f in os.listdir(results):  # proofs too: a mark must come from this run
        os.remove(os.path.join(results, f))
    # Another compiler, other build directories: the usual builds stay as they are.
    builds = os.path.join(shlib.ROOT, "build", "matrix-clang19" if args.prove_what_runs else "matrix")
    s = run.Settings(out, builds, candidates, args.with_catalogue,
                     args.jobs, args.jobs, int(os.environ.get("SCANPROOF_MATRIX_PROPERTY_CASES", "500")), log,
                     proof_compiler=args.prove_what_runs)
    log("targets: " + " ".join(runnable) + (f" (candidates: {', '.join(candidates)})" if candidates else ""))

    def write(data):
        with open(os.path.join(results, data["target"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)

    start = time.monotonic()
    run.run_all(runnable, s, write)
    prove_targets = [t for t in runnable if not t.startswith("host-")] if args.prove else []
    if prove_targets:  # one IR per triple: the host toolchain columns share the host's
        def write_proof(t, data):
            with open(os.path.join(results, t + analyse.PROOF_SUFFIX), "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
        prove.prove_all(prove_targets, s, args.prove_timeout, write_proof)
    if args.speed:
        def write_speed(t, data):
            with open(os.path.join(results, t + speed.SUFFIX), "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
        status = {}
        for t in runnable:  # only this run's builds are estimated
            try:
                with open(os.path.join(results, t + ".json"), encoding="utf-8") as f:
                    status[t] = json.load(f)["status"]
            except (OSError, ValueError, KeyError):
                status[t] = "no results"
        speed.estimate_all(runnable, s, write_speed, status)
    seconds = round(time.monotonic() - start, 1)
    log(f"matrix: {seconds} s for {' '.join(runnable)}")
    plan = {"requested": requested, "not_run": [{"target": t, "why": w} for t, w in not_run.items()],
            "candidates": candidates, "with_catalogue": args.with_catalogue, "labels": list(s.labels()),
            "proof_asked": prove_targets, "speed_asked": runnable if args.speed else [],
            "prove_what_runs": args.prove_what_runs,
            "seconds": seconds}
    with open(os.path.join(results, analyse.PLAN), "w", encoding="utf-8") as f:
        json.dump(plan, f, indent=1)
    return matrix_report.render_all(results, out)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except shlib.UsageError as e:
        print(f"[matrix] error: {e}", file=sys.stderr)
        sys.exit(2)
