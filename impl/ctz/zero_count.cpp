// Total trailing zero counts (64 on zero) in portable C++.
#include <bit>

#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan versus ZeroCount": the bitscan with a leading zero test.
int trailingZeroCount(U64 bb) {
  if (bb) return walisch::bitScanForward(bb);
  return 64;
}

int std_countr_zero(U64 b) { return std::countr_zero(b); }

}  // namespace

SCANPROOF_ENTRY(trailing_zero_count, op::ctz, trailingZeroCount,
                {.provenance = "seed 003 (CPW BitScan), 'BitScan versus ZeroCount': "
                               "trailingZeroCount over Walisch's bitScanForward"});
SCANPROOF_ENTRY(std_countr_zero, op::ctz, std_countr_zero,
                {.provenance = "C++20 <bit> std::countr_zero (the standard's total "
                               "trailing zero count; seed 003 'Trailing Zero Count')"});

}  // namespace scanproof::cat
