// The one place that decides what happens with b == 0 for an implementation:
// whether it may be called with 0 in this build, and what it must return.
// Every driver (checks, properties, fuzz, bench, list, report) asks here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "scanproof/descriptor.hpp"

namespace scanproof {

struct zero_decision {
  // May the scanner be called with 0 here? No for lsb/msb without a declared
  // result (outside the domain, docs/contracts.md "Operations"), and no for a
  // declared-undefined result in a UBSan build (the call itself is UB there).
  bool call = false;
  // The result it must give, if the zero result is checked at all.
  std::optional<std::int64_t> want;
  // Why it is not called, or not checked (empty when it is both).
  std::string why;
};

zero_decision zero_policy(const descriptor& d);

// The zero contract in words, for `scanproof list` and reports:
// "must be 64", "declared -1023", "undefined", "not called (outside the domain)".
std::string zero_text(const descriptor& d);

}  // namespace scanproof
