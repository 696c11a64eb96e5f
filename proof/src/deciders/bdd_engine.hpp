// Binary decision diagrams for pure bit-vector queries: Z3 bit-blasts the
// query (the same miter the SAT tactic gets), BuDDy decides the Boolean
// circuit. Popcounts, SWAR sums and table lookups have small BDDs in any
// variable order (every internal signal depends on how many bits of a group
// are set), where a CDCL solver chokes on counting; products of two
// input-dependent values blow up, hence the node limit and the fallback.
#pragma once
#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "scanproof/word.hpp"

namespace scanproof::proof {

struct bdd_answer {
  z3::check_result result = z3::unknown;
  // For sat: one input (the bits of `input`, up to 128) that satisfies the query.
  // Variables other than the input's bits (undef, freeze) are left to Z3,
  // which confirms the input: see decide.cpp.
  std::optional<scanproof::word> input;
  std::string why;  // for unknown: "node limit of N nodes reached", an operator not handled...
  std::size_t peak_nodes = 0;
};

// What the BDD engine may know of its input beyond its width: a two-half
// board's high half starts at `halves_at` (or 0: one integer), and only the
// bits of `domain` can be set (a declared domain; all ones: every bit).
struct board_layout {
  // Two halves' bits are interleaved in the variable order (lo bit k next to
  // hi bit k), where formulas over p[0] | p[1] stay smaller.
  int halves_at = 0;
  // Bits outside it are the constant 0 before bit-blasting, not variables
  // constrained at the root: every intermediate BDD is over the domain only.
  scanproof::word domain = scanproof::word::ones(128);
};

struct bdd_limits {
  int max_nodes = 1 << 22;  // ~80 MB of BuDDy nodes; the catalogue needs at most ~1M
  std::chrono::steady_clock::time_point deadline;
  board_layout board{};
};

// Is `query` (Bool over the bit-vector constant `input`, 1 to 128 bits)
// satisfiable? Variable order: the input's bits from the top bit down to bit 0 (measured on the
// catalogue: 25 CPU s against 31 with bit 0 first; Kernighan's loop and
// serialization gain most). Not
// reentrant: BuDDy is one global state per process (each proof has its own
// process under `--jobs`; in one process, proofs run one at a time).
bdd_answer bdd_decide(const z3::expr& query, const z3::expr& input, const bdd_limits& limits);

}  // namespace scanproof::proof
