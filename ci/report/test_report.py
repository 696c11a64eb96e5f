"""Unit tests of the matrix report (ctest: unit.matrix_report), on files only:
nothing of the runner (ci/matrixjob) is imported.

testdata/results holds five small targets: host (LE, LZCNT), x86_64-nehalem
(no LZCNT), s390x (BE), mips (BE, ILP32), armhf (LE, ILP32), entries shaped
like the catalogue's (a double conversion declared wrong on big-endian, the
same trick as a candidate, __builtin_ctzll with different zero results, an `l`
builtin wrong with 32-bit long, an LZCNT entry whose zero expectation does not
hold on Nehalem: XPASS; shapes: a 128-bit two-half candidate, YaneuraOu's
63-offset layout, wrong on big-endian, and a 64-bit entry with a declared
50-square domain), and matrix-plan.json: riscv64 was asked for and could
not run. testdata/collected-s390x.json is what the runner collects from one
target's ctest run (ci/matrixjob/testdata/collect; its test_collect checks
that it still collects exactly this).
"""
import contextlib
import copy
import io
import json
import os
import re
import shutil
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
from . import analyse
from . import command
from . import render

DATA = os.path.join(HERE, "testdata")


def loaded():
    return analyse.load(os.path.join(DATA, "results"))


def report():
    return analyse.analyse(*loaded())


def finding(r, scope, name):
    return [f for f in r["findings"] if f["scope"] == scope and name in [e["name"] for e in f["implementations"]]]


def only(targets, names):
    return [t for t in targets if t["target"] in names]


