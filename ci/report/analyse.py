"""The matrix as data: one cell per (implementation, target), the findings
explained by target facts, value-level divergence, and catalogue expectations
that did not hold. Everything here is computed from results/<target>.json;
nothing names an implementation or a target."""
import json
import os
import re

import results_format

from . import ops

OP_ORDER = list(ops.NAMES)  # the report's rows: the op table's order
RED = {"fail", "xpass", "crash", "nocompile"}  # kinds that turn the matrix red
RAN = {"pass", "fail", "xfail", "xpass", "crash"}  # the implementation ran there
NOT_RUN = {"skip", "notbuilt", "missing", "incomplete"}  # cells with no verdict of their own
WRONG = {"fail", "xfail"}  # a check observed wrong values

# Facts a failure pattern is explained by, most specific wording first.
# Each maps a target's facts (from `scanproof check --json`) to a bool.
PREDICATES = [
    ("big-endian", lambda f: f["big_endian"]),
    # The data model says which 32-bit long it is: Windows' LLP64 (64-bit
    # pointers) or ILP32; "32-bit long" alone when both kinds fail.
    ("32-bit long (LLP64)", lambda f: data_model(f) == "LLP64"),
    ("32-bit long (ILP32)", lambda f: data_model(f) == "ILP32"),
    ("32-bit long", lambda f: f["long_bits"] == 32),
    ("32-bit pointers", lambda f: f["pointer_bits"] == 32),
    ("x86 CPU without LZCNT", lambda f: _x86(f) and "lzcnt" not in f.get("cpu_features", [])),
    ("x86 CPU without BMI1", lambda f: _x86(f) and "bmi1" not in f.get("cpu_features", [])),
    ("x86 CPU without POPCNT", lambda f: _x86(f) and "popcnt" not in f.get("cpu_features", [])),
    # Toolchain columns (ci/matrix --toolchains) share the CPU facts; these
    # tell them apart.
    ("unoptimised (-O0)", lambda f: "-O0" in f.get("build_flags", "").split()),
    ("sanitizer (UBSan)", lambda f: "UBSan" in f.get("build_flags", "")),
    ("clang-built", lambda f: f.get("compiler", "").startswith("clang")),
    ("gcc-built", lambda f: f.get("compiler", "").startswith("gcc")),
    ("little-endian", lambda f: not f["big_endian"]),
    ("64-bit long", lambda f: f["long_bits"] == 64),
]


def data_model(facts):
    """`scanproof list --json`'s data_model; derived for results that predate it."""
    if facts.get("data_model"):
        return facts["data_model"]
    return {(32, 32): "ILP32", (32, 64): "LLP64", (64, 64): "LP64"}.get(
        (facts.get("long_bits"), facts.get("pointer_bits")), "")


def _x86(facts):
    return facts["arch"] in ("x86_64", "i686")


def target_key(name):
    """host first, then its other toolchains (host-<toolchain>), then the
    other x86-64 CPUs, then the other architectures."""
    return (0 if name == "host" else 1 if name.startswith("host-") else 2 if name.startswith("x86_64") else 3, name)


# What a column's code runs on; columns equal in these differ only in how
# they were built (compiler, flags).
MACHINE_FACTS = ("arch", "big_endian", "long_bits", "pointer_bits", "cpu", "cpu_features")


def _machine(facts):
    return tuple(str(facts.get(k)) for k in MACHINE_FACTS) if facts else None


def toolchain_dependent(values, facts):
    """True if two columns with the same machine facts got different values:
    the difference comes from the compiler or its flags (e.g. undefined
    behaviour that one optimisation level exploits and another does not)."""
    by_machine = {}
    for t, v in values.items():
        m = _machine(facts.get(t))
        if m is not None:
            by_machine.setdefault(m, set()).add(v)
    return any(len(vs) > 1 for vs in by_machine.values())


