// The algebraic properties of bitscan and popcount, each written once as a
// predicate over a set of scanners and an input. The implementation under test
// plays its own op; every other op in the property is played by the reference
// oracle, so a failure pins the culprit. Both drivers (RapidCheck and the
// deterministic one over the canonical inputs) run this one table.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "scanproof/descriptor.hpp"

namespace scanproof {

// One input to a property: a nonzero board b, a second nonzero board a (for
// the two-board popcount identities) and a shift / bit index k in 0..63.
struct property_args {
  std::uint64_t b = 1;
  std::uint64_t a = 1;
  int k = 0;
};

// The implementation under test for its op, the reference oracle for the others.
class scanners {
 public:
  explicit scanners(const descriptor& d) : d_(d) {}
  std::int64_t lsb(std::uint64_t b) const { return apply(op::lsb, b); }
  std::int64_t msb(std::uint64_t b) const { return apply(op::msb, b); }
  std::int64_t ctz(std::uint64_t b) const { return apply(op::ctz, b); }
  std::int64_t clz(std::uint64_t b) const { return apply(op::clz, b); }
  std::int64_t popcount(std::uint64_t b) const { return apply(op::popcount, b); }
  const descriptor& under_test() const { return d_; }

 private:
  // Throws std::logic_error if a property would pass zero where the
  // implementation may not see it (lsb/msb, or a declared-undefined zero):
  // that is a bug in the property, never a finding about the implementation.
  std::int64_t apply(op o, std::uint64_t b) const;
  const descriptor& d_;
};

// Which arguments a property reads (the others are not shown in reports).
enum class uses : std::uint8_t { b, b_and_a, b_and_k, k };

// The ops a property involves, as a bit set.
class op_set {
 public:
  constexpr op_set(std::initializer_list<op> ops) {
    for (op o : ops) bits_ |= bit(o);
  }
  constexpr bool contains(op o) const { return (bits_ & bit(o)) != 0; }

 private:
  static constexpr unsigned bit(op o) { return 1u << static_cast<unsigned>(o); }
  unsigned bits_ = 0;
};

struct property {
  const char* name;       // a C identifier; part of the test name
  const char* statement;  // the law, as printed in reports
  op_set ops;             // every implementation of these ops is checked
  uses args;
  // nullopt when the law holds on x, else what was observed.
  std::optional<std::string> (*check)(const scanners& s, const property_args& x);
};

std::span<const property> properties();
const property* find_property(std::string_view name);

}  // namespace scanproof