class Analysis(unittest.TestCase):
    def setUp(self):
        self.r = report()
        self.cells = {i["name"]: i["cells"] for i in self.r["implementations"]}

    def test_targets_sorted_host_first_and_the_one_that_did_not_run_named(self):
        self.assertEqual([t["target"] for t in self.r["targets"]],
                         ["host", "x86_64-nehalem", "armhf", "mips", "s390x"])
        [i] = self.r["incomplete_targets"]
        self.assertEqual(i["target"], "riscv64")
        self.assertIn("did not run: riscv64-linux-gnu-g++ not installed", i["why"])

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
        # the data model names the kind of 32-bit long; facts that select the
        # same targets are named together, not guessed between
        self.assertEqual(f["where"], "exactly the 32-bit long (ILP32) targets "
                                     "(on these targets also: 32-bit long, 32-bit pointers)")
        [f] = finding(self.r, "nonzero", "lzcnt_intrinsic")
        self.assertEqual(f["where"], "exactly the x86 CPU without LZCNT targets "
                                     "(on these targets also: x86 CPU without BMI1)")

    def test_llp64_is_told_apart_from_ilp32(self):
        targets, plan, _ = loaded()
        win = copy.deepcopy(next(t for t in targets if t["target"] == "host"))
        win["target"] = "x86_64-windows"
        win["facts"].update(long_bits=32, data_model="LLP64")
        win["implementations"]["builtin_ctzl"] = copy.deepcopy(
            next(t for t in targets if t["target"] == "armhf")["implementations"]["builtin_ctzl"])
        plan = dict(plan, requested=plan["requested"] + ["x86_64-windows"])
        r = analyse.analyse(targets + [win], plan)
        [f] = finding(r, "nonzero", "builtin_ctzl")
        self.assertEqual(f["where"], "exactly the 32-bit long targets")
        r = analyse.analyse(only(targets, {"host"}) + [win], dict(plan, requested=["host", "x86_64-windows"]))
        [f] = finding(r, "nonzero", "builtin_ctzl")
        self.assertTrue(f["where"].startswith("exactly the 32-bit long (LLP64) targets"))

    def test_zero_divergence_without_a_broken_contract(self):
        [d] = [d for d in self.r["divergence"] if d["name"] == "builtin_ctzll"]
        self.assertEqual(d["on"], "zero input")
        self.assertFalse(d["contract_broken"])
        self.assertEqual({g["value"]: g["targets"] for g in d["groups"]},
                         {0: ["mips"], 32: ["armhf"], 64: ["host", "x86_64-nehalem", "s390x"]})

    def test_one_listing_in_two_languages(self):
        targets, plan, proofs = copy.deepcopy(loaded())
        for t in targets:
            if t["target"] not in ("host", "s390x"):
                continue
            row = t["implementations"]["builtin_ctzl"]
            t["implementations"]["cpp_scan"] = dict(row, language="C++", same_listing="")
            t["implementations"]["rs_scan"] = dict(row, language="Rust", same_listing="cpp_scan",
                                                   digest="0x2" if t["target"] == "host" else row["digest"])
        r = analyse.analyse(targets, plan, proofs)
        [d] = r["listing_differences"]  # s390x: the same values
        self.assertEqual((d["name"], d["twin"], d["target"], d["value"], d["twin_value"]),
                         ("rs_scan", "cpp_scan", "host", "0x2", "0x1"))
        self.assertIn("rs_scan and cpp_scan (one listing) differ on host, nonzero canonical inputs (digest)",
                      render.markdown(r))
        self.assertIn("None: where both ran, they agree.", render.markdown(self.r))

    def test_digest_divergence(self):
        [d] = [d for d in self.r["divergence"] if d["name"] == "double_conversion" and "digest" in d["on"]]
        self.assertTrue(d["contract_broken"])
        self.assertEqual(len(d["groups"]), 2)

    def test_cells(self):
        self.assertEqual(self.cells["lzcnt_intrinsic"]["s390x"]["kind"], "notbuilt")
        self.assertEqual(self.cells["my_lsb"]["s390x"]["kind"], "fail")
        self.assertEqual(self.cells["my_lsb"]["s390x"]["ctest_failed"], ["conformance.lsb.my_lsb.single_bits"])
        self.assertEqual(self.cells["builtin_ctzll"]["mips"]["zero"], 0)

    def test_a_two_half_entry_carries_its_shape_and_its_counterexample_as_given(self):
        [yane] = [i for i in self.r["implementations"] if i["name"] == "yane_lsb"]
        self.assertEqual((yane["op"], yane["op_label"], yane["width"], yane["argument"], yane["high_offset"],
                          yane["index_base"]), ("lsb", "lsb128", 128, "halves", 63, 1))
        self.assertEqual(yane["shape"], "128-bit two halves (lo, hi), high half from square 63, squares from 1")
        self.assertEqual(self.cells["yane_lsb"]["host"]["kind"], "pass")
        ce = self.cells["yane_lsb"]["mips"]["counterexample"]  # fewest bits first: one bit, in the high half
        self.assertEqual((ce["input"], ce["expected"], ce["got"], ce["check"]),
                         ("{lo=0x0000000000000000, hi=0x0000000000000001}", 64, 8, "single_bits"))
        [f] = finding(self.r, "nonzero", "yane_lsb")
        self.assertEqual(f["where"], "exactly the big-endian targets")
        [e] = [e for e in f["implementations"] if e["name"] == "yane_lsb"]
        self.assertEqual((e["op"], e["op_label"]), ("lsb", "lsb128"))
        self.assertEqual(e["example"], "mips: lsb128({lo=0x0000000000000000, hi=0x0000000000000001}) expected 64, got 8")

    def test_a_declared_domain_is_carried_and_64_bit_fields_keep_their_meaning(self):
        [dr] = [i for i in self.r["implementations"] if i["name"] == "draughts_lsb"]
        self.assertEqual((dr["op"], dr["op_label"], dr["width"], dr["domain"]), ("lsb", "lsb", 64, "0x7df3ef9f7cfbe7df"))
        self.assertEqual({c["kind"] for c in self.cells["draughts_lsb"].values()}, {"pass"})
        [plain] = [i for i in self.r["implementations"] if i["name"] == "my_lsb"]  # no shape in its rows: the defaults
        self.assertEqual((plain["op"], plain["op_label"], plain["width"], plain["domain"], plain["shape"]),
                         ("lsb", "lsb", 64, "all", "64-bit"))
        # per op, 64-bit entries first, then the other widths
        self.assertEqual([i["name"] for i in self.r["implementations"] if i["op"] == "lsb"],
                         ["double_conversion", "draughts_lsb", "my_lsb", "yane_lsb"])

    def test_counterexample_inputs_in_every_shape_parse(self):
        self.assertEqual(analyse.input_value("0x1f"), 0x1f)  # 8 bits
        self.assertEqual(analyse.input_value("0x0000000000000100"), 0x100)
        self.assertEqual(analyse.input_value("0x00000001000000000000000000000002"), (1 << 96) | 2)  # __int128
        self.assertEqual(analyse.input_value("{lo=0x0000000000000002, hi=0x8000000000000000}"), (1 << 127) | 2)
        self.assertEqual(analyse.input_value("256"), 256)
        self.assertIsNone(analyse.input_value("{lo=?}"))
        # the cell's example is the input with the fewest set bits, whatever its form
        row = {"op": "lsb", "op_label": "lsb128", "verdict": "fail", "checks": [
            {"check": "bit_pairs", "verdict": "fail", "input": "{lo=0x0000000000000003, hi=0x0000000000000000}",
             "expected": 0, "got": 1, "message": ""},
            {"check": "single_bits", "verdict": "fail", "input": "{lo=0x0000000000000000, hi=0x4000000000000000}",
             "expected": 125, "got": 0, "message": ""}]}
        cell = analyse.make_cell("lsb128", "w", row, {})
        self.assertEqual(cell["counterexample"]["check"], "single_bits")

    def test_a_pop_ops_counterexample_shows_the_board_before_and_after(self):
        row = {"op": "pop_msb", "op_label": "pop_msb", "verdict": "xfail", "checks": [
            {"check": "bit_pairs", "verdict": "xfail", "input": "0x0000000000000003", "expected": 1, "got": 1,
             "expected_after": "0x0000000000000001", "got_after": "0x0000000000000002", "message": ""}]}
        ce = analyse.make_cell("pop_msb", "w", row, {})["counterexample"]
        self.assertEqual(analyse.describe_counterexample("pop_msb", ce),
                         "pop_msb(0x0000000000000003) expected 1 leaving 0x0000000000000001, "
                         "got 1 leaving 0x0000000000000002")
        self.assertEqual(render.short("pop_msb", ce), "pop_msb(0x0000000000000003)=1 leaving 0x0000000000000002, "
                                                      "want 1 leaving 0x0000000000000001")
        self.assertEqual(analyse.OP_ORDER[-2:], ["pop_lsb", "pop_msb"])  # rows sort after the five scans

    def test_a_failed_test_named_by_the_op_label_or_the_op_is_the_cells(self):
        targets, plan, proofs = loaded()
        targets = copy.deepcopy(targets)
        [host] = [t for t in targets if t["target"] == "host"]
        host["ctest"].update(failures=2, failed_tests=["properties.lsb128.yane_lsb.p", "properties.lsb.draughts_lsb.q"])
        r = analyse.analyse(targets, plan, proofs)
        cells = {i["name"]: i["cells"]["host"] for i in r["implementations"]}
        self.assertEqual(cells["yane_lsb"]["ctest_failed"], ["properties.lsb128.yane_lsb.p"])
        self.assertEqual(cells["draughts_lsb"]["ctest_failed"], ["properties.lsb.draughts_lsb.q"])
        self.assertNotIn("properties.lsb128", r["headline"])  # not stray: the cells show them

    def test_stale_expectation_and_verdict(self):
        # candidates carry no expectations: my_lsb's FAIL is not listed here
        self.assertEqual([(s["name"], s["target"], s["kind"]) for s in self.r["stale_expectations"]],
                         [("lzcnt_intrinsic", "x86_64-nehalem", "xpass")])
        self.assertEqual(self.r["verdict"], "fail")
        self.assertEqual(self.r["exit_status"], 1)
        self.assertIn("s390x", self.r["red_targets"])  # its ctest failed
        # a failure found does not hide what did not run
        self.assertIn("did not run to the end: riscv64", self.r["headline"])


