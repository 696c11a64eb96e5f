// One solver question, decided by the engines in turn: BDDs (bdd_engine.hpp)
// for pure bit-vector queries, then Z3's bit-blasting SAT tactic; floating
// point goes to Z3's QF_FPBV. Says which engine decided and how long it took.
#pragma once
#include <z3++.h>

#include <chrono>
#include <optional>
#include <string>

#include "deciders/bdd_engine.hpp"

namespace scanproof::proof {

struct engines {
  bool bdd = true;  // BDDs first (pure bit-vector queries only)
  bool z3 = true;   // then Z3
};

struct decision {
  z3::check_result result = z3::unknown;
  std::optional<z3::model> model;  // for sat: a Z3 model (a BDD's input is confirmed by Z3)
  std::string engine;              // what decided: "bdd", "z3-sat", "z3-fpbv"; empty if none did
  std::string tried;               // for unknown: each engine tried and why it gave up
  bool timed_out = false;          // an engine ran out of time (not a node limit or a give-up)
  // A BDD's satisfying input that Z3 finds unsatisfiable: a bug in the glue.
  std::string disagreement;
  double seconds = 0;
};

// Is `formula` (Bool over the input `b`, a bit-vector of 1 to 128 bits) satisfiable? `fp`: it uses
// floating point. The BDD engine gets until `bdd_deadline`, Z3 `z3_ms`.
// `board`: what the BDD engine may know of `b` (bdd_engine.hpp).
decision decide(const z3::expr& formula, const z3::expr& b, bool fp, engines use,
                std::chrono::steady_clock::time_point bdd_deadline, unsigned z3_ms,
                const board_layout& board = {});

}  // namespace scanproof::proof
