"""Unit tests of the matrix report (ctest: unit.matrix_report).

testdata/results holds five small targets: host (LE, LZCNT), x86_64-nehalem
(no LZCNT), s390x (BE), mips (BE, 32-bit long), armhf (LE, 32-bit long), and
entries shaped like the catalogue's: a double conversion declared wrong on
big-endian, the same trick as a candidate, __builtin_ctzll with different
zero results, an `l` builtin wrong with 32-bit long, and an LZCNT entry whose
zero expectation does not hold on Nehalem (XPASS). testdata/work is one
target's per-implementation check output with a crash, a hang and a lost run.
"""
import argparse
import contextlib
import io
import json
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import analyse  # noqa: E402
import collect  # noqa: E402
import matrix_report  # noqa: E402
import render  # noqa: E402

DATA = os.path.join(HERE, "testdata")


def report():
    return analyse.analyse(*analyse.load(os.path.join(DATA, "results")))


def finding(r, scope, name):
    return [f for f in r["findings"] if f["scope"] == scope and name in [e["name"] for e in f["implementations"]]]


class Analysis(unittest.TestCase):
    def setUp(self):
        self.r = report()
        self.cells = {i["name"]: i["cells"] for i in self.r["implementations"]}

    def test_targets_sorted_host_first_and_skipped_named(self):
        self.assertEqual([t["target"] for t in self.r["targets"]],
                         ["host", "x86_64-nehalem", "armhf", "mips", "s390x"])
        self.assertEqual(self.r["skipped_targets"][0]["target"], "riscv64")
        self.assertIn("g++-riscv64-linux-gnu", self.r["skipped_targets"][0]["why"])

    def test_big_endian_pattern_is_explained_by_the_fact(self):
        [f] = finding(self.r, "nonzero", "double_conversion")
        self.assertEqual(f["where"], "exactly the big-endian targets")
        self.assertEqual(f["targets"], ["mips", "s390x"])
        names = {e["name"]: e for e in f["implementations"]}
        self.assertEqual(names["double_conversion"]["judged"], ["xfail"])
        # the same trick in a candidate is a failure, in the same finding
        self.assertEqual(names["my_lsb"]["judged"], ["fail"])
        self.assertIn("mips: lsb(0x0000000000000002) expected 1, got -1022", names["my_lsb"]["example"])

    def test_long_and_cpu_patterns(self):
        [f] = finding(self.r, "nonzero", "builtin_ctzl")
        # facts that select the same targets are named together, not guessed between
        self.assertEqual(f["where"], "exactly the 32-bit long targets (on these targets also: 32-bit pointers)")
        [f] = finding(self.r, "nonzero", "lzcnt_intrinsic")
        self.assertEqual(f["where"], "exactly the x86 CPU without LZCNT targets "
                                     "(on these targets also: x86 CPU without BMI1)")

    def test_zero_divergence_without_a_broken_contract(self):
        [d] = [d for d in self.r["divergence"] if d["name"] == "builtin_ctzll"]
        self.assertEqual(d["on"], "zero input")
        self.assertFalse(d["contract_broken"])
        self.assertEqual({g["value"]: g["targets"] for g in d["groups"]},
                         {0: ["mips"], 32: ["armhf"], 64: ["host", "x86_64-nehalem", "s390x"]})

    def test_digest_divergence(self):
        [d] = [d for d in self.r["divergence"] if d["name"] == "double_conversion" and "digest" in d["on"]]
        self.assertTrue(d["contract_broken"])
        self.assertEqual(len(d["groups"]), 2)

    def test_cells(self):
        self.assertEqual(self.cells["lzcnt_intrinsic"]["s390x"]["kind"], "notbuilt")
        self.assertEqual(self.cells["my_lsb"]["s390x"]["kind"], "fail")
        self.assertEqual(self.cells["my_lsb"]["s390x"]["ctest_failed"], ["conformance.lsb.my_lsb.single_bits"])
        self.assertEqual(self.cells["builtin_ctzll"]["mips"]["zero"], 0)

    def test_stale_expectation_and_verdict(self):
        # candidates carry no expectations: my_lsb's FAIL is not listed here
        self.assertEqual([(s["name"], s["target"], s["kind"]) for s in self.r["stale_expectations"]],
                         [("lzcnt_intrinsic", "x86_64-nehalem", "xpass")])
        self.assertEqual(self.r["verdict"], "fail")
        self.assertIn("s390x", self.r["red_targets"])  # its ctest failed