class Verdict(unittest.TestCase):
    """`pass` only when every target asked for ran to its end: a host-only or
    partial run is never reported as a plain pass."""
    def setUp(self):
        targets, self.plan, _ = loaded()
        self.green = []
        for t in targets:  # the fixture's targets with every failure taken out
            if t["target"] in ("host", "armhf"):
                t = copy.deepcopy(t)
                t["implementations"].pop("my_lsb")
                t["implementations"]["builtin_ctzl"]["verdict"] = "pass"
                t["implementations"]["builtin_ctzl"]["checks"] = []
                self.green.append(t)

    def test_host_alone_asked_for_passes_on_host_only(self):
        r = analyse.analyse(only(self.green, {"host"}), {"requested": ["host"], "not_run": []})
        self.assertEqual((r["verdict"], r["exit_status"]), ("pass", 0))
        self.assertEqual(r["headline"], "pass on host")

    def test_host_alone_when_every_target_was_asked_for_is_incomplete(self):
        r = analyse.analyse(only(self.green, {"host"}), self.plan)
        self.assertEqual((r["verdict"], r["exit_status"]), ("incomplete", 3))
        self.assertTrue(r["headline"].startswith("incomplete: 1 of 6 targets asked for ran to their end"))
        missing = {i["target"]: i["why"] for i in r["incomplete_targets"]}
        self.assertEqual(set(missing), {"x86_64-nehalem", "armhf", "mips", "riscv64", "s390x"})
        self.assertIn("g++-riscv64-linux-gnu", missing["riscv64"])
        self.assertEqual(missing["mips"], "asked for, but no results")
        text = render.terminal(r, colour=False)
        self.assertIn("matrix verdict: incomplete", text)
        self.assertNotIn("verdict: pass", text)
        self.assertTrue(render.markdown(r).startswith("# scanproof matrix verdict: incomplete"))
        self.assertIn("verdict-incomplete'>incomplete", render.html_page(r).split("<h1>")[1].split("</h1>")[0])

    def test_a_failed_test_of_no_cell_is_named_in_the_headline(self):
        # A timed-out fuzz corpus replay fails the target with no red cell:
        # the headline names the test, so "0 red cells" is never unexplained.
        plan = {"requested": ["host", "armhf"], "not_run": []}
        red = copy.deepcopy(self.green)
        red[1]["ctest"] = dict(red[1]["ctest"], failures=1, failed_tests=["fuzz-regression.bitscan_fuzzer.corpus"])
        r = analyse.analyse(red, plan)
        self.assertEqual((r["verdict"], r["red_cells"]), ("fail", 0))
        self.assertIn("failing targets: armhf (fuzz-regression.bitscan_fuzzer.corpus)", r["headline"])

    def test_a_build_stopped_by_a_candidate_files_mistake_is_its_failure(self):
        plan = {"requested": ["host", "armhf"], "not_run": []}
        broken = copy.deepcopy(self.green)
        why = "/c/empty.rs: registers no candidate (expected at least one `// scanproof: candidate(name, op)` line"
        broken[1].update(status="build failed (see logs/armhf-build.log)", implementations={},
                         incomplete=["build failed (see logs/armhf-build.log)"], candidate_errors=[why])
        r = analyse.analyse(broken, plan)
        self.assertEqual((r["verdict"], r["exit_status"]), ("fail", 1))
        self.assertIn("failing targets: armhf (" + why, r["headline"])
        # With the file's row the runner adds (run._blamed_rows, as collect.probe_rows
        # writes it), the grid has a red cell for it there with its words, and the others are LOST.
        broken[1]["implementations"] = {"empty.rs": {
            "op": "?", "candidate": True, "provenance": "", "expectations": [], "source": "/c/empty.rs",
            "built": False, "zero_declared": None, "verdict": "fail", "message": why,
            "width": 64, "op_label": "?", "argument": "integer", "high_offset": 64, "index_base": 0,
            "domain": "", "shape": "unknown (not built)"}}
        r = analyse.analyse(broken, plan)
        cells = {i["name"]: i["cells"].get("armhf") for i in r["implementations"]}
        self.assertEqual((cells["empty.rs"]["kind"], cells["empty.rs"]["note"]), ("fail", why))
        self.assertEqual({c["kind"] for n, c in cells.items() if n != "empty.rs"}, {"incomplete"})
        self.assertIn(f"FAIL   empty.rs on armhf: {why}", render.terminal(r, colour=False))
        self.assertNotIn("empty.rs: unknown (not built)", render.terminal(r, colour=False))  # no shape to list
        self.assertIn(f"FAIL `{why}`", render.markdown(r))

    def test_a_target_that_did_not_build_or_was_cut_short_is_incomplete(self):
        plan = {"requested": ["host", "armhf"], "not_run": []}
        r = analyse.analyse(self.green, plan)
        self.assertEqual(r["headline"], "pass on all 2 targets asked for (host, armhf)")
        broken = copy.deepcopy(self.green)
        broken[1].update(status="build failed (see logs/armhf-build.log)", implementations={},
                         incomplete=["build failed (see logs/armhf-build.log)"])
        r = analyse.analyse(broken, plan)
        self.assertEqual(r["verdict"], "incomplete")
        self.assertIn("armhf (build failed", r["headline"])
        cut = copy.deepcopy(self.green)
        cut[1]["ctest"] = dict(cut[1]["ctest"], missing=True)
        cut[1]["incomplete"] = ["ctest wrote no JUnit report (it did not finish)"]  # as the runner says it
        self.assertEqual(analyse.analyse(cut, plan)["verdict"], "incomplete")

    def test_an_implementation_lost_for_no_fault_of_its_own_makes_the_target_incomplete(self):
        lost = copy.deepcopy(self.green)
        lost[0]["implementations"]["builtin_ctzll"].update(verdict="incomplete", message="no result file")
        lost[0]["incomplete"] = ["1 implementations did not run to their end: builtin_ctzll"]
        r = analyse.analyse(lost, {"requested": ["host", "armhf"], "not_run": []})
        self.assertEqual(r["verdict"], "incomplete")
        self.assertIn("builtin_ctzll", r["headline"])
        self.assertRegex(render.terminal(r, colour=False), r"ctz +builtin_ctzll +LOST +ok")

    def test_without_a_plan_the_verdict_says_what_it_is_about(self):
        targets, _, _ = loaded()
        r = analyse.analyse(*analyse.load(self._dir_with(only(self.green, {"host"}))))
        self.assertTrue(r["headline"].startswith("pass on host"))
        self.assertIn("no matrix-plan.json", r["headline"])
        self.assertEqual(len(targets), 5)

    def _dir_with(self, targets):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        for t in targets:
            with open(os.path.join(d, t["target"] + ".json"), "w") as f:
                json.dump(t, f)
        return d

    def test_hosted_jobs_merge_into_one_verdict_and_a_lost_job_is_named(self):
        host, armhf = self._dir_with(only(self.green, {"host"})), self._dir_with(only(self.green, {"armhf"}))
        for d, t in ((host, "host"), (armhf, "armhf")):
            with open(os.path.join(d, analyse.PLAN), "w") as f:
                json.dump({"requested": [t], "not_run": []}, f)
        r = analyse.analyse(*analyse.load([host, armhf]))
        self.assertEqual(r["headline"], "pass on all 2 targets asked for (host, armhf)")
        with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
            rc = command.main(["render", "--results", host, armhf, "--expect", "host,armhf,s390x",
                                     "--out", out])
        self.assertEqual(rc, 3)

    def test_proof_marks_are_shown_where_a_proof_file_exists(self):
        d = self._dir_with(only(self.green, {"host"}))
        with open(os.path.join(d, "host.proof.json"), "w") as f:
            json.dump({"implementations": [{"name": "builtin_ctzll", "verdict": "proved"},
                                           {"name": "double_conversion", "verdict": "not provable"}]}, f)
        r = analyse.analyse(*analyse.load(d))
        cells = {i["name"]: i["cells"]["host"] for i in r["implementations"]}
        self.assertEqual(cells["builtin_ctzll"]["proof"], "proved")
        self.assertEqual(cells["double_conversion"]["proof"], "not provable")
        self.assertEqual([t["target"] for t in r["targets"]], ["host"])  # the proof file is no target
        self.assertIn("class=\"proved\"", render.html_page(r))
        self.assertIn("ok proved", render.markdown(r))

    def test_a_proof_counterexample_fails_and_a_missing_proof_is_incomplete(self):
        d = self._dir_with(only(self.green, {"host"}))
        with open(os.path.join(d, analyse.PLAN), "w") as f:
            json.dump({"requested": ["host"], "not_run": [], "proof_asked": ["host"]}, f)
        r = analyse.analyse(*analyse.load(d))
        self.assertEqual(r["verdict"], "incomplete")  # proofs asked for, none written
        self.assertIn("scanproof prove did not run to its end", r["headline"])
        with open(os.path.join(d, "host.proof.json"), "w") as f:
            json.dump({"triple": "x86_64-pc-linux-gnu", "implementations": [
                {"name": "builtin_ctzll", "verdict": "counterexample", "result": "FAIL",
                 "input": "0x0000000000000001", "expected_value": 0, "got": 64}]}, f)
        r = analyse.analyse(*analyse.load(d))
        self.assertEqual(r["verdict"], "fail")
        cell = {i["name"]: i["cells"]["host"] for i in r["implementations"]}["builtin_ctzll"]
        self.assertIn("must return 0, the IR returns 64", cell["proof_fail"])
        self.assertIn("PROOF  builtin_ctzll on host", render.terminal(r, False))
        ub = analyse.make_cell("lsb", "x", {"verdict": "pass", "checks": []}, {"target": "host"},
                               {"verdict": "counterexample", "result": "FAIL", "input": "0x0000000000000001",
                                "expected_value": 0, "got": 0,
                                "reason": "nonzero inputs: undefined behaviour at this input: shift"})
        self.assertEqual(ub["proof_fail"], "counterexample at 0x0000000000000001: nonzero inputs: undefined "
                                           "behaviour at this input: shift")
        self.assertIn("## Proofs", render.markdown(r))
        self.assertIn("- **host**: 1 counterexample", render.markdown(r))
        self.assertIn("<li><b>host</b>: 1 counterexample", render.html_page(r))
        with open(os.path.join(d, "host.proof.json"), "w") as f:
            json.dump({"target": "host", "error": "the prover is not built"}, f)
        r = analyse.analyse(*analyse.load(d))
        self.assertEqual(r["verdict"], "incomplete")
        self.assertIn("the prover is not built", r["headline"])