PLAN = results_format.PLAN  # what was asked for, next to results/<target>.json
PROOF_SUFFIX = results_format.PROOF_SUFFIX  # `scanproof prove --target T --json` results, if any
SPEED_SUFFIX = results_format.SPEED_SUFFIX  # the speed model's estimates (and the host's measurement)


def load(results_dirs, expect=()):
    """(targets' results, plan, proofs by target) from one results directory or
    several (a hosted CI's jobs: their plans are merged). expect: target names
    asked for whatever the plans say (a job that left no results is then named)."""
    targets, proofs, plans = [], {}, []
    for d in [results_dirs] if isinstance(results_dirs, str) else results_dirs:
        for f in sorted(os.listdir(d)):
            if not f.endswith(results_format.TARGET_SUFFIX):
                continue
            with open(os.path.join(d, f), encoding="utf-8") as fh:
                data = json.load(fh)
            if f == PLAN:
                plans.append(data)
            elif f.endswith(SPEED_SUFFIX):  # ci/matrix --speed: speed_report.load() reads them
                continue
            elif f.endswith(PROOF_SUFFIX):  # the whole JSON (or {"error": why}): proof_of() reads it
                proofs[f[:-len(PROOF_SUFFIX)]] = data
            else:
                targets.append(data)
    targets.sort(key=lambda t: target_key(t["target"]))
    if not plans:  # no plan: only what is there was asked for (never a portability claim)
        plans = [{"requested": [t["target"] for t in targets], "not_run": [], "plan_missing": True}]
    plan = {"requested": [], "not_run": [], "candidates": []}
    for p in plans:
        plan["requested"] += [t for t in p["requested"] if t not in plan["requested"]]
        plan["not_run"] += p.get("not_run", [])
        plan["candidates"] += [c for c in p.get("candidates", []) if c not in plan["candidates"]]
        plan["plan_missing"] = plan.get("plan_missing") or p.get("plan_missing", False)
        plan.setdefault("proof_asked", [])
        plan["proof_asked"] += [t for t in p.get("proof_asked", []) if t not in plan["proof_asked"]]
    plan["requested"] += [t for t in expect if t not in plan["requested"]]
    plan["seconds"] = plans[0].get("seconds") if len(plans) == 1 else None
    return targets, plan, proofs


# A counterexample input as the result JSON renders it in the implementation's
# shape (shape.hpp render): "0x1f" (8 bits), 16 hex digits (64), 32 digits
# (unsigned __int128) or "{lo=0x..., hi=0x...}" (two 64-bit halves).
_HALVES = re.compile(r"^\{\s*lo\s*=\s*(0x[0-9a-fA-F]+|\d+)\s*,\s*hi\s*=\s*(0x[0-9a-fA-F]+|\d+)\s*\}$")


def input_value(text):
    """The integer an input stands for: hi * 2**64 + lo for two halves (the
    arguments' bits, as rendered; not the board's squares); None if it is in
    no form the suite writes."""
    text = str(text).strip()
    m = _HALVES.match(text)
    try:
        if m:
            return (int(m.group(2), 0) << 64) | int(m.group(1), 0)
        return int(text, 16) if text.lower().startswith("0x") else int(text, 0)
    except ValueError:
        return None


def _bits_then_value(text):
    """Fewest set bits first, then the smallest value; unparsable inputs last."""
    v = input_value(text)
    return (0, bin(v).count("1"), v) if v is not None else (1, 0, 0)


def _counterexample(check):
    """A pop op's check also has the boards left behind (expected_after, got_after)."""
    return {k: check[k] for k in ("input", "expected", "got", "check", "expected_after", "got_after") if k in check}


def leaving(ce, key):
    """' leaving 0x...': a pop op's board left behind (docs/contracts.md, Results), else ''."""
    return f" leaving {ce[key]}" if key in ce else ""


def proof_of(proofs, target, name):
    """One implementation's entry in target's `scanproof prove` JSON, or None."""
    for i in proofs.get(target, {}).get("implementations", []):
        if i["name"] == name:
            return i
    return None


