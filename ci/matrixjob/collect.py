"""One target's results: the catalogue (`scanproof list --json`), the result
file each conformance test process wrote ($SCANPROOF_RESULTS_DIR/<impl>.json,
the same process that ran the checks) and ctest's JUnit XML and console log
for the processes that left no file. Writes nothing itself: returns the dict
ci/matrix stores as results/<target>.json."""
import json
import os
import re
import xml.etree.ElementTree as ET

import results_format

# ctest's console line for a test, e.g.
#  " 12/80 Test #12: conformance.lsb.x.all_checks ....***Exception: SegFault  0.10 sec"
#  "  3/80 Test #3: conformance.clz.y.all_checks ......Bus error***Exception:   0.04 sec"
#  "  9/80 Test #9: conformance.lsb.z.all_checks ......***Failed  Required regular expression not found. Regex=[..."
_CTEST_LINE = re.compile(r"Test +#\d+: (\S+) [ .]*(.*)$", re.M)


def _status_word(rest):
    """Passed, Failed, Timeout, Not Run, Skipped, or "Exception: <what>"."""
    if "***Exception" in rest:
        before, after = rest.split("***Exception", 1)
        what = before.strip() or re.sub(r"\s+[\d.]+ sec\s*$", "", after.lstrip(":")).strip()
        return "Exception: " + what
    for word in ("Timeout", "Not Run", "Skipped", "Failed", "Passed"):
        if word in rest:
            return word
    return rest.strip()


# The last words of a process a scanner ended: the supervisor's (supervise.cpp:
# "scanproof: <test>: the process ended during the check (<how>) ..." and the
# next line, "  impl=... check=... input in flight: 0x..."), signal_report.cpp's
# ("scanproof: <test>: killed by SIGSEGV ..."), the launcher's for a batch
# child stopped at the limit ("scanproof: <check>: no end after <s> s ..."),
# qemu's, and GoogleTest's for an exception that left the scanner.
_LAST_WORDS = re.compile(r"^(scanproof: .*(?:ended during the check|ended during its checks|killed by|stopped by|before its main\(\) began|"
                         r"no end after|"
                         r"after its work returned).*(?:\n  impl=.*)?|"
                         r".*uncaught target signal.*|C\+\+ exception with description .*)$", re.M)
# The launcher's judge rejected what the process reported (its outputs are not
# the oracle's, or it claimed a completion its outputs do not support):
# a failure of the implementation, whatever its own result file says.
_JUDGED = re.compile(r"^scanproof: (\S+): judged from its outputs: FAIL: (.*)$", re.M)
# Ours, not the scanner's: the process could not write its result file, or
# ended outside any check.
_NOT_THE_SCANNER = re.compile(r"SCANPROOF_RESULTS_DIR|ended outside any check")


def ctest_statuses(console_text):
    """Test name -> ctest's status word (Passed, Failed, Timeout, Exception: SegFault...)."""
    return {m.group(1): _status_word(m.group(2)) for m in _CTEST_LINE.finditer(console_text or "")}


def junit_cases(path):
    """ctest --output-junit: name -> (status, output); None if the file is missing."""
    if not path or not os.path.exists(path):
        return None
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return None
    cases = {}
    for tc in root.iter("testcase"):
        status = tc.get("status")
        skipped = tc.find("skipped")
        # A test that skipped itself (GTEST_SKIP: SKIP_REGULAR_EXPRESSION, or
        # SKIP_RETURN_CODE) ran; "notrun" is left for tests ctest could not start.
        if status == "notrun" and skipped is not None and skipped.get("message", "").startswith("SKIP_"):
            status = "skipped"
        cases[tc.get("name")] = (status, tc.findtext("system-out") or "")
    return cases


def junit_summary(cases):
    if cases is None:
        return {"tests": 0, "failures": 0, "skipped": 0, "failed_tests": [], "notrun_tests": [],
                "missing": True}
    failed = sorted(n for n, (s, _) in cases.items() if s == "fail")
    notrun = sorted(n for n, (s, _) in cases.items() if s == "notrun")
    return {"tests": len(cases), "failures": len(failed),
            "skipped": sum(1 for s, _ in cases.values() if s == "skipped"),
            "failed_tests": failed, "notrun_tests": notrun}


