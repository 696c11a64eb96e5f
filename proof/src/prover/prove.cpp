#include "prover/prove.hpp"

#include <z3++.h>

#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "deciders/contract.hpp"
#include "base/bitops.hpp"
#include "deciders/decide.hpp"
#include "scanproof/batch.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"
#include "prover/prover.hpp"
#include "translate/translate.hpp"

namespace scanproof::proof {
namespace {

using detail::clock_type;
using detail::prover;
using detail::scope_result;

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
// value; `why` says what happened. For a pop op the batch also gives the
// board it leaves (`after`, argument space). Where nothing forks
// (SCANPROOF_NO_SUPERVISOR) it runs in this process, as run_isolated runs the
// proof itself there.
struct replayed_call {
  std::int64_t got = 0;
  word after;
};
std::optional<std::int64_t> replay_one(batch_fn batch, bool pop, word input, std::optional<word>& after,
                                       std::string& why) {
  const auto replay = [&] {
    replayed_call got;
    const fresh_process_state fresh;
    got.got = call_one(batch, input, got.after);
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
  const bool runs = o.replay && (d.batch || o.replay_elsewhere);
  const std::optional<std::int64_t> replayed =
      !runs ? std::nullopt
      : d.batch ? replay_one(d.batch, pops(d.operation), to_argument(d.sh, r.input), after, replay_failed)
                : o.replay_elsewhere(d, to_argument(d.sh, r.input), after, replay_failed);
  // What a call returned: its index, and a pop op's board left behind.
  const auto shown = [&](std::int64_t v, const std::optional<word>& left) {
    return std::to_string(v) + (left ? " leaving " + render_argument(d.sh, *left) : "");
  };
  if (r.exit && runs) {
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
  } else if (runs && !replayed) {
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

// The verdict as the scopes come in.
struct tally {
  bool fail = false, skip = false, have_cex = false;
};

// A scope's result, and whether the catalogue expects it to fail (why).
struct scope_verdict {
  const scope_result& r;
  bool expected;
  const std::string& xreason;
};

// A counterexample, replayed on the build; the first unexpected one is
// the one reported. False: the build disagrees with the IR (`out` is the error).
bool record_counterexample(const descriptor& d, const prove_options& o, const std::string& label,
                           const scope_verdict& v, prover& p, tally& t, outcome& out) {
  const scope_result& r = v.r;
  std::string replay;
  if (!check_replay(d, o, r, p, out, replay)) return false;
  const bool take = !t.have_cex || (out.expected && !v.expected);  // report an unexpected one first
  if (take) {
    t.have_cex = true;
    out.verdict = "counterexample";
    out.expected = v.expected;
    set_input(out, d.sh, r.input);
    out.expected_value = r.want;
    if (!r.exit) out.got = r.predicted;  // a stop returns nothing
    out.expected_after = r.want_after ? render_argument(d.sh, *r.want_after) : "";
    out.got_after = r.predicted_after && !r.exit ? render_argument(d.sh, *r.predicted_after) : "";
    out.replay = replay;
    out.reason = label + ": " + r.reason + (v.expected ? " (expected: " + v.xreason + ")" : "");
  }
  if (!v.expected) t.fail = true;
  out.details.push_back(label + ": counterexample " + render(d.sh, r.input) + ": " + r.reason +
                        (v.expected ? " (expected failure: " + v.xreason + ")" : " (UNEXPECTED)") + " [" + r.how +
                        "]");
  return true;
}

// One scope's result in the outcome. False: the proof ends here (an error).
bool record_scope(const descriptor& d, const prove_options& o, const std::string& label, const scope_verdict& v,
                  prover& p, tally& t, outcome& out) {
  const scope_result& r = v.r;
  if (r.k == scope_result::kind::proved || r.k == scope_result::kind::counterexample) add_engines(out, r.engine);
  switch (r.k) {
    case scope_result::kind::proved:
      if (v.expected) {
        t.fail = true;
        out.expected = true;
        out.details.push_back(label + ": proved (" + r.how + "), but expected to fail (XPASS): " + v.xreason);
        out.reason = label + ": proved, but the catalogue expects a failure (XPASS): " + v.xreason;
      } else {
        out.details.push_back(label + ": proved (" + r.how + ")");
      }
      return true;
    case scope_result::kind::not_provable:
      t.skip = true;
      out.details.push_back(label + ": not provable: " + r.reason);
      if (out.reason.empty()) out.reason = r.reason;
      return true;
    case scope_result::kind::error:
      out.verdict = "error";
      out.reason = r.reason;
      out.result = status::fail;
      return false;
    case scope_result::kind::counterexample: return record_counterexample(d, o, label, v, p, t, out);
  }
  return true;
}

// The verdict once every scope is in.
void conclude(const descriptor& d, const ir_set& ir, const function_formula& f, const tally& t, outcome& out) {
  if (!t.have_cex) {
    if (t.skip) {
      out.verdict = "not provable";
    } else {
      out.verdict = "proved";
      if (!t.fail) out.reason.clear();  // an XPASS keeps its reason
    }
  }
  if (!t.have_cex && !t.skip && !t.fail) describe_proof(d, ir, f, out);
  out.result = t.fail ? status::fail : t.skip ? status::skip : status::pass;
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

  tally t;
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
    if (!record_scope(d, o, plan.label, {r, expected, xreason}, p, t, out)) return finish();
  }
  // Where CPUs differ (inline asm), say whether the verdict depends on it.
  note_cpu_choices(d.sh, p, empty, zp.want.has_value(), out);
  conclude(d, ir, *p.formula, t, out);
  return finish();
}

}  // namespace scanproof::proof