def make_cell(op, name, row, target, proof=None):
    """What one implementation did on one target."""
    if row is None:
        return {"kind": "missing", "note": "not in this target's registry"}
    checks = row.get("checks") or []
    verdict = row["verdict"]
    # ctest's other labels (properties, fuzz-regression) may catch what the
    # sweeps did not, and the judge fails a test whose process claimed a skip
    # its declaration does not allow ("not built here" set by its own code):
    # a failed ctest test named <label>.<op>.<impl>.* fails the cell.
    labels = results_format.op_labels(dict(row, op=row.get("op") or op)) if row.get("op_label") else [op]
    failed = [n for n in target.get("ctest", {}).get("failed_tests", [])
              if any(f".{label}.{name}." in n for label in labels)]
    if verdict in ("skip", "notbuilt") and failed:
        return {"kind": "fail", "ctest_failed": failed,
                "note": "ctest failed: " + ", ".join(failed) + " (the process claimed: " +
                        (row.get("message") or verdict) + ")"}
    if verdict in ("skip", "notbuilt", "incomplete", "nocompile"):
        return {"kind": verdict, "note": row.get("message") or ""}
    cell = {"kind": verdict, "zero": row.get("zero_result"), "digest": row.get("digest")}
    if proof:
        cell["proof"] = proof["verdict"]
        if proof.get("result") == "FAIL":  # refuted (or a suite error) where nothing expected it
            reason = proof.get("reason") or ""
            shown = proof.get("input_shown") or proof.get("input")  # two halves: {lo=..., hi=...}
            if proof.get("input") and "undefined behaviour" not in reason:
                left = (lambda b: f" leaving {b}" if b else "")  # a pop op's board left behind
                cell["proof_fail"] = (f"{op}({shown}) must return {proof.get('expected_value')}"
                                      f"{left(proof.get('expected_after'))}, "
                                      f"the IR returns {proof.get('got')}{left(proof.get('got_after'))}")
            else:  # undefined behaviour has no value to show: the prover's words say what happens
                cell["proof_fail"] = f"{proof['verdict']}" + (f" at {shown}" if proof.get("input") else "") + \
                    f": {reason}"
    if verdict == "crash":
        cell["note"] = row["message"]
        return cell
    if row.get("message") and not checks:  # failed by the launcher's judge: its words, no checks of its own
        cell["note"] = row["message"]
    wrong = [c for c in checks if c["verdict"] in WRONG and "input" in c]
    nonzero = [c for c in wrong if c["check"] != "zero"]
    cell["wrong_nonzero"] = bool(nonzero)
    cell["wrong_zero"] = any(c["check"] == "zero" for c in wrong)
    if row.get("expected_failures_observed"):
        cell["expected_failures_observed"] = row["expected_failures_observed"]
    for c in checks:
        if c["verdict"] == "xpass":
            cell["note"] = c["message"]
    if wrong:
        c = min(nonzero or wrong, key=lambda c: _bits_then_value(c["input"]))
        cell["counterexample"] = _counterexample(c)
        cell.setdefault("note", c["message"])
    ce = row.get("counterexample")
    if ce:  # the checking process's own smallest counterexample ("reproduced": re-run once)
        cell["counterexample"] = dict(ce, check=next((c["check"] for c in wrong if c["input"] == ce["input"]), ""))
    for c in wrong:
        if c["check"] == "zero":
            cell["zero_counterexample"] = _counterexample(c)
    if failed:
        cell["ctest_failed"] = failed
        if verdict not in RED:
            cell["kind"] = "fail"
            cell.setdefault("note", "ctest failed: " + ", ".join(failed))
    return cell


def describe_counterexample(op, ce):
    return (f"{op}({ce['input']}) expected {ce['expected']}{leaving(ce, 'expected_after')}, "
            f"got {ce['got']}{leaving(ce, 'got_after')}")