class Toolchains(unittest.TestCase):
    """A toolchain column (ci/matrix --toolchains): host's machine, built at
    -O0, where builtin_ctzll's values differ as if the optimiser mattered."""
    def setUp(self):
        targets, plan, _ = loaded()
        o0 = copy.deepcopy(next(t for t in targets if t["target"] == "host"))
        o0["target"], o0["facts"]["build_flags"] = "host-gcc12-O0", "-O0"
        row = o0["implementations"]["builtin_ctzll"]
        row["digest"], row["verdict"] = "0xbad", "fail"
        row["checks"][0].update(verdict="fail", input="0x0000000000000001", expected=0, got=-1,
                                message="1 of 64 inputs wrong")
        plan = dict(plan, requested=plan["requested"] + ["host-gcc12-O0"])
        self.r = analyse.analyse(sorted(targets + [o0], key=lambda t: analyse.target_key(t["target"])), plan)

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
        self.assertIn("NOT COMPLETE riscv64: did not run", text)

    def test_shapes_and_domains_beside_the_verdicts(self):
        text = render.terminal(self.r, colour=False)
        self.assertRegex(text, r"lsb128 +yane_lsb +ok +ok +ok +FAIL +FAIL")
        self.assertIn("FAIL   yane_lsb on mips: lsb128({lo=0x0000000000000000, hi=0x0000000000000001})=8, want 64",
                      text)
        self.assertIn("  lsb128    yane_lsb: 128-bit two halves (lo, hi), high half from square 63, squares from 1", text)
        self.assertIn("  lsb       draughts_lsb: 64-bit, domain 0x7df3ef9f7cfbe7df (50 squares)", text)
        md = render.markdown(self.r)
        self.assertIn("| op | implementation | shape | domain | host |", md)
        self.assertIn("| lsb128 | `yane_lsb` (candidate) | 128-bit two halves (lo, hi), high half from square 63, "
                      "squares from 1 |  | ok | ok | ok | FAIL `lsb128({lo=0x0000000000000000, "
                      "hi=0x0000000000000001})=8, want 64` |", md)
        self.assertIn("| lsb | `draughts_lsb` | 64-bit, domain 0x7df3ef9f7cfbe7df (50 squares) | `0x7df3ef9f7cfbe7df` |",
                      md)
        self.assertIn("| lsb | `my_lsb` (candidate) | 64-bit |  |", md)
        self.assertIn("`yane_lsb` (lsb128) | FAIL (candidate) | mips: lsb128({lo=", md)  # the finding
        page = render.html_page(self.r)
        self.assertIn("<td>lsb128</td><td class='name' title='test'><code>yane_lsb</code>", page)
        self.assertIn("<td class='shape'>64-bit, domain 0x7df3ef9f7cfbe7df (50 squares)</td>"
                      "<td class='ce'>0x7df3ef9f7cfbe7df</td>", page)
        self.assertIn("lsb128({lo=0x0000000000000000, hi=0x0000000000000001})=8, want 64", page)

    def test_columns_name_their_compiler_and_emulator_versions(self):
        r = copy.deepcopy(self.r)
        r["targets"][0]["versions"] = {"compiler": "gcc (Debian 12.2.0) 12.2.0", "emulator": "qemu-x version 7.2"}
        self.assertIn("gcc (Debian 12.2.0) 12.2.0; qemu-x version 7.2", render.markdown(r))
        self.assertIn("gcc (Debian 12.2.0) 12.2.0<br>qemu-x version 7.2", render.html_page(r))

    def test_markdown_has_every_section(self):
        md = render.markdown(self.r)
        self.assertTrue(md.startswith("# scanproof matrix verdict: fail"))
        for heading in ("## Did not run to the end", "## Findings", "## Value-level divergence", "## Grid",
                        "## Targets", "## Catalogue expectations that did not hold"):
            self.assertIn(heading, md)
        self.assertIn("XFAIL observed (declared)", md)
        self.assertIn("ILP32 (long 32, pointers 32)", md)

    def test_html_is_self_contained_and_shows_counterexample_and_zero(self):
        page = render.html_page(self.r)
        self.assertFalse(re.search(r"(src|href)=|<script|https?://", page))
        self.assertIn("lsb(0x0000000000000001)=-1023, want 0", page)
        self.assertIn("zero&rarr;-1023", page)
        self.assertIn("<li class='incomplete'><b>riscv64</b>", page)

    def test_html_in_a_name_a_path_or_a_compiler_error_is_text_in_report_html(self):
        # A candidate file's path and its compiler's error (a NOCOMPILE cell's
        # note), a name, a provenance and a target's status carry markup as text.
        evil = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>"
        impl = self.r["implementations"][0]
        impl["name"] += evil
        impl["provenance"] = evil
        cell = next(iter(impl["cells"].values()))
        cell.update(kind="nocompile", note=f"/home/u/{evil}.cpp:3:1: error: {evil} was not declared")
        self.r["incomplete_targets"].append({"target": "riscv64", "why": "build failed: " + evil})
        page = render.html_page(self.r)
        self.assertNotIn("<script", page)
        self.assertNotIn("<img", page)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&gt;&lt;img src=x onerror=alert(2)&gt;", page)
        self.assertIn("error: &lt;script&gt;", page)

    def test_render_command_writes_files_and_exits_red(self):
        with tempfile.TemporaryDirectory() as out:
            with contextlib.redirect_stdout(io.StringIO()) as grid:
                rc = command.main(["render", "--results", os.path.join(DATA, "results"), "--out", out])
            self.assertIn("matrix verdict: fail", grid.getvalue())
            self.assertEqual(rc, 1)
            for f in ("report.json", "report.md", "report.html"):
                self.assertTrue(os.path.getsize(os.path.join(out, f)) > 0)
            with open(os.path.join(out, "report.json")) as fh:
                j = json.load(fh)
            self.assertEqual((j["verdict"], j["exit_status"]), ("fail", 1))
            self.assertEqual(j["requested_targets"][-1], "s390x")

