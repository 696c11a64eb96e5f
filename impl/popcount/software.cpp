// Software population counts.
#include <array>
#include <bit>

#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// DarkThought "Bitboard Infrastructure": clear the lowest set bit until empty
// (Kernighan). Also the Shogi plan's popcount_sw (1.2).
unsigned int iterative_popcount(U64 b) {
  unsigned int n;
  for (n = 0; b != 0; n++, b &= (b - 1)) {
  }
  return n;
}

// DarkThought "Bitboard Infrastructure", non_iterative_popcount ("Hacker's
// Memory"): 2- and 4-bit sums in 64 bits, then folded to 32 bits.
unsigned int non_iterative_popcount(const U64 b) {
  constexpr U64 m1 = 0x5555555555555555ULL;
  constexpr U64 m2 = 0x3333333333333333ULL;
  std::uint32_t n;
  const U64 a = b - ((b >> 1) & m1);
  const U64 c = (a & m2) + ((a >> 2) & m2);
  n = static_cast<std::uint32_t>(c) + static_cast<std::uint32_t>(c >> 32);
  n = (n & 0x0F0F0F0F) + ((n >> 4) & 0x0F0F0F0F);
  n = (n & 0xFFFF) + (n >> 16);
  n = (n & 0xFF) + (n >> 8);
  return n;
}

// "Chess Engine Bit Hacks", section popcnt: SWAR sums, then one multiply adds
// the eight byte counts into the top byte.
int swar_multiply(U64 x) {
  constexpr U64 k1 = 0x5555555555555555ULL;
  constexpr U64 k2 = 0x3333333333333333ULL;
  constexpr U64 k4 = 0x0f0f0f0f0f0f0f0fULL;
  constexpr U64 kf = 0x0101010101010101ULL;
  x = x - ((x >> 1) & k1);
  x = (x & k2) + ((x >> 2) & k2);
  x = (x + (x >> 4)) & k4;
  x = (x * kf) >> 56;
  return static_cast<int>(x);
}

// Shogi plan, "4-bit Lookup Tables": POPCOUNT_4BIT and popcount_4bit.
constexpr unsigned char POPCOUNT_4BIT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
std::uint32_t popcount_4bit(U64 bb) {
  std::uint32_t count = 0;
  U64 bits = bb;
  while (bits != 0) {
    count += POPCOUNT_4BIT[bits & 0xF];
    bits >>= 4;
  }
  return count;
}

// Byte and 16-bit tables: the "intuitive methods with lookup tables" DarkThought
// compares against. Built at compile time from the 4-bit table.
template <std::size_t N>
constexpr std::array<unsigned char, N> popcount_table() {
  std::array<unsigned char, N> t{};
  for (std::size_t i = 0; i < N; ++i) {
    unsigned n = 0;
    for (std::size_t v = i; v; v >>= 4) n += POPCOUNT_4BIT[v & 0xF];
    t[i] = static_cast<unsigned char>(n);
  }
  return t;
}
constexpr auto table8 = popcount_table<256>();
const auto table16 = popcount_table<65536>();  // 64 KiB: built at start-up, not compile time

int popcount_table8(U64 b) {
  int n = 0;
  for (int i = 0; i < 8; ++i, b >>= 8) n += table8[b & 0xFF];
  return n;
}

int popcount_table16(U64 b) {
  return table16[b & 0xFFFF] + table16[(b >> 16) & 0xFFFF] + table16[(b >> 32) & 0xFFFF] +
         table16[b >> 48];
}

int std_popcount(U64 b) { return std::popcount(b); }

// Count by serialization: scan and reset the LS1B until the set is empty, the
// loop engines already have (CPW "Bitboard Serialization"). The volatile store
// keeps the scan: without a use of it the loop is Kernighan's, which
// compilers may turn into a popcnt instruction.
int serialization_count(U64 b) {
  int n = 0;
  while (b) {
    [[maybe_unused]] volatile int square = walisch::bitScanForward(b);
    b &= b - 1;
    ++n;
  }
  return n;
}

}  // namespace

SCANPROOF_ENTRY(iterative, op::popcount, iterative_popcount,
                {.provenance = "seeds 000/001 (DarkThought 'Bitboard Infrastructure'): "
                               "iterative_popcount; seed 004 1.2 popcount_sw"});
SCANPROOF_ENTRY(darkthought_non_iterative, op::popcount, non_iterative_popcount,
                {.provenance = "seeds 000/001 (DarkThought 'Bitboard Infrastructure'): "
                               "non_iterative_popcount (\"Hacker's Memory\")"});
SCANPROOF_ENTRY(swar_multiply, op::popcount, swar_multiply,
                {.provenance = "seed 002 ('Chess Engine Bit Hacks'), section 'popcnt "
                               "(population count)'"});
SCANPROOF_ENTRY(table4, op::popcount, popcount_4bit,
                {.provenance = "seed 004 (Shogi plan), '4-bit Lookup Tables': popcount_4bit"});
SCANPROOF_ENTRY(table8, op::popcount, popcount_table8,
                {.provenance = "seed 000 (DarkThought) 'intuitive methods with lookup tables': "
                               "one 256-entry table, eight lookups"});
SCANPROOF_ENTRY(table16, op::popcount, popcount_table16,
                {.provenance = "seed 000 (DarkThought) 'tables get either too large or need too "
                               "many lookups': one 65536-entry table, four lookups"});
SCANPROOF_ENTRY(std_popcount, op::popcount, std_popcount,
                {.provenance = "C++20 <bit> std::popcount"});
SCANPROOF_ENTRY(serialization, op::popcount, serialization_count,
                {.provenance = "seed 003 (CPW BitScan) 'Non Empty Sets' / 'Bitboard "
                               "Serialization': count by lsb + reset"});

}  // namespace scanproof::cat