def build(targets, proofs=None):
    """The grid: implementations (sorted by op, name) x targets that ran."""
    proofs = proofs or {}
    impls = {}
    for t in targets:
        for name, row in t["implementations"].items():
            impl = impls.setdefault(name, {"name": name, "op": row["op"], "candidate": row["candidate"],
                                           "provenance": row["provenance"], "zero_declared": row["zero_declared"],
                                           "expectations": row["expectations"], "cells": {},
                                           "same_listing": row.get("same_listing") or ""})
            # Its shape (results_format.SHAPE_FIELDS): from the first target whose build knew it.
            if "shape" not in impl or impl["shape"] == "unknown (not built)":
                impl.update(results_format.shape_of(row))
    for name, impl in impls.items():
        for t in targets:
            if t["status"] == "ok" or (t.get("candidate_errors") and name in t["implementations"]):
                impl["cells"][t["target"]] = make_cell(impl["op_label"], name, t["implementations"].get(name), t,
                                                       proof_of(proofs, t["target"], name))
            elif t.get("candidate_errors"):  # the build stopped at another file's mistake (run.py): nothing ran
                impl["cells"][t["target"]] = {"kind": "incomplete", "note": "; ".join(t.get("incomplete") or [])}
    # Per op: the 64-bit entries as ever, then the other widths (lsb128 after lsb).
    return sorted(impls.values(), key=lambda i: (op_rank(i["op"]), i["width"] != 64, i["width"], i["name"]))


def grid_targets(r):
    """The targets that have a column in the grid: those that built, and those
    whose build stopped at a candidate file's mistake (its cell is red there)."""
    return [t for t in r["targets"] if t["status"] == "ok" or t.get("candidate_errors")]


def op_rank(op):
    """Where an op's rows go: OP_ORDER's, and last an op it does not know (a
    candidate file refused before any candidate of it was named: op "?")."""
    return OP_ORDER.index(op) if op in OP_ORDER else len(OP_ORDER)


def explain(failing, ran, facts):
    """Words for the set of targets an implementation is wrong on."""
    if failing == ran:
        return "every target it runs on"
    matches = [label for label, holds in PREDICATES
               if {t for t in ran if facts.get(t) and holds(facts[t])} == failing]
    if matches:
        # Facts that select the same targets here cannot be told apart: say so.
        also = f" (on these targets also: {', '.join(matches[1:])})" if matches[1:] else ""
        return f"exactly the {matches[0]} targets{also}"
    return "only " + ", ".join(sorted(failing, key=target_key))


def findings(impls, targets):
    """Failure patterns, grouped by (scope, explanation)."""
    facts = {t["target"]: t["facts"] for t in targets if t.get("facts")}
    groups = {}
    for impl in impls:
        ran = {t for t, c in impl["cells"].items() if c["kind"] in RAN}
        for scope in ("nonzero", "zero"):
            failing = {t for t, c in impl["cells"].items() if c.get("wrong_" + scope)}
            if not failing:
                continue
            where = explain(failing, ran, facts)
            kinds = sorted({impl["cells"][t]["kind"] for t in failing})
            first = min(failing, key=target_key)
            ce = impl["cells"][first].get("counterexample" if scope == "nonzero" else "zero_counterexample")
            entry = {
                "name": impl["name"], "op": impl["op"], "op_label": impl["op_label"], "candidate": impl["candidate"],
                "targets": sorted(failing, key=target_key), "judged": kinds,
                "example": (f"{first}: " + describe_counterexample(impl["op_label"], ce)) if ce else "",
            }
            groups.setdefault((scope, where), []).append(entry)
    out = []
    for (scope, where), entries in groups.items():
        out.append({"scope": scope, "where": where, "implementations": entries,
                    "targets": sorted({t for e in entries for t in e["targets"]}, key=target_key)})
    # Target-dependent patterns first: they are what only a matrix shows.
    out.sort(key=lambda f: (f["where"] == "every target it runs on", f["scope"], f["where"]))
    return out


def _grouped(values):
    by_value = {}
    for t, v in values.items():
        by_value.setdefault(v, []).append(t)
    return [{"value": v, "targets": sorted(ts, key=target_key)}
            for v, ts in sorted(by_value.items(), key=lambda kv: str(kv[0]))]


