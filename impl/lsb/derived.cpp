// Forward scans built from another primitive: popcount, an MSB scan, libc.
#include <array>
#include <bit>

#include "catalogue.hpp"
#if defined(SCANPROOF_HAS_POSIX_LIBC)
#include <strings.h>
#endif

namespace scanproof::cat {
namespace {

// CPW "BitScan", "Index of LS1B by Popcount": needs a fast popcount; we use
// std::popcount, which is the hardware instruction where the target has one.
int popcount_index(U64 bb) { return std::popcount((bb & (0 - bb)) - 1); }

// DarkThought's FIND_MSB is not printed in the seed; it is described as
// "fine-tuned table lookups" relying on conditional moves. This one narrows to
// a byte with conditional selects and finishes with a 256-entry MSB table.
constexpr std::array<unsigned char, 256> msb8 = [] {
  std::array<unsigned char, 256> t{};
  for (int i = 1; i < 256; ++i) t[i] = static_cast<unsigned char>(t[i / 2] + (i > 1));
  return t;
}();

int find_msb(U64 b) {
  int n = 0;
  if (b >> 32) { b >>= 32; n += 32; }
  if (b >> 16) { b >>= 16; n += 16; }
  if (b >> 8) { b >>= 8; n += 8; }
  return n + msb8[b];
}

// DarkThought "Bitboard Infrastructure": FIND_LSB(b) = FIND_MSB(b ^ (b - 1)).
int darkthought_find_lsb(U64 b) { return find_msb(b ^ (b - 1)); }

#if defined(SCANPROOF_HAS_POSIX_LIBC)
// CPW "Processor Instructions for BitScans": ffsll returns 1..64, 0 for zero.
int ffsll_minus_one(U64 b) { return ffsll(static_cast<long long>(b)) - 1; }
#endif

}  // namespace

SCANPROOF_ENTRY(popcount_index, op::lsb, popcount_index,
                {.zero = zero_spec::returns(64, "popcount(0 - 1) = 64"),
                 .provenance = "seed 003 (CPW BitScan), 'Index of LS1B by Popcount'"});
SCANPROOF_ENTRY(darkthought_find_lsb, op::lsb, darkthought_find_lsb,
                {.zero = zero_spec::returns(63, "0 ^ (0 - 1) is all ones: FIND_MSB = 63"),
                 .provenance = "seeds 000/001 (DarkThought 'Bitboard Infrastructure', E. A. "
                               "Heinz): FIND_LSB(b) = FIND_MSB(b ^ (b - 1)); FIND_MSB by "
                               "conditional selects and a byte table"});
SCANPROOF_ENTRY_POSIX_LIBC(ffsll_minus_one, op::lsb, ffsll_minus_one,
                           {.zero = zero_spec::returns(-1, "ffsll(0) = 0"),
                            .needs = "libc ffsll",
                            .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for "
                                          "BitScans / x86': Linux ffsll"});

}  // namespace scanproof::cat
