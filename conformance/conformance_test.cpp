// GoogleTest driver: one test per (implementation, check), named
// <op>.<impl>.<check> (<op> carries the width when it is not 64: lsb128), so ctest runs each in its own process (a crash or hang
// fails only that test) and test names carry the implementation's name.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/catalogue_commands.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/gtest_status.hpp"
#include "scanproof/supervise.hpp"
#include "signal_report.hpp"

namespace {

class conformance_check : public testing::Test {
 public:
  conformance_check(const scanproof::descriptor* d, std::string check) : d_(d), check_(std::move(check)) {}

  void TestBody() override {
    const scanproof::check_outcome r = scanproof::run_check(*d_, check_);
    scanproof::report_outputs(scanproof::outputs_claim(*d_, r));  // what the launcher judges (judge.hpp)
    RecordProperty("verdict", std::string(scanproof::name(r.v)));
    if (r.seen.zero_result) RecordProperty("zero_result", std::to_string(*r.seen.zero_result));
    if (r.seen.smallest) RecordProperty("counterexample", scanproof::render(d_->sh, r.seen.smallest->input));
    switch (r.v) {
      case scanproof::verdict::skip: GTEST_SKIP() << r.message;
      case scanproof::verdict::fail:
      case scanproof::verdict::xpass: ADD_FAILURE() << r.message; break;
      case scanproof::verdict::xfail:
      case scanproof::verdict::pass: std::cout << r.message << "\n"; break;
    }
  }

 private:
  const scanproof::descriptor* d_;
  std::string check_;
};

// Coarse mode (SCANPROOF_TESTS_PER_IMPLEMENTATION, the default under an
// emulator): one test runs every check of one implementation, because under
// qemu-user starting a process costs more than most checks. Crash and hang
// isolation stay per implementation; each failing check is reported by name.
// With SCANPROOF_RESULTS_DIR set, the run's summary (the same JSON as
// `scanproof check --json`) is written to DIR/<impl>.json once every check
// ran: the matrix report reads it instead of sweeping a second time.
class all_checks : public testing::Test {
 public:
  explicit all_checks(const scanproof::descriptor* d) : d_(d) {}

  void TestBody() override {
    const scanproof::impl_summary s = scanproof::run_implementation(*d_);
    std::string skipped;
    for (const scanproof::check_outcome& r : s.checks) {
      scanproof::report_outputs(scanproof::outputs_claim(*d_, r));  // what the launcher judges (judge.hpp)
      RecordProperty(r.check, std::string(scanproof::name(r.v)));
      const std::string line = "[" + r.check + "] " + std::string(scanproof::name(r.v)) + ": " + r.message;
      switch (r.v) {
        case scanproof::verdict::skip: skipped += line + "\n"; break;
        case scanproof::verdict::fail:
        case scanproof::verdict::xpass: ADD_FAILURE() << line; break;
        case scanproof::verdict::xfail:
        case scanproof::verdict::pass: std::cout << line << "\n"; break;
      }
    }
    write_results(s);
    if (s.overall == scanproof::verdict::skip) GTEST_SKIP() << skipped;
    std::cout << skipped;
  }

 private:
  static void write_results(const scanproof::impl_summary& s) {
    const char* dir = std::getenv("SCANPROOF_RESULTS_DIR");
    if (!dir || !*dir) return;
    const std::string path = std::string(dir) + "/" + s.d->name + ".json";
    const std::string text = "{\"target\": " + scanproof::target_json() + ", \"implementations\": [\n  " +
                             scanproof::to_json(s) + "\n]}\n";
    std::FILE* out = std::fopen(path.c_str(), "w");  // stdio: wasm32-wasi's libc++ has no <fstream>
    const bool ok = out && std::fputs(text.c_str(), out) >= 0;
    if (out && std::fclose(out) != 0) ADD_FAILURE() << "cannot write " << path;
    if (!ok) ADD_FAILURE() << "cannot write " << path << " (SCANPROOF_RESULTS_DIR)";
  }

  const scanproof::descriptor* d_;
};

}  // namespace

