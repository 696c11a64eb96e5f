// The example engine's bitboard header, written the way chess and shogi
// engines write theirs: a namespace, an `enum Square` that the scanners
// return, free functions on a 64-bit Bitboard (pop_lsb by reference among
// them), and (with ENGINE_SHOGI) an 81-square board in a SIMD union with a
// user-written copy constructor and member scanners (pop() among them).
// C++17; the board's constructor is in bitboard.cpp. scanners/ registers each
// function with scanproof in one line, as it is, with no wrapper.
#pragma once
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace engine {

using Bitboard = std::uint64_t;

enum Square : int { SQ_A1 = 0, SQ_H8 = 63, SQ_NONE = 64 };

namespace detail {
// Kim Walisch's De Bruijn bitscan: b ^ (b - 1) keeps the lowest 1 bit and
// everything below it; with every bit below the highest set, msb uses it too.
inline constexpr int index64[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};
inline constexpr Bitboard debruijn64 = 0x03f79d71b4cb0a89ULL;
}  // namespace detail

// The lowest / highest square of a nonzero board.
inline Square lsb(Bitboard b) { return Square(detail::index64[((b ^ (b - 1)) * detail::debruijn64) >> 58]); }
inline Square msb(Bitboard b) {
  for (int k = 1; k < 64; k *= 2) b |= b >> k;
  return Square(detail::index64[(b * detail::debruijn64) >> 58]);
}
// The lowest square, or SQ_NONE for an empty board.
inline Square first_square(Bitboard b) { return b ? lsb(b) : SQ_NONE; }

// The move generator's loop, `while (b) { Square s = pop_lsb(b); ... }`:
// returns the lowest square of a nonzero board and clears it.
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Population count, SWAR; a template so one body serves every board width.
template <class T>
constexpr int popcount(T b) {
  int n = 0;
  for (; b; b &= b - 1) ++n;
  return n;
}
template <>
constexpr int popcount<Bitboard>(Bitboard b) {
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
}

#ifdef ENGINE_SHOGI
// Shogi's 81 squares: 0..62 in the low half, 63..80 in bits 0..17 of the
// high half (bit 63 of the low half is never used), as YaneuraOu and Apery
// lay them out.
enum class ShogiSquare : std::uint8_t { SQ_11 = 0, SQ_99 = 80, NONE = 81 };

union ShogiBoard {
  std::uint64_t p[2];
#if defined(__SSE2__)
  __m128i m;
#endif
  // Defined in bitboard.cpp, as YaneuraOu defines its Bitboard(u64, u64): a
  // candidate naming a ShogiBoard scanner links the engine's library.
  ShogiBoard(std::uint64_t p0, std::uint64_t p1);
  // User-written (a SIMD copy where there is SSE2): the type is not trivially copyable.
  ShogiBoard(const ShogiBoard& o) {
#if defined(__SSE2__)
    m = o.m;
#else
    p[0] = o.p[0];
    p[1] = o.p[1];
#endif
  }
  ShogiBoard& operator=(const ShogiBoard& o) {
    p[0] = o.p[0];
    p[1] = o.p[1];
    return *this;
  }

  int pop_count() const { return popcount(p[0]) + popcount(p[1]); }
  // The lowest square of a nonzero board.
  ShogiSquare first_square() const {
    return ShogiSquare(p[0] ? lsb(p[0]) : 63 + lsb(p[1]));
  }
  // Returns the lowest square of a nonzero board and clears it.
  ShogiSquare pop() {
    return p[0] ? ShogiSquare(pop_lsb(p[0])) : ShogiSquare(63 + pop_lsb(p[1]));
  }
};
#endif

}  // namespace engine
