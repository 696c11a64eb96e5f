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

#include "scanproof/bitboard_gen.hpp"

namespace scanproof {

namespace {

// RC_PARAMS decides max_success when it names it; otherwise --cases does.
rc::detail::TestParams params_for(std::size_t cases) {
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  const char* env = std::getenv("RC_PARAMS");
  if (!env || std::string(env).find("max_success") == std::string::npos)
    params.maxSuccess = static_cast<int>(cases);
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

}  // namespace

property_outcome run_rapidcheck(const property& p, const descriptor& d, std::size_t cases) {
  if (auto skip = skip_reason(p, d)) return *skip;
  const scanners s(d);
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
  const std::string id = "properties." + test_name(p, d, "rapidcheck");
  const rc::detail::TestParams params = params_for(cases);
  quiet_listener listener;
  const rc::detail::TestResult result = rc::detail::checkProperty(
      rc::detail::toProperty(law), rc::detail::TestMetadata{id, statement(p, d.sh)}, params, listener,
      rc::detail::configuration().reproduce);

  rc::detail::FailureResult failure;
  if (result.match(failure)) {
    if (!last || !evaluate(p, s, last->x))
      return {verdict::fail, std::string("RapidCheck reported a failure of ") + p.name +
                                 " that does not replay: " + failure.description};
    rc::detail::Configuration replay = rc::detail::configuration();
    replay.testParams = params;
    replay.reproduce = {{id, failure.reproduce}};
    const std::string line = "RC_PARAMS=\"" + rc::detail::configToMinimalString(replay) + "\" " +
                             ctest_rerun(test_name(p, d, "rapidcheck"));
    return judge(p, d, last, line, "");
  }
  rc::detail::SuccessResult success;
  if (result.match(success))
    return judge(p, d, std::nullopt, "",
                 std::to_string(success.numSuccess) + " RapidCheck cases (seed " +
                     std::to_string(params.seed) + ")");
  std::ostringstream why;
  rc::detail::printResultMessage(result, why);
  return {verdict::fail, std::string("RapidCheck could not check ") + p.name + ": " + why.str()};
}

}  // namespace scanproof
