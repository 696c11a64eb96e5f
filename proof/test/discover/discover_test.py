#!/usr/bin/env python3
"""unit.discover.*: `scanproof discover` end to end.

  fixture: proof/test/discover/tree, one scanner of each shape discovery must
           classify, each classification as EXPECTED says (op, layout, index
           base, domain, zero result, proof verdict), nothing else claimed,
           the refuted one refuted at its input, the non-scanners unmatched,
           and the written candidate files compile against the suite's headers.
  engine:  examples/engine: every scanner its hand-written candidate file
           registers is found and classified as registered, and nothing else
           is claimed.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

# name -> what it must come to. "offset", "halves", "domain", "width" default
# to 64, low_first, all, 64.
EXPECTED = {
    "fx_first_from_one": {"op": "lsb", "index_base": 1, "zero_declared": "0"},
    "fx_last_from_one": {"op": "msb", "index_base": 1, "zero": "undefined"},
    "fx_shogi_lsb": {"op": "lsb", "width": 128, "high_offset": 63},
    "fx_hf_msb": {"op": "msb", "width": 128, "halves": "high_first"},
    "fx_xq_lsb": {"op": "lsb", "width": 128, "domain_squares": 90},
    "fx_pop_high": {"op": "pop_msb"},
    "fx_trailing_zeros": {"op": "ctz", "zero_declared": "4294967295"},
    "fx_leading_zeros32": {"op": "clz", "width": 32},
    "fx_ctz_unchecked": {"op": "ctz", "zero": "undefined", "registration": ".zero = undefined"},
    "fx_popcount8": {"op": "popcount", "width": 8},
    "fx_almost_popcount": {"op": "popcount", "proof": "counterexample", "counterexample": "0x0123456789abcdef"},
    "fx_Bitboard_lsb": {"op": "lsb"},
    "fx_Bitboard_count": {"op": "popcount"},
    "fx_external_msb": {"op": "msb", "includes": "bits.cpp"},
    "fx_hidden_lsb": {"op": "lsb", "includes": "bits.cpp"},
    "fx_use_hidden": {"op": "lsb", "includes": "bits.cpp"},
    "fx_lsb_needing_bits": {"op": "lsb", "includes": "deps.cpp"},
    "fx_helper_square": {"op": "lsb", "not_registered": "main.cpp, which has main()"},
    "fx_lsb_needing_main": {"op": "lsb", "not_registered": "needs fx::helper_square(unsigned long) from main.cpp, which has main()"},
    "c_popcount": {"op": "popcount", "language": "C", "includes": "cbits.c"},
    # linked twice: by discover to run it, by the start-up linker to read its table
    "c_lsb_linked_table": {"op": "lsb", "language": "C", "includes": "linked_scan.c"},
    "fx_lsb_by_pointer": {"op": "lsb", "expr": "fx::lsb_by_pointer(&b)"},
    "fx_msb_by_reference": {"op": "msb", "expr": "fx::msb_by_reference(b)"},
    "fx_popcnt": {"op": "popcount", "width": 32, "expr": "fx::popcnt(b)"},
    "fx_popcnt_2": {"op": "popcount", "expr": "fx::popcnt(b)"},
    "fx_Mask_first": {"op": "lsb", "expr": "b.first()"},
    "fx_lowest": {"op": "pop_lsb", "expr": "fx::lowest(b)"},
    "fx_lowest_unsigned_int": {"op": "pop_lsb", "width": 32, "registration": "fx::lowest<unsigned int>,"},
}
# Functions that must be listed as computing no op; "near" ones with the probe that ruled them out.
NEAR = {"fx::lsb_wrong_at_37(unsigned long)": "at 0x0000002000000000 lsb is 37, it returns 38"}
UNMATCHED = {"fx::file_of(int)", "fx::rank_of(unsigned long)"}


def run_discover(args, tree, out, flags):
    """Its exit status and discover.json's functions ([] when it wrote none):
    `out` is emptied first, so an earlier run's files never answer for this one."""
    shutil.rmtree(out, ignore_errors=True)
    cmd = [args.discover, tree, "--out", out, "--timeout", "60"] + (["--"] + flags if flags else [])
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    if not os.path.exists(os.path.join(out, "discover.json")):
        return p.returncode, []
    with open(os.path.join(out, "discover.json"), encoding="utf-8") as f:
        return p.returncode, json.load(f)["functions"]


