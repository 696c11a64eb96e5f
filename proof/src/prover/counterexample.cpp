// What the model of a failed query says: the input, what the IR returns
// there and what it must, the undefined behaviour or contract exit taken,
// the dispatch path; and which dispatch path the build took.
#include <algorithm>

#include "deciders/decide.hpp"
#include "prover/prover.hpp"
#include "scanproof/batch.hpp"

namespace scanproof::proof::detail {

std::string prover::dispatch_path_returning(word input, std::int64_t got) {
  const function_formula& f = *formula;
  for (const dispatch_choice& d : f.dispatch)
    for (std::size_t k = 0; k < d.labels.size(); ++k) {
      z3::expr_vector from(c_), to(c_);
      from.push_back(b_);
      to.push_back(board_value(input));
      from.push_back(d.selector);
      to.push_back(c_.bv_val(static_cast<unsigned>(k), 8));
      const z3::expr v = z3::expr(f.result).substitute(from, to).simplify();
      if (v.is_numeral() && static_cast<std::int64_t>(v.get_numeral_uint64()) == got)
        return d.global + " = " + d.labels[k];
    }
  if (f.cpu_reads.empty()) return "";
  // Some CPU-feature values make the IR return what the build did?
  z3::expr_vector from(c_), to(c_);
  from.push_back(b_);
  to.push_back(board_value(input));
  const z3::expr v = z3::expr(f.result).substitute(from, to);
  const decision d = decide(v == c_.bv_val(static_cast<std::uint64_t>(got), 64), b_, f.uses_fp, {}, deadline_,
                            std::max(1u, std::min(remaining_ms(), 10000u)), board_of());
  return d.result == z3::sat ? "the features this CPU reports in __cpu_model" : "";
}

scope_result prover::counterexample(const z3::model& m, const query& q, op o, bool zero_scope) {
  const function_formula& f = *formula;
  scope_result r;
  r.k = scope_result::kind::counterexample;
  r.input = model_word(m, b_);
  r.predicted = static_cast<std::int64_t>(m.eval(f.result, true).get_numeral_uint64());
  r.want = static_cast<std::int64_t>(m.eval(q.want, true).get_numeral_uint64());
  // An induction step names two inputs: report the one that is wrong.
  for (const z3::expr& s : q.suspects) {
    const word in = model_word(m, s);
    z3::expr_vector from(c_), to(c_);
    from.push_back(b_);
    to.push_back(board_value(in));
    const auto got = static_cast<std::int64_t>(
        m.eval(z3::expr(f.result).substitute(from, to), true).get_numeral_uint64());
    if (got != oracle_result(o, sh_, in)) {
      r.input = in;
      r.predicted = got;
      r.want = oracle_result(o, sh_, in);
      break;
    }
  }
  if (!q.want_after.empty()) {  // a pop op: the boards left behind, in argument space
    const auto halves = [&](const std::vector<z3::expr>& h) {
      return word{m.eval(h.at(0), true).get_numeral_uint64(), m.eval(h.at(1), true).get_numeral_uint64()};
    };
    r.want_after = halves(q.want_after);
    r.predicted_after = halves(f.after);
  }
  std::string ub;
  for (const ub_event& e : f.ub)
    if (m.eval(e.when, true).is_true()) ub += (ub.empty() ? "" : "; ") + e.what;
  for (const exit_event& e : f.exits)
    if (!r.exit && m.eval(e.when, true).is_true()) r.exit = &e;
  if (r.exit) {
    r.reason = "the scanner stops on this input: " + r.exit->what;
  } else if (!ub.empty()) {
    r.ub = true;
    for (const ub_event& e : f.poison_sources)
      if (m.eval(e.when, true).is_true()) ub += "; poison from " + e.what;
    r.reason = "undefined behaviour at this input: " + ub;
  } else if (r.want_after) {  // as conformance shows a pop op's failure
    r.reason = op_label(o, sh_) + "(" + render(sh_, r.input) + ") expected " + std::to_string(r.want) +
               " leaving " + render_argument(sh_, *r.want_after) + ", got " + std::to_string(r.predicted) +
               " leaving " + render_argument(sh_, *r.predicted_after);
  } else {
    r.reason = "returns " + std::to_string(r.predicted) + ", must return " + std::to_string(r.want);
  }
  for (const z3::expr& v : f.cpu_reads)
    r.reason += " (with " + v.decl().name().str().substr(4) + " = " + hex(m.eval(v, true).get_numeral_uint64()) + ")";
  // Which dispatch path the solver took: the one the proof fails on.
  for (const dispatch_choice& d : f.dispatch) {
    const std::uint64_t k = m.eval(d.selector, true).get_numeral_uint64();
    r.reason += " (on the dispatch path " + d.global + " = " + d.labels[std::min<std::size_t>(k, d.labels.size() - 1)] + ")";
  }
  // The contract formula and the reference oracle must agree on the input.
  const std::int64_t oracle = zero_scope ? r.want : oracle_result(o, sh_, r.input);
  if (oracle != r.want) {
    r.k = scope_result::kind::error;
    r.reason = "suite bug: the contract formula wants " + std::to_string(r.want) + " at " +
               render(sh_, r.input) + ", the reference oracle " + std::to_string(oracle);
  } else if (r.want_after && *r.want_after != to_argument(sh_, oracle_after(o, sh_, r.input))) {
    r.k = scope_result::kind::error;
    r.reason = "suite bug: the contract formula wants the board " + render_argument(sh_, *r.want_after) +
               " left at " + render(sh_, r.input) + ", the reference oracle " +
               render_argument(sh_, to_argument(sh_, oracle_after(o, sh_, r.input)));
  }
  return r;
}

}  // namespace scanproof::proof::detail
