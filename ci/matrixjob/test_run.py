"""Unit tests of ci/matrix's runner (ctest: unit.matrix_report.Runner): the
toolchain file's session script brackets the target's tests, always; the
candidates' tests are selected by name; what a build needs comes from the
toolchain file. Commands are recorded, not run."""
import json
import os
import threading
import time
import subprocess
import tempfile
import unittest
from unittest import mock

from . import prove
from . import run
from . import targets

ORIGINAL_RUN = run.run_step  # the real one, for the one test that runs commands

LISTING = {"target": {"arch": "x86_64", "data_model": "LLP64"}, "implementations": [
    {"name": "mine", "op": "lsb", "candidate": True, "built": True, "runnable": True, "unavailable": "",
     "skip_reason": "", "zero": "undefined", "expectations": [], "provenance": "", "source": "m.cpp"},
    {"name": "theirs", "op": "ctz", "candidate": False, "built": True, "runnable": True, "unavailable": "",
     "skip_reason": "", "zero": "undefined", "expectations": [], "provenance": "", "source": "t.cpp"}]}
SELECTED = ["conformance.lsb.mine.all_checks", "properties.lsb.mine.lsb_isolates"]
TOOLCHAIN = {"SCANPROOF_SESSION": "toolchains/common/wine-session.sh",
             "SCANPROOF_GTEST_CMAKE_ARGS": "-Dgtest_disable_pthreads=ON;-DX=1"}


class ToolVersions(unittest.TestCase):
    """The compiler and emulator versions a column names (the report shows them)."""
    def test_columns_name_their_compiler_and_emulator_versions(self):
        with mock.patch.object(run, "_first_line", lambda cmd: {"qemu-s390x": "qemu-s390x version 7.2.22",
                                                                "node": "v20.20.2"}.get(cmd[0], "")):
            self.assertEqual(run.tool_versions("s390x", "/nonexistent")["emulator"], "qemu-s390x version 7.2.22")
            self.assertEqual(run.tool_versions("wasm32", "/nonexistent")["emulator"], "node v20.20.2")
            self.assertEqual(run.tool_versions("host", "/nonexistent"), {"compiler": "", "emulator": ""})


