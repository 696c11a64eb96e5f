"""unit.op_table.*: every reader of the op table (impl/core/include/scanproof/
ops.def) outside C and C++ (op_table_test.cpp has those) knows every row, so
a row added without its readers and drivers fails here, naming the op: the
report's row order and speed ranking, the CMake that matches op names
(candidates named in C++ and C, Rust declarations, the catalogue's folders),
and the catalogue itself (`scanproof list --json`, when $SCANPROOF is given).
  CMAKE_COMMAND=cmake [SCANPROOF=<scanproof>] python3 op_table_test.py"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "ci"))
from report import analyse, ops, speed_render, speed_report  # noqa: E402  (after the path)

ROWS = ops.rows()
NAMES = [r[0] for r in ROWS]


class Table(unittest.TestCase):
    def test_rows_are_well_formed(self):
        self.assertTrue(ROWS)
        self.assertEqual(len(set(NAMES)), len(NAMES), "an op named twice")
        for name, c_name, kind, scan in ROWS:
            # CMake lowercases a C spelling to find the op (ScanproofCandidates.cmake).
            self.assertEqual(c_name, name.upper(), name)
            self.assertIn(scan, NAMES, f"{name}: its scan {scan} is no op")
            self.assertEqual(kind == "scan", scan == name, f"{name}: a scan is its own scan, a pop another's")


class Report(unittest.TestCase):
    def test_row_order(self):
        self.assertEqual(analyse.OP_ORDER, NAMES)

    def test_speed_tables(self):
        scans = [r[0] for r in ROWS if r[2] == "scan"]
        self.assertEqual(list(speed_render.OPS), NAMES)
        self.assertEqual(list(speed_render.RANKED_OPS), scans)
        self.assertEqual(list(speed_report.fastest({"implementations": []}, [])), scans)


# What the CMake readers make of one candidate per op in each spelling: a
# line "named <op> <name>" per candidate named, "rust <entry>" per Rust
# declaration, "rust-error <error>", and "ops <names>": ScanproofOps.cmake's
# list, which the catalogue's glob (impl/CMakeLists.txt) reads.
CMAKE_SCRIPT = """cmake_minimum_required(VERSION 3.25)
set(CMAKE_BINARY_DIR "{work}")
include("{root}/cmake/ScanproofCandidates.cmake")
file(READ "{work}/named.cpp" text)
_scanproof_named_candidates(pairs "${{text}}")
foreach(p IN LISTS pairs)
  message(STATUS "named ${{p}}")
endforeach()
scanproof_rust_declarations(entries error "{work}/scanners.rs")
foreach(e IN LISTS entries)
  message(STATUS "rust ${{e}}")
endforeach()
message(STATUS "rust-error ${{error}}")
get_property(ops GLOBAL PROPERTY SCANPROOF_OPS)
message(STATUS "ops ${{ops}}")
"""


def cmake_readers():
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "named.cpp"), "w", encoding="utf-8") as f:
            for name, c_name, _, _ in ROWS:
                f.write(f"SCANPROOF_CANDIDATE_NAMED(cpp_{name}, f, scanproof::op::{name});\n"
                        f"SCANPROOF_CANDIDATE_NAMED(c_{name}, f, SCANPROOF_{c_name});\n")
        with open(os.path.join(work, "scanners.rs"), "w", encoding="utf-8") as f:
            for name, _, kind, _ in ROWS:
                board = "&mut u64" if kind == "pop" else "u64"
                f.write(f"// scanproof: candidate(rs_{name}, {name})\n#[no_mangle]\n"
                        f"pub extern \"C\" fn rs_{name}(b: {board}) -> u32 {{ 0 }}\n")
        script = os.path.join(work, "readers.cmake")
        with open(script, "w", encoding="utf-8") as f:
            f.write(CMAKE_SCRIPT.format(work=work, root=ROOT))
        out = subprocess.run([os.environ.get("CMAKE_COMMAND", "cmake"), "-P", script],
                             capture_output=True, text=True, check=True).stdout
    return [line.removeprefix("-- ") for line in out.splitlines()]


class CMake(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.lines = cmake_readers()

    def test_candidates_named_in_cpp_and_c(self):
        named = {line for line in self.lines if line.startswith("named ")}
        for name in NAMES:
            self.assertIn(f"named {name} cpp_{name}", named, f"{name}: not read as scanproof::op::{name}")
            self.assertIn(f"named {name} c_{name}", named, f"{name}: not read as SCANPROOF_{name.upper()}")

    def test_rust_declarations(self):
        self.assertIn("rust-error ", self.lines)  # none: every op is one a declaration may give
        declared = {line.split("|")[0].removeprefix("rust ") for line in self.lines if line.startswith("rust ")}
        for name in NAMES:
            self.assertIn(name, declared, f"{name}: a Rust declaration of it is refused")


    def test_the_catalogue_glob(self):
        self.assertIn("ops " + ";".join(NAMES), self.lines)


class Catalogue(unittest.TestCase):
    def test_a_folder_per_op(self):
        for name in NAMES:  # impl/CMakeLists.txt globs impl/<op>/*.cpp
            folder = os.path.join(ROOT, "impl", name)
            self.assertTrue(os.path.isdir(folder) and any(f.endswith(".cpp") for f in os.listdir(folder)),
                            f"{name}: no entry in impl/{name}/")

    @unittest.skipUnless(os.environ.get("SCANPROOF"), "$SCANPROOF (the scanproof command) not given")
    def test_registered_entries_per_op(self):
        out = subprocess.run([os.environ["SCANPROOF"], "list", "--json"], capture_output=True, text=True,
                             check=True).stdout
        listing = json.loads(out)
        listed = {i["op"] for i in listing["implementations"]}
        for name in NAMES:
            self.assertIn(name, listed, f"{name}: the catalogue registers no implementation of it")
        # The table the build exports is ops.def's, row for row (C's spelling with its prefix).
        self.assertEqual([(r["name"], r["c_name"], r["kind"], r["scan"]) for r in listing["ops"]],
                         [(n, "SCANPROOF_" + c, k, s) for n, c, k, s in ROWS])


if __name__ == "__main__":
    unittest.main()