#ifndef SCANPROOF_TESTS_PER_IMPLEMENTATION
#define SCANPROOF_TESTS_PER_IMPLEMENTATION 0
#endif

// A project using the installed package builds this driver with
// SCANPROOF_CANDIDATES_ONLY=1 (unless WITH_CATALOGUE): only its candidates get
// tests, though the whole catalogue is linked (and names are checked against it).
#ifndef SCANPROOF_CANDIDATES_ONLY
#define SCANPROOF_CANDIDATES_ONLY 0
#endif

// The build runs this driver once after linking (scanproof-discover.cmake),
// with --scanproof-check-registry (confirm on stderr, in the build log, which
// candidates the build found; a broken registry is an error either way),
// --scanproof-judge-manifest (print what each tested implementation declares,
// per check, for the judge's table: judge.hpp) and --gtest_list_tests (after
// manifest_end_line). Either flag alone does only its part. gtest's own flags
// are handled by InitGoogleTest.
int run(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  bool check_registry = false, manifest = false;
  const bool candidates_only = SCANPROOF_CANDIDATES_ONLY;
  const bool listing = GTEST_FLAG_GET(list_tests);
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--scanproof-check-registry") check_registry = true;
    else if (a == "--scanproof-judge-manifest") manifest = true;
    else {
      std::cerr << "conformance_test: unknown argument '" << a << "'\n";
      return 2;
    }
  }
  if (!scanproof::registry_ok()) return 2;
  if (check_registry) {
    for (const scanproof::descriptor& d : scanproof::registry())
      if (d.candidate)
        std::cerr << "scanproof: candidate " << scanproof::op_label(d.operation, d.sh) << "." << d.name
                  << " (" << d.source << ")\n";
    if (!manifest && !listing) return 0;
  }
  if (manifest) {
    for (const scanproof::descriptor& d : scanproof::registry())
      if (!candidates_only || d.candidate) std::cout << scanproof::judge_manifest(d);
    if (!listing) return 0;
    std::cout << scanproof::manifest_end_line << "\n" << std::flush;
  }
  scanproof::install_signal_report();
  for (const scanproof::descriptor& d : scanproof::registry()) {
    if (candidates_only && !d.candidate) continue;
    if (SCANPROOF_TESTS_PER_IMPLEMENTATION) {
      const std::string suite = scanproof::op_label(d.operation, d.sh);
      const std::string test = d.name + ".all_checks";
      testing::RegisterTest(suite.c_str(), test.c_str(), nullptr, nullptr, d.source.c_str(), 0,
                            [&d]() -> testing::Test* { return new all_checks(&d); });
      continue;
    }
    for (const std::string& check : scanproof::check_names(d)) {
      const std::string suite = scanproof::op_label(d.operation, d.sh);
      const std::string test = d.name + "." + check;
      testing::RegisterTest(suite.c_str(), test.c_str(), nullptr, nullptr, d.source.c_str(), 0,
                            [&d, check]() -> testing::Test* { return new conformance_check(&d, check); });
    }
  }
  return scanproof::gtest_status(RUN_ALL_TESTS());
}

// `list [--json | --markdown]` and `eval --impl NAME INPUT...`: the
// catalogue's subcommands as `scanproof` answers them, from this program's
// own registry and through the same dispatcher (catalogue_commands.hpp):
// ci/matrix lists a target's catalogue, finds its kernels and replays proof
// counterexamples with the program the target's checks run in. Read before
// the supervisor, as the command reads them. Anything else is GoogleTest's
// and this driver's flags: supervised, so a check passes only if it ran to
// its end (supervise.hpp).
int main(int argc, char** argv) {
  const std::vector<scanproof::command_line::subcommand> commands = scanproof::catalogue_commands();
  if (argc > 1 && scanproof::command_line::find_subcommand(commands, argv[1])) {
    if (!scanproof::registry_ok()) return 2;
    return scanproof::command_line::dispatch("conformance_test", argc, argv, 1, commands);
  }
  return scanproof::supervised_main(run, argc, argv);
}
