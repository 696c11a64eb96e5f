// The five operations scanproof checks, and what each must return on zero.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace scanproof {

enum class op : std::uint8_t { lsb, msb, ctz, clz, popcount };

inline constexpr op all_ops[] = {op::lsb, op::msb, op::ctz, op::clz, op::popcount};

constexpr std::string_view name(op o) {
  switch (o) {
    case op::lsb: return "lsb";
    case op::msb: return "msb";
    case op::ctz: return "ctz";
    case op::clz: return "clz";
    case op::popcount: return "popcount";
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
