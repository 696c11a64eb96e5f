"""ci/matrix --prove: `scanproof prove` from the host build for each target
of the run (its own triple's IR, or the host's for an x86-64 CPU model), and
each cross target's counterexamples replayed through that target's build
under its emulator (`scanproof eval`). docs/proof.md, "Matrix report"."""
import json
import os
import subprocess
import time

from . import run
from . import targets

# proof/CMakeLists.txt: the prover, built where clang-19, LLVM 19 and Z3 are, and
# the CLI that runs it (the host build may not be one of the run's targets).
PROVE_TARGETS = ["scanproof", "scanproof_prove"]


def compilation(s):
    """Whether a column's proof and its tests are about one compilation."""
    if s.proof_compiler:
        return ("proof and run: one compilation (the tests ran clang 19's code for this triple, "
                "from the proved sources and flags: ci/matrix --prove-what-runs)")
    return ("proof and run: two compilations (the tests ran the column's compiler's code; "
            "ci/matrix --prove-what-runs makes them one)")


def prove_all(columns, s, timeout_s, write):
    """`scanproof prove --target T` from the host build for every
    target in `columns` (the IR Clang makes for its triple, see targets.proof_ir):
    write(t, data) gets the prover's JSON, {"target", "error"} saying why
    there is none, or {"target", "not_proved"} for a target without IR."""
    b = os.path.join(s.builds, "host")
    log = os.path.join(s.out, "logs", "proof-build.log")
    cpu = [0.0]
    why = ""
    # Configured every time, even when the host build is there: it must hold
    # this run's candidates, not those of an earlier run (a re-configure is quick).
    if run.run_step(["cmake", "-S", s.root, "-B", b, "-G", "Ninja"] + run.cmake_args("host", s), log, cpu=cpu,
                    limit=run.CONFIGURE_LIMIT_S):
        why = f"configure of the host build failed (see {log})"
    elif run.run_step(["cmake", "--build", b, f"-j{s.build_jobs}", "--target"] + PROVE_TARGETS, log, cpu=cpu,
                      limit=run.BUILD_LIMIT_S):
        why = (f"the prover is not built (needs clang-19, llvm-19-dev, libz3-dev: ci/setup --prove; see {log})")
    names = []  # with --candidates alone: theirs only (an empty list proves everything)
    if s.candidates and not s.with_catalogue and not why:
        scanproof = os.path.join(b, "conformance", "scanproof")
        listing = subprocess.run(run.sandbox(scanproof) + [scanproof, "list", "--json"],
                                 capture_output=True, text=True, check=False)
        try:
            names = [e["name"] for e in json.loads(listing.stdout)["implementations"] if e.get("candidate")]
        except (json.JSONDecodeError, KeyError):
            why = "scanproof list failed in the host build: " + (listing.stderr or listing.stdout)[:300]
        if not names and not why:
            why = "no candidate in the host build's registry"
    done = {}  # proof IR target -> its JSON
    for t in columns:
        ir, note = targets.proof_ir(t)
        if ir is not None:  # which compilation the column's tests ran, beside the proved IR's
            note = "; ".join(filter(None, [note, compilation(s)]))
        if ir is None:
            s.log(note)
            write(t, {"target": t, "not_proved": note})
        elif why:
            write(t, {"target": t, "error": why})
        elif ir in done:
            write(t, dict(done[ir], target=t, ir_of=ir, ir_note=note))
        else:
            done[ir] = _prove(ir, s, timeout_s, b, names)
            write(t, dict(done[ir], target=t, ir_of=ir, ir_note=note) if ir != t else dict(done[ir], ir_note=note))


def _prove(t, s, timeout_s, b, names):
    """One target's proof JSON (with its cross replays and timings)."""
    s.log(f"{t}: scanproof prove" + (f" --target {t}" if t != "host" else ""))
    t0, cpu = time.monotonic(), [0.0]
    out = os.path.join(s.out, "logs", f"{t}-proof.json")
    err = os.path.join(s.out, "logs", f"{t}-proof.log")
    cmd = [os.path.join(b, "conformance", "scanproof"), "prove", "--timeout", str(timeout_s),
           "--jobs", str(s.test_jobs), "--output", out] + \
        (["--target", t] if t != "host" else []) + (["--impl", ",".join(names)] if names else [])
    rc = run.run_step(cmd, err, cpu=cpu, limit=run.TEST_LIMIT_S)
    try:
        with open(out, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError):
        data = {"target": t, "error": f"scanproof prove exited {rc} without its JSON (see {err})"}
    if t != "host" and "implementations" in data:  # the host's replays ran in the prover
        replay_counterexamples(t, data, s)
    data["timings"] = {"proof_s": round(time.monotonic() - t0, 1), "proof_cpu_s": round(cpu[0], 1)}
    return data


