// The suite's value type: up to 128 bits as two 64-bit halves, on every
// target (unsigned __int128 is missing on i686, armhf, mips, ppc, m68k).
// Canonical inputs, the oracle, shrinking and the reports reason in `word`;
// a shape (shape.hpp) says how many of its bits an implementation sees and how
// they reach its arguments.
#pragma once
#include <bit>  // C++20; <version> macros say what is there
#include <cstdint>

namespace scanproof {

struct word {
  std::uint64_t lo = 0, hi = 0;

  constexpr word() = default;
  // Implicit from a 64-bit value: every 64-bit caller keeps working unchanged.
  constexpr word(std::uint64_t low) : lo(low) {}  // NOLINT(google-explicit-constructor)
  constexpr word(std::uint64_t low, std::uint64_t high) : lo(low), hi(high) {}

  static constexpr word bit(int i) {
    return i < 64 ? word{std::uint64_t{1} << i, 0} : word{0, std::uint64_t{1} << (i - 64)};
  }
  // The low `width` bits set (width 0..128).
  static constexpr word ones(int width) {
    if (width <= 0) return {};
    if (width < 64) return {(std::uint64_t{1} << width) - 1, 0};
    if (width == 64) return {~std::uint64_t{0}, 0};
    if (width < 128) return {~std::uint64_t{0}, (std::uint64_t{1} << (width - 64)) - 1};
    return {~std::uint64_t{0}, ~std::uint64_t{0}};
  }

  constexpr bool test(int i) const { return i < 64 ? (lo >> i) & 1u : (hi >> (i - 64)) & 1u; }
  constexpr explicit operator bool() const { return (lo | hi) != 0; }

  friend constexpr bool operator==(word a, word b) { return a.lo == b.lo && a.hi == b.hi; }
  // Unsigned order of the 128-bit values.
  friend constexpr bool operator<(word a, word b) { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; }
  friend constexpr word operator&(word a, word b) { return {a.lo & b.lo, a.hi & b.hi}; }
  friend constexpr word operator|(word a, word b) { return {a.lo | b.lo, a.hi | b.hi}; }
  friend constexpr word operator^(word a, word b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
  friend constexpr word operator~(word a) { return {~a.lo, ~a.hi}; }
  // Shifts by 0..127.
  friend constexpr word operator<<(word a, int k) {
    if (k == 0) return a;
    if (k >= 64) return {0, a.lo << (k - 64)};
    return {a.lo << k, (a.hi << k) | (a.lo >> (64 - k))};
  }
  friend constexpr word operator>>(word a, int k) {
    if (k == 0) return a;
    if (k >= 64) return {a.hi >> (k - 64), 0};
    return {(a.lo >> k) | (a.hi << (64 - k)), a.hi >> k};
  }
  friend constexpr word operator-(word a, word b) {
    return {a.lo - b.lo, a.hi - b.hi - (a.lo < b.lo ? 1u : 0u)};
  }
  word& operator&=(word b) { return *this = *this & b; }
  word& operator|=(word b) { return *this = *this | b; }
};

// One definition for C++20 suite files and C++17 candidate files alike
// (candidate.hpp), so the builtins <bit>'s counts are made of (GCC and Clang,
// every compiler of the matrix). Index of the lowest / highest set bit of a
// nonzero word.
constexpr int popcount(word b) { return __builtin_popcountll(b.lo) + __builtin_popcountll(b.hi); }
constexpr int lowest_bit(word b) { return b.lo ? __builtin_ctzll(b.lo) : 64 + __builtin_ctzll(b.hi); }
constexpr int highest_bit(word b) { return b.hi ? 127 - __builtin_clzll(b.hi) : 63 - __builtin_clzll(b.lo); }

}  // namespace scanproof
