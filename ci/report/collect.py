"""One target's results: merges the per-implementation `scanproof check --json`
files, their exit codes, the catalogue (`scanproof list --json`) and ctest's
JUnit XML into results/<target>.json."""
import json
import os
import signal
import xml.etree.ElementTree as ET


def exit_text(rc):
    """What a process exit code means for `timeout ... scanproof check`."""
    if rc == 124 or rc == 137:
        return "hung: killed after the timeout"
    if rc > 128:
        try:
            return "crashed: " + signal.Signals(rc - 128).name
        except ValueError:
            return f"crashed: signal {rc - 128}"
    return f"exited with status {rc}"


def junit_summary(path):
    """ctest --output-junit: counts and the names of failed tests."""
    if not path or not os.path.exists(path):
        return {"tests": 0, "failures": 0, "skipped": 0, "failed_tests": [], "missing": True}
    root = ET.parse(path).getroot()
    failed = [
        tc.get("name")
        for tc in root.iter("testcase")
        if tc.get("status") == "fail" or tc.find("failure") is not None
    ]
    skipped = sum(1 for tc in root.iter("testcase") if tc.find("skipped") is not None)
    return {
        "tests": sum(1 for _ in root.iter("testcase")),
        "failures": len(failed),
        "skipped": skipped,
        "failed_tests": sorted(failed),
    }


def _read(path, default=None):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return default


def implementation_row(work, entry):
    """One implementation: its catalogue entry plus what its check process left."""
    name = entry["name"]
    row = {
        "op": entry["op"],
        "candidate": entry["candidate"],
        "provenance": entry["provenance"],
        "availability": entry["availability"],
        "expectations": entry["expectations"],
        "zero_declared": entry["zero"],
    }
    rc_text = _read(os.path.join(work, name + ".rc"))
    rc = int(rc_text) if rc_text and rc_text.strip().lstrip("-").isdigit() else None
    result = None
    text = _read(os.path.join(work, name + ".json"))
    if text:
        try:
            result = json.loads(text)
        except json.JSONDecodeError:
            result = None
    if rc not in (0, 1) or result is None:
        output = (_read(os.path.join(work, name + ".out"), "") or "").strip()
        row.update(
            verdict="crash",
            message=(exit_text(rc) if rc is not None else "did not run")
            + (": " + output[-600:] if output else ""),
            zero_result=None,
            digest=None,
            checks=[],
        )
        return row, None
    impl = result["implementations"][0]
    row.update(
        verdict=impl["verdict"],
        zero_result=impl["zero_result"],
        digest=impl["digest"],
        seconds=impl["seconds"],
        checks=impl["checks"],
    )
    return row, result["target"]


def write_failure_junit(path, target, status, detail):
    suite = ET.Element("testsuite", name=f"matrix.{target}", tests="1", failures="1")
    case = ET.SubElement(suite, "testcase", name=f"matrix.{target}.build", classname=f"matrix.{target}")
    ET.SubElement(case, "failure", message=status).text = detail
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def collect(args):
    timings = {}
    for part in (args.timings or "").split(","):
        if "=" in part:
            k, v = part.split("=", 1)
            timings[k.replace("_ms", "_s")] = round(int(v) / 1000, 1)
    data = {
        "target": args.target,
        "status": args.status,
        "emulator": args.emulator or "",
        "labels": [x for x in (args.labels or "").split(",") if x],
        "timings": timings,
        "facts": None,
        "implementations": {},
    }
    if args.status != "ok":
        logs = sorted(f for f in os.listdir(args.log) if f.startswith(args.target + "-"))
        data["log_tail"] = (_read(os.path.join(args.log, logs[-1]), "") if logs else "")[-2000:]
        if args.junit:  # CI dashboards see the broken target as one failed test
            write_failure_junit(args.junit, args.target, args.status, data["log_tail"])
    else:
        data["ctest"] = dict(junit_summary(args.junit), exit=args.ctest_rc)
        listing = json.loads(_read(os.path.join(args.work, "list.json"), "") or '{"implementations": []}')
        if not listing["implementations"]:
            data["status"] = "scanproof list failed: " + (_read(os.path.join(args.work, "list.err"), "") or "")[:300]
        for entry in listing["implementations"]:
            row, facts = implementation_row(args.work, entry)
            data["implementations"][entry["name"]] = row
            if facts and data["facts"] is None:
                data["facts"] = facts
        facts = data["facts"]
        flags = getattr(args, "flags", "")
        if facts and flags:  # toolchain columns differ only in these
            facts["build_flags"] = flags
        if facts and args.emulator and facts["arch"] not in ("x86_64", "i686"):
            # Under qemu-user a non-x86 guest reads the host's /proc/cpuinfo
            # (cpu_model() then says "0" or the host's model): name the emulator.
            facts["cpu_reported"] = facts["cpu"]
            facts["cpu"] = args.emulator.split()[0] + " default CPU model"
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    return 0
