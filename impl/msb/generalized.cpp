// CPW "Generalized BitScan" (Gerd Isenberg), reverse direction
// (generalized_bitscan.hpp; the forward direction is in lsb/generalized.cpp).
#include "catalogue.hpp"
#include "generalized_bitscan.hpp"

namespace scanproof::cat {
namespace {

int generalized_reverse(U64 bb) { return generalized::bitScan(bb, true); }
int generalized_reverse_corrected(U64 bb) { return generalized::bitScanCorrected(bb, true); }

}  // namespace

SCANPROOF_ENTRY(generalized_reverse, op::msb, generalized_reverse,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan', bitScan(bb, "
                               "reverse = true)"});
SCANPROOF_ENTRY(generalized_reverse_corrected, op::msb, generalized_reverse_corrected,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan' with rMask = "
                               "-(U64)reverse, bitScan(bb, true)"});

}  // namespace scanproof::cat
