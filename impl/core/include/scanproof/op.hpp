// The operations scanproof checks, and what each must return on zero.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

namespace scanproof {

// pop_lsb / pop_msb: "Bitscan with Reset" (seed 003, CPW BitScan,
// bitScanForwardWithReset, "also called dropForward"): return the lowest
// (highest) set square and clear it in the argument, passed by reference or
// pointer. Their result is an index and the board left behind.
// The ops, their names and kinds are the rows of ops.def (the op table that
// candidate.h, CMake and the report read too).
enum class op : std::uint8_t {
#define SCANPROOF_OP(n, C, kind, scan) n,
#include "ops.def"
#undef SCANPROOF_OP
};

inline constexpr op all_ops[] = {
#define SCANPROOF_OP(n, C, kind, scan) op::n,
#include "ops.def"
#undef SCANPROOF_OP
};

namespace detail {
struct op_row {
  std::string_view name;
  std::string_view c_name;  // candidate.h's enum constant
  bool pops;
  op scan;
};
inline constexpr op_row op_rows[] = {
#define SCANPROOF_OP(n, C, kind, scan) {#n, "SCANPROOF_" #C, std::string_view(#kind) == "pop", op::scan},
#include "ops.def"
#undef SCANPROOF_OP
};
// o's row; for a value outside the enum (a C candidate's bad op) one named
// "?" that is its own scan. By value: a pointer test is not a constant
// expression under the sanitizers.
constexpr op_row row_of(op o) {
  const auto i = static_cast<std::size_t>(o);
  return i < std::size(op_rows) ? op_rows[i] : op_row{"?", "", false, o};
}
}  // namespace detail

// Does the op clear the square it returns (a result of index and board)?
constexpr bool pops(op o) { return detail::row_of(o).pops; }
// The scan whose index a pop op returns (lsb for pop_lsb); any other op itself.
constexpr op scan_of(op o) { return detail::row_of(o).scan; }
// Ops whose result is a square index (lsb, msb and the pops): numbered from
// the layout's index base, undefined on the empty board.
constexpr bool returns_square(op o) { return scan_of(o) == op::lsb || scan_of(o) == op::msb; }

constexpr std::string_view name(op o) { return detail::row_of(o).name; }
// C's spelling of the op (candidate.h: SCANPROOF_POP_LSB), for generated registrations.
constexpr std::string_view c_name(op o) { return detail::row_of(o).c_name; }

constexpr std::optional<op> op_from_name(std::string_view s) {
  for (op o : all_ops)
    if (name(o) == s) return o;
  return std::nullopt;
}

// What each must return on zero depends on the width: required_zero_result()
// in shape.hpp.

}  // namespace scanproof
