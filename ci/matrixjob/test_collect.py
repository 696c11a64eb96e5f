"""Unit tests of collect.py (ctest: unit.matrix_report.Collect): one target's
results from testdata/collect, one target's ctest run: result files, JUnit,
the console log, with a crash, a hang, an exit in a check, a lost run, a
process that passed without writing its result, and one whose file says it
did not end. What it collects is the report's test input too
(ci/report/testdata/collected-s390x.json): checked here to be exactly that.
"""
import json
import os
import unittest

from . import collect
from . import run

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "testdata")
REPORT_INPUT = os.path.join(HERE, "..", "report", "testdata", "collected-s390x.json")


class Collect(unittest.TestCase):
    def setUp(self):
        d = os.path.join(DATA, "collect")
        with open(os.path.join(d, "list.json")) as f:
            listing = json.load(f)
        with open(os.path.join(d, "ctest.log")) as f:
            console = f.read()
        self.t = collect.collect("s390x", listing, os.path.join(d, "results"), os.path.join(d, "junit.xml"),
                                 console, 8)
        self.rows = self.t["implementations"]

    def test_what_it_collects_is_the_reports_test_input(self):
        with open(REPORT_INPUT) as f:
            self.assertEqual(json.loads(json.dumps(self.t)), json.load(f))

    def test_results_come_from_the_process_that_ran_the_checks(self):
        good = self.rows["good"]
        self.assertEqual((good["verdict"], good["digest"]), ("fail", "0x00000000000000ab"))
        self.assertEqual(good["counterexample"], {"input": "0x0000000000000100", "expected": 8, "got": 0,
                                                  "reproduced": True})
        self.assertEqual(self.t["facts"]["arch"], "s390x")
        self.assertEqual(self.t["facts"]["data_model"], "LP64")  # from scanproof list --json

    def test_structured_catalogue_fields_decide_notbuilt_and_skip(self):
        self.assertEqual((self.rows["asm_only"]["verdict"], self.rows["asm_only"]["message"]),
                         ("notbuilt", "x86-64 only (inline asm)"))
        self.assertEqual((self.rows["needs_bmi"]["verdict"], self.rows["needs_bmi"]["message"]),
                         ("skip", "CPU lacks bmi1"))

    def test_crash_hang_and_exit_are_failures_of_the_scanner(self):
        self.assertEqual(self.rows["crasher"]["verdict"], "crash")
        self.assertIn("crashed: SegFault: scanproof: conformance.lsb.crasher.all_checks: killed by SIGSEGV",
                      self.rows["crasher"]["message"])
        self.assertEqual(self.rows["hanger"]["verdict"], "crash")
        self.assertIn("hung", self.rows["hanger"]["message"])
        self.assertEqual(self.rows["thrower"]["verdict"], "crash")
        self.assertIn('C++ exception with description "thrower: odd input"', self.rows["thrower"]["message"])
        self.assertEqual(self.rows["buserr"]["verdict"], "crash")
        self.assertIn("crashed: Bus error: scanproof: conformance.lsb.buserr.known_answers: the process ended "
                      "during the check (killed by signal 7 (Bus error))", self.rows["buserr"]["message"])
        self.assertIn("input in flight: 0x8000000000000000", self.rows["buserr"]["message"])
        self.assertEqual(self.rows["exiter"]["verdict"], "crash")
        self.assertIn("ended during the check (exit status 0): a check passes only if it ran to its end "
                      "impl=exiter check=single_bits input in flight: 0x0000000000000002", self.rows["exiter"]["message"])

    def test_a_forged_result_rejected_by_the_judge_is_a_failure_of_the_scanner(self):
        # Its own result file says pass (it wrote one before forging the
        # completion record); the launcher's judge failed the test.
        entry = {"name": "forger", "op": "lsb", "built": True, "runnable": True}
        forged = {"implementations": [{"name": "forger", "verdict": "pass", "ran_to_end": True}]}
        output = ("scanproof: conformance.lsb.forger.all_checks: judged from its outputs: FAIL: "
                  "check single_bits reported no outputs: it did not run to its end\n")
        row = collect.implementation_row(entry, forged, "Failed", output)
        self.assertEqual(row["verdict"], "fail")
        self.assertIn("conformance.lsb.forger.all_checks: check single_bits reported no outputs", row["message"])
        self.assertEqual(collect.implementation_row(entry, forged, "Passed", "")["verdict"], "pass")

    def test_runs_lost_for_other_reasons_make_the_target_incomplete(self):
        self.assertEqual(self.rows["lost"]["verdict"], "incomplete")  # never ran
        self.assertIn("did not run", self.rows["lost"]["message"])
        self.assertEqual(self.rows["silent"]["verdict"], "incomplete")  # passed, wrote nothing
        self.assertEqual(self.rows["cut"]["verdict"], "incomplete")  # ran_to_end false
        self.t["labels"] = ["conformance"]
        why = collect.incompleteness(self.t, ["conformance"])
        self.assertEqual(len(why), 2)
        self.assertEqual("1 tests not run by ctest: properties.lsb.good.canonical", why[0])
        self.assertIn("3 implementations did not run to their end: lost, silent, cut", why[1])

    def test_a_test_that_skipped_itself_ran(self):
        self.assertEqual(self.t["ctest"]["skipped"], 1)  # asm_only's GTEST_SKIP
        self.assertEqual(self.t["ctest"]["notrun_tests"], ["properties.lsb.good.canonical"])

    def test_missing_junit_means_ctest_did_not_finish(self):
        t = collect.collect("s390x", {"target": {}, "implementations": []}, "/nonexistent", "/nonexistent.xml",
                            "", 0)
        t["labels"] = ["conformance", "properties"]
        why = collect.incompleteness(t, ["conformance", "properties", "fuzz-regression"])
        self.assertIn("ctest wrote no JUnit report (it did not finish)", why)
        self.assertIn("no tests with label fuzz-regression", why)

    def test_the_launchers_words_blame_the_scanner(self):
        # cmake/scanproof-launch, for processes nothing supervised (i686, Wine, WASI).
        out = ("scanproof: conformance.lsb.x.all_checks: the process ended during the check (exit status 0): "
               "a check passes only if it ran to its end\n  impl=x check=masks inputs in flight: #1..#192, "
               "the chunk starting at 0x0000000000000001\n")
        self.assertEqual(collect.ended_early("Failed", out)[0], "crash")
        self.assertIn("impl=x check=masks", collect.ended_early("Failed", out)[1])
        start = ("scanproof: /b/conformance_test: the process ended (exit status 0) before its main() began: "
                 "start-up code (a static initialiser of a candidate file) ended it, so none of its checks ran\n")
        self.assertEqual(collect.ended_early("Failed", start)[0], "crash")
        # A printed completion line changes nothing: no result file, the launcher's words decide.
        forged = "[scanproof] ran to the end\n" + out
        self.assertEqual(collect.ended_early("Failed", forged)[0], "crash")
        # Batch mode: the batch process killed the test at the limit (ctest saw "Failed", not "Timeout").
        hung = ("scanproof: conformance.pop_lsb.x.random_dense: no end after 60 s (SCANPROOF_TEST_TIMEOUT, kept by "
                "the batch process, which killed the test): a check passes only if it ran to its end\n"
                "  impl=x check=random_dense inputs in flight: #880641..#884736, the chunk starting at 0xfd\n")
        self.assertEqual(collect.ended_early("Failed", hung),
                         ("crash", "hung: killed at the per-test limit: " + " ".join(hung.split())))

    def test_a_candidate_file_kept_out_by_the_probe_is_its_own_red_cell(self):
        probed = {"files": [
            {"file": "/c/win.cpp", "status": "does not compile", "candidates": [{"op": "lsb", "name": "w"}],
             "message": "/c/win.cpp does not compile for this target: /c/win.cpp:3:9: error: 'SIGKILL' was not declared"},
            {"file": "/c/init.cpp", "status": "start-up", "candidates": [{"op": "popcount", "name": "t"}],
             "message": "/c/init.cpp: its start-up code (a static initialiser) ended the process before main()"},
            {"file": "/c/ok.cpp", "status": "ok", "candidates": [{"op": "lsb", "name": "fine"}], "message": ""}]}
        t = collect.collect("x86_64-windows", {"target": {}, "implementations": []}, "/nonexistent",
                            "/nonexistent.xml", "", 0, candidate_files=probed)
        rows = t["implementations"]
        self.assertEqual(sorted(rows), ["t", "w"])
        self.assertEqual((rows["w"]["verdict"], rows["t"]["verdict"]), ("nocompile", "crash"))
        self.assertIn("SIGKILL", rows["w"]["message"])  # the report's cell note (ci/report: Collected)
        why = collect.incompleteness(dict(t, labels=[]), [])  # red, not incomplete (only the JUnit file is missing here)
        self.assertEqual(why, ["ctest wrote no JUnit report (it did not finish)"])

    def test_a_candidate_files_own_mistake_is_its_failure_named_by_the_file(self):
        clash = "/c/b.cpp:4: candidate 'dup' is already registered by /c/a.cpp:4: rename one of them"
        probed = {"files": [
            {"file": "/c/a.cpp", "status": "ok", "candidates": [{"op": "lsb", "name": "dup"}], "message": ""},
            {"file": "/c/b.cpp", "status": "mistake", "candidates": [{"op": "lsb", "name": "dup"}], "message": clash},
            {"file": "/c/e.rs", "status": "mistake", "candidates": [], "message": "/c/e.rs: registers no candidate"}]}
        rows = collect.probe_rows(probed)
        self.assertEqual(sorted(rows), ["b.cpp", "e.rs"])  # never the row of the name b.cpp clashes with
        self.assertEqual((rows["b.cpp"]["verdict"], rows["b.cpp"]["message"], rows["b.cpp"]["source"]),
                         ("fail", clash, "/c/b.cpp"))
        self.assertEqual(rows["e.rs"]["verdict"], "fail")

    def test_the_tests_of_a_file_the_probe_kept_out_are_selected_so_its_reason_reaches_the_report(self):
        """A file that does not compile registers no name: ctest runs the test
        CMake added for it (candidate-files.json "tests"), which fails saying
        why, so the run is red with the reason, not "no tests were found"."""
        probed = {"files": [
            {"file": "/c/x.cpp", "status": "does not compile", "candidates": [], "message": "/c/x.cpp:3:21: error",
             "tests": ["conformance.file.x_0123abcd.builds"]},
            {"file": "/c/s.rs", "status": "not built", "candidates": [{"op": "lsb", "name": "r"}], "message": "",
             "tests": ["conformance.lsb.r.builds"]}]}
        regex = run._candidate_regex({"implementations": []}, probed)
        for name in ("conformance.file.x_0123abcd.builds", "conformance.lsb.r.builds"):
            self.assertRegex(name, regex)
        self.assertNotRegex("conformance.file.x_0123abcd.builds_more", regex)
        self.assertNotRegex("conformance.lsb.other.all_checks", regex)
        self.assertEqual(run._candidate_regex({"implementations": []}, {"files": []}), "")

    def test_a_rust_file_without_a_rust_std_leaves_the_target_incomplete_saying_why(self):
        why = "not built: Debian 12 has no Rust standard library for ppc64 (big-endian)"
        probed = {"files": [{"file": "/c/s.rs", "status": "not built", "message": why,
                             "candidates": [{"op": "lsb", "name": "r"}]}]}
        t = collect.collect("ppc64", {"target": {}, "implementations": []}, "/nonexistent",
                            "/nonexistent.xml", "", 0, candidate_files=probed)
        r = t["implementations"]["r"]
        self.assertEqual((r["verdict"], r["message"]), ("incomplete", why))  # not red: the machine's lack
        t["ctest"] = {"exit": 0}
        self.assertEqual(["1 not built here (r): Debian 12 has no Rust standard library for ppc64 (big-endian)"],
                         collect.incompleteness(dict(t, labels=[]), []))

    def test_a_rust_std_in_no_rustc_here_is_the_machines_lack_named_once_per_reason(self):
        why = ("not built here: no Rust standard library for i686-unknown-linux-gnu in any rustc here "
               "(/usr/bin/rustc (Debian's); apt-get install libstd-rust-dev:i386, ...)")
        probed = {"files": [{"file": "/c/s.rs", "status": "not built", "message": why,
                             "candidates": [{"op": "lsb", "name": "a"}, {"op": "msb", "name": "b"}]}]}
        t = collect.collect("i686", {"target": {}, "implementations": []}, "/nonexistent",
                            "/nonexistent.xml", "", 0, candidate_files=probed)
        t["ctest"] = {"exit": 0}
        self.assertEqual(["2 not built here (a, b): no Rust standard library for i686-unknown-linux-gnu in any "
                          "rustc here (/usr/bin/rustc (Debian's); apt-get install libstd-rust-dev:i386, ...)"],
                         collect.incompleteness(dict(t, labels=[]), []))

    def test_a_128_bit_entry_is_found_under_its_op_label(self):
        crash = self.rows["wide_crasher"]  # no result file: ctest's conformance.lsb128.<name> says why
        self.assertEqual(crash["verdict"], "crash")
        self.assertIn("conformance.lsb128.wide_crasher.known_answers: the process ended during the check", crash["message"])
        self.assertEqual((crash["op"], crash["op_label"], crash["argument"]), ("lsb", "lsb128", "int128"))
        wrong = self.rows["wide_wrong"]
        self.assertEqual((wrong["verdict"], wrong["width"], wrong["high_offset"], wrong["index_base"]),
                         ("fail", 128, 63, 1))
        self.assertEqual(wrong["domain"], "0x00000000000000000000000000000fff")
        self.assertEqual((self.rows["good"]["op_label"], self.rows["good"]["width"]), ("lsb", 64))  # no shape listed
        regex = run._candidate_regex({"implementations": [{"name": "wide_wrong", "op": "lsb", "op_label": "lsb128",
                                                           "candidate": True}]})
        self.assertRegex("conformance.lsb128.wide_wrong.all_checks", regex)
        self.assertRegex("properties.lsb.wide_wrong.p", regex)  # a driver naming its suite by the op alone
        self.assertNotRegex("conformance.lsb.good.all_checks", regex)

    def test_ctest_console_statuses(self):
        with open(os.path.join(DATA, "collect", "ctest.log")) as f:
            st = collect.ctest_statuses(f.read())
        self.assertEqual(st["conformance.lsb.crasher.all_checks"], "Exception: SegFault")
        self.assertEqual(st["conformance.lsb.hanger.all_checks"], "Timeout")
        self.assertEqual(st["conformance.lsb.silent.all_checks"], "Passed")
        self.assertEqual(st["conformance.lsb.exiter.all_checks"], "Failed")
        self.assertEqual(st["conformance.lsb.buserr.all_checks"], "Exception: Bus error")


if __name__ == "__main__":
    unittest.main()
