// What an implementation must return, as solver queries, and which failures
// the catalogue expects on the target whose IR is proved.
#pragma once
#include <z3++.h>

#include <cstdint>
#include <string>
#include <vector>

#include "scanproof/descriptor.hpp"

namespace scanproof::proof {

// One solver question: is there an input b in `domain` where the result is
// not `want` (or the function has undefined behaviour)? If so, one of
// `suspects` (expressions of b; empty means b itself) is an input where the
// result is wrong.
struct query {
  z3::expr domain;  // Bool over the input
  z3::expr want;    // 64-bit result required on the domain
  std::vector<z3::expr> suspects{};
  // A pop op's board left behind, required on the domain: the proof
  // symbol's `after` (lo, hi, 64 bits each, argument space). Empty: not compared.
  std::vector<z3::expr> want_after{};
};

// A set of queries that together prove a scope, and the engines that may
// decide them (decide.hpp).
struct query_set {
  std::vector<query> queries;
  bool bdd = true;  // binary decision diagrams first
  bool z3 = true;   // then Z3's SAT tactic
  std::string what;  // how the contract is put: "one comparison with the reference"...
};

// The board the prover quantifies over (shape.hpp's square space): a
// bit-vector of sh.squares() bits (8..64, 127 for the 63 layout, 128).
unsigned board_bits(const shape& sh);
// The proof symbol's arguments (lo, hi), each 64 bits, as functions of the
// board: a one-integer shape's board zero-extended in lo (hi = 0); two halves
// split at the layout's high_offset (63: lo = board[62:0], hi = board[126:63]).
std::vector<z3::expr> arguments(const shape& sh, const z3::expr& board);
// The board is inside the declared domain: board & ~domain == 0.
z3::expr in_domain(const shape& sh, const z3::expr& board);
// What the op must return (64 bits) for a board, in the shape's numbering:
// lsb/msb (and pop_lsb/pop_msb) add the index base, ctz/clz count over the
// squares (of 0: squares).
z3::expr reference_result(op o, const shape& sh, const z3::expr& board);
// The board a pop op must leave (reference.hpp's board_after), as the proof
// symbol's `after` holds it (arguments()): the lowest (pop_lsb) or highest
// (pop_msb) set square cleared; the empty board stays empty.
std::vector<z3::expr> reference_after(op o, const shape& sh, const z3::expr& board);

// The op's contract on the nonzero boards of the domain (`result` a formula
// of the board b), as alternative query sets: each set alone proves the
// contract; the next is tried only if the engines give up on one. First one
// comparison with the reference for every input (BDDs decide it for scans,
// SWAR, tables and loops alike). Then, for Z3 alone: the scans one query per
// bit position of the domain, so each has a constant answer; popcount the
// direct comparison (instant when the IR is llvm.ctpop) and then induction
// on the set bits: every single bit gives 1, and setting one more bit adds exactly 1.
std::vector<query_set> nonzero_queries(op o, const shape& sh, const z3::expr& b, const z3::expr& result);

// The facts expectation conditions are evaluated against: the IR's target,
// not the machine the prover runs on.
struct target_facts {
  bool big_endian = false;
  int long_bits = 64;
};

// Does one of d's expectations (descriptor.hpp) hold for `on` on this target?
// Sets `reason` to the expectation's reason. CPU-feature conditions are about
// how a CPU executes instructions, which IR does not fix: they do not hold
// here (docs/proof.md). A condition the prover does not know throws.
bool expected_failure(const descriptor& d, scope on, const target_facts& t, std::string& reason);

}  // namespace scanproof::proof
