// One implementation's proof (prove.cpp): its Z3 context, formula and time
// limit, the queries of each scope (prover.cpp) and what a model of a failed
// query says (counterexample.cpp). Internal to the prover.
#pragma once
#include <z3++.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "deciders/bdd_engine.hpp"
#include "base/bitops.hpp"
#include "deciders/contract.hpp"
#include "prover/prove.hpp"
#include "scanproof/shape.hpp"
#include "translate/translate.hpp"

namespace scanproof::proof::detail {

using clock_type = std::chrono::steady_clock;

// What one scope (nonzero inputs, or zero) came to.
struct scope_result {
  enum class kind { proved, counterexample, not_provable, error } k = kind::proved;
  std::string reason;
  word input;  // the board
  std::int64_t want = 0, predicted = 0;
  bool ub = false;
  std::string engine;  // what decided it: "bdd", "z3-sat", "bdd+z3-sat"...
  std::string how;     // "bdd, 1 query, 0.06 s": for the details line
  const exit_event* exit = nullptr;  // the contract exit taken at the input (a failed assert...), if any
  // A pop op's board left behind (argument space): required, and as the IR leaves it.
  std::optional<word> want_after, predicted_after;

  static scope_result of(kind k, std::string reason) {
    scope_result r;
    r.k = k;
    r.reason = std::move(reason);
    return r;
  }
};

// One implementation's proof: its Z3 context, formula and time limit.
class prover {
 public:
  prover(const prove_options& o, const shape& sh)
      : o_(o), sh_(sh), b_(c_.bv_const("b", board_bits(sh))),
        deadline_(clock_type::now() + std::chrono::milliseconds(static_cast<long>(o.timeout_s * 1000))) {}

  unsigned remaining_ms() const {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - clock_type::now());
    return left.count() > 0 ? static_cast<unsigned>(left.count()) : 0;
  }

  z3::context c_;  // declared first: destroyed after every expression that refers to it
  std::optional<function_formula> formula;

  // `checked`: the inputs the contract is checked on (the domain's nonzero
  // boards, and zero when its result is checked). A loop is followed only
  // as far as one of them can take it: a shift loop over a nonzero word ends
  // within its width, whatever it does on zero.
  function_formula translate_fn(const llvm::Function& fn, const z3::expr& checked, const ir_set& ir);

  // Tries each alternative query set; in all but the last Z3 gets at most
  // 5 s (the direct popcount comparison is instant or hopeless for it).
  scope_result run(const std::vector<query_set>& alternatives, op o, bool zero_scope);

  scope_result run(const query_set& qs, op o, bool zero_scope, unsigned z3_budget_ms, std::string& tried,
                   bool& timed_out);

  // A pop op's board left behind is not the one `q` requires (false when
  // `q` requires none).
  z3::expr left_differs(const query& q);

  // Inline asm whose meaning differs between CPUs: the proof is of the
  // documented or newer behaviour (each choice true); `with_choices` keeps
  // the formula with the choices open for the question below.
  void assume_documented_behaviour();

  // Does the result on `domain` change when CPU choice k is false? An input
  // where it does, or nullopt (also when that is not decided in time).
  std::optional<word> depends_on_choice(std::size_t k, const z3::expr& domain);

  // The build runs the dispatch path this CPU chose, not necessarily the
  // counterexample's: the IR's value at `input` on each path (of one
  // dispatch choice) that returns `got`, or empty.
  std::string dispatch_path_returning(word input, std::int64_t got);

  std::string timeout_reason() const;

  scope_result counterexample(const z3::model& m, const query& q, op o, bool zero_scope);

  z3::expr board_value(word board) { return bv_word(c_, board, b_.get_sort().bv_size()); }
  const z3::expr& board() const { return b_; }

 private:
  const prove_options& o_;
  shape sh_;
  z3::expr b_;  // the board: sh_.squares() bits
  // The BDD engine's view of the board: the halves' split, the domain.
  board_layout board_of() const { return {sh_.width == 128 ? sh_.high_offset : 0, sh_.domain}; }
  std::optional<z3::expr> with_choices_;
  clock_type::time_point deadline_;
};

}  // namespace scanproof::proof::detail
