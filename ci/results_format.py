"""What ci/matrix's runner (ci/matrixjob) writes and its report (ci/report)
reads: the names in a run's directory and the shape fields of a results row.
The one place both sides take these facts from, so neither imports the other
(the runner starts the report as a process of its own: matrixjob/matrix.py).
Data and the defaults of absent fields only; no reading, no writing."""

# A results directory (ci/matrix's DIR/results, a CI job's, the report's
# --results): one <target>.json per target run (collect.py's rows), and beside them:
TARGET_SUFFIX = ".json"
PLAN = "matrix-plan.json"  # what was asked for (matrix.py)
PROOF_SUFFIX = ".proof.json"  # `scanproof prove --target T --json` results, if any (prove.py)
SPEED_SUFFIX = ".speed.json"  # the speed model's estimates (and the host's measurement) (speed.py)
# The report's own files in DIR: removed at a run's start and on an interrupt
# (matrixjob/interrupt.py), so no earlier verdict is read as this run's.
REPORT_FILES = ("report.json", "report.md", "report.html")

# The words `scanproof bench` measures (bench/distributions.cpp), in the order
# a speed.json's loop trip counts are shown (loop_trips.py draws them).
TRIP_DISTRIBUTIONS = ("single", "sparse", "dense", "uniform")

# An implementation's shape (impl/core/include/scanproof/shape.hpp), as `scanproof
# list --json` gives it and collect.py copies it into the results row; a listing
# from before shapes existed means a plain 64-bit integer with every square.
SHAPE_FIELDS = ("width", "op_label", "argument", "high_offset", "index_base", "domain", "shape")


def shape_of(entry):
    """The SHAPE_FIELDS of a listing entry (or a row), with the plain 64-bit defaults."""
    width = entry.get("width") or 64
    defaults = {"width": width, "op_label": entry.get("op"), "argument": "integer", "high_offset": 64,
                "index_base": 0, "domain": "all", "shape": f"{width}-bit"}
    return {k: entry[k] if entry.get(k) is not None else v for k, v in defaults.items()}


def op_labels(row):
    """The names an implementation's ctest tests may use: its op label, and its
    op where that differs (a driver that names the suite by the op alone)."""
    sh = shape_of(row)
    return [sh["op_label"]] + ([row["op"]] if row.get("op") and row["op"] != sh["op_label"] else [])
