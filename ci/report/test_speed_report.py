"""unit.speed.Report, unit.speed.ShownShapes (the report's side): the speed section
of the matrix report from a results directory's speed data, as
ci/matrixjob/speed.py writes it (results/<target>.speed.json): the fastest
conforming scanners, the Shogi plan's targets, the host's measurement beside
the model's figure, and its faces. No timing is asserted: the figures are given."""
import json
import os
import unittest

from . import analyse
from . import render
from . import speed_render
from . import speed_report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The host's measurement as the runner stores it (bench_json.parse of the
# bench's JSON; ci/matrixjob/test_speed.py BenchJson).
MEASURED = {"ghz": 4.0, "unit": "cycles", "clock": "core clock 4.0 GHz", "cpu": "",
            "implementations": {"a": {"op": "lsb", "throughput": 2.0, "latency": 10.0}}}


def fake_report(wide=False):
    """A two-target report: host (measured) and aarch64 (two CPU models);
    wide: with a conforming 128-bit lsb, w, fastest of all by the model."""
    impls = (("a", "pass"), ("b", "pass"), ("c", "xfail")) + ((("w", "pass"),) if wide else ())
    targets = [{"target": t, "status": "ok", "facts": {"arch": t, "big_endian": False, "long_bits": 64,
                                                       "pointer_bits": 64}, "ctest": {}, "implementations": {
        n: dict({"op": "lsb", "candidate": False, "provenance": "", "zero_declared": "", "expectations": [],
                 "verdict": v, "checks": []}, **({"width": 128, "op_label": "lsb128"} if n == "w" else {}))
        for n, v in impls}}
        for t in ("host", "aarch64")]
    r = analyse.analyse(targets, {"requested": ["host", "aarch64", "s390x"], "not_run": []})
    est = {"a": (2.0, 10.0), "b": (12.0, 20.0), "c": (1.0, 3.0)}
    if wide:
        est["w"] = (0.5, 1.0)
    speeds = {
        "host": {"target": "host", "triple": "x86_64-linux-gnu", "cpus": [{"cpu": "native", "resolved": "znver4",
                                                                          "why": ""}],
                 "implementations": {n: {"op": "lsb", "instructions": "none",
                                         "estimates": {"native": {"throughput": x, "latency": y}}}
                                     for n, (x, y) in est.items()},
                 "measured": MEASURED},
        "aarch64": {"target": "aarch64", "triple": "aarch64-linux-gnu",
                    "cpus": [{"cpu": "cortex-a53", "resolved": "cortex-a53", "why": ""},
                             {"cpu": "apple-m1", "resolved": "apple-a14", "why": ""}],
                    "implementations": {"a": {"op": "lsb", "instructions": "rbit, clz",
                                              "loop": {"rule": "set bits", "reason": "why", "trips": {"single": 1}},
                                              "estimates": {"cortex-a53": {"throughput": 11.0, "latency": 12.0},
                                                            "apple-m1": {"throughput": 1.5, "latency": 4.0}}},
                                        "b": {"op": "lsb", "why": "an indirect call", "estimates": {}}}},
        "sparc64": {"target": "sparc64", "not_estimated": "no scheduling model in llvm-mca-19 for sparc64"}}
    return speed_report.attach(r, speeds)


class ShownShapes(unittest.TestCase):
    """Entries of other shapes (width, op_label) are shown beside the others
    but ranked only against their own shape."""

    def test_a_128_bit_entry_is_shown_but_not_ranked_against_64_bit_ones(self):
        r = fake_report(wide=True)
        names = [b["name"] for row in r["speed"]["fastest"]["lsb"] for b in row["best"]]
        self.assertNotIn("w", names)
        self.assertIn("a", names)
        md, term = render.markdown(r), render.terminal(r, colour=False)
        self.assertIn("| `w [lsb128]` | 0.5 / 1 |", md)
        self.assertRegex(term, r"w \[lsb128\] +\S+ +\S+ +0\.5")
        self.assertEqual(speed_report.shogi_target("popcount32"), speed_report.shogi_target("popcount"))


class Report(unittest.TestCase):
    def test_fastest_conforming_and_shogi_target(self):
        r = fake_report()
        rows = {(x["target"], x["cpu"]): x for x in r["speed"]["fastest"]["lsb"]}
        host = rows[("host", "native")]
        self.assertEqual(host["best"][0]["name"], "a")  # c is faster but not conforming (xfail)
        self.assertTrue(host["best"][0]["meets_shogi_target"])
        self.assertEqual(host["meeting"], 1)  # b: 12 cycles, over the bit scan's 10
        self.assertFalse(rows[("aarch64", "cortex-a53")]["best"][0]["meets_shogi_target"])
        self.assertTrue(rows[("aarch64", "apple-m1")]["best"][0]["meets_shogi_target"])

    def test_host_ratio_is_the_models_error(self):
        h = fake_report()["speed"]["host"]
        a = next(x for x in h["rows"] if x["name"] == "a")
        self.assertEqual((a["measured_throughput"], a["model_throughput"], a["ratio_throughput"]), (2.0, 2.0, 1.0))
        self.assertEqual(h["label"], "model estimate (llvm-mca, CPU model znver4)")

    def test_cells_and_faces(self):
        r = fake_report()
        cell = next(i for i in r["implementations"] if i["name"] == "a")["cells"]["aarch64"]
        self.assertIn("loop: estimate per iteration × N", cell["speed"]["loop"])
        md, page, term = render.markdown(r), render.html_page(r), render.terminal(r, colour=False)
        for text in (md, page, term):
            self.assertIn("model estimate (llvm-mca", text.replace("Model estimates (llvm-mca", "model estimate (llvm-mca"))
            self.assertIn("sparc64", text)  # no scheduling model: said, with why
            self.assertIn("s390x", text)  # asked for, did not run: said too
        self.assertTrue(term.rstrip().splitlines()[-1].startswith("matrix verdict:"))  # still the last line
        self.assertIn("class='sortable'", page)
        json.dumps(r)  # report.json stays JSON

    def test_shogi_targets_match_the_bench(self):
        with open(os.path.join(ROOT, "bench", "table.hpp"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn(f"o == op::popcount ? {speed_report.shogi_target('popcount')} : "
                      f"{speed_report.shogi_target('lsb')}", text)

    def test_no_speed_no_section(self):
        r = analyse.analyse([], {"requested": ["host"], "not_run": []})
        self.assertNotIn("speed", speed_report.attach(r, {}))
        self.assertEqual(speed_render.markdown(r), "")


if __name__ == "__main__":
    unittest.main()
