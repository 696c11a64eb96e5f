// Uses RapidCheck's checkProperty (what RC_GTEST_PROP calls inside) rather
// than the macro: the tests are registered at run time from the registry, and
// the result is judged here (XFAIL, the shared report) instead of failing the
// gtest directly.
#include "scanproof/rapidcheck_run.hpp"

#include <rapidcheck.h>

#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>

#include "scanproof/bitboard_gen.hpp"

namespace scanproof {

namespace {

// The judge's parameters: RapidCheck's defaults, the fixed seed, --cases.
rc::detail::TestParams judged_params(std::size_t cases) {
  rc::detail::TestParams params;
  params.seed = rapidcheck_seed;
  params.maxSuccess = static_cast<int>(cases);
  return params;
}

// Without RC_PARAMS, the judge's. With it, RapidCheck's configuration, whose
// seed is random unless RC_PARAMS names one; max_success is --cases unless
// RC_PARAMS names it.
rc::detail::TestParams params_for(std::size_t cases) {
  const char* env = std::getenv("RC_PARAMS");
  if (!env) return judged_params(cases);
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  if (std::string(env).find("max_success") == std::string::npos) params.maxSuccess = static_cast<int>(cases);
  return params;
}

// The driver prints its own report; RapidCheck's default listener would also
// print, at exit, a reproduce line for every failure including XFAILs.
class quiet_listener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// p checked with s by RapidCheck (the caller sets `planned`: max_success).
property_outcome check(const property& p, const scanners& s, const rc::detail::TestParams& params,
                       const std::unordered_map<std::string, rc::detail::Reproduce>& reproduce) {
  const descriptor& d = s.under_test();
  // RapidCheck's shrinking accepts each failing neighbour and stops when all
  // neighbours of the last one pass, so the last failure seen is the minimal
  // case it reports; it is re-checked below before being reported.
  std::optional<property_failure> last;
  // The generator is built once per property, not once per case: it is a tree
  // of RapidCheck generators (bitboard_gen.cpp), and which values it draws
  // depends only on RapidCheck's random state, not on the object.
  const rc::Gen<property_args> inputs = property_inputs(p, d);
  const auto law = [&] {
    const property_args x = *inputs;
    if (auto why = evaluate(p, s, x)) {
      last = property_failure{x, *why};
      RC_FAIL(*why);
    }
  };
  const std::string id = "properties." + test_name(p, d, rapidcheck_check);
  quiet_listener listener;
  const rc::detail::TestResult result = rc::detail::checkProperty(
      rc::detail::toProperty(law), rc::detail::TestMetadata{id, statement(p, d.sh)}, params, listener, reproduce);

  rc::detail::FailureResult failure;
  if (result.match(failure)) {
    if (!last || !evaluate(p, s, last->x))
      return {verdict::fail, std::string("RapidCheck reported a failure of ") + p.name +
                                 " that does not replay: " + failure.description};
    rc::detail::Configuration replay = rc::detail::configuration();
    replay.testParams = params;
    replay.reproduce = {{id, failure.reproduce}};
    const std::string line = "RC_PARAMS=\"" + rc::detail::configToMinimalString(replay) + "\" " +
                             ctest_rerun(test_name(p, d, rapidcheck_check));
    return judge(p, d, last, line, "");
  }
  rc::detail::SuccessResult success;
  if (result.match(success))
    return judge(p, d, std::nullopt, "",
                 std::to_string(success.numSuccess) + " RapidCheck cases (seed " + std::to_string(params.seed) + ")");
  std::ostringstream why;
  rc::detail::printResultMessage(result, why);
  return {verdict::fail, std::string("RapidCheck could not check ") + p.name + ": " + why.str()};
}

}  // namespace

property_outcome run_rapidcheck(const property& p, const scanners& s, std::size_t cases) {
  const bool configured = std::getenv("RC_PARAMS") != nullptr;
  const rc::detail::TestParams params = params_for(cases);
  property_outcome o = check(p, s, params,
                             configured ? rc::detail::configuration().reproduce
                                        : std::unordered_map<std::string, rc::detail::Reproduce>{});
  o.planned = static_cast<std::size_t>(params.maxSuccess);
  return o;
}

property_outcome run_rapidcheck(const property& p, const descriptor& d, std::size_t cases) {
  return run_logged(run_rapidcheck, p, d, cases);
}

property_outcome run_rapidcheck_judged(const property& p, const scanners& s, std::size_t cases) {
  property_outcome o = check(p, s, judged_params(cases), {});
  o.planned = cases;
  return o;
}

}  // namespace scanproof
