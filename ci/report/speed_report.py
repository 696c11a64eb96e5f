"""The matrix report's speed section (ci/matrix --speed): each target's model
estimates (results/<target>.speed.json, written by ci/matrixjob/speed.py) joined with the
cells' verdicts: per cell its figures, per op and CPU model the fastest
conforming scanners judged against the Shogi plan's targets, and on the host
the measured figures beside the model's with their ratio. Nothing here
measures or asserts a speed: it reports."""
import json
import os
import statistics

import results_format

from . import ops

# The Shogi bit-scanning plan's targets (seed 004), as scanproof bench draws
# them (bench/table.hpp shogi_target_cycles; unit.speed checks they agree).
SHOGI_TARGET_CYCLES = {"popcount": 5}
SHOGI_TARGET_OTHER = 10


def shogi_target(op):
    return SHOGI_TARGET_CYCLES.get(op.rstrip("0123456789"), SHOGI_TARGET_OTHER)  # popcount32: popcount's


def label(cpu):
    """How every estimate is named: a model's figure, never a measurement."""
    return f"model estimate (llvm-mca, CPU model {cpu})"


def load(results_dirs):
    """{target: speed.json data} from the results directories."""
    out = {}
    for d in [results_dirs] if isinstance(results_dirs, str) else results_dirs:
        for f in sorted(os.listdir(d)):
            if f.endswith(results_format.SPEED_SUFFIX):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    out[f[:-len(results_format.SPEED_SUFFIX)]] = json.load(fh)
    return out


def loop_text(loop):
    """'loop: estimate per iteration × N (N = set bits: 1 / 5.5 / 30 / 32 on single / sparse / dense / uniform words)'."""
    if not loop:
        return ""
    if not loop.get("rule"):
        return f"loop: estimate per iteration only ({loop.get('reason', '')})"
    trips = loop.get("trips") or {}
    ns = " / ".join(f"{trips[d]:.3g}" for d in results_format.TRIP_DISTRIBUTIONS if d in trips)
    return (f"loop: estimate per iteration × N (N = {loop['rule']}: {ns} on "
            f"{' / '.join(results_format.TRIP_DISTRIBUTIONS)} words; {loop.get('reason', '')})")


def _column(data, cpu):
    resolved = cpu["resolved"] if cpu["resolved"] != cpu["cpu"] else ""
    return {"target": data["target"], "cpu": cpu["cpu"], "resolved": resolved or cpu["cpu"],
            "label": label(cpu["cpu"] + (f" = {resolved}" if resolved else ""))}


def attach(r, speeds):
    """Adds r["speed"] and each cell's "speed" to an analysed report r (analyse.analyse)."""
    if not speeds:
        return r
    impls = {i["name"]: i for i in r["implementations"]}
    columns, targets = [], []
    for t, data in sorted(speeds.items(), key=lambda kv: r["requested_targets"].index(kv[0])
                          if kv[0] in r["requested_targets"] else 99):
        why = data.get("error") or data.get("not_estimated") or ""
        targets.append({"target": t, "triple": data.get("triple", ""), "estimated": not why, "why": why,
                        "cpus": data.get("cpus", [])})
        for cpu in data.get("cpus", []):
            if not cpu.get("why"):
                columns.append(_column(data, cpu))
        for name, row in (data.get("implementations") or {}).items():
            cell = impls.get(name, {}).get("cells", {}).get(t)
            if cell is None:
                continue
            cell["speed"] = {"instructions": row.get("instructions", ""), "why": row.get("why", ""),
                             "loop": loop_text(row.get("loop")), "estimates": row.get("estimates", {}),
                             "why_cpu": row.get("why_cpu", {})}
            for cpu, e in cell["speed"]["estimates"].items():
                if e.get("throughput") is not None:
                    e["meets_shogi_target"] = e["throughput"] < shogi_target(row["op"])
        measured = (data.get("measured") or {}).get("implementations", {})
        for name, m in measured.items():
            cell = impls.get(name, {}).get("cells", {}).get(t)
            if cell is not None:
                cell.setdefault("speed", {"estimates": {}})["measured"] = m
    for t in r["requested_targets"]:  # asked for, but no estimate at all: named, never silently missing
        if t not in speeds:
            targets.append({"target": t, "triple": "", "estimated": False, "cpus": [],
                            "why": "not estimated: the target did not run (see above)"})
    r["speed"] = {"targets": targets, "columns": columns, "fastest": fastest(r, columns),
                  "host": host_comparison(r, speeds),
                  "shogi_targets": {op: shogi_target(op) for op in ops.SCANS}}
    return r