class Runner(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        d = self.tmp.name
        for sub in ("logs", "junit", "build/win"):
            os.makedirs(os.path.join(d, sub))
        with open(os.path.join(d, "build/win/catalogue-program.txt"), "w") as f:
            f.write("/b/conformance_test.exe\n")
        self.s = run.Settings(d, os.path.join(d, "build"), log=lambda m: None)
        self.commands = []
        self.rc = {}
        patches = [mock.patch.object(run, "run_step", self.fake_run),
                   mock.patch.object(run, "emulator", lambda t, s: "wine"),
                   mock.patch.object(run, "_labels", lambda b: ["conformance", "properties"]),
                   mock.patch.object(targets, "fact", lambda t, v: TOOLCHAIN.get(v, ""))]
        for p in patches:
            p.start()
            self.addCleanup(p.stop)

    def fake_run(self, cmd, log_path, env=None, cwd=None, cpu=None, limit=None):
        self.commands.append((cmd, env))
        return self.rc.get(os.path.basename(cmd[0]), 0)

    def built(self):
        return {"target": "win", "build_dir": os.path.join(self.s.builds, "win"), "status": "ok", "timings": {}}

    def listed(self, stdout):
        """The catalogue's listing (`list --json`) prints stdout; `ctest -N` lists the tests of SELECTED (recorded)."""
        def answer(cmd, **kw):
            if "-N" in cmd:
                self.listings.append(cmd)
                return subprocess.CompletedProcess(cmd, 0, json.dumps({"tests": [{"name": n} for n in SELECTED]}), "")
            return subprocess.CompletedProcess(cmd, 0, stdout, "")
        self.listings = []
        return mock.patch.object(subprocess, "run", answer)

    def names(self):
        return [os.path.basename(c[0]) + (" " + c[1] if len(c) > 1 and c[0].endswith(".sh") else "")
                for c, _ in self.commands]

    def test_build_order_is_the_host_then_session_targets_then_as_asked(self):
        session = {"x86_64-windows", "i686-windows"}
        with mock.patch.object(targets, "fact",
                               lambda t, v: "toolchains/session/wine" if v == "SCANPROOF_SESSION" and t in session else ""):
            self.assertEqual(run.build_order(["aarch64", "m68k", "x86_64-windows", "host", "wasm32", "i686-windows"]),
                             ["host", "x86_64-windows", "i686-windows", "aarch64", "m68k", "wasm32"])

    def test_session_brackets_the_tests_and_results_dir_is_passed(self):
        with self.listed(json.dumps(LISTING)):
            data = run.test(self.built(), self.s)
        self.assertEqual(self.names(), ["wine-session.sh start", "ctest", "wine-session.sh stop"])
        ctest, env = self.commands[1]
        self.assertEqual(env["SCANPROOF_RESULTS_DIR"], os.path.join(self.s.builds, "win", "matrix-results"))
        self.assertNotIn("-R", ctest)  # the catalogue's tests run
        self.assertEqual(data["facts"]["data_model"], "LLP64")

    def test_rc_params_does_not_reach_the_tests(self):
        """RapidCheck's tests are judged on their fixed seed; RC_PARAMS would
        leave them resting on their records (rapidcheck_run.hpp)."""
        with mock.patch.dict(os.environ, {"RC_PARAMS": "seed=1"}), self.listed(json.dumps(LISTING)):
            run.test(self.built(), self.s)
        _, env = self.commands[1]
        self.assertNotIn("RC_PARAMS", env)

    def test_batch_mode_is_asked_where_the_target_forks_unless_turned_off(self):
        with mock.patch.object(run, "_cross", lambda t: t != "host"):
            on = {t: run.cmake_args(t, self.s) for t in ("host", "s390x")}
            self.s.batch_tests = False  # ci/matrix --no-batch
            off = run.cmake_args("s390x", self.s)
        for args in on.values():  # AUTO: ON exactly where the target forks (ScanproofDriverTests.cmake)
            self.assertIn("-DSCANPROOF_BATCH_TESTS=AUTO", args)
        self.assertIn("-DSCANPROOF_BATCH_TESTS=OFF", off)  # always given: an earlier run's ON is cleared

    def test_session_is_stopped_even_when_the_target_cannot_be_listed(self):
        with self.listed("not json"):
            data = run.test(self.built(), self.s)
        self.assertEqual(self.names(), ["wine-session.sh start", "wine-session.sh stop"])
        self.assertTrue(data["incomplete"][0].startswith("conformance_test.exe list --json failed"))

    def test_a_session_that_does_not_start_leaves_the_target_incomplete(self):
        self.rc["wine-session.sh"] = 1
        with self.listed(json.dumps(LISTING)):
            data = run.test(self.built(), self.s)
        self.assertNotIn("ctest", self.names())
        self.assertIn("session start failed", data["incomplete"][0])

    def test_candidates_alone_run_only_their_tests(self):
        self.s.candidates = ["/x/m.cpp"]
        with self.listed(json.dumps(LISTING)):
            data = run.test(self.built(), self.s)
        ctest = self.commands[1][0]
        self.assertEqual(ctest[ctest.index("-R") + 1],
                         r"^((conformance|properties)\.(lsb\.mine)\.|conformance\.[^.]+\.[A-Za-z0-9_]+\.declared$)")
        self.assertEqual(ctest[ctest.index("-L") + 1], "^(conformance|properties)$")
        self.assertEqual(list(data["implementations"]), ["mine"])

    def test_the_batch_runs_what_ctest_selects(self):
        """ctest adds a batch setup test to a run of a few tests: the batch is
        told which (SCANPROOF_BATCH_SELECTION), from `ctest -N` with the run's
        own selection."""
        self.s.candidates = ["/x/m.cpp"]
        with self.listed(json.dumps(LISTING)):
            run.test(self.built(), self.s)
        ctest, env = self.commands[1]
        listing = self.listings[0]
        for option in ("-L", "-R"):
            self.assertEqual(listing[listing.index(option) + 1], ctest[ctest.index(option) + 1])
        with open(env["SCANPROOF_BATCH_SELECTION"], encoding="utf-8") as f:
            self.assertEqual(f.read().splitlines(), SELECTED)

    def test_a_selection_ctest_cannot_list_leaves_the_target_incomplete(self):
        with mock.patch.object(subprocess, "run", lambda cmd, **kw: subprocess.CompletedProcess(
                cmd, 0 if "-N" not in cmd else 8, json.dumps(LISTING) if "-N" not in cmd else "", "bad -R")):
            data = run.test(self.built(), self.s)
        self.assertNotIn("ctest", self.names())
        self.assertIn("ctest -N could not list the selected tests: bad -R", data["incomplete"][0])

    def test_a_target_that_did_not_build_keeps_its_log_and_an_errored_junit(self):
        with open(os.path.join(self.s.out, "logs", "win-build.log"), "w") as f:
            f.write("x.cpp:1: error: nope\n")
        data = run.test(dict(self.built(), status="build failed (see win-build.log)"), self.s)
        self.assertEqual(self.commands, [])  # no session, no tests
        self.assertEqual(data["incomplete"], ["build failed (see win-build.log)"])
        self.assertIn("error: nope", data["log_tail"])
        with open(os.path.join(self.s.out, "junit", "win.xml")) as f:
            self.assertIn('<error message="build failed', f.read())

    def test_a_hung_step_is_killed_and_named(self):
        log = os.path.join(self.s.out, "logs", "hang.log")
        self.assertEqual(ORIGINAL_RUN(["sleep", "30"], log, limit=0.5), -9)
        self.assertTrue(run._hung(log))
        self.assertEqual(ORIGINAL_RUN(["true"], log, limit=5), 0)

    def test_googletest_is_built_when_configure_cannot_find_it(self):
        configures = []

        def fake(cmd, log_path, env=None, cwd=None, cpu=None, limit=None):
            self.commands.append((cmd, env))
            if cmd[:3] == ["cmake", "-S", self.s.root]:
                configures.append(cmd)
                if len(configures) == 1:  # no GoogleTest for this target yet
                    with open(log_path, "a") as f:
                        f.write("Could NOT find GTest (missing: GTEST_LIBRARY)\n")
                    return 1
            return 0
        with mock.patch.object(run, "run_step", fake), mock.patch.object(os.path, "isdir", lambda p: True):
            res = run.build("win", self.s)
        self.assertEqual(res["status"], "ok")
        gtest_cfg = self.commands[1][0]
        self.assertEqual(gtest_cfg[2], "/usr/src/googletest")
        self.assertIn("-Dgtest_disable_pthreads=ON", gtest_cfg)  # the toolchain file's arguments
        self.assertIn("-DX=1", gtest_cfg)
        self.assertIn("-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG", gtest_cfg)  # not Release's -O3: build CPU
        self.assertEqual(len(configures), 2)
        self.assertIn("-DSCANPROOF_UNITY_BUILD=ON", configures[1])  # the harness parsed once per target
        self.assertIn(f"-DCMAKE_PREFIX_PATH={self.s.builds}/_deps/win/install", configures[1])
        self.assertEqual(self.commands[-1][0][-1], run.BUILD_TARGET)

    def test_the_host_is_built_first_and_its_oracle_computes_the_cross_targets_tables(self):
        oracle = os.path.join(self.s.builds, "host", "conformance", "scanproof_oracle_table")
        os.makedirs(os.path.dirname(oracle))
        with open(oracle, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(oracle, 0o755)
        given = []

        def fake_build(t, s):
            given.append((t, [a for a in run.cmake_args(t, s) if a.startswith("-DSCANPROOF_ORACLE_TABLE")]))
            return {"target": t, "build_dir": os.path.join(s.builds, t), "status": "ok", "timings": {"build_s": 0}}
        with mock.patch.object(run, "build", fake_build), \
                mock.patch.object(run, "test", lambda r, s: {"target": r["target"], "status": "skipped here"}):
            run.run_all(["aarch64", "host", "s390x"], self.s, lambda data: None)
        self.assertEqual(given[0], ("host", []))  # first, alone; the others in parallel, in any order
        self.assertEqual(sorted(given[1:]), [("aarch64", [f"-DSCANPROOF_ORACLE_TABLE={oracle}"]),
                                             ("s390x", [f"-DSCANPROOF_ORACLE_TABLE={oracle}"])])
        # Without the host column each target computes its own, and an earlier
        # run's setting is cleared.
        given.clear()
        s = run.Settings(self.s.out, self.s.builds, log=lambda m: None)
        with mock.patch.object(run, "build", fake_build), \
                mock.patch.object(run, "test", lambda r, s: {"target": r["target"], "status": "skipped here"}):
            run.run_all(["aarch64"], s, lambda data: None)
        self.assertEqual(given, [("aarch64", ["-DSCANPROOF_ORACLE_TABLE="])])

    def test_every_target_is_built_and_tested_once_and_one_compiled_like_another_is_built_after_it(self):
        events, lock = [], threading.Lock()

        def fake_build(t, s):
            with lock:
                events.append(("start", t))
            time.sleep(0.05 if t == "alpha" else 0)  # alpha-ev56 would overtake it if it did not wait
            with lock:
                events.append(("end", t))
            return {"target": t, "build_dir": os.path.join(s.builds, t), "status": "ok", "timings": {"build_s": 0}}
        tested = []

        def fake_test(r, s):
            with lock:
                tested.append(r["target"])
            return {"target": r["target"], "status": "skipped here"}
        written = []
        columns = ["host", "alpha", "alpha-ev56", "aarch64", "s390x", "mips"]
        like = mock.patch.object(targets, "fact", lambda t, v: "alpha" if (t, v) == ("alpha-ev56", "SCANPROOF_COMPILED_LIKE") else "")
        with mock.patch.object(run, "build", fake_build), mock.patch.object(run, "test", fake_test), like:
            run.run_all(columns, self.s, lambda data: written.append(data["target"]))
        self.assertEqual(sorted(tested), sorted(columns))
        self.assertEqual(sorted(written), sorted(columns))
        self.assertEqual(events[:2], [("start", "host"), ("end", "host")])
        self.assertLess(events.index(("end", "alpha")), events.index(("start", "alpha-ev56")), events)

    def test_a_build_step_that_raises_is_that_targets_failure_not_a_hang(self):
        def fake_build(t, s):
            if t == "s390x":
                raise OSError("disk full")
            return {"target": t, "build_dir": os.path.join(s.builds, t), "status": "ok", "timings": {"build_s": 0}}
        given = []
        with mock.patch.object(run, "build", fake_build), \
                mock.patch.object(run, "test", lambda r, s: given.append((r["target"], r["status"])) or {"status": "skipped"}):
            run.run_all(["host", "aarch64", "s390x"], self.s, lambda data: None)
        self.assertIn(("s390x", "build step failed: disk full"), given)
        self.assertEqual(len(given), 3)

    def test_a_test_step_that_raises_is_that_targets_incomplete_result(self):
        def fake_test(r, s):
            if r["target"] == "aarch64":
                raise OSError("no space left")
            return {"target": r["target"], "status": "ok", "implementations": {}, "ctest": {"exit": 0},
                    "timings": {}}
        written = {}
        with mock.patch.object(run, "build", lambda t, s: {"target": t, "build_dir": t, "status": "ok",
                                                             "timings": {"build_s": 0}}), \
                mock.patch.object(run, "test", fake_test):
            run.run_all(["host", "aarch64", "s390x"], self.s, lambda data: written.update({data["target"]: data}))
        self.assertEqual(sorted(written), ["aarch64", "host", "s390x"])
        self.assertEqual(written["aarch64"]["incomplete"], ["test step failed: no space left"])

    def test_builds_compile_through_ccache_where_it_is_installed(self):
        seen = []

        def fake(cmd, log_path, env=None, cwd=None, cpu=None, limit=None):
            seen.append((cmd, env))
            return 0
        with mock.patch.object(run, "run_step", fake), mock.patch.object(run, "gtest_prefix", lambda t, s, c: ""):
            with mock.patch.object(run.shutil, "which", lambda p: "/usr/bin/ccache" if p == "ccache" else None):
                run.build("win", self.s)
            (configure, env), (build, build_env) = seen
            self.assertIn("-DCMAKE_CXX_COMPILER_LAUNCHER=/usr/bin/ccache", configure)
            self.assertIn("-DCMAKE_C_COMPILER_LAUNCHER=/usr/bin/ccache", configure)
            self.assertEqual(env["CCACHE_DIR"], os.path.join(self.s.builds, "_ccache"))
            self.assertEqual(env["CCACHE_BASEDIR"], self.s.root)  # sibling build dirs hash alike
            self.assertIs(build_env, env)
            seen.clear()
            with mock.patch.object(run.shutil, "which", lambda p: None):
                run.build("win", self.s)
            (configure, env), (build, build_env) = seen
            self.assertIn("-DCMAKE_CXX_COMPILER_LAUNCHER=", configure)  # an earlier run's launcher is cleared
            self.assertIsNone(env)

    def test_candidates_alone_do_not_build_the_fuzz_targets(self):
        built = []

        def fake(cmd, log_path, env=None, cwd=None, cpu=None, limit=None):
            built.extend([cmd[-1]] if cmd[:2] == ["cmake", "--build"] else [])
            return 0
        with mock.patch.object(run, "run_step", fake), mock.patch.object(run, "gtest_prefix", lambda t, s, c: ""):
            run.build("win", self.s)
            self.s.candidates = ["/x/m.cpp"]
            run.build("win", self.s)  # no fuzz-regression tests run
            self.s.with_catalogue = True
            run.build("win", self.s)
        self.assertEqual(built, ["scanproof_matrix_programs", "scanproof_matrix_candidate_programs",
                                 "scanproof_matrix_programs"])

    def test_a_cross_targets_proof_counterexamples_are_replayed_under_its_emulator(self):
        data = {"implementations": [
            {"name": "agrees", "verdict": "counterexample", "input": "0x1", "got": -1023, "reason": "returns -1023"},
            {"name": "differs", "verdict": "counterexample", "input": "0x2", "got": 7, "expected_value": 1,
             "reason": "returns 1"},
            {"name": "otherwrong", "verdict": "counterexample", "input": "0x4", "got": 32, "expected_value": 33,
             "reason": "returns 32"},
            {"name": "ub", "verdict": "counterexample", "input": "0x3", "got": 0,
             "reason": "undefined behaviour at this input: shift"},
            {"name": "halves", "verdict": "counterexample", "input": "0x00000000000000010000000000000000",
             "input_shown": "{lo=0x0000000000000000, hi=0x0000000000000001}", "got": 64, "expected_value": 63,
             "reason": "returns 64"},
            # Pop ops: eval prints the index and the board left behind; both are compared.
            {"name": "pop_agrees", "verdict": "counterexample", "input": "0x0000000000000003", "got": 1,
             "expected_value": 1, "expected_after": "0x0000000000000001", "got_after": "0x0000000000000002",
             "reason": "pop_msb(0x0000000000000003) expected 1 leaving 0x0000000000000001, got 1 leaving "
                       "0x0000000000000002"},
            {"name": "pop_right", "verdict": "counterexample", "input": "0x0000000000000003", "got": 1,
             "expected_value": 1, "expected_after": "0x0000000000000001", "got_after": "0x0000000000000002",
             "reason": "pop_msb(...)"},
            {"name": "proved", "verdict": "proved"}]}
        answers = {"agrees": "0x1 -1023\n", "differs": "0x2 1\n", "ub": "0x3 9\n", "otherwrong": "0x4 -1\n",
                   "halves": "0x00000000000000010000000000000000 63\n",
                   "pop_agrees": "0x0000000000000003 1 0x0000000000000002\n",
                   "pop_right": "0x0000000000000003 1 0x0000000000000001\n"}
        evals = []

        def fake(cmd, **kw):
            evals.append(cmd)
            name = cmd[cmd.index("--impl") + 1]
            return subprocess.CompletedProcess(cmd, 0, answers[name], "")
        with mock.patch.object(subprocess, "run", fake):
            prove.replay_counterexamples("win", data, self.s)
        self.assertEqual(evals[0], ["wine", "/b/conformance_test.exe", "eval", "--impl", "agrees", "0x1"])
        self.assertEqual(len(evals), 7)  # nothing to replay for a proof
        # A 128-bit counterexample reaches eval as one 0x<hi><lo> argument.
        self.assertEqual(evals[4][-1], "0x00000000000000010000000000000000")
        self.assertEqual(self.names(), ["wine-session.sh start", "wine-session.sh stop"])
        got = {i["name"]: i for i in data["implementations"]}
        self.assertIn("returns -1023, as the solver predicted", got["agrees"]["replay"])
        self.assertEqual((got["differs"]["verdict"], got["differs"]["result"]), ("error", "FAIL"))
        self.assertIn("disagrees with the solver", got["differs"]["reason"])  # the build is right there
        self.assertEqual(got["otherwrong"]["verdict"], "counterexample")  # wrong in both: confirmed
        self.assertIn("returns -1, the IR (Clang) 32", got["otherwrong"]["replay"])
        self.assertEqual(got["ub"]["verdict"], "counterexample")
        self.assertIn("not compared", got["ub"]["replay"])
        self.assertEqual(got["halves"]["verdict"], "error")  # the build is right: the solver disagrees
        self.assertIn("at {lo=0x0000000000000000, hi=0x0000000000000001}", got["halves"]["reason"])
        self.assertEqual(got["pop_agrees"]["verdict"], "counterexample")
        self.assertIn("returns 1 leaving 0x0000000000000002, as the solver predicted", got["pop_agrees"]["replay"])
        self.assertEqual(got["pop_right"]["verdict"], "error")  # the build leaves the right board
        self.assertIn("the right value 1 leaving 0x0000000000000001", got["pop_right"]["reason"])

    def test_prove_all_shares_the_hosts_ir_and_names_a_target_without_ir(self):
        files = {"s390x": {"SCANPROOF_TRIPLE": "s390x-linux-gnu"}, "x86_64-nehalem": {"SCANPROOF_QEMU": "qemu-x86_64"},
                 "win": {}}
        proved, written = [], {}

        def fake_prove(t, s, timeout_s, b, names):
            proved.append(t)
            return {"target": t, "implementations": [{"name": "mine", "verdict": "proved"}]}
        with mock.patch.object(targets, "fact", lambda t, v: files.get(t, {}).get(v, "")), \
                mock.patch.object(prove, "_prove", fake_prove):
            prove.prove_all(["host", "s390x", "x86_64-nehalem", "win"], self.s, 20, written.__setitem__)
        self.assertEqual(proved, ["host", "s390x"])  # nehalem's IR is the host's: proved once
        self.assertEqual(written["x86_64-nehalem"]["ir_of"], "host")
        self.assertEqual(written["x86_64-nehalem"]["target"], "x86_64-nehalem")
        self.assertEqual(written["host"]["target"], "host")
        self.assertIn("names no SCANPROOF_TRIPLE", written["win"]["not_proved"])
        self.assertIn("two compilations", written["s390x"]["ir_note"])  # gcc ran, clang's IR proved

    def test_prove_what_runs_builds_each_proved_target_with_the_proofs_compiler(self):
        files = {"s390x": {"SCANPROOF_TRIPLE": "s390x-linux-gnu"}, "x86_64-nehalem": {"SCANPROOF_QEMU": "qemu-x86_64"},
                 "win": {}}
        s = run.Settings(self.s.out, self.s.builds, log=lambda m: None, proof_compiler=True)
        with mock.patch.object(targets, "fact", lambda t, v: files.get(t, {}).get(v, "")), \
                mock.patch.object(run, "_cross", lambda t: t != "host"):
            args = {t: run.cmake_args(t, s) for t in ("host", "s390x", "x86_64-nehalem", "win")}
            usual = run.cmake_args("s390x", self.s)
        self.assertIn("-DSCANPROOF_CROSS_COMPILER=clang19", args["s390x"])
        self.assertNotIn("-DSCANPROOF_CROSS_COMPILER=clang19", usual)
        for t in ("host", "x86_64-nehalem"):  # the host's IR: the host build's compiler becomes clang 19
            self.assertIn("-DCMAKE_CXX_COMPILER=clang++-19", args[t])
        # the proof's flags win over the matrix's usual -O2 -DNDEBUG (the last -D counts)
        self.assertEqual([a for a in args["s390x"] if a.startswith("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO")][-1],
                         "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2")
        self.assertFalse([a for a in args["win"] if "clang" in a])  # no IR proved there: its usual compiler


class CandidateMistakes(unittest.TestCase):
    """A failed build's registry errors that name a candidate file are that
    candidate's (run.candidate_errors); a path with a comma is one path."""

    def test_registry_errors_naming_a_candidate_file_are_its_own(self):
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "host-build.log")
            with open(log, "w", encoding="utf-8") as f:
                f.write("[12/40] Linking\nscanproof: error: /c/dir/a.cpp: registers no candidate (expected ...)\n"
                        "scanproof: error: /c/dir/a.cpp: registers no candidate (expected ...)\n"
                        "scanproof: error: /elsewhere/b.cpp: two candidates are both named 'x'\n"
                        "scanproof: error: /c/dir/d.cpp:5: a candidate and a catalogue entry are both named 'y'\n")
            self.assertEqual(run.candidate_errors(log, ["/c/dir"]),
                             ["/c/dir/a.cpp: registers no candidate (expected ...)",
                              "/c/dir/d.cpp:5: a candidate and a catalogue entry are both named 'y'"])
            self.assertEqual(run.candidate_errors(log, ["/c/other.cpp"]), [])
            self.assertEqual(run.candidate_errors(os.path.join(d, "missing.log"), ["/c/dir"]), [])

    def test_a_file_that_stopped_the_build_has_a_red_row_named_by_it(self):
        why = "/c/a,b/d.cpp:5: a candidate and a catalogue entry are both named 'y'"
        rows = run._blamed_rows([why])
        self.assertEqual(list(rows), ["d.cpp"])
        self.assertEqual((rows["d.cpp"]["verdict"], rows["d.cpp"]["message"], rows["d.cpp"]["source"]),
                         ("fail", why, "/c/a,b/d.cpp"))

    def test_a_path_with_a_comma_is_one_path(self):
        from . import matrix
        with tempfile.TemporaryDirectory() as d:
            odd = os.path.join(d, "a,b.cpp")
            plain = os.path.join(d, "c.cpp")
            for p in (odd, plain):
                with open(p, "w", encoding="utf-8") as f:
                    f.write("// x\n")
            self.assertEqual(matrix.candidate_paths(odd), [os.path.realpath(odd)])
            self.assertEqual(matrix.candidate_paths(plain + "," + plain), [os.path.realpath(plain)] * 2)
            with self.assertRaisesRegex(targets.UsageError, "split at commas"):
                matrix.candidate_paths(os.path.join(d, "a") + "," + plain)

    def test_a_crate_directory_is_a_candidate(self):
        # What `scanproof discover` writes for a Rust crate, and prints to check:
        # a directory with its Cargo.toml and src/lib.rs (no .rs file at its top).
        from . import matrix
        with tempfile.TemporaryDirectory() as d:
            crate = os.path.join(d, "discovered_crate")
            os.makedirs(os.path.join(crate, "src"))
            for f in ("Cargo.toml", "src/lib.rs"):
                with open(os.path.join(crate, f), "w", encoding="utf-8") as out:
                    out.write("\n")
            self.assertEqual(matrix.candidate_paths(crate), [os.path.realpath(crate)])
            os.remove(os.path.join(crate, "Cargo.toml"))
            with self.assertRaisesRegex(targets.UsageError, "contains no .cpp, .c or .rs files \\(nor a Cargo.toml\\)"):
                matrix.candidate_paths(crate)


if __name__ == "__main__":
    unittest.main()
