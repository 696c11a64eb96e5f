// The reference oracle: naive bit loops, obviously correct and deliberately
// slow. unit/reference_test.cpp checks them against <bit>.
#pragma once
#include <cstdint>

#include "scanproof/op.hpp"
#include "scanproof/word.hpp"

namespace scanproof::reference {

// Index of the least significant set bit; -1 on zero (never compared: lsb(0)
// is outside the domain).
constexpr int lsb(std::uint64_t b) {
  for (int i = 0; i < 64; ++i)
    if ((b >> i) & 1u) return i;
  return -1;
}

constexpr int msb(std::uint64_t b) {
  for (int i = 63; i >= 0; --i)
    if ((b >> i) & 1u) return i;
  return -1;
}

constexpr int ctz(std::uint64_t b) { return b ? lsb(b) : 64; }
constexpr int clz(std::uint64_t b) { return b ? 63 - msb(b) : 64; }

constexpr int popcount(std::uint64_t b) {
  int n = 0;
  for (int i = 0; i < 64; ++i) n += static_cast<int>((b >> i) & 1u);
  return n;
}

constexpr int eval(op o, std::uint64_t b) {
  switch (o) {
    case op::lsb: return lsb(b);
    case op::msb: return msb(b);
    case op::ctz: return ctz(b);
    case op::clz: return clz(b);
    case op::popcount: return popcount(b);
    case op::pop_lsb: return lsb(b);
    case op::pop_msb: return msb(b);
  }
  return -1;
}

// Reverses the bit order; used by properties (msb(b) == 63 - lsb(rev(b))).
constexpr std::uint64_t bit_reverse(std::uint64_t b) {
  std::uint64_t r = 0;
  for (int i = 0; i < 64; ++i) r |= ((b >> i) & 1u) << (63 - i);
  return r;
}

// Any width up to 128, over a word (shape.hpp's square space): the same
// naive loops, bit by bit. ctz/clz of 0 are `width`.
constexpr int lsb(word b, int width) {
  for (int i = 0; i < width; ++i)
    if (b.test(i)) return i;
  return -1;
}
constexpr int msb(word b, int width) {
  for (int i = width - 1; i >= 0; --i)
    if (b.test(i)) return i;
  return -1;
}
constexpr int popcount(word b, int width) {
  int n = 0;
  for (int i = 0; i < width; ++i) n += b.test(i) ? 1 : 0;
  return n;
}
constexpr int eval(op o, word b, int width) {
  switch (o) {
    case op::lsb: return lsb(b, width);
    case op::msb: return msb(b, width);
    case op::ctz: return b ? lsb(b, width) : width;
    case op::clz: return b ? width - 1 - msb(b, width) : width;
    case op::popcount: return popcount(b, width);
    case op::pop_lsb: return lsb(b, width);
    case op::pop_msb: return msb(b, width);
  }
  return -1;
}

// Bitscan with reset (seed 003, bitScanForwardWithReset): the square
// eval(scan_of(o)) names, cleared bit by bit from `b`: the board a pop op
// must leave behind. A non-pop op, or the empty board, leaves b as it was.
constexpr word board_after(op o, word b, int width) {
  if (!pops(o) || !b) return b;
  const int square = eval(o, b, width);
  word left;
  for (int i = 0; i < width; ++i)
    if (i != square && b.test(i)) left = left | word::bit(i);
  return left;
}

}  // namespace scanproof::reference
