"""Model estimates of cycles per call, per target and CPU model (ci/matrix
--speed; docs/benchmark.md, "Model estimates"). For every implementation
`scanproof list --json` names on a target, the very code the matrix built and
ran there (the conformance driver's batch and chain kernels, found by their offsets from
scanproof::registry()) is cut into loop pieces (kernel.py) and modelled by
llvm-mca-19 on each CPU model the target's toolchain file names
(SCANPROOF_MCA_CPUS; `native`, this machine's CPU, for the host).

  python3 -m matrixjob.speed estimate --target T --build DIR [--out FILE]   one target's estimates as JSON
"""
import argparse
import json
import os
import subprocess
import sys

import results_format

from . import bench_json
from . import kernel
from . import loop_trips
from . import mca
from . import run
from . import targets

SUFFIX = results_format.SPEED_SUFFIX  # results/<target>.speed.json beside the target's results
ANCHOR = "_ZN9scanproof8registryEv"  # conformance/src/result_json.cpp: kernel_offsets count from scanproof::registry()
BENCH_TARGET = "scanproof_bench"  # bench/CMakeLists.txt
KERNELS = ("batch", "chain")  # throughput (independent words) and latency (each word depends on the last)


def models(t):
    """(llvm-mca triple, [CPU models]) for target t (its facts: targets.py)."""
    return targets.mca_triple(t), targets.mca_cpus(t)


def why_no_model(t, triple):
    """Why target t gets no estimate: LLVM's own words when llvm-mca has no
    scheduling model for its architecture, else which file names no CPU."""
    if not triple:
        return f"no estimate: toolchains/{t}.facts names no triple for llvm-mca (SCANPROOF_MCA_TRIPLE)"
    _, why = mca.probe(triple, "generic")
    named = f"toolchains/{t}.facts names no CPU model (SCANPROOF_MCA_CPUS)"
    if "unable to get target" in why:
        return f"no scheduling model: {mca.MCA} has no backend for {triple}"
    if why:
        return f"no scheduling model in {mca.MCA} for {triple} and CPU generic ({why}); {named}"
    return f"no estimate: {named}"


def listing(build, emulator):
    """(program path, `scanproof list --json`) of a target's build, from the program its checks ran in."""
    program = run.catalogue_program(build)
    found, why = run.catalogue(program, emulator)
    if found is None:
        raise mca.Error(why)
    return program, found


def library_dirs(triple, emulator):
    """Where the target's shared libraries are: the emulator's sysroot (qemu -L), else the host's."""
    words = emulator.split()
    if "-L" in words[:-1]:
        root = words[words.index("-L") + 1]
        return [os.path.join(root, "lib"), os.path.join(root, "lib64")]
    return [f"/lib/{triple}", f"/usr/lib/{triple}", "/lib64"]


def cut_kernels(program, entries, triple, emulator="", cpu=""):
    """{name: {"batch": Kernel, "chain": Kernel}} for the built entries; {name: why} for the others."""
    syms = mca.symbols(program)
    libraries = mca.needed_libraries(program, library_dirs(triple, emulator))
    plt = mca.plt_names(program, triple)
    if ANCHOR not in syms:
        raise mca.Error(f"{program} has no symbol {ANCHOR} (stripped?): its kernels cannot be found")
    anchor = syms[ANCHOR][0]
    kernels, why = {}, {}
    for e in entries:
        offsets = e.get("kernel_offsets") or {}
        if offsets.get("batch") is None:
            why[e["name"]] = "not built for this target" if not e.get("built", True) else \
                "scanproof list --json gives no kernel_offsets (an older build?)"
            continue
        pair = {}
        for k in KERNELS:
            if offsets.get(k) is None:
                continue
            hit = mca.symbol_at(syms, anchor + offsets[k])
            if not hit:
                why[e["name"]] = f"no symbol at the {k} kernel's address {anchor + offsets[k]:#x}"
                break
            pair[k] = kernel.Kernel(mca.disassemble(program, anchor + offsets[k], hit[1], triple, cpu), triple,
                                    program, syms, results_stored=k == "batch", libraries=libraries, cpu=cpu, plt=plt)
        else:
            kernels[e["name"]] = pair
    return kernels, why


def _model_all(kernels, triple, cpu):
    """{(name, kernel kind): {region: figures}} in one llvm-mca run; where it
    refuses the whole, one run per implementation, so one bad piece costs its row."""
    def regions(names):
        out, where = {}, {}
        for n in names:
            for kind, k in kernels[n].items():
                if k.problem:
                    continue
                for region, text in k.regions.items():
                    rid = f"r{len(out)}"
                    out[rid], where[rid] = text, (n, kind, region)
        return out, where

    def collect(figs, where):
        res = {}
        for rid, (n, kind, region) in where.items():
            res.setdefault((n, kind), {})[region] = figs[rid]
        return res

    src, where = regions(kernels)
    try:
        figs = mca.run_mca(src, triple, cpu)
        return collect(figs, where), figs["_cpu"], {}
    except mca.Error:
        pass
    out, failed, resolved = {}, {}, ""
    for n in kernels:
        src, where = regions([n])
        try:
            figs = mca.run_mca(src, triple, cpu)
            resolved = figs["_cpu"]
            out.update(collect(figs, where))
        except mca.Error as e:
            failed[n] = f"{mca.MCA}: {e}"
    return out, resolved, failed


