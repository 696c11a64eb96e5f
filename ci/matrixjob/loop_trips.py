"""How many times a scanner's own loop runs for a word: the one table of it.
llvm-mca models straight-line code, so where the disassembly shows a loop
inside a scanner (ci/matrixjob/mca.py finds it from the backward branches) the
estimate is the loop body's cycles per iteration times this trip count. The
count is the algorithm's, not the compiler's: it is consulted only where a
target's code still loops (GCC turns Kernighan's loop into CNT on AArch64,
and then nothing here applies)."""
import random

import results_format

# name -> (rule, why). Rules are the keys of TRIPS below.
LOOPS = {
    "iterative": ("set bits", "Kernighan: b &= b - 1 until zero, one iteration per set bit"),
    "serialization": ("set bits", "scan and reset the LS1B until zero, one iteration per set bit"),
    "dispatched_popcount": ("set bits", "the software fallback is Kernighan's loop"),
    "table4": ("nibbles up to the highest set bit", "one 4-bit lookup per nibble while bits remain"),
    "table8": ("8", "a fixed loop over the eight bytes"),
}

TRIPS = {
    "set bits": lambda w: bin(w).count("1"),
    "nibbles up to the highest set bit": lambda w: (w.bit_length() + 3) // 4,
    "8": lambda w: 8,
}

# The words `scanproof bench` measures (bench/distributions.cpp), drawn here
# with Python's generator: the means, not the exact words, are what matters.
# Named where the report reads them too (speed.json's loop trip counts).
DISTRIBUTIONS = results_format.TRIP_DISTRIBUTIONS
SAMPLES = 4096


def _with_bits(rng, k):
    b = 0
    while bin(b).count("1") < k:
        b |= 1 << rng.randrange(64)
    return b


def words(dist, n=SAMPLES):
    rng = random.Random("scanproof-" + dist)
    if dist == "single":
        return [_with_bits(rng, 1) for _ in range(n)]
    if dist == "sparse":
        return [_with_bits(rng, 1 + rng.randrange(10)) for _ in range(n)]
    if dist == "dense":
        return [_with_bits(rng, 20 + rng.randrange(21)) for _ in range(n)]
    return [rng.randrange(1, 1 << 64) for _ in range(n)]


def mean_trips(rule):
    """{distribution: mean trip count of the rule over its words}."""
    f = TRIPS[rule]
    return {d: sum(map(f, ws)) / len(ws) for d, ws in ((d, words(d)) for d in DISTRIBUTIONS)}


def plain_64(entry):
    """A `scanproof list --json` entry of a plain 64-bit shape, whose words
    are the ones above (other widths and declared domains draw their own)."""
    return entry.get("width", 64) == 64 and (entry.get("domain") or "all") == "all" and \
        entry.get("argument", "integer") == "integer"


def rule_for(name):
    """(rule, why) for an implementation's loop, or (None, why not)."""
    if name in LOOPS:
        return LOOPS[name]
    return None, (f"its trip count is not known: {name} is not in ci/matrixjob/loop_trips.py's table "
                  "(a candidate's loop is estimated per iteration only)")