def fastest(r, columns, n=3):
    """{op: [{"target", "cpu", "label", "best": [{"name", "throughput", "latency", "instructions",
    "meets_shogi_target"}], "meeting": count of conforming entries under the target}]}:
    the fastest conforming (cell `pass`) scanners by the model's throughput,
    among the 64-bit ones (op label == op: the Shogi plan's targets are for
    a 64-bit word; a lsb128 entry is listed in its op's table, not ranked here)."""
    out = {}
    for op in ops.SCANS:
        rows = []
        for col in columns:
            ranked = []
            for impl in r["implementations"]:
                cell = impl["cells"].get(col["target"], {})
                e = (cell.get("speed") or {}).get("estimates", {}).get(col["cpu"], {})
                if impl["op"] == op and impl.get("op_label", op) == op and cell.get("kind") == "pass" and \
                        e.get("throughput") is not None:
                    ranked.append({"name": impl["name"], "throughput": e["throughput"], "latency": e.get("latency"),
                                   "instructions": cell["speed"].get("instructions", ""),
                                   "loop": bool(cell["speed"].get("loop")),
                                   "meets_shogi_target": e["throughput"] < shogi_target(op)})
            ranked.sort(key=lambda x: x["throughput"])
            if ranked:
                rows.append(dict(col, best=ranked[:n], meeting=sum(x["meets_shogi_target"] for x in ranked),
                                 estimated=len(ranked)))
        out[op] = rows
    return out


def host_comparison(r, speeds):
    """The host's measured figures beside the model's for its CPU: per
    implementation the ratio measured / model (the model's error here),
    and the median and range of the ratios."""
    data = speeds.get("host") or {}
    m = data.get("measured") or {}
    cpus = [c for c in data.get("cpus", []) if not c.get("why")]
    if not m.get("implementations") or not cpus:
        return {"why": m.get("error") or ("no measurement" if cpus else "no model for the host")} if data else {}
    if m.get("unit") != "cycles":
        return {"why": "scanproof bench's clock is not trusted here (ns only): no ratio to the model's cycles",
                "clock": m.get("clock", "")}
    cpu = cpus[0]["cpu"]
    rows = []
    for name, meas in sorted(m["implementations"].items(), key=lambda kv: (kv[1]["op"], kv[0])):
        est = ((data.get("implementations") or {}).get(name) or {}).get("estimates", {}).get(cpu, {})
        row = {"name": name, "op": meas["op"]}
        for metric in ("throughput", "latency"):
            row["measured_" + metric] = meas.get(metric)
            row["model_" + metric] = est.get(metric)
            if meas.get(metric) and est.get(metric):
                row["ratio_" + metric] = round(meas[metric] / est[metric], 2)
        rows.append(row)
    summary = {}
    for metric in ("throughput", "latency"):
        ratios = sorted(x["ratio_" + metric] for x in rows if x.get("ratio_" + metric))
        if ratios:
            summary[metric] = {"median": statistics.median(ratios), "min": ratios[0], "max": ratios[-1],
                               "within_25_percent": sum(0.8 <= x <= 1.25 for x in ratios), "n": len(ratios)}
    return {"cpu": cpu, "resolved": cpus[0]["resolved"], "unit": m.get("unit"), "ghz": m.get("ghz"),
            "clock": m.get("clock", ""), "rows": rows, "ratios": summary, "label": label(cpus[0]["resolved"])}