def estimate(t, build, emulator=""):
    """One target's estimates: {"target", "triple", "cpus": [{"cpu", "resolved", "why"}],
    "not_estimated", "implementations": {name: {"op", "instructions", "loop", "estimates": {cpu: ...},
    "why"}}}. Raises mca.Error when the tools or the build are missing."""
    triple, cpus = models(t)
    data = {"target": t, "triple": triple, "cpus": [], "implementations": {}, "not_estimated": ""}
    if not cpus:
        data["not_estimated"] = why_no_model(t, triple)
        return data
    mca.require_tools()
    program, lst = listing(build, emulator)
    entries = lst["implementations"]
    kernels, why = cut_kernels(program, entries, triple, emulator, cpus[0])
    names = kernel.scan_mnemonics()
    for e in entries:
        row = {"op": e["op"], "op_label": e.get("op_label") or e["op"], "candidate": e.get("candidate", False),
               "estimates": {}}
        data["implementations"][e["name"]] = row
        if e["name"] in why:
            row["why"] = why[e["name"]]
            continue
        ks = kernels[e["name"]]
        row["instructions"] = ks["batch"].scan_instructions(names)
        problems = [f"{kind}: {k.problem}" for kind, k in ks.items() if k.problem]
        if problems:
            row["why"] = "; ".join(problems)
        if any(k.inner for k in ks.values()):
            rule, reason = loop_trips.rule_for(e["name"])
            if rule and not loop_trips.plain_64(e):  # the table's trip counts are of 64-bit words
                rule, reason = None, (f"its trip count is tabulated for the bench's 64-bit words, and it is a "
                                      f"{e.get('shape') or e.get('op_label')} scanner: estimated per iteration only")
            row["loop"] = {"rule": rule, "reason": reason,
                           "trips": loop_trips.mean_trips(rule) if rule else None}
    for cpu in cpus:
        resolved, why_cpu = mca.probe(triple, cpu)
        data["cpus"].append({"cpu": cpu, "resolved": resolved, "why": why_cpu})
        if why_cpu:
            continue
        figures, _, failed = _model_all(kernels, triple, cpu)
        for name, ks in kernels.items():
            row = data["implementations"][name]
            if name in failed:
                row.setdefault("why_cpu", {})[cpu] = failed[name]
                continue
            row["estimates"][cpu] = _per_call(ks, figures, name, row.get("loop"))
    return data


def _per_call(ks, figures, name, loop):
    """{"throughput", "latency"} cycles per call (geomean over the bench's
    distributions where a loop makes them differ), the per-iteration figure of
    a loop and the per-distribution figures."""
    out = {}
    trips = (loop or {}).get("trips")
    for kind, metric in (("batch", "throughput"), ("chain", "latency")):
        k = ks.get(kind)
        if k is None or k.problem or (name, kind) not in figures:
            continue
        if k.inner and not trips:
            out[metric + "_per_iteration"] = round(sum(figures[(name, kind)][n]["cycles_per_iteration"]
                                                       for n in k.inner), 2)
            continue
        per = k.combine(figures[(name, kind)], trips)
        out[metric] = round(kernel.geomean(per.values()), 2)
        if k.inner:
            out[metric + "_by_distribution"] = {d: round(v, 2) for d, v in per.items()}
            out[metric + "_per_iteration"] = round(sum(figures[(name, kind)][n]["cycles_per_iteration"]
                                                       for n in k.inner), 2)
    return out


def measure_host(build, log_path, jobs=2):
    """`scanproof bench --json` of the host build, parsed (bench_json.py); {"error"} if it cannot run."""
    if run.run_step(["cmake", "--build", build, f"-j{jobs}", "--target", BENCH_TARGET], log_path,
                    limit=run.BUILD_LIMIT_S):
        return {"error": f"scanproof bench is not built (needs libbenchmark-dev: ci/setup --speed; see {log_path})"}
    out = os.path.join(build, "speed-bench.json")
    rc = run.run_step([os.path.join(build, "conformance", BENCH_TARGET), "--json", out], log_path,
                      limit=run.TEST_LIMIT_S)
    try:
        with open(out, encoding="utf-8") as f:
            return bench_json.parse(f.read())
    except (OSError, ValueError):
        return {"error": f"scanproof bench exited {rc} without its JSON (see {log_path})"}


def estimate_all(columns, s, write, status=None):
    """ci/matrix --speed: each built target's estimates, the host's with its
    measurement; write(t, data) gets {"target", "error"} where they could not
    be made. status: {target: this run's build status} ("ok" = built now)."""
    for t in columns:
        b = os.path.join(s.builds, t)
        s.log(f"{t}: speed estimates (llvm-mca)")
        why = (status or {}).get(t, "ok")
        if why != "ok" or not run.catalogue_program(b):
            write(t, {"target": t, "error": f"not estimated: the {t} build is not there ({why})"})
            continue
        started = targets.fact(t, "SCANPROOF_SESSION") if not t.startswith("host") else ""
        try:
            if started:
                run.session(t, s, "start", b)
            data = estimate(t, b, run.emulator(t, s))
        except (mca.Error, OSError) as e:
            data = {"target": t, "error": str(e)}
        finally:
            if started:
                run.session(t, s, "stop", b)
        if t == "host" and not data.get("error") and not data.get("not_estimated"):
            s.log("host: scanproof bench (the measured figures beside the model's)")
            data["measured"] = measure_host(b, os.path.join(s.out, "logs", "host-speed-bench.log"), s.build_jobs)
        write(t, data)


def main(argv):
    p = argparse.ArgumentParser(prog="python3 -m matrixjob.speed", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("estimate")
    e.add_argument("--target", required=True)
    e.add_argument("--build", required=True)
    e.add_argument("--emulator", default="", help="command prefix that runs the target's programs")
    e.add_argument("--out", default="")
    args = p.parse_args(argv)
    try:
        data = estimate(args.target, args.build, args.emulator)
    except (mca.Error, OSError) as err:
        print(f"matrixjob.speed: {err}", file=sys.stderr)
        return 2
    text = json.dumps(data, indent=1, sort_keys=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
