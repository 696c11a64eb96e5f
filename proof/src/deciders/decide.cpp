#include "deciders/decide.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "deciders/bdd_engine.hpp"
#include "base/bitops.hpp"

namespace scanproof::proof {
namespace {

using clock_type = std::chrono::steady_clock;

// Pure bit-vector queries go to Z3's bit-blasting tactics (much faster than
// the default solver on multiplications); floating point needs QF_FPBV.
z3::solver make_solver(z3::context& c, bool fp, unsigned ms) {
  if (fp) {
    z3::solver s(c, "QF_FPBV");
    z3::params p(c);
    p.set("timeout", ms);
    s.set(p);
    return s;
  }
  const z3::tactic t = z3::tactic(c, "simplify") & z3::tactic(c, "solve-eqs") &
                       z3::tactic(c, "bit-blast") & z3::tactic(c, "sat");
  return z3::try_for(t, ms).mk_solver();
}

bool is_timeout(const std::string& why) {
  return why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos;
}

}  // namespace

decision decide(const z3::expr& formula, const z3::expr& b, bool fp, engines use,
                clock_type::time_point bdd_deadline, unsigned z3_ms, const board_layout& board) {
  z3::context& c = formula.ctx();
  const auto start = clock_type::now();
  decision d;
  auto done = [&](decision& r) -> decision {
    r.seconds = std::chrono::duration<double>(clock_type::now() - start).count();
    return r;
  };
  if (use.bdd && !fp && bdd_deadline > start) {
    const bdd_answer a = bdd_decide(formula, b, {bdd_limits{}.max_nodes, bdd_deadline, board});
    if (std::getenv("SCANPROOF_PROOF_TRACE"))  // tuning the node limit
      std::fprintf(stderr, "bdd: %s in %.2f s, %zu nodes at most%s%s\n",
                   a.result == z3::unsat ? "unsat" : a.result == z3::sat ? "sat" : "unknown",
                   std::chrono::duration<double>(clock_type::now() - start).count(), a.peak_nodes,
                   a.why.empty() ? "" : ": ", a.why.c_str());
    if (a.result == z3::unsat) {
      d.result = z3::unsat;
      d.engine = "bdd";
      return done(d);
    }
    if (a.result == z3::sat) {
      // The input decides every bit of the formula but undef/freeze values:
      // Z3 finds those (instantly) and, with them, the model the
      // counterexample is read from. Z3 disagreeing is a bug in the glue.
      z3::solver s = make_solver(c, false, 20000);
      s.add(formula);
      s.add(b == bv_word(c, *a.input, b.get_sort().bv_size()));
      const z3::check_result r = s.check();
      if (std::getenv("SCANPROOF_PROOF_TRACE"))
        std::fprintf(stderr, "z3 confirms the BDD's input: %s at %.2f s\n", r == z3::sat ? "sat" : "not sat",
                     std::chrono::duration<double>(clock_type::now() - start).count());
      d.engine = "bdd";
      if (r == z3::sat) {
        d.result = z3::sat;
        d.model = s.get_model();
      } else {
        d.result = z3::sat;
        d.disagreement = std::string("suite bug: the BDD engine's input is ") +
                         (r == z3::unsat ? "not a solution for Z3" : "not confirmed by Z3 within 20 s");
        d.model.reset();
        char buf[64];
        std::snprintf(buf, sizeof buf, " (0x%016llx%016llx)", static_cast<unsigned long long>(a.input->hi),
                      static_cast<unsigned long long>(a.input->lo));
        d.disagreement += buf;
      }
      return done(d);
    }
    d.tried = "bdd: " + a.why;
    if (a.why == "time limit" || a.why == "no time left") d.timed_out = true;
  }
  if (use.z3 && z3_ms > 0) {
    const char* name = fp ? "z3-fpbv" : "z3-sat";
    z3::solver s = make_solver(c, fp, z3_ms);
    s.add(formula);
    // A tactic cut short by its time limit may throw "canceled" instead of
    // answering unknown: the same thing, a timeout, never a failed proof.
    z3::check_result r = z3::unknown;
    std::string why;
    try {
      r = s.check();
      if (r == z3::unknown) why = s.reason_unknown();
    } catch (const z3::exception& e) {
      why = e.msg();
    }
    if (r != z3::unknown) {
      d.result = r;
      d.engine = name;
      if (r == z3::sat) d.model = s.get_model();
      return done(d);
    }
    d.tried += (d.tried.empty() ? "" : "; ") + std::string(name) + ": " + (is_timeout(why) ? "timeout" : why);
    if (is_timeout(why)) d.timed_out = true;
  }
  return done(d);
}

}  // namespace scanproof::proof
