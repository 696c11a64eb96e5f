// MSB scans built on Walisch's De Bruijn hash and on a zero count.
#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan reverse / De Bruijn Multiplication" (Kim Walisch, Mark Dickinson).
int debruijn_reverse(U64 bb) { return walisch::bitScanReverse(bb); }

// CPW "BitScan versus ZeroCount": leadingZeroCount(bb) = bitScanReverse(bb) ^ 63
// with 64 for zero, and "one can replace bitScanReverse of non empty sets by
// leadingZeroCount xor 63".
int leadingZeroCount(U64 bb) {
  if (bb) return walisch::bitScanReverse(bb) ^ 63;
  return 64;
}
int lzc_xor63(U64 bb) { return leadingZeroCount(bb) ^ 63; }

}  // namespace

SCANPROOF_ENTRY(debruijn_reverse, op::msb, debruijn_reverse,
                {.zero = zero_spec::returns(0, "index64[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse / De Bruijn "
                               "Multiplication' (Kim Walisch, Mark Dickinson)"});
SCANPROOF_ENTRY(lzc_xor63, op::msb, lzc_xor63,
                {.zero = zero_spec::returns(127, "leadingZeroCount(0) = 64, 64 ^ 63 = 127"),
                 .provenance = "seed 003 (CPW BitScan), 'Leading Zero Count' and 'BitScan versus "
                               "ZeroCount': leadingZeroCount ^ 63"});

}  // namespace scanproof::cat