def check_fixture(args):
    out = os.path.join(args.work, "fixture")
    status, functions = run_discover(args, args.tree, out, [])
    problems = []
    if status != 1:
        problems.append(f"exit status {status}: a refuted classification must make it 1")
    by_name = {f["name"]: f for f in functions if f["classification"] == "classified"}
    for name, want in EXPECTED.items():
        got = by_name.get(name)
        if not got:
            problems.append(f"{name}: not classified")
            continue
        checks = {
            "op": want["op"],
            "width": want.get("width", 64),
            "high_offset": want.get("high_offset", 64),
            "halves": want.get("halves", "low_first"),
            "index_base": want.get("index_base", 0),
            "proof": want.get("proof", "proved"),
            "language": want.get("language", "C++"),
        }
        for key, value in checks.items():
            if got.get(key) != value:
                problems.append(f"{name}: {key} is {got.get(key)!r}, want {value!r}")
        squares = want.get("domain_squares")
        if squares and f"({squares} squares)" not in got["shape"]:
            problems.append(f"{name}: shape {got['shape']!r} is not on {squares} squares")
        if not squares and got["domain"] != "all":
            problems.append(f"{name}: domain {got['domain']!r}, want all")
        if "zero_declared" in want:
            if got["zero"] != want["zero_declared"] or f".zero = {want['zero_declared']}" not in got["registration"]:
                problems.append(f"{name}: zero {got['zero']!r} / {got['registration']!r}: want .zero = {want['zero_declared']}")
        if "registration" in want and want["registration"] not in got["registration"]:
            problems.append(f"{name}: registration {got['registration']!r} lacks {want['registration']!r}")
        if want.get("zero") == "undefined" and not got["zero"].startswith("undefined"):
            problems.append(f"{name}: zero {got['zero']!r}, want undefined")
        if "counterexample" in want and got.get("counterexample", "").lower() != want["counterexample"]:
            problems.append(f"{name}: counterexample {got.get('counterexample')!r}, want {want['counterexample']}")
        if "counterexample" in want and not got.get("replay", "").startswith("replayed on the host"):
            problems.append(f"{name}: counterexample not replayed on the host: {got.get('replay')!r}")
        if "not_registered" in want:
            written = open(os.path.join(out, "discovered_scanners.cpp"), encoding="utf-8").read()
            if want["not_registered"] not in got.get("not_registered", "") or \
                    re.search(r"^SCANPROOF_CANDIDATE\w*\(" + name + ",", written, re.M):
                problems.append(f"{name}: want it unregistered ({want['not_registered']}), got {got.get('registration')!r}")
        elif not got["registration"]:
            problems.append(f"{name}: no registration written ({got.get('not_registered')})")
        if "expr" in want and not (got["registration"].startswith("SCANPROOF_CANDIDATE_EXPR(")
                                   and want["expr"] in got["registration"]):
            problems.append(f"{name}: want an expression calling {want['expr']}, got {got['registration']!r}")
    for name in by_name:
        if name not in EXPECTED:
            problems.append(f"{name}: classified ({by_name[name]['op']}) but it is not a scanner of the fixture")
    unmatched = {f["function"] for f in functions if f["classification"] == "unmatched"}
    for fn, probe in NEAR.items():
        reason = next((f.get("reason", "") for f in functions if f["function"] == fn), None)
        if reason is None or probe not in reason:
            problems.append(f"{fn}: must be unmatched at the probe '{probe}', got {reason!r}")
    for fn in UNMATCHED | set(NEAR):
        if fn not in unmatched:
            problems.append(f"{fn}: must be listed as computing no op")
    for f in functions:
        if f["classification"] == "unmatched" and not f.get("reason", "").startswith("nearest "):
            problems.append(f"{f['function']}: unmatched without the nearest op and the probe: {f.get('reason')!r}")
    for name, want in EXPECTED.items():
        if "includes" in want:
            src = "discovered_scanners.c" if want.get("language") == "C" else "discovered_scanners.cpp"
            path = os.path.join(out, src)
            text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if not re.search(r'#include "[^"]*' + re.escape(want["includes"]) + '"', text):
                problems.append(f"{name}: {src} does not include {want['includes']}, which defines it")
    # The written files compile against the suite's headers as a candidate build compiles them.
    for src, compiler, std in (("discovered_scanners.cpp", args.clangxx, "-std=c++17"),
                               ("discovered_scanners.c", args.clang, "-std=gnu11")):
        path = os.path.join(out, src)
        if not os.path.exists(path):
            problems.append(f"{src} was not written")
            continue
        p = subprocess.run([compiler, std, "-fsyntax-only", "-I", args.core_include, "-I", args.tree, path],
                           capture_output=True, text=True, check=False)
        if p.returncode != 0:
            problems.append(f"{src} does not compile:\n{p.stderr}")
    return problems


