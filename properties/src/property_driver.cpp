#include "scanproof/property_driver.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cstdio>
#include <exception>
#include <iostream>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "scanproof/isolation.hpp"
#include "scanproof/property_judge.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/gtest_status.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/supervise_batch.hpp"

namespace scanproof {

namespace {

// Runs one property; an exception is a bug in the property or the driver,
// reported as a failure, never a pass.
property_outcome run_guarded(property_run run, const property& p, const descriptor& d,
                             std::size_t cases) {
#if defined(__cpp_exceptions)
  try {
    return run(p, d, cases);
  } catch (const std::exception& e) {
    return {verdict::fail, std::string("error while checking ") + p.name + ": " + e.what()};
  }
#else  // built without exceptions (wasm32-wasi): such a bug aborts the test process instead
  return run(p, d, cases);
#endif
}

void report(const property_outcome& r) {
  if (is_failure(r.v))
    ADD_FAILURE() << r.message;
  else
    std::cout << r.message << "\n";
}

class property_test : public testing::Test {
 public:
  // p == nullptr: every property that applies to d. The test also reports
  // its outputs for the launcher's judge, as the check `check`
  // (property_judge.hpp).
  property_test(const property* p, const descriptor* d, property_run run, std::size_t cases, std::string check)
      : p_(p), d_(d), run_(run), cases_(cases), check_(std::move(check)) {}

  void TestBody() override {
    if (auto why = unrunnable(*d_)) {
      report_outputs(property_claim(check_).skipped(*d_));
      GTEST_SKIP() << *why;
    }
    if (auto why = built_beyond_cpu(*d_)) FAIL() << *why;
    std::vector<std::string> verdicts;
    property_claim claim(check_);
    for (const property& p : properties()) {
      if ((p_ && &p != p_) || !applies(p, *d_)) continue;
      const fresh_process_state fresh;  // isolation.hpp
      flight_begin(*d_, p.name, "properties." + op_label(d_->operation, d_->sh) + "." + d_->name + "." + p.name);
      const property_outcome r = run_guarded(run_, p, *d_, cases_);
      flight_end();
      report(r);
      claim.add(r);
      verdicts.push_back(std::string(p.name) + "=" + std::string(name(r.v)));
    }
    report_outputs(claim.line(*d_));
    std::string all;
    for (const std::string& v : verdicts) all += (all.empty() ? "" : " ") + v;
    RecordProperty("verdicts", all);
  }

 private:
  const property* p_;
  const descriptor* d_;
  property_run run_;
  std::size_t cases_;
  std::string check_;
};

std::optional<std::size_t> parse_cases(std::string_view arg) {
  constexpr std::string_view flag = "--cases=";
  if (!arg.starts_with(flag)) return std::nullopt;
  arg.remove_prefix(flag.size());
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
  // RapidCheck counts cases in an int.
  if (ec != std::errc{} || end != arg.data() + arg.size() || n == 0 ||
      n > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    return std::nullopt;
  return n;
}

void register_test(const descriptor& d, const property* p, std::string_view driver,
                   property_run run, std::size_t cases) {
  const std::string suite = op_label(d.operation, d.sh);  // "lsb", "lsb128", "popcount32"
  std::string test = p ? test_name(*p, d, driver) : implementation_test_name(d, driver);
  test.erase(0, suite.size() + 1);  // the suite is the op
  testing::RegisterTest(suite.c_str(), test.c_str(), nullptr, nullptr, d.source.c_str(), 0,
                        [p, &d, run, cases, check = judged_check(p, driver)]() -> testing::Test* {
                          return new property_test(p, &d, run, cases, check);
                        });
}

}  // namespace

namespace {
struct driver_config {
  std::string_view driver;
  test_per cut;
  property_run run;
  property_preparation prepare;
  tested which = tested::linked;
};
driver_config config;

// The batch process's share (set_batch_preparation): config.prepare for each
// runnable implementation one of the filters names, with the --cases the
// tests get (GoogleTest's own flags are GoogleTest's, as in run_tests()).
// Arguments the tests reject are left to them to report.
void prepare_batch(const std::vector<std::string>& filters, const std::vector<std::string>& args) {
  std::size_t cases = 1000;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i].rfind("--gtest_", 0) == 0) continue;
    const auto n = parse_cases(args[i]);
    if (!n) return;
    cases = *n;
  }
  if (config.cut != test_per::implementation || !registry_ok()) return;
  const std::set<std::string> wanted(filters.begin(), filters.end());
  for (const descriptor& d : registry())
    if (!unrunnable(d) && wanted.count(implementation_test_name(d, config.driver)) &&
        (config.which == tested::linked || d.candidate))
      config.prepare(d, cases);
}

int run_tests(int argc, char** argv) {
  const auto& driver = config.driver;  // config.prepare is the batch's (prepare_batch)
  const auto& cut = config.cut;
  const auto& run = config.run;
  testing::InitGoogleTest(&argc, argv);
  std::size_t cases = 1000;
  bool manifest = false;  // --scanproof-judge-manifest: the judge's lines (property_judge.hpp)
  for (int i = 1; i < argc; ++i) {
    if (argv[i] == std::string_view("--scanproof-judge-manifest")) {
      manifest = true;
      continue;
    }
    const auto n = parse_cases(argv[i]);
    if (!n) {
      std::fprintf(stderr,
                   "%s: unknown or invalid argument '%s' (expected --cases=N, 0 < N <= %d)\n",
                   argv[0], argv[i], std::numeric_limits<int>::max());
      return 2;
    }
    cases = *n;
  }
  if (!registry_ok()) return 2;
  // With --gtest_list_tests too, the manifest comes first, then its end line
  // and the listing (judge.hpp's manifest_end_line): one start of the driver.
  const bool listing = GTEST_FLAG_GET(list_tests);
  if (manifest) {
    for (const descriptor& d : registry())
      if (config.which != tested::candidates || d.candidate) std::cout << property_manifest(d, driver, cut, cases);
    if (!listing) return 0;
    std::cout << manifest_end_line << "\n" << std::flush;
  }
  for (const descriptor& d : registry()) {
    if (config.which == tested::candidates && !d.candidate) continue;
    if (cut == test_per::implementation) {
      register_test(d, nullptr, driver, run, cases);
      continue;
    }
    for (const property& p : properties())
      if (applies(p, d)) register_test(d, &p, driver, run, cases);
  }
  return gtest_status(RUN_ALL_TESTS());
}
}  // namespace

// Supervised: a test passes only if it ran to its end (supervise.hpp).
int property_test_main(int argc, char** argv, std::string_view driver, test_per cut,
                       property_run run, property_preparation prepare, tested which) {
  config = {driver, cut, run, prepare, which};
  if (prepare) set_batch_preparation(prepare_batch);
  return supervised_main(run_tests, argc, argv);
}

}  // namespace scanproof
