#!/usr/bin/env python3
"""ci/matrix's report tool.

  matrix_report.py collect --target T --status ok --work DIR ... --out results/T.json
      merge one target's per-implementation check results and ctest's JUnit
  matrix_report.py render --results DIR --out DIR
      merge every target into report.json, report.md, report.html and print the
      grid; exit 1 if any cell or target is red (FAIL, XPASS, crash, no build)
"""
import argparse
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyse  # noqa: E402
import collect  # noqa: E402
import render  # noqa: E402


def render_all(args):
    targets, skipped = analyse.load(args.results)
    if not targets:
        print(f"matrix_report: no results in {args.results}", file=sys.stderr)
        return 2
    r = analyse.analyse(targets, skipped)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "report.json"), "w", encoding="utf-8") as f:
        json.dump(r, f, indent=1)
    with open(os.path.join(args.out, "report.md"), "w", encoding="utf-8") as f:
        f.write(render.markdown(r))
    with open(os.path.join(args.out, "report.html"), "w", encoding="utf-8") as f:
        f.write(render.html_page(r))
    sys.stdout.write(render.terminal(r, colour=sys.stdout.isatty()))
    print(f"report: {os.path.join(args.out, 'report.html')} (also report.md, report.json, junit/)")
    kinds = [c["kind"] for i in r["implementations"] for c in i["cells"].values()]
    passed = sum(k in ("pass", "xfail") for k in kinds)
    skipped = sum(k in ("skip", "notbuilt") for k in kinds)
    failed = sum(k in analyse.RED for k in kinds)
    print(f"matrix: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if r["verdict"] == "fail" else 0


def main(argv):
    p = argparse.ArgumentParser(prog="matrix_report.py")
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--target", required=True)
    c.add_argument("--status", required=True)
    c.add_argument("--work")
    c.add_argument("--log")
    c.add_argument("--emulator", default="")
    c.add_argument("--labels", default="")
    c.add_argument("--ctest-rc", type=int, default=0)
    c.add_argument("--junit")
    c.add_argument("--timings", default="")
    c.add_argument("--flags", default="", help="how the column was built, e.g. '-O0' or '-O1 ASan+UBSan'")
    c.add_argument("--out", required=True)
    r = sub.add_parser("render")
    r.add_argument("--results", required=True)
    r.add_argument("--out", required=True)
    args = p.parse_args(argv)
    return collect.collect(args) if args.cmd == "collect" else render_all(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