def divergence(impls, facts=None):
    """Same implementation, same input, different values on different targets;
    `toolchain_dependent` when two of them differ only in how they were built."""
    facts = facts or {}
    out = []
    for impl in impls:
        cells = impl["cells"]
        zeros = {t: c["zero"] for t, c in cells.items() if c.get("zero") is not None}
        if len(set(zeros.values())) > 1:
            out.append({"name": impl["name"], "op": impl["op"], "op_label": impl["op_label"], "on": "zero input",
                        "contract": impl["zero_declared"],
                        "contract_broken": any(c.get("wrong_zero") for c in cells.values()),
                        "toolchain_dependent": toolchain_dependent(zeros, facts),
                        "groups": _grouped(zeros)})
        digests = {t: c["digest"] for t, c in cells.items() if c.get("digest")}
        if len(set(digests.values())) > 1:
            out.append({"name": impl["name"], "op": impl["op"], "op_label": impl["op_label"],
                        "on": "nonzero canonical inputs (digest)",
                        "contract": "the oracle's value",
                        "contract_broken": any(c.get("wrong_nonzero") for c in cells.values()),
                        "toolchain_dependent": toolchain_dependent(digests, facts),
                        "groups": _grouped(digests)})
    return out


def listing_differences(impls):
    """Two catalogue entries of one published listing in two languages (a Rust
    entry's same_listing, its C++ twin) that both ran on a target and gave
    different values there: on the zero input, or on the nonzero inputs (digest)."""
    by_name = {i["name"]: i for i in impls}
    out = []
    for impl in impls:
        twin = by_name.get(impl["same_listing"])
        if not twin:
            continue
        for t, c in impl["cells"].items():
            o = twin["cells"].get(t) or {}
            for on, key in (("zero input", "zero"), ("nonzero canonical inputs (digest)", "digest")):
                if c.get(key) is not None and o.get(key) is not None and c[key] != o[key]:
                    out.append({"name": impl["name"], "twin": twin["name"], "op_label": impl["op_label"],
                                "target": t, "on": on, "value": c[key], "twin_value": o[key],
                                "kinds": [c["kind"], o["kind"]]})
    return out


def stale_expectations(impls):
    """Catalogue entries whose declared expectation did not hold (XPASS) or
    that failed where nothing was declared (an expectation is missing)."""
    out = []
    for impl in impls:
        if impl["candidate"]:
            continue
        for t, c in impl["cells"].items():
            if c["kind"] in RED:
                out.append({"name": impl["name"], "op": impl["op"], "op_label": impl["op_label"], "target": t,
                            "kind": c["kind"],
                            "note": (c.get("note") or "").split("\n")[0]})
    return out


def _count(words):
    out = {}
    for w in words:
        out[w] = out.get(w, 0) + 1
    return out


EXIT_STATUS = {"pass": 0, "fail": 1, "incomplete": 3}  # 2: usage/setup error (ci/matrix --help)


def not_complete(targets, plan, proofs=None):
    """Every target asked for that was not built and run to its end, with
    why; with proofs asked for (ci/matrix --prove), each target whose proof
    did not run to its end too."""
    ran = {t["target"]: t for t in targets}
    out = [{"target": n["target"], "why": "did not run: " + n["why"]} for n in plan.get("not_run", [])]
    listed = {o["target"] for o in out}
    for name in plan["requested"]:
        if name in listed:
            continue
        t = ran.get(name)
        if t is None:
            out.append({"target": name, "why": "asked for, but no results"})
        elif t["status"] != "ok" or t.get("incomplete"):
            out.append({"target": name, "why": "; ".join(t.get("incomplete") or [t["status"]])})
    for name in plan.get("proof_asked", []):
        p = (proofs or {}).get(name)
        if p is None or p.get("error"):
            out.append({"target": name, "why": "scanproof prove did not run to its end: " +
                        (p["error"] if p else "proof asked for, but no results")})
    return out