def check_engine(args):
    out = os.path.join(args.work, "engine")
    status, functions = run_discover(args, args.engine_src, out, ["-DENGINE_SHOGI", "-std=c++17"])
    problems = [] if status == 0 else [f"exit status {status}, want 0"]
    by_function = {}
    for f in functions:
        if f["classification"] == "classified":
            m = re.match(r"SCANPROOF_CANDIDATE_NAMED\(\w+, ([^,]+), scanproof::op::(\w+)", f["registration"])
            if m:
                by_function[m.group(1)] = (m.group(2), f)
    claimed = set(by_function)
    with open(args.registered, encoding="utf-8") as reg:
        text = re.sub(r"\s+", " ", reg.read())  # one registration may span lines
    for fn, op, opts in re.findall(r"SCANPROOF_CANDIDATE_NAMED\(\w+, ([^,]+), scanproof::op::(\w+)(.*?)\);", text):
        if fn == "engine::popcount<std::uint32_t>":
            continue  # a template instance only the candidate file makes: the engine has no code for it
        fn = fn.replace("engine::popcount<engine::Bitboard>", "engine::popcount<unsigned long>")
        if fn not in by_function:
            problems.append(f"{fn}: registered by hand as {op}, not found")
            continue
        claimed.discard(fn)
        got_op, got = by_function[fn]
        if got_op != op:
            problems.append(f"{fn}: classified {got_op}, registered {op}")
        offset = 63 if ".high_offset = 63" in opts else 64
        # A popcount proved on every 128-bit board is also right on the 63 layout.
        if got["width"] == 128 and got["high_offset"] != offset and not (op == "popcount" and got["high_offset"] == 64):
            problems.append(f"{fn}: high half from square {got['high_offset']}, registered {offset}")
        if got["proof"] != "proved":
            problems.append(f"{fn}: proof {got['proof']}: {got.get('proof_reason')}")
    for fn in claimed:
        problems.append(f"{fn}: claimed ({by_function[fn][0]}) but not registered by hand")
    return problems


def written_file_compiles(args, path):
    """The file compiles as a candidate build compiles it: the suite's
    headers, and its own `// scanproof:` include, define and std lines."""
    if not os.path.exists(path):
        return [f"{path} was not written"]
    text = open(path, encoding="utf-8").read()
    flags = ["-std=" + (re.search(r"^// scanproof: std (\S+)", text, re.M) or [None, "c++17"])[1]]
    flags += ["-I" + os.path.join(os.path.dirname(path), d) for d in re.findall(r"^// scanproof: include (\S+)", text, re.M)]
    flags += ["-D" + d for d in re.findall(r"^// scanproof: define (\S+)", text, re.M)]
    p = subprocess.run([args.clangxx, *flags, "-fsyntax-only", "-I", args.core_include, path],
                       capture_output=True, text=True, check=False)
    return [] if p.returncode == 0 else [f"{path} does not compile:\n{p.stderr}"]


