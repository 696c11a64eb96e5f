"""prepared.py: a run moves to the suite --prepare built only when its
sources are byte for byte the prepared ones."""
import os
import shutil
import tempfile
import unittest

from . import prepared


class Prepared(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.image, self.user, self.deps = (os.path.join(self.tmp, d) for d in ("image", "user", "deps"))
        for root in (self.image, self.user):
            os.makedirs(os.path.join(root, "ci", "__pycache__"))
            os.makedirs(os.path.join(root, "impl"))
            for rel, text in (("ci/matrix", "#!/bin/bash\n"), ("impl/lsb.cpp", "int lsb;\n"),
                              ("CMakeLists.txt", "project(x)\n"), ("README.md", "not a source\n")):
                with open(os.path.join(root, rel), "w") as f:
                    f.write(text)
        os.makedirs(self.deps)
        self.said = []

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def elsewhere(self):
        return prepared.elsewhere(self.user, self.deps, self.said.append)

    def test_the_same_sources_run_in_the_prepared_checkout(self):
        self.assertIsNone(self.elsewhere())  # nothing prepared
        prepared.record(self.image, self.deps)
        self.assertEqual(self.elsewhere(), self.image)
        self.assertIsNone(prepared.elsewhere(self.image, self.deps, self.said.append))  # already there
        with open(os.path.join(self.user, "ci", "__pycache__", "x.pyc"), "w") as f:
            f.write("bytecode")  # written by any run: not a source
        with open(os.path.join(self.user, "README.md"), "a") as f:
            f.write("docs are not built\n")
        self.assertEqual(self.elsewhere(), self.image)
        self.assertEqual(self.said, [])

    def test_one_byte_or_one_file_of_difference_builds_here(self):
        prepared.record(self.image, self.deps)
        with open(os.path.join(self.user, "impl", "lsb.cpp"), "w") as f:
            f.write("int lsc;\n")
        self.assertIsNone(self.elsewhere())
        self.assertIn("built from other sources", self.said[-1])
        with open(os.path.join(self.user, "impl", "lsb.cpp"), "w") as f:
            f.write("int lsb;\n")
        self.assertEqual(self.elsewhere(), self.image)
        os.rename(os.path.join(self.user, "impl", "lsb.cpp"), os.path.join(self.user, "impl", "msb.cpp"))
        self.assertIsNone(self.elsewhere())  # same bytes, another name

    def test_a_prepared_checkout_that_is_gone_is_said(self):
        prepared.record(self.image, self.deps)
        shutil.rmtree(self.image)
        self.assertIsNone(self.elsewhere())
        self.assertIn("is gone", self.said[-1])

    def test_paths_are_made_absolute_against_the_callers_directory(self):
        argv = ["--targets", "s390x", "--out", "rep", "--candidates", "a.cpp,/abs/b.rs", "--out=r2", "--prove"]
        self.assertEqual(prepared.absolute_argv(argv, "/w"),
                         ["--targets", "s390x", "--out", "/w/rep", "--candidates", "/w/a.cpp,/abs/b.rs",
                          "--out=/w/r2", "--prove"])


if __name__ == "__main__":
    unittest.main()