def _argument(text):
    """A board as eval prints it (0x<hex>) or as the prover renders it
    ({lo=0x..., hi=0x...} for two halves), as one number; None if absent."""
    if not text:
        return None
    if text.startswith("{lo="):
        lo, hi = (int(h.split("=")[1], 16) for h in text.strip("{}").split(", "))
        return hi << 64 | lo
    return int(text, 16)


def replay_counterexamples(t, data, s):
    """A cross target's proof counterexamples, replayed through that target's
    own build under its emulator (`scanproof eval`). The build is GCC's and
    the IR Clang's: where the source is undefined but Clang's IR defines it
    (__builtin_ctzl(0) on mips: Clang's cttz is defined at zero there, GCC's
    code returns -1) the two can return different wrong values. So the
    replay confirms the counterexample when the build is wrong there too
    (saying so when its value differs from the IR's); a build that returns
    the right value is an `error`: the proof and the build disagree on
    whether the input is a failure. Undefined behaviour in the IR is
    replayed, not compared."""
    b = os.path.join(s.builds, t)
    program = run.catalogue_program(b)
    emu = run.emulator(t, s)
    where = f"under {emu.split()[0].rsplit('/', 1)[-1]}" if emu else f"on {t}"
    todo = [i for i in data["implementations"] if i.get("verdict") == "counterexample" and i.get("input")]
    if not todo:
        return
    if not program or run.session(t, s, "start", b):
        for i in todo:
            i["replay"] = f"not replayed: the {t} build is not there (or its session did not start)"
        return
    try:
        for i in todo:
            p = subprocess.run(run.eval_command(program, emu, i["name"], [i["input"]]), capture_output=True,
                               text=True, check=False, stdin=subprocess.DEVNULL, timeout=300,
                               env=run.sandboxed_env(program))
            words = p.stdout.split()
            # A two-half board is shown as the scanner sees it ({lo=..., hi=...});
            # eval takes the argument as 0x<hi><lo> ("input").
            shown = i.get("input_shown") or i["input"]
            ub = "undefined behaviour" in (i.get("reason") or "")
            # A pop op: eval prints the index, then the board it left behind.
            pops = bool(i.get("got_after") or i.get("expected_after"))
            if p.returncode == 0 and len(words) == (3 if pops else 2):
                got = int(words[1])
                left = f" leaving {words[2]}" if pops else ""
                if ub:
                    i["replay"] = f"replayed {where}: the {t} build returns {got}{left} (undefined behaviour in " \
                                  "the IR here, so not compared)"
                elif got == i.get("got") and (not pops or _argument(words[2]) == _argument(i.get("got_after"))):
                    i["replay"] = f"replayed {where}: the {t} build returns {got}{left}, as the solver predicted"
                elif got != i.get("expected_value") or (
                        pops and _argument(words[2]) != _argument(i.get("expected_after"))):
                    i["replay"] = f"replayed {where}: the {t} build (GCC) returns {got}{left}, the IR (Clang) " \
                                  f"{i.get('got')}: wrong in both, with different values (undefined " \
                                  "behaviour in the source that one compiler defines?)"
                else:
                    i.update(verdict="error", result="FAIL",
                             reason=f"replay {where} disagrees with the solver at {shown}: the model of the "
                                    f"IR returns {i.get('got')}, the {t} build (GCC) the right value {got}{left}",
                             replay=f"replayed {where}: returns {got}{left}")
            else:
                why = (p.stdout + p.stderr).strip().splitlines()[-1:] or [f"exit {p.returncode}"]
                i["replay"] = f"replayed {where}: no result: {why[0]}"
                if not ub:
                    i.update(verdict="error", result="FAIL",
                             reason=f"replay {where} at {shown} gave no result although the IR has no "
                                    f"undefined behaviour there: {why[0]}")
    finally:
        run.session(t, s, "stop", b)