def verdict(red_cells, red_targets, incomplete, plan, targets_ok):
    """(verdict, headline): `pass` only when every target asked for ran to
    its end and nothing failed, and the headline says on what."""
    ok = ", ".join(targets_ok)
    if red_cells or red_targets:
        word = "fail"
        head = f"fail: {red_cells} red cells" + (f", failing targets: {', '.join(red_targets)}" if red_targets else "")
    elif incomplete or not plan["requested"]:
        word = "incomplete"
        head = f"incomplete: {len(targets_ok)} of {len(plan['requested'])} targets asked for ran to their end"
    else:
        word = "pass"
        head = f"pass on {ok}" if len(targets_ok) == 1 else f"pass on all {len(targets_ok)} targets asked for ({ok})"
    if incomplete:
        head += "; did not run to the end: " + "; ".join(f"{i['target']} ({i['why']})" for i in incomplete)
    if plan.get("plan_missing"):
        head += " [no matrix-plan.json: judged only on the targets present]"
    return word, head


def analyse(targets, plan, proofs=None):
    impls = build(targets, proofs)
    incomplete = not_complete(targets, plan, proofs)
    # A target is red for a failure it found: a failed ctest test (whose
    # implementation cell is red too, or a test of no implementation).
    red_targets = [t["target"] for t in targets if t.get("ctest", {}).get("failures")]
    # A build stopped by a candidate file's own mistake (no registration, a
    # name clash): the candidate's failure, named with its file and reason.
    blamed = {t["target"]: t["candidate_errors"] for t in targets if t.get("candidate_errors")}
    red_targets += [t for t in blamed if t not in red_targets]
    # Failed tests no cell shows (the fuzz corpus replay, a probe): named in
    # the headline beside their target, so "0 red cells" is never unexplained.
    of_cells = {f".{label}.{i['name']}." for i in impls for label in results_format.op_labels(i)}
    stray = {t["target"]: [n for n in t.get("ctest", {}).get("failed_tests", [])
                           if not any(c in n for c in of_cells) and
                           not any(n in row.get("tests", []) for row in t["implementations"].values())]
             for t in targets}
    red_cells = sum(1 for i in impls for c in i["cells"].values() if c["kind"] in RED or c.get("proof_fail"))
    unfinished = {i["target"] for i in incomplete}
    targets_ok = [t for t in plan["requested"] if t not in unfinished]
    word, head = verdict(red_cells, [t + (f" ({', '.join(stray[t] + blamed.get(t, []))})"
                                          if stray.get(t) or blamed.get(t) else "") for t in red_targets],
                         incomplete, plan, targets_ok)
    return {
        "verdict": word,
        "headline": head,
        "exit_status": EXIT_STATUS[word],
        "requested_targets": plan["requested"],
        "complete_targets": targets_ok,
        "incomplete_targets": incomplete,
        "candidates": plan.get("candidates", []),
        "seconds": plan.get("seconds"),
        "targets": [{k: t.get(k) for k in ("target", "status", "emulator", "versions", "facts", "labels",
                                           "timings", "ctest", "incomplete", "log_tail", "candidate_errors",
                                           "reused")}
                    for t in targets],
        "implementations": impls,
        "findings": findings(impls, targets),
        "divergence": divergence(impls, {t["target"]: t["facts"] for t in targets if t.get("facts")}),
        "stale_expectations": stale_expectations(impls),
        "listing_differences": listing_differences(impls),
        "red_cells": red_cells,
        "proofs": {t: {"triple": p.get("triple"), "compiler": p.get("compiler"), "flags": p.get("flags"),
                       "error": p.get("error"), "not_proved": p.get("not_proved"), "ir_of": p.get("ir_of"),
                       "ir_note": p.get("ir_note"), "timings": p.get("timings"),
                       "verdicts": _count(i["verdict"] for i in p.get("implementations", []))}
                   for t, p in (proofs or {}).items()},
        "red_targets": red_targets,
    }
