// The deterministic property driver judged as the conformance checks are
// (judge.hpp): a property test passes on what the implementation returned,
// compared by a process that never loaded candidate code, not on the
// record its own process writes (docs/contracts.md, "The judge").
//
// Its inputs are fixed (sweep_canonical(): a sample of the canonical sets and
// a fixed-seed partner per case), so a correct implementation is called with
// exactly the boards the oracle is called with when it plays the
// implementation (scanners::oracle_for), and returns what the oracle returns.
//  1. The driver, per test <op>.<impl>.canonical, appends one line to
//     SCANPROOF_OUTPUTS_FILE:
//       <impl> canonical <verdict> <inputs> <digest>
//     <inputs>: the boards the samples of its swept properties hold; <digest>:
//     of every call of the implementation, property by property, in order
//     (call_log, properties.hpp); <verdict>: fail if a property failed, else
//     xfail if one failed as declared, else pass; skip (with "-") where the
//     implementation cannot run here.
//  2. Its manifest line (canonical_manifest()) is conformance's fields plus
//     the budget of cases; scanproof_oracle_table answers it with
//     canonical_oracle(): the same sweep with the oracle in the
//     implementation's place.
//  3. cmake/scanproof-launch passes the test only on a line whose verdict
//     the declaration allows, with the oracle's input count and, for a pass,
//     its digest (an xfail's must differ).
// A property the implementation fails makes other calls than the oracle's
// (the sweep stops there and shrinks), so a failure never matches the digest.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "scanproof/judge.hpp"
#include "scanproof/property_runner.hpp"

namespace scanproof {

// The canonical driver's one check per implementation: the last part of its
// test's name, <op>.<impl>.canonical.
inline constexpr std::string_view canonical_check = "canonical";

// d's manifest line for the canonical driver with a budget of `cases`.
std::string canonical_manifest(const descriptor& d, std::size_t cases);
// The candidate's "test" line and canonical_manifest() (declared_manifest(), judge.hpp).
std::string canonical_declared(const descriptor& d, std::size_t cases);

// The outcomes of one implementation's properties, folded into its line.
class canonical_claim {
 public:
  void add(const property_outcome& r);
  std::string line(const descriptor& d) const;  // for report_outputs(), no newline
  static std::string skipped(const descriptor& d);
  std::size_t planned() const { return planned_; }
  std::string outputs() const;  // the digest, as the table holds it

 private:
  bool failed_ = false, xfailed_ = false;
  std::size_t planned_ = 0;
  value_digest digest_;
};

// The oracle's "<inputs> <digest>" for a canonical_manifest() line (a
// further_oracle, judge.hpp); nullopt for another driver's line, or with
// `why` if the oracle itself breaks a law (a bug in the suite).
std::optional<std::pair<std::size_t, std::string>> canonical_oracle(const manifest_line& line, std::string& why);

}  // namespace scanproof
