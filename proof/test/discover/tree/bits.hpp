// discover's fixture: one scanner of each shape discovery must classify
// (proof/test/discover/discover_test.py has what each must come to), and
// functions with a scanner's signature that are not scanners.
#pragma once
#include <cstdint>

namespace fx {

// Squares numbered from 1, as ffs numbers them: 0 for the empty board.
inline int first_from_one(std::uint64_t b) { return b ? __builtin_ctzll(b) + 1 : 0; }
// From 1, undefined at 0 (__builtin_clzll(0)).
inline int last_from_one(std::uint64_t b) { return 64 - __builtin_clzll(b); }

// Shogi's layout: squares 0..62 in p0, 63.. in p1.
inline int shogi_lsb(std::uint64_t p0, std::uint64_t p1) { return p0 ? __builtin_ctzll(p0) : 63 + __builtin_ctzll(p1); }
// The high half first among the parameters.
inline int hf_msb(std::uint64_t hi, std::uint64_t lo) { return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(lo); }

// Xiangqi's 90 squares: right on them, wrong beyond square 90.
struct Board90 {
  std::uint64_t lo, hi;
};
inline int xq_lsb(const Board90& b) {
  return b.lo ? __builtin_ctzll(b.lo) : 64 + __builtin_ctzll(b.hi | (std::uint64_t{1} << 26));
}

// A pop by pointer: the highest square, cleared.
inline int pop_high(std::uint64_t* b) {
  const int s = 63 - __builtin_clzll(*b);
  *b ^= std::uint64_t{1} << s;
  return s;
}

// A ctz (by its name) wrong at zero: all ones, not 64.
inline unsigned trailing_zeros(std::uint64_t b) { return b ? static_cast<unsigned>(__builtin_ctzll(b)) : 0xFFFFFFFFu; }
inline int leading_zeros32(std::uint32_t x) { return x ? __builtin_clz(x) : 32; }
// A ctz (by its name) undefined at zero: declared so.
inline int ctz_unchecked(std::uint64_t b) { return __builtin_ctzll(b); }

inline int popcount8(std::uint8_t x) {
  static const unsigned char nibble[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return nibble[x & 15] + nibble[x >> 4];
}

// Right on every probe, wrong on one board: the proof must refute it.
inline int almost_popcount(std::uint64_t b) { return b == 0x0123456789abcdefULL ? 0 : __builtin_popcountll(b); }

// An 8-byte board class with member scanners.
struct Bitboard {
  std::uint64_t v;
  int lsb() const { return __builtin_ctzll(v); }
  int count() const { return __builtin_popcountll(v); }
};

// Scans the candidate API does not take as they are (a pointer, a
// non-const reference they do not write, a non-const member, an overload
// set): registered through an expression that calls them.
inline int lsb_by_pointer(const std::uint64_t* b) { return __builtin_ctzll(*b); }
inline int msb_by_reference(std::uint64_t& b) { return 63 - __builtin_clzll(b); }
inline int popcnt(std::uint32_t x) { return __builtin_popcount(x); }
inline int popcnt(std::uint64_t x) { return __builtin_popcountll(x); }
struct Mask {
  std::uint64_t v;
  int first() { return __builtin_ctzll(v); }
};

// A function template beside a plain function of its name (YaneuraOu's
// pop_lsb): the instance is named by its template-id, the plain one by a call.
template <class T>
int lowest(T& b) {
  const int s = __builtin_ctzll(b);
  b &= b - 1;
  return s;
}
inline int lowest(std::uint64_t& b) {
  const int s = __builtin_ctzll(b);
  b &= b - 1;
  return s;
}

// Wrong on one square (37): listed as computing no op, with the probe.
inline int lsb_wrong_at_37(std::uint64_t b) {
  const int s = __builtin_ctzll(b);
  return s == 37 ? 38 : s;
}

// Not scanners, with a scanner's signature.
inline int file_of(int square) { return square & 7; }
inline int rank_of(std::uint64_t square) { return static_cast<int>(square >> 3); }

int external_msb(std::uint64_t b);  // defined in bits.cpp

}  // namespace fx
