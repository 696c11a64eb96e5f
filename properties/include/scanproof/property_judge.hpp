// The property drivers judged as the conformance checks are (judge.hpp): a
// property test passes on what the implementation returned, compared by a
// process that never loaded candidate code, not on the record its own
// process writes (docs/contracts.md, "A property test passes on its calls").
//
// Both drivers' inputs are fixed (the canonical one: a sample of the
// canonical sets and a fixed-seed partner per case; RapidCheck: a fixed seed,
// rapidcheck_run.hpp), so a correct implementation is called with exactly the
// boards the oracle is called with when it plays the implementation
// (scanners::oracle_for), and returns what the oracle returns.
//  1. Each test appends one line per check to SCANPROOF_OUTPUTS_FILE:
//       <impl> <check> <verdict> <inputs> <digest>
//     <check>: the test's name after <op>.<impl>. -- "canonical",
//     "rapidcheck" (every property of the implementation in one test) or
//     "<property>.rapidcheck" (one property); <inputs>: what the engines
//     planned (the canonical samples' boards, RapidCheck's cases) over the
//     properties that ran; <digest>: of every call of the implementation,
//     property by property (call_log, properties.hpp); <verdict>: fail if a
//     property failed, else xfail if one failed as declared, else pass;
//     skip (with "-") where the implementation cannot run here.
//  2. Its manifest line (property_manifest()) is conformance's fields plus
//     the budget of cases; scanproof_oracle_table answers it with
//     property_oracle(): the same engine with the oracle in the
//     implementation's place.
//  3. cmake/scanproof-launch passes the test only on a line whose verdict
//     the declaration allows, with the oracle's input count and, for a pass,
//     its digest (an xfail's must differ).
// A property the implementation fails makes other calls than the oracle's
// (the engine stops there and shrinks), so a failure never matches the digest.
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "scanproof/judge.hpp"
#include "scanproof/property_runner.hpp"

namespace scanproof {

// d's manifest lines for driver `driver` (canonical_check, rapidcheck_check)
// with a budget of `cases`.
std::string property_manifest(const descriptor& d, std::string_view driver, test_per cut, std::size_t cases);
// The candidate's "test" line and property_manifest() (declared_manifest(), judge.hpp).
std::string property_declared(const descriptor& d, std::string_view driver, test_per cut, std::size_t cases);

// The outcomes of one test's properties, folded into its line.
class property_claim {
 public:
  explicit property_claim(std::string check) : check_(std::move(check)) {}
  void add(const property_outcome& r);
  std::string line(const descriptor& d) const;  // for report_outputs(), no newline
  std::string skipped(const descriptor& d) const;
  std::size_t planned() const { return planned_; }
  std::string outputs() const;  // the digest, as the table holds it

 private:
  std::string check_;
  bool failed_ = false, xfailed_ = false;
  std::size_t planned_ = 0;
  value_digest digest_;
};

// The check a test of driver `driver` reports: the driver's name for a test of
// every property (p == nullptr), "<property>.<driver>" for one.
std::string judged_check(const property* p, std::string_view driver);

// The engine the judge runs for each driver it answers.
struct judged_engine {
  std::string_view driver;
  property_engine engine;
};

// The oracle's "<inputs> <digest>" for a property_manifest() line (a
// further_oracle's work, judge.hpp), with `engines`; nullopt for another
// driver's line, or with `why` if the line is malformed or the oracle itself
// breaks a law (a bug in the suite).
std::optional<std::pair<std::size_t, std::string>> property_oracle(const manifest_line& line, std::string& why,
                                                                   std::span<const judged_engine> engines);

}  // namespace scanproof
