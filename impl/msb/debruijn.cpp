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

// CPW "Generalized BitScan" (Gerd Isenberg): one routine for both directions,
// masking the LS1B when scanning forward, then bitScanReverse. As printed,
// rMask = ~(U64)reverse is all ones or all ones but bit 0, so the LS1B is
// never isolated and both directions return the MS1B.
int bitScan(U64 bb, bool reverse) {
  U64 rMask;
  rMask = ~static_cast<U64>(reverse);
  bb &= (0 - bb) | rMask;
  return walisch::bitScanReverse(bb);
}
int generalized_forward(U64 bb) { return bitScan(bb, false); }
int generalized_reverse(U64 bb) { return bitScan(bb, true); }

// Corrected: rMask = -(U64)reverse (all ones to keep bb, zero to isolate the LS1B).
int bitScanCorrected(U64 bb, bool reverse) {
  U64 rMask;
  rMask = 0 - static_cast<U64>(reverse);
  bb &= (0 - bb) | rMask;
  return walisch::bitScanReverse(bb);
}
int generalized_forward_corrected(U64 bb) { return bitScanCorrected(bb, false); }
int generalized_reverse_corrected(U64 bb) { return bitScanCorrected(bb, true); }

}  // namespace

SCANPROOF_ENTRY(debruijn_reverse, op::msb, debruijn_reverse,
                {.zero = zero_spec::returns(0, "index64[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse / De Bruijn "
                               "Multiplication' (Kim Walisch, Mark Dickinson)"});
SCANPROOF_ENTRY(lzc_xor63, op::msb, lzc_xor63,
                {.zero = zero_spec::returns(127, "leadingZeroCount(0) = 64, 64 ^ 63 = 127"),
                 .provenance = "seed 003 (CPW BitScan), 'Leading Zero Count' and 'BitScan versus "
                               "ZeroCount': leadingZeroCount ^ 63"});
SCANPROOF_ENTRY(generalized_forward, op::lsb, generalized_forward,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .expected = {{when::always, scope::nonzero,
                               "printed rMask = ~(U64)reverse never isolates the LS1B, so the "
                               "forward scan returns the MS1B; -(U64)reverse was meant"}},
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan', bitScan(bb, "
                               "reverse = false)"});
SCANPROOF_ENTRY(generalized_reverse, op::msb, generalized_reverse,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan', bitScan(bb, "
                               "reverse = true)"});
SCANPROOF_ENTRY(generalized_forward_corrected, op::lsb, generalized_forward_corrected,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan' with rMask = "
                               "-(U64)reverse, bitScan(bb, false)"});
SCANPROOF_ENTRY(generalized_reverse_corrected, op::msb, generalized_reverse_corrected,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan' with rMask = "
                               "-(U64)reverse, bitScan(bb, true)"});

}  // namespace scanproof::cat
