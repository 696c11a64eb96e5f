"""The matrix report from a results directory (ci/matrix runs this as a
process of its own at its end; run it alone to re-render):

  PYTHONPATH=ci python3 -m report render --results DIR [DIR...] [--expect a,b,...] --out DIR
      merge results/<target>.json, matrix-plan.json (what was asked for) and any
      <target>.proof.json (and <target>.speed.json) into report.json, report.md and report.html, print
      the grid; exit 0 pass, 1 fail, 3 incomplete (ci/matrix --help).
      Several DIRs: a hosted CI's jobs, one report; --expect names the columns
      that were asked for (a job that left no results is then incomplete).
"""
import argparse
import json
import os
import sys

import results_format

from . import analyse
from . import render
from . import speed_report


def render_all(results, out, expect=()):
    targets, plan, proofs = analyse.load(results, expect)
    r = speed_report.attach(analyse.analyse(targets, plan, proofs), speed_report.load(results))
    os.makedirs(out, exist_ok=True)
    json_file, md_file, html_file = results_format.REPORT_FILES
    with open(os.path.join(out, json_file), "w", encoding="utf-8") as f:
        json.dump(r, f, indent=1)
    with open(os.path.join(out, md_file), "w", encoding="utf-8") as f:
        f.write(render.markdown(r))
    with open(os.path.join(out, html_file), "w", encoding="utf-8") as f:
        f.write(render.html_page(r))
    sys.stdout.write(render.terminal(r, colour=sys.stdout.isatty()))
    print(f"report: {os.path.join(out, 'report.html')} (also report.md, report.json, junit/)")
    kinds = [c["kind"] for i in r["implementations"] for c in i["cells"].values()]
    passed = sum(k in ("pass", "xfail") for k in kinds)
    skipped = sum(k in analyse.NOT_RUN for k in kinds)
    failed = sum(k in analyse.RED for k in kinds)
    print(f"matrix: {passed} passed, {failed} failed, {skipped} skipped")
    return r["exit_status"]


def main(argv):
    p = argparse.ArgumentParser(prog="python3 -m report")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render")
    r.add_argument("--results", required=True, nargs="+")
    r.add_argument("--expect", default="", help="comma-separated columns asked for")
    r.add_argument("--out", required=True)
    args = p.parse_args(argv)
    return render_all(args.results, args.out, [x for x in args.expect.split(",") if x])
