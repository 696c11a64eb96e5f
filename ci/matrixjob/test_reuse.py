"""reuse.py: a verdict is reused only under the same key, byte for byte,
and only a run that reached its end is kept."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from unittest import mock

from . import reuse


class Reuse(unittest.TestCase):
    def setUp(self):
        self.b = tempfile.mkdtemp()
        self.prog = os.path.join(self.b, "conformance_test")
        self.table = os.path.join(self.b, "judge_table.txt")
        for path, text in ((self.prog, "code"), (self.table, "outputs")):
            with open(path, "w") as f:
                f.write(text)
        self.tests = [{"name": "conformance.lsb.x.all_checks",
                       "command": ["/bin/true", "--judge", self.table, self.prog, "--gtest_filter=x"]}]

    def tearDown(self):
        shutil.rmtree(self.b)

    def key(self, versions=None):
        listed = subprocess.CompletedProcess([], 0, stdout=json.dumps({"tests": self.tests}), stderr="")
        with mock.patch.object(reuse.subprocess, "run", lambda *a, **k: listed):
            return reuse.key(self.b, ["-L", "conformance"], versions or {"compiler": "g++ 12", "emulator": ""})

    def test_the_key_follows_every_byte_the_outcome_rests_on(self):
        k = self.key()
        self.assertEqual(k, self.key())
        with open(self.prog, "a") as f:
            f.write("!")  # the driver with the candidate linked in
        k2 = self.key()
        self.assertNotEqual(k, k2)
        with open(self.table, "a") as f:
            f.write("!")  # the judge's outputs
        k3 = self.key()
        self.assertNotEqual(k2, k3)
        self.assertNotEqual(k3, self.key({"compiler": "g++ 12", "emulator": "qemu 7.2"}))
        self.tests[0]["command"][-1] = "--gtest_filter=y"  # another selection
        self.assertNotEqual(k3, self.key())
        with mock.patch.dict(os.environ, {"SCANPROOF_REUSE_TEST_MARK": "1"}):
            marked = self.key()  # a SCANPROOF_* setting of the run
        self.assertNotEqual(marked, self.key())

    def test_only_a_run_that_reached_its_end_is_kept_and_found(self):
        junit, console = (os.path.join(self.b, n) for n in ("j.xml", "c.log"))
        for p in (junit, console):
            with open(p, "w") as f:
                f.write("x")
        done = {"status": "ok", "incomplete": [], "implementations": {"x": {"verdict": "fail"}}}
        reuse.save(self.b, "k1", dict(done, incomplete=["cut short"]), junit, console, "/r")
        self.assertIsNone(reuse.load(self.b, "k1"))
        os.makedirs(os.path.join(self.b, "matrix-verdicts"), exist_ok=True)
        with open(os.path.join(self.b, "matrix-verdicts", "k1.json"), "w") as f:
            json.dump({"data": done, "junit": "", "console": "", "when": "", "report": ""}, f)  # a test's forgery
        reuse.save(self.b, "k1", dict(done, incomplete=["cut short"]), junit, console, "/r")
        self.assertIsNone(reuse.load(self.b, "k1"))  # removed by the run it claims to be
        reuse.save(self.b, "k1", done, junit, console, "/r")
        stored = reuse.load(self.b, "k1")
        self.assertEqual((stored["data"], stored["junit"], stored["report"]), (done, "x", "/r"))  # a fail is kept
        self.assertIsNone(reuse.load(self.b, "k2"))
        self.assertIsNone(reuse.load(self.b, ""))  # no key (ctest could not list): nothing reused


if __name__ == "__main__":
    unittest.main()
