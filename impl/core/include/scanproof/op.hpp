// The operations scanproof checks, and what each must return on zero.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace scanproof {

// pop_lsb / pop_msb: "Bitscan with Reset" (seed 003, CPW BitScan,
// bitScanForwardWithReset, "also called dropForward"): return the lowest
// (highest) set square and clear it in the argument, passed by reference or
// pointer. Their result is an index and the board left behind.
enum class op : std::uint8_t { lsb, msb, ctz, clz, popcount, pop_lsb, pop_msb };

inline constexpr op all_ops[] = {op::lsb, op::msb, op::ctz, op::clz, op::popcount, op::pop_lsb, op::pop_msb};

// Does the op clear the square it returns (a result of index and board)?
constexpr bool pops(op o) { return o == op::pop_lsb || o == op::pop_msb; }
// The scan whose index a pop op returns (lsb for pop_lsb); any other op itself.
constexpr op scan_of(op o) {
  return o == op::pop_lsb ? op::lsb : o == op::pop_msb ? op::msb : o;
}
// Ops whose result is a square index (lsb, msb and the pops): numbered from
// the layout's index base, undefined on the empty board.
constexpr bool returns_square(op o) { return scan_of(o) == op::lsb || scan_of(o) == op::msb; }

constexpr std::string_view name(op o) {
  switch (o) {
    case op::lsb: return "lsb";
    case op::msb: return "msb";
    case op::ctz: return "ctz";
    case op::clz: return "clz";
    case op::popcount: return "popcount";
    case op::pop_lsb: return "pop_lsb";
    case op::pop_msb: return "pop_msb";
  }
  return "?";
}

constexpr std::optional<op> op_from_name(std::string_view s) {
  for (op o : all_ops)
    if (name(o) == s) return o;
  return std::nullopt;
}

// What each must return on zero depends on the width: required_zero_result()
// in shape.hpp.

}  // namespace scanproof
