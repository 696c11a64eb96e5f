"""unit.ci.report_boundary: the report (ci/report) and the runner
(ci/matrixjob) do not import each other, in either direction, tests included;
what both need of the files between them is in ci/results_format.py. Read
from the sources (ast), so an import inside a function counts too."""
import ast
import os
import unittest

CI = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def imported(package):
    """{(file, top-level module imported)} over package's .py files; a
    relative import is of the package itself."""
    out = set()
    d = os.path.join(CI, package)
    for f in sorted(os.listdir(d)):
        if not f.endswith(".py"):
            continue
        with open(os.path.join(d, f), encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), f)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out |= {(f, a.name.split(".")[0]) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                out.add((f, package if node.level else (node.module or "").split(".")[0]))
    return out


class Boundary(unittest.TestCase):
    def test_the_report_imports_nothing_of_the_runner(self):
        self.assertEqual([f for f, m in imported("report") if m == "matrixjob"], [])

    def test_the_runner_imports_nothing_of_the_report(self):
        self.assertEqual([f for f, m in imported("matrixjob") if m == "report"], [])

    def test_both_read_the_file_names_from_one_place(self):
        self.assertIn("results_format", {m for _, m in imported("report")})
        self.assertIn("results_format", {m for _, m in imported("matrixjob")})


if __name__ == "__main__":
    unittest.main()
