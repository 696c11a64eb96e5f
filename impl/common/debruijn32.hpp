// The 32-bit De Bruijn scan, shared by the 32-bit entries and the split scans
// a 32-bit build uses for 64-bit words.
#pragma once
#include <cstdint>

namespace scanproof::cat::debruijn32 {

// 0x077CB531 is a De Bruijn sequence B(2,5): the top five bits of (it << i) are
// distinct for i = 0..31 (Leiserson, Prokop and Randall, 1998, the method seed
// 003's "De Bruijn Multiplication" cites). The table is built from that
// property here rather than copied.
inline constexpr std::uint32_t magic = 0x077CB531u;
struct table {
  unsigned char index[32];
};
constexpr table make_table() {
  table t{};
  for (int i = 0; i < 32; ++i) t.index[static_cast<std::uint32_t>(magic << i) >> 27] = static_cast<unsigned char>(i);
  return t;
}
inline constexpr table index32 = make_table();

// Isolate the lowest set bit (b & -b), multiply, look up. b != 0.
inline int lsb(std::uint32_t b) {
  return index32.index[static_cast<std::uint32_t>((b & (0u - b)) * magic) >> 27];
}
// Fill every bit below the highest (parallel prefix, seed 003 "Bitscan
// reverse"), keep only the highest (b ^ b >> 1), then the same lookup. b != 0.
inline int msb(std::uint32_t b) {
  b |= b >> 1;
  b |= b >> 2;
  b |= b >> 4;
  b |= b >> 8;
  b |= b >> 16;
  return index32.index[static_cast<std::uint32_t>((b ^ (b >> 1)) * magic) >> 27];
}

}  // namespace scanproof::cat::debruijn32
