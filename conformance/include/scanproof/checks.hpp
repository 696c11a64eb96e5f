// The conformance checks, shared by the GoogleTest driver and `scanproof check`.
// A check runs one input family through one implementation's batch function,
// compares with the reference oracle, and is then judged against the
// descriptor's zero contract, requirements and expectations.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/descriptor.hpp"

namespace scanproof {

struct mismatch {
  std::uint64_t input = 0;
  std::int64_t expected = 0;
  std::int64_t got = 0;
};

// What running the inputs showed, before any judgement.
struct observation {
  std::size_t inputs = 0;
  std::size_t failures = 0;
  std::optional<mismatch> smallest;     // fewest set bits, then smallest value, after shrinking
  std::optional<mismatch> first;        // first failure in input order
  std::optional<std::int64_t> zero_result;  // for the zero check
};

enum class verdict : std::uint8_t { pass, fail, xfail, xpass, skip };
std::string_view name(verdict v);
// pass, xfail and skip leave the suite green; fail and xpass turn it red.
constexpr bool is_failure(verdict v) { return v == verdict::fail || v == verdict::xpass; }

struct check_outcome {
  std::string check;
  verdict v = verdict::pass;
  observation seen;
  std::string message;  // one or more lines: what was observed and why it is judged so
  double seconds = 0;
};

// Check names in canonical order: "known_answers", every input set name,
// "zero", and "expected_failure" for entries that declare expectations.
std::vector<std::string> check_names(const descriptor& d);

check_outcome run_check(const descriptor& d, std::string_view check);

// Outputs over every nonzero canonical input, hashed (FNV-1a over the
// little-endian int64 results): equal digests mean equal values on every input.
std::uint64_t output_digest(const descriptor& d);

// "0x0000000000000010"
std::string hex(std::uint64_t v);

// Why `d` cannot run here (not built for this target, or the CPU lacks an
// instruction it would trap on), or nullopt. Every driver skips with this reason.
std::optional<std::string> unrunnable(const descriptor& d);

// The expectation of `d` on scope `s` that holds on the running target, if any.
const expectation* active_expectation(const descriptor& d, scope s);

}  // namespace scanproof
