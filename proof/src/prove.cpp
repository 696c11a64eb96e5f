#include "prove.hpp"

#include <z3++.h>

#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "contract.hpp"
#include "bitops.hpp"
#include "decide.hpp"
#include "scanproof/batch.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"
#include "translate.hpp"

namespace scanproof::proof {
namespace {

using clock_type = std::chrono::steady_clock;

// Whether the replayed implementations' asserts are compiled in: they are
// built with this process's flags (the build type's; RelWithDebInfo and
// Release define NDEBUG).
#ifdef NDEBUG
constexpr bool build_has_ndebug = true;
#else
constexpr bool build_has_ndebug = false;
#endif

// How long a counterexample's replay may run before it counts as hung.
constexpr double replay_limit_seconds = 10;

// Runs the built implementation on one input in a child process (the
// supervisor's run_in_child, which keeps the limit): an input in undefined
// behaviour may make it loop or crash. Empty result: it did not return a
// value; `why` says what happened. A pop op runs its `pop_batch`, which also
// gives the board it leaves (`after`, argument space). Where nothing forks
// (SCANPROOF_NO_SUPERVISOR) it runs in this process, as run_isolated runs the
// proof itself there.
struct replayed_call {
  std::int64_t got = 0;
  word after;
};
std::optional<std::int64_t> replay_one(batch_fn batch, pop_batch_fn pop, word input, std::optional<word>& after,
                                       std::string& why) {
  const auto replay = [&] {
    replayed_call got;
    const fresh_process_state fresh;
    if (pop) pop(&input, &got.got, &got.after, 1);
    else got.got = call_one(batch, input);
    return got;
  };
  if (!can_fork()) {
    const replayed_call got = replay();
    if (pop) after = got.after;
    return got.got;
  }
  const child_end end = run_in_child(
      [&] {
        const replayed_call got = replay();
        return std::string(reinterpret_cast<const char*>(&got), sizeof got);
      },
      {replay_limit_seconds, false});
  if (!end.forked) {
    why = "not replayed: " + end.failure;
    return std::nullopt;
  }
  if (end.exited_zero() && end.output.size() == sizeof(replayed_call)) {
    replayed_call got;
    std::memcpy(static_cast<void*>(&got), end.output.data(), sizeof got);
    if (pop) after = got.after;
    return got.got;
  }
  why = end.timed_out ? "replay did not return within " + std::to_string(static_cast<int>(replay_limit_seconds)) +
                            " s (killed)"
        : WIFSIGNALED(end.status) ? "replay died with signal " + std::to_string(WTERMSIG(end.status))
                                  : "replay returned no value";
  return std::nullopt;
}

// The argument as `scanproof eval --impl NAME` takes it: 0x<hi><lo>, 32
// digits, for 128-bit shapes (the halves as the layout places them); the
// shape's own rendering for the narrower ones ("0x" and width/4 digits).
std::string argument_text(const shape& sh, word board) {
  return sh.width < 128 ? render(sh, board) : hex128(to_argument(sh, board));
}

// What a proof quantified over: "all 2^64 inputs" (unchanged for plain
// 64-bit scanners), "all 2^127 boards of the 63-offset layout", "every board
// of the declared domain 0x... (50 squares)".
std::string inputs_text(const shape& sh) {
  if (sh.domain_declared)
    return "every board of the declared domain " + domain_text(sh) + " (" + std::to_string(popcount(sh.domain)) +
           " squares)";
  if (sh.width == 128 && sh.high_offset == 63) return "all 2^127 boards of the 63-offset layout";
  return "all 2^" + std::to_string(sh.width) + " inputs";
}

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
  function_formula translate_fn(const llvm::Function& fn, const z3::expr& checked, const ir_set& ir) {
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

  // Tries each alternative query set; in all but the last Z3 gets at most
  // 5 s (the direct popcount comparison is instant or hopeless for it).
  scope_result run(const std::vector<query_set>& alternatives, op o, bool zero_scope) {
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

  scope_result run(const query_set& qs, op o, bool zero_scope, unsigned z3_budget_ms, std::string& tried,
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

  // A pop op's board left behind is not the one `q` requires (false when
  // `q` requires none).
  z3::expr left_differs(const query& q) {
    z3::expr differs = c_.bool_val(false);
    for (std::size_t h = 0; h < q.want_after.size(); ++h) differs = differs || formula->after.at(h) != q.want_after[h];
    return differs;
  }

  // Inline asm whose meaning differs between CPUs: the proof is of the
  // documented or newer behaviour (each choice true); `with_choices` keeps
  // the formula with the choices open for the question below.
  void assume_documented_behaviour() {
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

  // Does the result on `domain` change when CPU choice k is false? An input
  // where it does, or nullopt (also when that is not decided in time).
  std::optional<word> depends_on_choice(std::size_t k, const z3::expr& domain) {
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

  // The build runs the dispatch path this CPU chose, not necessarily the
  // counterexample's: the IR's value at `input` on each path (of one
  // dispatch choice) that returns `got`, or empty.
  std::string dispatch_path_returning(word input, std::int64_t got) {
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

  std::string timeout_reason() const {
    char buf[96];
    std::snprintf(buf, sizeof buf, "solver timeout after %.0f s (--timeout / SCANPROOF_PROOF_TIMEOUT)",
                  o_.timeout_s);
    return buf;
  }

  scope_result counterexample(const z3::model& m, const query& q, op o, bool zero_scope) {
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

void set_input(outcome& out, const shape& sh, word board) {
  out.input = board;
  out.input_shown = render(sh, board);
  out.input_argument = argument_text(sh, board);
}

// A counterexample run on the built implementation: `replay` says how it
// went; false when the build disagrees with the IR's model (`out` is then
// the error, with the input).
bool check_replay(const descriptor& d, const prove_options& o, const scope_result& r, prover& p, outcome& out,
                  std::string& replay) {
  replay = o.no_replay;
  std::string replay_failed;
  std::optional<word> after;  // a pop op's board left behind by the build
  const std::optional<std::int64_t> replayed =
      o.replay && d.batch ? replay_one(d.batch, d.pop_batch, to_argument(d.sh, r.input), after, replay_failed)
                          : std::nullopt;
  // What a call returned: its index, and a pop op's board left behind.
  const auto shown = [&](std::int64_t v, const std::optional<word>& left) {
    return std::to_string(v) + (left ? " leaving " + render_argument(d.sh, *left) : "");
  };
  if (r.exit && o.replay && d.batch) {
    // The IR stops there: the build must stop too (killed by the
    // abort's or trap's signal), unless the stop is an assert this
    // process's build compiled out.
    const bool died = !replayed && replay_failed.rfind("replay died with signal", 0) == 0;
    if (died) {
      replay = "replayed: the built implementation stops too (" + replay_failed.substr(7) + ")";
    } else if (replayed && r.exit->is_assert && build_has_ndebug) {
      replay = "replayed: the built implementation returns " + std::to_string(*replayed) +
               ": its build defines NDEBUG, so the assert is compiled out there (the proof is of the "
               "IR with asserts)";
    } else {
      out.verdict = "error";
      out.reason = "replay at " + render(d.sh, r.input) + ": the IR stops there (" + r.exit->what +
                   "), the built implementation " +
                   (replayed ? "returns " + std::to_string(*replayed) : replay_failed);
      set_input(out, d.sh, r.input);
      out.result = status::fail;
      return false;
    }
  } else if (o.replay && d.batch && !replayed) {
    replay = "replayed: the built implementation gave no result: " + replay_failed;
    if (!r.ub) {  // a defined computation must return what the IR says
      out.verdict = "error";
      out.reason = "replay at " + render(d.sh, r.input) + " failed although the IR has no undefined "
                   "behaviour there: " + replay_failed;
      out.result = status::fail;
      return false;
    }
  } else if (replayed) {
    const std::int64_t got = *replayed;
    if (r.ub) {
      replay = "replayed: the built implementation returns " + shown(got, after) +
               " (undefined behaviour in the IR here, so not compared)";
    } else if (got != r.predicted && !p.dispatch_path_returning(r.input, got).empty()) {
      replay = "replayed: the built implementation returns " + std::to_string(got) +
               ", what the IR returns on the dispatch path this CPU takes (" +
               p.dispatch_path_returning(r.input, got) + ")";
    } else if (got != r.predicted || after != r.predicted_after) {
      out.verdict = "error";
      out.reason = "replay disagrees with the solver at " + render(d.sh, r.input) +
                   ": the model of the IR returns " + shown(r.predicted, r.predicted_after) +
                   ", the built implementation " + shown(got, after) +
                   " (a bug in the prover, or IR that is not of this implementation)";
      set_input(out, d.sh, r.input);
      out.got = got;
      out.result = status::fail;
      return false;
    } else {
      replay = "replayed: the built implementation returns " + shown(got, after) + ", as the solver predicted";
    }
  } else if (o.replay) {
    replay = "not replayed: the implementation is not built in this process";
  }
  return true;
}

// What a proof covers: the inputs and IR, every CPU's feature bits, the
// contract exits it used as preconditions, every dispatch path.
void describe_proof(const descriptor& d, const ir_set& ir, const function_formula& f, outcome& out) {
  char note[512];
  std::snprintf(note, sizeof note, "for %s on %s IR (%s %s)%s", inputs_text(d.sh).c_str(), ir.triple.c_str(),
                ir.compiler.c_str(), ir.flags.c_str(),
                f.max_unroll > 1 ? ", loops unrolled until infeasible" : "");
  out.reason = note;
  if (!f.cpu_reads.empty()) {
    out.reason += ", for every CPU: whatever __builtin_cpu_supports/__cpu_model report";
    std::string reads;
    for (const z3::expr& v : f.cpu_reads) reads += (reads.empty() ? "" : ", ") + v.decl().name().str().substr(4);
    out.details.push_back("cpu features: proved for every value of " + reads);
  }
  // The contract exits no checked input reaches: the scanner's own
  // preconditions (its asserts), met by the contract.
  std::string pre;
  for (const exit_event& e : f.exits) pre += (pre.empty() ? "" : "; ") + e.what;
  if (!pre.empty()) {
    out.reason += ", with its contract exits as preconditions (reached on no checked input): " + pre;
    out.details.push_back("preconditions: " + pre + ": reached on no checked input" +
                          (std::any_of(f.exits.begin(), f.exits.end(),
                                       [](const exit_event& e) { return e.is_assert; })
                               ? "; so the -DNDEBUG build, which only leaves the asserts out, computes the same "
                                 "on every checked input (docs/proof.md)"
                               : ""));
  }
  for (const dispatch_choice& d : f.dispatch) {
    std::string paths;
    for (std::size_t k = 0; k < d.labels.size(); ++k)
      paths += (k == 0 ? "" : k + 1 == d.labels.size() ? " and " : ", ") + d.labels[k];
    out.reason += ", on every dispatch path (" + d.global + " = " + paths + ")";
    out.details.push_back("dispatch: " + d.global + ", chosen by the static initialisers: proved with " + paths);
  }
}

// For each place CPUs differ (inline asm), whether the verdict depends on it.
// `zero_checked`: the zero input is one of the scopes checked.
void note_cpu_choices(const shape& sh, prover& p, const z3::expr& empty, bool zero_checked, outcome& out) {
  for (std::size_t k = 0; k < p.formula->cpu_choices.size(); ++k) {
    for (const scope on : {scope::zero, scope::nonzero}) {
      if (on == scope::zero && !zero_checked) continue;
      if (p.remaining_ms() == 0) break;
      const z3::expr domain = on == scope::zero ? empty : !empty && in_domain(sh, p.board());
      try {
        if (const auto at = p.depends_on_choice(k, domain))
          out.details.push_back(std::string(on == scope::zero ? "zero" : "nonzero inputs") +
                                ": depends on the CPU: the verdict assumes that " + p.formula->cpu_choices[k].second +
                                "; otherwise the result differs, e.g. at " + render(sh, *at));
      } catch (const z3::exception&) {
      }
    }
  }
}

// Each engine once, in the order they first decided something.
void add_engines(outcome& out, const std::string& engines) {
  if (engines.empty()) return;
  std::size_t at = 0;
  for (std::size_t next; at <= engines.size(); at = next + 1) {
    next = std::min(engines.find('+', at), engines.size());
    const std::string e = engines.substr(at, next - at);
    if (("+" + out.engine + "+").find("+" + e + "+") == std::string::npos)
      out.engine += (out.engine.empty() ? "" : "+") + e;
  }
}

// Why the implementation is not provable before its IR is read (not built
// for the target, a shape or op the prover does not model), or "".
std::string not_to_translate(const descriptor& d, const ir_set& ir, const llvm::Function* fn) {
  if (!fn) {
    if (!d.unavailable.empty() && ir.target == "host") return "not built for this target: " + d.unavailable;
    return "not built for " + ir.target + " (no scanproof_scalar__" + d.name + " in its IR)" +
           (d.unavailable.empty() ? "" : ": " + d.unavailable);
  }
  // The shape must be one the prover models: one of the widths, a layout
  // of 63 or 64, a domain inside the layout (shape_error, as registering does).
  if (const std::string bad = shape_error(d.operation, d.sh); !bad.empty())
    return "the declared shape cannot be modelled: " + bad;
  return "";
}

struct scope_plan {
  scope on;
  const char* label;
  std::vector<query_set> queries;
};

// The scopes to prove and their queries: zero first (one cheap query,
// checked even if the nonzero inputs time out) when the zero policy checks
// it, else a details line saying why not; then the nonzero inputs.
std::vector<scope_plan> scope_plans(const descriptor& d, const zero_decision& zp, prover& p, const z3::expr& empty,
                                    outcome& out) {
  std::vector<scope_plan> plans;
  if (zp.want) {
    // A pop op must leave the empty board empty (reference.hpp's board_after).
    const std::vector<z3::expr> left =
        pops(d.operation) ? arguments(d.sh, p.board_value(word{})) : std::vector<z3::expr>{};
    plans.push_back({scope::zero, "zero",
                     {{{{empty, p.c_.bv_val(static_cast<std::uint64_t>(*zp.want), 64), {}, left}}, true, true,
                       "the zero input"}}});
  } else {
    out.details.push_back("zero: not checked: " + zp.why);
  }
  plans.push_back({scope::nonzero, "nonzero inputs", nonzero_queries(d.operation, d.sh, p.board(), p.formula->result)});
  return plans;
}

}  // namespace

outcome prove(const descriptor& d, const ir_set& ir, const prove_options& o) {
  const auto start = clock_type::now();
  outcome out;
  out.name = d.name;
  out.op = std::string(name(d.operation));
  auto finish = [&]() -> outcome {
    out.seconds = std::chrono::duration<double>(clock_type::now() - start).count();
    return out;
  };
  auto not_provable = [&](std::string why) {
    out.verdict = "not provable";
    out.reason = std::move(why);
    out.result = status::skip;
    return finish();
  };
  const llvm::Function* fn = ir.find(d.name);
  if (const std::string why = not_to_translate(d, ir, fn); !why.empty()) return not_provable(why);
  const target_facts facts{ir.big_endian, ir.long_bits};
  prover p(o, d.sh);
  const zero_decision zp = zero_policy(d);
  const z3::expr& b = p.board();
  const z3::expr empty = b == p.board_value(word{});
  try {
    p.formula = p.translate_fn(*fn, (zp.want ? p.c_.bool_val(true) : !empty) && in_domain(d.sh, b), ir);
    p.assume_documented_behaviour();
  } catch (const not_modelled& e) {
    return not_provable(e.what());
  } catch (const z3::exception& e) {
    return not_provable(std::string("the solver failed while translating: ") + e.msg());
  }
  // A pop op leaves its board at the proof symbol's `after` (registry.hpp).
  if (pops(d.operation) && p.formula->after.empty())
    return not_provable("the proof symbol scanproof_scalar__" + d.name +
                        " takes no `after` pointer, so the board a pop op leaves behind cannot be read "
                        "(IR made with another version of scanproof/registry.hpp or candidate.h?)");
  const std::vector<scope_plan> plans = scope_plans(d, zp, p, empty, out);

  bool fail = false, skip = false, have_cex = false;
  for (const scope_plan& plan : plans) {
    std::string xreason;
    bool expected = false;
    try {
      expected = expected_failure(d, plan.on, facts, xreason);
    } catch (const std::exception& e) {
      out.verdict = "error";
      out.reason = e.what();
      out.result = status::fail;
      return finish();
    }
    scope_result r;
    try {
      r = p.run(plan.queries, d.operation, plan.on == scope::zero);
    } catch (const z3::exception& e) {
      r = scope_result::of(scope_result::kind::not_provable, std::string("the solver failed: ") + e.msg());
    }
    const std::string label = plan.label;
    if (r.k == scope_result::kind::proved || r.k == scope_result::kind::counterexample) add_engines(out, r.engine);
    switch (r.k) {
      case scope_result::kind::proved:
        if (expected) {
          fail = true;
          out.expected = true;
          out.details.push_back(label + ": proved (" + r.how + "), but expected to fail (XPASS): " + xreason);
          out.reason = label + ": proved, but the catalogue expects a failure (XPASS): " + xreason;
        } else {
          out.details.push_back(label + ": proved (" + r.how + ")");
        }
        break;
      case scope_result::kind::not_provable:
        skip = true;
        out.details.push_back(label + ": not provable: " + r.reason);
        if (out.reason.empty()) out.reason = r.reason;
        break;
      case scope_result::kind::error:
        out.verdict = "error";
        out.reason = r.reason;
        out.result = status::fail;
        return finish();
      case scope_result::kind::counterexample: {
        std::string replay;
        if (!check_replay(d, o, r, p, out, replay)) return finish();
        const bool take = !have_cex || (out.expected && !expected);  // report an unexpected one first
        if (take) {
          have_cex = true;
          out.verdict = "counterexample";
          out.expected = expected;
          set_input(out, d.sh, r.input);
          out.expected_value = r.want;
          if (!r.exit) out.got = r.predicted;  // a stop returns nothing
          out.expected_after = r.want_after ? render_argument(d.sh, *r.want_after) : "";
          out.got_after = r.predicted_after && !r.exit ? render_argument(d.sh, *r.predicted_after) : "";
          out.replay = replay;
          out.reason = label + ": " + r.reason + (expected ? " (expected: " + xreason + ")" : "");
        }
        if (!expected) fail = true;
        out.details.push_back(label + ": counterexample " + render(d.sh, r.input) + ": " + r.reason +
                              (expected ? " (expected failure: " + xreason + ")" : " (UNEXPECTED)") +
                              " [" + r.how + "]");
        break;
      }
    }
  }
  // Where CPUs differ (inline asm), say whether the verdict depends on it.
  note_cpu_choices(d.sh, p, empty, zp.want.has_value(), out);
  if (!have_cex) {
    if (skip) {
      out.verdict = "not provable";
    } else {
      out.verdict = "proved";
      if (!fail) out.reason.clear();  // an XPASS keeps its reason
    }
  }
  if (!have_cex && !skip && !fail) describe_proof(d, ir, *p.formula, out);
  out.result = fail ? status::fail : skip ? status::skip : status::pass;
  return finish();
}

}  // namespace scanproof::proof
