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

// docs/contracts.md (Operations): ctz/clz are total (64 on zero), popcount(0) == 0; lsb/msb are
// undefined on zero and a candidate is never called with it.
constexpr std::optional<std::int64_t> required_zero_result(op o) {
  switch (o) {
    case op::ctz:
    case op::clz: return 64;
    case op::popcount: return 0;
    default: return std::nullopt;
  }
}

}  // namespace scanproof
