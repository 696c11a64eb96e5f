"""The op table (impl/core/include/scanproof/ops.def), read rather than
restated, so a new op is one row there: NAMES in the table's order (the
report's row order), SCANS the ops that take the board by value (the speed
ranking's), POPS the ones that clear the square they return."""
import os
import re

DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                   "impl", "core", "include", "scanproof", "ops.def")
ROW = re.compile(r"^SCANPROOF_OP\(([a-z0-9_]+), ([A-Z0-9_]+), (scan|pop), ([a-z0-9_]+)\)$")


def rows(path=DEF):
    """[(name, C spelling, kind, scan)] per SCANPROOF_OP line, in order."""
    with open(path, encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.startswith("SCANPROOF_OP(")]
    out = []
    for line in lines:
        m = ROW.match(line)
        if not m:
            raise ValueError(f"{path}: '{line}' is not SCANPROOF_OP(name, C_NAME, scan|pop, scan)")
        out.append(m.groups())
    return out


NAMES = tuple(r[0] for r in rows())
SCANS = tuple(r[0] for r in rows() if r[2] == "scan")
POPS = tuple(r[0] for r in rows() if r[2] == "pop")
