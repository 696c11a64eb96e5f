// The typed example engine's board header, written the way modern C++ engines
// type theirs: an 8-byte Bitboard class and a Square class (not integers), an
// enum board, a 32-bit scoped-enum lane, signed words, a function-like macro,
// and a 128-bit board that holds its high half first (built Board128(hi, lo)).
// Header-only C++17. scanners/typed_scanners.cpp registers each function with
// scanproof in one line, as it is, with no wrapper and no glue.
#pragma once
#include <cstdint>

namespace typed {

// A square: a class holding its index (-1 for "no square").
class Square {
 public:
  constexpr explicit Square(int index) : index_(static_cast<std::int8_t>(index)) {}
  constexpr int index() const { return index_; }
  static constexpr Square none() { return Square(-1); }

 private:
  std::int8_t index_;
};

namespace detail {
constexpr int lowest(std::uint64_t b) {
  int i = 0;
  for (; (b & 1) == 0; b >>= 1) ++i;
  return i;
}
constexpr int highest(std::uint64_t b) {
  int i = -1;
  for (; b != 0; b >>= 1) ++i;
  return i;
}
constexpr int count(std::uint64_t b) {
  int n = 0;
  for (; b != 0; b &= b - 1) ++n;
  return n;
}
}  // namespace detail

// The 64-square board: one uint64_t in a class, as three public engines have it.
class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(std::uint64_t bits) : bits_(bits) {}
  constexpr std::uint64_t bits() const { return bits_; }
  // The move generator's loop: `while (b) { Square s = b.popLowestSquare(); ... }`.
  Square popLowestSquare() {
    const Square s(detail::lowest(bits_));
    bits_ &= bits_ - 1;
    return s;
  }
  int count() const { return detail::count(bits_); }

 private:
  std::uint64_t bits_ = 0;
};

inline Square lsb(Bitboard b) { return Square(detail::lowest(b.bits())); }
inline Square msb(const Bitboard& b) { return Square(detail::highest(b.bits())); }
// The lowest square, or Square::none() for an empty board.
inline Square first_square(Bitboard b) { return b.bits() ? lsb(b) : Square::none(); }

// A set of pieces as an enum over its bits.
enum PieceSet : std::uint64_t { NO_PIECES = 0 };
inline int piece_count(PieceSet s) { return detail::count(s); }

// A 32-bit lane of an Othello-style board, as a scoped enum.
enum class Lane : std::uint32_t {};
inline int lane_trailing_empty(Lane l) {
  const auto v = static_cast<std::uint32_t>(l);
  return v ? detail::lowest(v) : 32;
}

// Signed words: C's ffs convention (squares from 1, 0 for an empty board)
// and a signed lsb.
inline int first_one(long long b) { return b ? detail::lowest(static_cast<std::uint64_t>(b)) + 1 : 0; }
inline int signed_msb(std::int64_t b) { return detail::highest(static_cast<std::uint64_t>(b)); }

// The hardware count where the build enables it (-msse4.2 on x86-64, as the
// engine's makefile gives it there), the portable one elsewhere.
#if defined(__SSE4_2__) && defined(__x86_64__)
}  // namespace typed
#include <nmmintrin.h>
namespace typed {
inline int hardware_count(std::uint64_t b) { return static_cast<int>(_mm_popcnt_u64(b)); }
#else
inline int hardware_count(std::uint64_t b) { return detail::count(b); }
#endif

// A function-like macro, as older engines write their scans.
#define TYPED_LOWEST_SQUARE(b) (typed::detail::lowest(b))

// A 128-bit board whose first word is the *high* half: Board128(hi, lo).
struct Board128 {
  std::uint64_t b64[2];
  constexpr Board128(std::uint64_t hi, std::uint64_t lo) : b64{hi, lo} {}
  constexpr std::uint64_t high() const { return b64[0]; }
  constexpr std::uint64_t low() const { return b64[1]; }
};
inline int lsb128(Board128 b) { return b.low() ? detail::lowest(b.low()) : 64 + detail::lowest(b.high()); }
inline int msb128(const Board128& b) { return b.high() ? 64 + detail::highest(b.high()) : detail::highest(b.low()); }
inline int pop_lsb128(Board128& b) {
  if (b.b64[1] != 0) {
    const int s = detail::lowest(b.b64[1]);
    b.b64[1] &= b.b64[1] - 1;
    return s;
  }
  const int s = 64 + detail::lowest(b.b64[0]);
  b.b64[0] &= b.b64[0] - 1;
  return s;
}

// A square whose index is read through an accessor (no conversion, and two
// bytes that are not one integer).
struct Cell {
  std::uint8_t file, rank;
  constexpr int index() const { return rank * 8 + file; }
};
inline Cell lowest_cell(std::uint64_t b) {
  const int i = detail::lowest(b);
  return Cell{static_cast<std::uint8_t>(i % 8), static_cast<std::uint8_t>(i / 8)};
}

}  // namespace typed
