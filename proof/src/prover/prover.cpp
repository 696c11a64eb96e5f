#include "prover/prover.hpp"

#include <algorithm>
#include <cstdio>

#include "deciders/decide.hpp"

namespace scanproof::proof::detail {

function_formula prover::translate_fn(const llvm::Function& fn, const z3::expr& checked, const ir_set& ir) {
  translate_options t;
  t.loop_bound = o_.loop_bound;
  t.linked = [&ir](const llvm::GlobalVariable& gv, std::string& why) { return ir.linked_global(gv, why); };
  t.feasible = [this, checked](const z3::expr& path) {
    const z3::expr pc = path && checked;
    // Past the time limit nothing more is solved: the path stays undecided
    // (the loop is reported as not bounded in time), and the run ends.
    if (remaining_ms() == 0) return z3::unknown;
    // A path condition with floating point needs QF_FPBV; Z3 tells.
    const decision d = decide(pc, b_, false, {}, deadline_, std::max(1u, remaining_ms()), board_of());
    if (d.result != z3::unknown || remaining_ms() == 0) return d.result;
    return decide(pc, b_, true, {false, true}, deadline_, std::max(1u, remaining_ms())).result;
  };
  t.quickly_infeasible = [this, checked](const z3::expr& path) {
    const z3::expr pc = path && checked;
    const auto soon = std::min(deadline_, clock_type::now() + std::chrono::seconds(2));
    return decide(pc, b_, false, {}, soon, std::min(remaining_ms(), 1000u), board_of()).result == z3::unsat;
  };
  return translate(fn, c_, arguments(sh_, b_), t);
}

scope_result prover::run(const std::vector<query_set>& alternatives, op o, bool zero_scope) {
  scope_result r;
  std::string tried;
  bool timed_out = false;
  for (std::size_t i = 0; i < alternatives.size(); ++i) {
    const query_set& qs = alternatives[i];
    if (!qs.z3 && (!qs.bdd || formula->uses_fp)) continue;  // no engine for it
    const bool last = i + 1 == alternatives.size();
    r = run(qs, o, zero_scope, last ? remaining_ms() : std::min(remaining_ms(), 5000u), tried, timed_out);
    if (r.k != scope_result::kind::not_provable || remaining_ms() == 0) break;
  }
  if (r.k == scope_result::kind::not_provable)
    r.reason = (timed_out || remaining_ms() == 0 ? timeout_reason() : "the engines gave up") +
               (tried.empty() ? "" : " (tried " + tried + ")");
  return r;
}

scope_result prover::run(const query_set& qs, op o, bool zero_scope, unsigned z3_budget_ms, std::string& tried,
                         bool& timed_out) {
  const function_formula& f = *formula;
  const auto until = clock_type::now() + std::chrono::milliseconds(z3_budget_ms);
  z3::expr any_ub = c_.bool_val(false);
  for (const ub_event& e : f.ub) any_ub = any_ub || e.when;
  for (const exit_event& e : f.exits) any_ub = any_ub || e.when;  // a checked input must not stop the program
  std::vector<std::string> by;  // the engines that decided queries, in order
  double seconds = 0;
  auto summary = [&](scope_result& r) {
    for (const std::string& e : by) r.engine += (r.engine.empty() ? "" : "+") + e;
    char buf[120];
    std::snprintf(buf, sizeof buf, "%s, %zu quer%s, %.2f s", r.engine.c_str(), qs.queries.size(),
                  qs.queries.size() == 1 ? "y" : "ies", seconds);
    r.how = std::string(buf) + ": " + qs.what;
    return r;
  };
  for (const query& q : qs.queries) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - clock_type::now()).count();
    const unsigned ms = left > 0 ? std::min(remaining_ms(), static_cast<unsigned>(left)) : 0;
    if (remaining_ms() == 0) {
      timed_out = true;
      return scope_result::of(scope_result::kind::not_provable, "");
    }
    z3::expr question = q.domain && (f.result != q.want || left_differs(q) || any_ub);
    if (zero_scope) {  // one input: the engines get the formula evaluated at it
      z3::expr_vector from(c_), to(c_);
      from.push_back(b_);
      to.push_back(c_.bv_val(0, b_.get_sort().bv_size()));
      question = question.substitute(from, to).simplify();
    }
    const decision d = decide(question, b_, f.uses_fp,
                              {qs.bdd, qs.z3 && ms > 0}, deadline_, ms, board_of());
    seconds += d.seconds;
    if (!d.engine.empty() && std::find(by.begin(), by.end(), d.engine) == by.end()) by.push_back(d.engine);
    if (d.result == z3::unsat) continue;
    if (d.result == z3::unknown) {
      if (d.timed_out || ms == 0) timed_out = true;
      const std::string what = d.tried.empty() ? (ms == 0 ? "z3-sat: timeout" : "nothing") : d.tried;
      tried += (tried.empty() ? "" : "; ") + qs.what + ": " + what;
      return scope_result::of(scope_result::kind::not_provable, "");
    }
    if (!d.disagreement.empty()) {
      scope_result r = scope_result::of(scope_result::kind::error, d.disagreement);
      return summary(r);
    }
    scope_result r = counterexample(*d.model, q, o, zero_scope);
    return summary(r);
  }
  scope_result r;
  return summary(r);
}

z3::expr prover::left_differs(const query& q) {
  z3::expr differs = c_.bool_val(false);
  for (std::size_t h = 0; h < q.want_after.size(); ++h) differs = differs || formula->after.at(h) != q.want_after[h];
  return differs;
}

void prover::assume_documented_behaviour() {
  function_formula& f = *formula;
  if (f.cpu_choices.empty()) return;
  with_choices_ = f.result;
  z3::expr_vector from(c_), to(c_);
  for (const auto& ch : f.cpu_choices) {
    from.push_back(ch.first);
    to.push_back(c_.bool_val(true));
  }
  f.result = f.result.substitute(from, to);
  for (auto* events : {&f.ub, &f.poison_sources})
    for (ub_event& e : *events) e.when = e.when.substitute(from, to);
  for (exit_event& e : f.exits) e.when = e.when.substitute(from, to);
}

std::optional<word> prover::depends_on_choice(std::size_t k, const z3::expr& domain) {
  const function_formula& f = *formula;
  z3::expr_vector from(c_), to(c_);
  for (std::size_t i = 0; i < f.cpu_choices.size(); ++i) {
    from.push_back(f.cpu_choices[i].first);
    to.push_back(c_.bool_val(i != k));
  }
  const z3::expr other = z3::expr(*with_choices_).substitute(from, to);
  const decision d =
      decide(domain && other != f.result, b_, f.uses_fp, {}, deadline_, remaining_ms(), board_of());
  if (d.result != z3::sat || !d.model) return std::nullopt;
  return model_word(*d.model, b_);
}

std::string prover::timeout_reason() const {
  char buf[96];
  std::snprintf(buf, sizeof buf, "solver timeout after %.0f s (--timeout / SCANPROOF_PROOF_TIMEOUT)",
                o_.timeout_s);
  return buf;
}

}  // namespace scanproof::proof::detail