class Collected(unittest.TestCase):
    """Cells from the rows the runner collected (testdata/collected-s390x.json)."""
    def setUp(self):
        with open(os.path.join(DATA, "collected-s390x.json")) as f:
            self.t = json.load(f)
        self.rows = self.t["implementations"]

    def test_the_counterexample_is_the_processs_not_the_smallest_hex(self):
        cell = analyse.make_cell("lsb", "good", self.rows["good"], self.t)
        self.assertEqual(cell["counterexample"]["check"], "single_bits")

    def test_a_128_bit_counterexample_is_shown_as_two_halves(self):
        cell = analyse.make_cell("lsb128", "wide_wrong", self.rows["wide_wrong"], self.t)
        self.assertEqual((cell["counterexample"]["input"], cell["counterexample"]["check"]),
                         ("{lo=0x0000000000000800, hi=0x0000000000000000}", "single_bits"))

    def test_a_refused_candidate_file_is_a_red_row_of_its_own_after_the_known_ops(self):
        t = dict(copy.deepcopy(self.t), target="s390x", status="ok", labels=["conformance"], incomplete=[])
        t["implementations"]["none.cpp"] = {  # as the runner's collect.probe_rows writes it
            "op": "?", "candidate": True, "provenance": "", "expectations": [], "source": "/c/none.cpp",
            "built": False, "zero_declared": None, "verdict": "fail", "message": "/c/none.cpp: registers no candidate",
            "width": 64, "op_label": "?", "argument": "integer", "high_offset": 64, "index_base": 0,
            "domain": "", "shape": "unknown (not built)", "tests": ["conformance.file.none_0123abcd.builds"]}
        t["ctest"] = dict(t["ctest"], failures=1, failed_tests=["conformance.file.none_0123abcd.builds"])
        r = analyse.analyse([t], {"requested": ["s390x"], "not_run": []})
        self.assertNotIn("none_0123abcd", r["headline"])  # the row's own test: its cell says why, not the headline
        self.assertEqual(r["implementations"][-1]["name"], "none.cpp")
        self.assertEqual(r["implementations"][-1]["cells"]["s390x"]["kind"], "fail")
        self.assertEqual(r["exit_status"], 1)
        self.assertIn("none.cpp on s390x: /c/none.cpp: registers no candidate", render.terminal(r, colour=False))

    def test_a_candidate_file_that_does_not_compile_is_a_red_cell_and_a_missing_rust_std_is_not(self):
        cell = analyse.make_cell("lsb", "w", {"verdict": "nocompile", "message": "/c/win.cpp: error: 'SIGKILL'"}, {})
        self.assertEqual(cell, {"kind": "nocompile", "note": "/c/win.cpp: error: 'SIGKILL'"})
        self.assertIn("nocompile", analyse.RED)
        why = "not built: Debian 12 has no Rust standard library for ppc64 (big-endian)"
        cell = analyse.make_cell("lsb", "r", {"verdict": "incomplete", "message": why, "built": False}, {})
        self.assertEqual((cell["kind"], cell["note"]), ("incomplete", why))
        self.assertNotIn("incomplete", analyse.RED)  # the machine's lack, not the scanner's failure


if __name__ == "__main__":
    unittest.main()
