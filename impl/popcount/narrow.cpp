// Population counts of 8-, 16- and 32-bit words.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

int builtin_popcount32(std::uint32_t b) { return __builtin_popcount(b); }
int builtin_popcount16(std::uint16_t b) { return __builtin_popcount(b); }  // promotion adds no bits

// Seed 004's 4-bit table loop (section "4-bit lookup tables", POPCOUNT_4BIT)
// on a byte.
constexpr unsigned char POPCOUNT_4BIT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
int popcount8_4bit(std::uint8_t b) {
  int count = 0;
  for (unsigned bits = b; bits != 0; bits >>= 4) count += POPCOUNT_4BIT[bits & 0xF];
  return count;
}

}  // namespace

SCANPROOF_ENTRY(builtin_popcount32, op::popcount, builtin_popcount32,
                {.provenance = "GCC/Clang __builtin_popcount on a 32-bit word"});
SCANPROOF_ENTRY(builtin_popcount16, op::popcount, builtin_popcount16,
                {.provenance = "GCC/Clang __builtin_popcount on a 16-bit word (promoted with zeros)"});
SCANPROOF_ENTRY(popcount8_4bit, op::popcount, popcount8_4bit,
                {.provenance = "seed 004 (Shogi plan), '4-bit lookup tables': popcount_4bit, on a byte"});

}  // namespace scanproof::cat