def conformance_test_name(op, name):
    """op: the op label (`scanproof list --json`'s "op_label"): test names
    carry the width when it is not 64 (conformance.lsb128.<impl>.all_checks)."""
    return f"conformance.{op}.{name}.all_checks"


def _read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return None


def ended_early(status, output):
    """(kind, message) for a conformance process that wrote no result file.
    A signal, a hang, an exit in the middle of a check or an exception is the
    scanner's doing (kind crash, a failure); anything else means the run did
    not reach its end for reasons of its own (kind incomplete)."""
    words = sorted(_LAST_WORDS.findall(output or ""), key=lambda w: "ended during" not in w)
    detail = (": " + " ".join(words[0].split())) if words else ""
    if status is None:
        return "incomplete", "its test did not run (ctest was cut short or never reached it)"
    if status in ("Not Run", "Skipped"):
        return "incomplete", f"its test was not run by ctest ({status})"
    if status == "Passed" or _NOT_THE_SCANNER.search(output or "") or (status == "Failed" and not words):
        last = (output or "").strip().splitlines()[-1:] or [""]
        return "incomplete", f"its test ended ({status}) without writing its result file" + \
            (": " + last[0][:300] if last[0] else "")
    if status.startswith("Exception"):
        return "crash", "crashed: " + status.split(":", 1)[1].strip() + detail
    if status == "Timeout":
        return "crash", "hung: killed at ctest's timeout" + detail
    if words and "no end after" in words[0]:  # batch mode: the batch process kept the limit (scanproof-launch --from)
        return "crash", "hung: killed at the per-test limit" + detail
    return "crash", "ended early" + detail


def implementation_row(entry, result, status, output):
    """One implementation on one target. entry: its `scanproof list --json`
    object; result: its result file (None if there is none); status/output:
    ctest's word and the test's output, for a missing file."""
    row = {k: entry.get(k) for k in ("op", "candidate", "provenance", "expectations", "source",
                                     "built", "unavailable", "runnable", "skip_reason", "language",
                                     "same_listing")}
    row["zero_declared"] = entry.get("zero")
    row.update(results_format.shape_of(entry))
    if not entry["built"]:
        row.update(verdict="notbuilt", message=entry["unavailable"])
        return row
    if not entry["runnable"]:
        row.update(verdict="skip", message=entry["skip_reason"])
        return row
    judged = _JUDGED.search(output or "") if status != "Passed" else None
    if judged:
        row.update(verdict="fail", message=f"{judged.group(1)}: {judged.group(2)} (judged from its outputs)")
        return row
    impl = result["implementations"][0] if result and result.get("implementations") else None
    if impl is None:
        kind, message = ended_early(status, output)
        row.update(verdict=kind, message=message)
        return row
    row.update({k: impl.get(k) for k in ("verdict", "zero_result", "digest", "seconds", "checks",
                                         "counterexample", "expected_failures_observed")})
    if impl.get("ran_to_end") is not True:
        row.update(verdict="incomplete", message="its result file says the run did not reach its end")
    return row


# The build's probe of each candidate file (cmake/ScanproofCandidates.cmake,
# candidate-files.json): a file that does not compile for the target, or whose
# start-up code ends the process, is left out of the registry; its candidates
# get a row of their own here. Not compiling where the user asked for the
# target is the user's portability finding: red, like a failure.
# "not built": the machine lacks what the file needs on this target (a Rust std:
# none in Debian for mips, or not installed here). The candidate was not
# checked there, and that is the machine's doing: the target is incomplete,
# with the reason, never red and never a green skip (one rule, whatever is
# missing; the same fact gives the same verdict on every target).
# "mistake": the file registers no candidate, or a name another file registers
# first (ScanproofCandidates.cmake): its own failure, never the run's incompleteness.
_PROBE_VERDICT = {"does not compile": "nocompile", "start-up": "crash", "not built": "incomplete",
                  "mistake": "fail"}