def check_routes(args):
    """A Makefile project and a CMake project: the define that makes the
    scanner exists only in their build, so finding it proves the route."""
    problems = []
    # make_glob: one compile-and-link command over `*.c sub/*.c` (Ethereal's
    # makefile), no -c: every source it globs is a unit with its flags.
    for route, name, how in (("make", "make_lsb", "the compiler commands of `make -n -B"),
                             ("cmake", "cmake_lsb", "its CMake project"),
                             ("make_glob", "glob_lsb", "the compiler commands of `make -n -B")):
        out = os.path.join(args.work, "route-" + route)
        _, functions = run_discover(args, os.path.join(args.routes, route), out, [])
        units = ""
        if os.path.exists(os.path.join(out, "discover.json")):
            with open(os.path.join(out, "discover.json"), encoding="utf-8") as f:
                units = json.load(f)["units"]
        if not units.startswith(how):
            problems.append(f"{route}: units from {units!r}, want them from \"{how}...\"")
        if not any(f.get("name") == name and f.get("op") == "lsb" and f.get("proof") == "proved" for f in functions):
            problems.append(f"{route}: {name} not classified lsb and proved")
        written = os.path.join(out, "discovered_scanners." + ("c" if route == "make_glob" else "cpp"))
        text = open(written, encoding="utf-8").read() if os.path.exists(written) else ""
        if f"// scanproof: define ROUTE_LSB={name}" not in text:
            problems.append(f"{route}: the written file does not carry the project's define ROUTE_LSB={name}")
        if route == "make_glob" and not any(f.get("name") == "glob_sub_msb" and f.get("op") == "msb" and
                                            f.get("proof") == "proved" for f in functions):
            problems.append("make_glob: glob_sub_msb (sub/*.c, globbed by the command) not classified msb and proved")
        if route == "make" and ("// scanproof: option x86 -DUSE_SSE41" not in text or
                                "// scanproof: define USE_SSE41" in text):
            problems.append("make: the x86 build's USE_SSE41 is not an x86 option line of the written file "
                            "(another CPU's build of the engine leaves it out)")
        if route == "make":
            # scan_pieces.hpp is not self-contained (its Word is words.hpp's):
            # the file includes what lib.cpp includes before it, and compiles.
            if not any(f.get("name") == "piece_msb" and f.get("op") == "msb" and f.get("proof") == "proved"
                       for f in functions):
                problems.append("make: piece_msb (in a header that is not self-contained) not classified msb and proved")
            problems += [f"make: {p}" for p in written_file_compiles(args, os.path.join(out, "discovered_scanners.cpp"))]
    # A source that does not compile: what was searched is reported, and the
    # run is incomplete (3), not a clean 0.
    out = os.path.join(args.work, "route-broken")
    status, functions = run_discover(args, os.path.join(args.routes, "..", "broken"), out, [])
    if status != 3:
        problems.append(f"broken: exit status {status}, want 3 (a source did not compile)")
    if not any(f.get("name") == "ok_lsb" and f.get("proof") == "proved" for f in functions):
        problems.append("broken: ok_lsb (in a header that compiles) not classified and proved")
    return problems


RUST = {
    "discover_fixture_lsb": ("lsb", "fn=discover_fixture::lsb"),
    "discover_fixture_popcount": ("popcount", "fn=discover_fixture::popcount"),
    "discover_fixture_Bitboard_first": ("lsb", "board=discover_fixture::Bitboard"),
    "discover_fixture_Bitboard_pop": ("pop_lsb", "board=discover_fixture::Bitboard"),
    "discover_fixture_msb128": ("msb", "width=128"),
    "discover_fixture_shogi_lsb": ("lsb", "pack=array, high_offset=63"),
}


def check_rust(args):
    """A crate: its pub functions and methods classified and proved, the
    candidate crate written with a declaration for each, the pop over a board
    the suite cannot read back named, not declared."""
    out = os.path.join(args.work, "rust")
    status, functions = run_discover(args, args.crate, out, [])
    problems = [] if status == 0 else [f"exit status {status}, want 0"]
    by_name = {f["name"]: f for f in functions if f["classification"] == "classified"}
    for name, (op, text) in RUST.items():
        got = by_name.get(name)
        if not got:
            problems.append(f"{name}: not classified")
        elif got["op"] != op or got["proof"] != "proved" or text not in got["registration"]:
            problems.append(f"{name}: {got['op']}, {got['proof']}, {got['registration']!r}: want {op}, proved, {text}")
    opaque = by_name.get("discover_fixture_Opaque_pop")
    if not opaque or "From" not in opaque.get("not_registered", ""):
        problems.append(f"discover_fixture_Opaque_pop: want it classified and not registered (no From), got {opaque}")
    for name in by_name:
        if name not in RUST and name != "discover_fixture_Opaque_pop":
            problems.append(f"{name}: claimed but not a scanner of the crate")
    lib = os.path.join(out, "discovered_crate", "src", "lib.rs")
    text = open(lib, encoding="utf-8").read() if os.path.exists(lib) else ""
    for name in RUST:
        if f"// scanproof: candidate({name}," not in text:
            problems.append(f"{name}: no declaration in {lib}")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["fixture", "engine", "routes", "rust"])
    ap.add_argument("--crate")
    ap.add_argument("--routes")
    ap.add_argument("--discover", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--tree")
    ap.add_argument("--engine-src")
    ap.add_argument("--registered")
    ap.add_argument("--clang")
    ap.add_argument("--clangxx")
    ap.add_argument("--core-include")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    problems = {"fixture": check_fixture, "engine": check_engine, "routes": check_routes,
                "rust": check_rust}[args.mode](args)
    for p in problems:
        print("FAIL: " + p)
    print(f"discover {args.mode}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
