"""Measured cycles per call on this machine, from `scanproof bench --json`
(Google Benchmark's own JSON, docs/benchmark.md): the same two figures the
model estimates (throughput: independent words, the batch kernel; latency:
each word depends on the last, the chain kernel), each the geometric mean
over the bench's four word distributions of the fastest repetition."""
import json
import math

METRICS = {"throughput": "throughput", "latency": "latency"}  # bench workload -> figure


def parse(text):
    """{"ghz", "clock", "cpu", "implementations": {name: {"op", "throughput", "latency"}}}:
    cycles per call where the bench's clock is trusted (else "ghz" is None and
    the figures are ns per call, "unit" says which)."""
    data = json.loads(text)
    ctx = data.get("context", {})
    trusted = ctx.get("scanproof_cycles") == "trusted"
    ghz = float(ctx["scanproof_core_clock_ghz"]) if trusted and ctx.get("scanproof_core_clock_ghz") else None
    fastest = {}  # (op, name, workload, distribution) -> ns per call
    for b in data.get("benchmarks", []):
        parts = b.get("run_name", b.get("name", "")).split("/")
        if b.get("run_type") != "iteration" or len(parts) < 4 or not b.get("items_per_second"):
            continue
        key = tuple(parts[:4])
        ns = 1e9 / b["items_per_second"]
        fastest[key] = min(ns, fastest.get(key, math.inf))
    out = {}
    for (op, name, workload, dist), ns in fastest.items():
        if workload in METRICS and not name.startswith("[floor]"):
            out.setdefault(name, {"op": op, "_": {}})["_"].setdefault(workload, []).append(ns * (ghz or 1))
    for row in out.values():
        per = row.pop("_")
        for workload, values in per.items():
            if len(values) == 4:  # every distribution measured
                row[METRICS[workload]] = round(math.exp(sum(math.log(v) for v in values) / 4), 2)
    return {"ghz": ghz, "unit": "cycles" if ghz else "ns", "clock": ctx.get("scanproof_clock_calibration", ""),
            "cpu": ctx.get("host_name", ""), "implementations": out}