def probe_rows(candidate_files):
    """name -> row for the candidates of the files the probe kept out."""
    rows = {}
    for f in (candidate_files or {}).get("files", []):
        verdict = _PROBE_VERDICT.get(f["status"])
        if not verdict:
            continue
        # A mistake is the file's (a clashing name belongs to another file too): its row is named by the file.
        by_file = [{"op": "?", "name": os.path.basename(f["file"])}]
        for c in by_file if verdict == "fail" or not f["candidates"] else f["candidates"]:
            rows[c["name"]] = {"op": c["op"], "candidate": True, "provenance": "", "expectations": [],
                               "source": f["file"], "built": False, "unavailable": f["message"],
                               "runnable": False, "skip_reason": "", "zero_declared": None,
                               "verdict": verdict, "message": f["message"],
                               "tests": f.get("tests", [])}  # CMake's tests for the file: its failures
            # Its shape is unknown (nothing was built): the op alone names it.
            rows[c["name"]].update(results_format.shape_of(c), shape="unknown (not built)", domain="")
    return rows


def collect(target, listing, results_dir, junit_path, console_text, ctest_rc, selected=None,
            candidate_files=None):
    """The ok-status part of results/<target>.json: facts, ctest summary and
    one row per implementation asked for (selected: names, None = all), and
    one per candidate of a file the build's probe kept out (candidate_files)."""
    cases = junit_cases(junit_path)
    statuses = ctest_statuses(console_text)
    data = {"ctest": dict(junit_summary(cases), exit=ctest_rc), "implementations": {}, "facts": None}
    for entry in listing["implementations"]:
        name = entry["name"]
        if selected is not None and name not in selected:
            continue
        result = _read_json(os.path.join(results_dir, name + ".json"))
        test = conformance_test_name(results_format.shape_of(entry)["op_label"], name)
        output = cases.get(test, (None, ""))[1] if cases else ""
        data["implementations"][name] = implementation_row(entry, result, statuses.get(test), output)
        if result and data["facts"] is None:
            data["facts"] = dict(result["target"])
    data["implementations"].update(probe_rows(candidate_files))
    if data["facts"] is None:
        data["facts"] = dict(listing["target"])
    for k, v in listing["target"].items():  # list --json knows data_model
        data["facts"].setdefault(k, v)
    return data


def incompleteness(data, requested_labels):
    """Why a target that built did not run to its end ([] if it did)."""
    why = []
    ct = data["ctest"]
    if ct.get("missing"):
        why.append("ctest wrote no JUnit report (it did not finish)")
    if ct.get("notrun_tests"):
        why.append(f"{len(ct['notrun_tests'])} tests not run by ctest: " + ", ".join(ct["notrun_tests"][:5]))
    if ct.get("exit", 0) != 0 and not ct.get("failures") and not ct.get("missing"):
        why.append(f"ctest exited {ct['exit']} without a failed test")
    missing_labels = [lb for lb in requested_labels if lb not in data.get("labels", [])]
    if missing_labels:
        why.append("no tests with label " + ", ".join(missing_labels))
    rows = data["implementations"].items()
    # Not built for what the machine lacks (probe_rows): said with the
    # build's reason, once per reason, not as a run cut short.
    not_here = {}
    for n, r in rows:
        if r["verdict"] == "incomplete" and r.get("built") is False and r.get("message"):
            not_here.setdefault(r["message"], []).append(n)
    for message, names in not_here.items():
        reason = re.sub(r"^not built( here)?: ", "", message)
        why.append(f"{len(names)} not built here ({', '.join(names[:5])}): {reason}")
    lost = [n for n, r in rows if r["verdict"] == "incomplete" and not any(n in v for v in not_here.values())]
    if lost:
        why.append(f"{len(lost)} implementations did not run to their end: " + ", ".join(lost[:5]))
    return why


def write_error_junit(path, target, status, detail):
    """A target that did not build, as one errored test for CI dashboards."""
    suite = ET.Element("testsuite", name=f"matrix.{target}", tests="1", errors="1")
    case = ET.SubElement(suite, "testcase", name=f"matrix.{target}.build", classname=f"matrix.{target}")
    ET.SubElement(case, "error", message=status).text = detail
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def annotate_facts(data, flags):
    """How the column was built (toolchain columns differ only in that), and
    the emulator's CPU where the guest cannot see one: under qemu-user a
    non-x86 guest reads the host's /proc/cpuinfo."""
    facts = data.get("facts")
    if not facts:
        return
    if flags:
        facts["build_flags"] = flags
    emu = data.get("emulator") or ""
    if emu.startswith("qemu") and facts.get("arch") not in ("x86_64", "i686"):
        facts["cpu_reported"] = facts.get("cpu")
        facts["cpu"] = emu.split()[0] + " default CPU model"
