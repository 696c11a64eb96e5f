// Test fixture, never in the catalogue: correct scanners of other shapes
// (shape.hpp) that end the process (_exit(4)) when called with an argument
// their shape can never give: a set bit outside the width, the domain, or bit
// 63 of the low half of a 63-offset board. The bench must measure them all --
// throughput, latency (the chain's pre-XOR in the shape's own numbering) and
// serialization -- without ever tripping one (test/expect_shapes.cmake).
#include <bit>
#include <cstdint>
#include <unistd.h>

#include "scanproof/candidate.hpp"

namespace {

constexpr std::uint64_t inner = 0x007E7E7E7E7E7E00;  // the 36 squares off the edge of an 8x8 board

// 128 bits in two halves, YaneuraOu/Apery's layout: square 63+k is bit k of hi; squares from 1.
int yane_lsb(std::uint64_t lo, std::uint64_t hi) {
  if ((lo >> 63) || !(lo | hi)) _exit(4);
  return 1 + (lo ? std::countr_zero(lo) : 63 + std::countr_zero(hi));
}

struct halves128 {
  std::uint64_t lo, hi;
};
// A plain 128-bit number in a struct; highest set bit.
int pair_msb(halves128 b) {
  if (!(b.lo | b.hi)) _exit(4);
  return b.hi ? 127 - std::countl_zero(b.hi) : 63 - std::countl_zero(b.lo);
}

int popcount32(std::uint32_t b) { return std::popcount(b); }
int ctz16(std::uint16_t b) { return std::countr_zero(b); }
int clz8(std::uint8_t b) { return std::countl_zero(b); }

// 64 bits with a declared domain: never called with an edge square.
int inner_lsb(std::uint64_t b) {
  if ((b & ~inner) || !b) _exit(4);
  return std::countr_zero(b);
}

}  // namespace

SCANPROOF_CANDIDATE(yane_lsb, scanproof::op::lsb, .high_offset = 63, .index_base = 1);
SCANPROOF_CANDIDATE(pair_msb, scanproof::op::msb);
SCANPROOF_CANDIDATE(popcount32, scanproof::op::popcount);
SCANPROOF_CANDIDATE(ctz16, scanproof::op::ctz);
SCANPROOF_CANDIDATE(clz8, scanproof::op::clz);
SCANPROOF_CANDIDATE(inner_lsb, scanproof::op::lsb, .domain = scanproof::word{inner});