class Toolchains(unittest.TestCase):
    """A toolchain column (ci/matrix --toolchains): host's machine, built at
    -O0, where builtin_ctzll's values differ as if the optimiser mattered."""
    def setUp(self):
        targets, skipped = analyse.load(os.path.join(DATA, "results"))
        o0 = json.loads(json.dumps(next(t for t in targets if t["target"] == "host")))
        o0["target"], o0["facts"]["build_flags"] = "host-gcc12-O0", "-O0"
        row = o0["implementations"]["builtin_ctzll"]
        row["digest"], row["verdict"] = "0xbad", "fail"
        row["checks"][0].update(verdict="fail", input="0x0000000000000001", expected=0, got=-1,
                                message="1 of 64 inputs wrong")
        self.r = analyse.analyse(sorted(targets + [o0], key=lambda t: analyse.target_key(t["target"])), skipped)

    def test_toolchain_columns_follow_host(self):
        self.assertEqual([t["target"] for t in self.r["targets"]][:3], ["host", "host-gcc12-O0", "x86_64-nehalem"])

    def test_same_machine_different_values_is_toolchain_dependent(self):
        [d] = [d for d in self.r["divergence"] if d["name"] == "builtin_ctzll" and "digest" in d["on"]]
        self.assertTrue(d["toolchain_dependent"])
        self.assertIn({"value": "0xbad", "targets": ["host-gcc12-O0"]}, d["groups"])
        # big-endian targets differ from host on other machine facts: not the toolchain's doing
        [d] = [d for d in self.r["divergence"] if d["name"] == "double_conversion" and "digest" in d["on"]]
        self.assertFalse(d["toolchain_dependent"])
        self.assertIn(render.TOOLCHAIN_DEPENDENT, render.markdown(self.r))

    def test_failure_explained_by_the_build_flags(self):
        [f] = finding(self.r, "nonzero", "builtin_ctzll")
        self.assertEqual(f["where"], "exactly the unoptimised (-O0) targets")


class Rendering(unittest.TestCase):
    def setUp(self):
        self.r = report()

    def test_terminal_grid(self):
        text = render.terminal(self.r, colour=False)
        self.assertRegex(text, r"lsb +my_lsb +ok +ok +ok +FAIL +FAIL")
        self.assertIn("FAIL   my_lsb on mips: lsb(0x0000000000000002)=-1022, want 1", text)
        self.assertIn("skipped target riscv64", text)

    def test_markdown_has_every_section(self):
        md = render.markdown(self.r)
        for heading in ("## Findings", "## Value-level divergence", "## Grid", "## Targets",
                        "## Catalogue expectations that did not hold"):
            self.assertIn(heading, md)
        self.assertIn("XFAIL observed (declared)", md)

    def test_html_is_self_contained_and_shows_counterexample_and_zero(self):
        page = render.html_page(self.r)
        self.assertFalse(re.search(r"(src|href)=|<script|https?://", page))
        self.assertIn("lsb(0x0000000000000001)=-1023, want 0", page)
        self.assertIn("zero&rarr;-1023", page)

    def test_render_command_writes_files_and_exits_red(self):
        with tempfile.TemporaryDirectory() as out:
            with contextlib.redirect_stdout(io.StringIO()) as grid:
                rc = matrix_report.main(["render", "--results", os.path.join(DATA, "results"), "--out", out])
            self.assertIn("matrix verdict: fail", grid.getvalue())
            self.assertEqual(rc, 1)
            for f in ("report.json", "report.md", "report.html"):
                self.assertTrue(os.path.getsize(os.path.join(out, f)) > 0)
            with open(os.path.join(out, "report.json")) as fh:
                self.assertEqual(json.load(fh)["verdict"], "fail")


class Collect(unittest.TestCase):
    def test_crash_hang_and_lost_runs_are_rows_not_silence(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "t.json")
            args = argparse.Namespace(target="s390x", status="ok", work=os.path.join(DATA, "work"), log=None,
                                      emulator="qemu-s390x -L /usr/s390x-linux-gnu", labels="conformance",
                                      ctest_rc=0, junit=os.path.join(d, "none.xml"),
                                      timings="build_ms=1500,ctest_ms=2000", out=out)
            self.assertEqual(collect.collect(args), 0)
            with open(out) as fh:
                t = json.load(fh)
        rows = t["implementations"]
        self.assertEqual(rows["good"]["verdict"], "pass")
        self.assertEqual(rows["good"]["digest"], "0x00000000000000ab")
        self.assertEqual(t["facts"]["arch"], "s390x")
        self.assertEqual(t["facts"]["cpu"], "qemu-s390x default CPU model")  # not the host's /proc/cpuinfo
        self.assertEqual(t["timings"], {"build_s": 1.5, "ctest_s": 2.0})
        self.assertEqual(rows["crasher"]["verdict"], "crash")
        self.assertIn("SIGSEGV", rows["crasher"]["message"])
        self.assertIn("uncaught target signal 11", rows["crasher"]["message"])
        self.assertIn("hung", rows["hanger"]["message"])
        self.assertEqual(rows["lost"]["verdict"], "crash")
        self.assertTrue(t["ctest"]["missing"])

    def test_failed_build_gets_a_failing_junit(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "mips-build.log"), "w") as fh:
                fh.write("error: something\n")
            args = argparse.Namespace(target="mips", status="build failed", work=None, log=d, emulator="",
                                      labels="", ctest_rc=0, junit=os.path.join(d, "mips.xml"),
                                      timings="build_ms=100", out=os.path.join(d, "mips.json"))
            collect.collect(args)
            summary = collect.junit_summary(os.path.join(d, "mips.xml"))
        self.assertEqual(summary["failed_tests"], ["matrix.mips.build"])


if __name__ == "__main__":
    unittest.main()
