// Total leading zero counts (64 on zero) in portable C++.
#include <bit>

#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan versus ZeroCount": leadingZeroCount = bitScanReverse ^ 63, 64 for zero.
int leadingZeroCount(U64 bb) {
  if (bb) return walisch::bitScanReverse(bb) ^ 63;
  return 64;
}

int std_countl_zero(U64 b) { return std::countl_zero(b); }

}  // namespace

SCANPROOF_ENTRY(leading_zero_count, op::clz, leadingZeroCount,
                {.provenance = "seed 003 (CPW BitScan), 'BitScan versus ZeroCount': "
                               "leadingZeroCount = bitScanReverse ^ 63"});
SCANPROOF_ENTRY(std_countl_zero, op::clz, std_countl_zero,
                {.provenance = "C++20 <bit> std::countl_zero (seed 003 'Leading Zero Count')"});

}  // namespace scanproof::cat
