// CPW "Generalized BitScan" (Gerd Isenberg), forward direction
// (generalized_bitscan.hpp; the reverse direction is in msb/generalized.cpp).
#include "catalogue.hpp"
#include "generalized_bitscan.hpp"

namespace scanproof::cat {
namespace {

int generalized_forward(U64 bb) { return generalized::bitScan(bb, false); }
int generalized_forward_corrected(U64 bb) { return generalized::bitScanCorrected(bb, false); }

}  // namespace

SCANPROOF_ENTRY(generalized_forward, op::lsb, generalized_forward,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .expected = {{when::always, scope::nonzero,
                               "printed rMask = ~(U64)reverse never isolates the LS1B, so the "
                               "forward scan returns the MS1B; -(U64)reverse was meant"}},
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan', bitScan(bb, "
                               "reverse = false)"});
SCANPROOF_ENTRY(generalized_forward_corrected, op::lsb, generalized_forward_corrected,
                {.zero = zero_spec::returns(0, "bitScanReverse(0) = index64[0]"),
                 .provenance = "seed 003 (CPW BitScan), 'Generalized BitScan' with rMask = "
                               "-(U64)reverse, bitScan(bb, false)"});

}  // namespace scanproof::cat
