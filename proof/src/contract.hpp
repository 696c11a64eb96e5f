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
};

// The op's contract on the nonzero inputs of `result` (a formula of b), as
// alternative sets of queries: each set alone proves the contract; the next
// is tried only if the solver gives up on one. The scans: one query per bit
// position, so each has a constant answer. popcount: first the direct
// comparison (instant when the IR is llvm.ctpop), then induction on the set
// bits, which the SAT solver does far faster on tables and SWAR than
// comparing two adder networks: every single bit gives 1, and setting one
// more bit adds exactly 1.
std::vector<std::vector<query>> nonzero_queries(op o, const z3::expr& b, const z3::expr& result);

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
