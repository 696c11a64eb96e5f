"""Unit tests of the target facts (ctest: unit.ci.target_facts): every
toolchain file has its facts file and reads it, a facts file is VAR=value
data, and what ci/matrix asks of a target comes from that data."""
import os
import re
import shutil
import subprocess
import tempfile
import unittest
from unittest import mock

from . import targets


class Facts(unittest.TestCase):
    def test_every_toolchain_file_reads_its_facts_file_and_sets_no_fact_itself(self):
        names = targets.all_targets()[1:]
        self.assertIn("aarch64", names)
        facts = sorted(f[:-len(".facts")] for f in os.listdir(targets.TOOLCHAINS) if f.endswith(".facts"))
        self.assertEqual(facts, sorted(names), "a .facts file without its .cmake, or the other way round")
        for t in names:
            with open(os.path.join(targets.TOOLCHAINS, t + ".cmake"), encoding="utf-8") as f:
                text = f.read()
            self.assertIn(f"scanproof_target_facts(${{CMAKE_CURRENT_LIST_DIR}}/{t}.facts)", text, t)
            self.assertIsNone(re.search(r"^set\(SCANPROOF_", text, re.M), f"{t}.cmake sets a fact: put it in {t}.facts")
            self.assertTrue(targets.fact(t, "SCANPROOF_PACKAGES"), f"{t}.facts has no SCANPROOF_PACKAGES")

    def test_cmake_bash_and_python_read_the_same_values(self):
        # A ;-list, a value with spaces and an empty value, through all three readers.
        cases = [("aarch64", "SCANPROOF_MCA_CPUS"), ("i686-windows", "SCANPROOF_PACKAGES"),
                 ("alpha", "SCANPROOF_DEBIAN_ARCH"), ("ppc64", "SCANPROOF_RUST_ARCH")]
        for t, var in cases:
            script = (f"include(toolchains/common/target-facts.cmake)\n"
                      f"scanproof_target_facts(toolchains/{t}.facts PREFIX x_)\n"
                      f"execute_process(COMMAND ${{CMAKE_COMMAND}} -E echo \"[${{x_{var}}}]\")\n")
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "facts.cmake")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(script)
                cm = subprocess.run(["cmake", "-P", path], cwd=targets.ROOT, capture_output=True, text=True,
                                    check=True)
            sh = subprocess.run(["bash", "-c", ". ci/lib/common.sh; . ci/lib/targets.sh; toolchain_var \"$@\"", "x",
                                 t, var], cwd=targets.ROOT, capture_output=True, text=True, check=True)
            self.assertEqual(cm.stdout.strip(), f"[{targets.fact(t, var)}]", (t, var))
            self.assertEqual(sh.stdout.rstrip("\n"), targets.fact(t, var), (t, var))
        self.assertEqual(targets.fact_list("aarch64", "SCANPROOF_MCA_CPUS"), ["cortex-a53", "neoverse-n1", "apple-m1"])
        self.assertTrue(targets.no_debian_gtest("alpha"))
        self.assertFalse(targets.no_debian_gtest("x86_64-core2"))  # sets none: the host's

    def test_a_target_compiled_like_another_differs_from_it_only_in_the_emulators_cpu(self):
        # ci/matrix builds GoogleTest once for both (run.deps_dir).
        like = {t: targets.fact(t, "SCANPROOF_COMPILED_LIKE") for t in targets.all_targets()[1:]}
        self.assertEqual(like["alpha-ev56"], "alpha")
        for t, other in like.items():
            if not other:
                continue
            mine, theirs = targets.facts(t), targets.facts(other)
            self.assertFalse(targets.fact(other, "SCANPROOF_COMPILED_LIKE"), f"{other} is compiled like another too")
            for var in set(mine) | set(theirs):
                if var not in ("SCANPROOF_QEMU_CPU", "SCANPROOF_COMPILED_LIKE", "SCANPROOF_MCA_CPUS"):
                    self.assertEqual(mine.get(var), theirs.get(var), f"{t} and {other} differ in {var}")
            self.assertEqual(self.code(t), self.code(other), f"toolchains/{t}.cmake and {other}.cmake differ")

    @staticmethod
    def code(t):
        """A toolchain file's lines that are not comments, its facts file's name left out."""
        with open(os.path.join(targets.TOOLCHAINS, t + ".cmake"), encoding="utf-8") as f:
            return [line.replace(t + ".facts", "") for line in f if not line.startswith("#")]

    def test_a_line_that_is_not_var_value_is_an_error(self):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        with open(os.path.join(d, "bad.facts"), "w", encoding="utf-8") as f:
            f.write("# ok\nset(SCANPROOF_TRIPLE x)\n")
        with mock.patch.object(targets, "TOOLCHAINS", d), \
                self.assertRaisesRegex(ValueError, r"bad.facts:2: .* is not a VAR=value line"):
            targets.facts("bad")

    def test_unknown_names_are_usage_errors(self):
        with self.assertRaisesRegex(targets.UsageError, "unknown target 'nope' \\(known: host "):
            targets.select_targets("host,nope")
        with self.assertRaisesRegex(targets.UsageError, "unknown toolchain 'nope' \\(known: all gcc12-O0"):
            targets.select_toolchains("nope")
        self.assertEqual(targets.toolchain_target("m32"), "i686")


if __name__ == "__main__":
    unittest.main()
