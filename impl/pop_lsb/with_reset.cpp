// Forward bitscan with reset: the scan and the clearing of the square it
// found, through a reference, as a serialization loop calls it.
#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan", "Bitscan with Reset" (seed 003), as printed, over Walisch's
// bitScanForward (debruijn64.hpp). Precondition bb != 0 (bitScanForward's).
int bitScanForwardWithReset(U64& bb) {  // also called dropForward
  int idx = walisch::bitScanForward(bb);
  bb &= bb - 1;  // reset bit outside
  return idx;
}

// Deliberately wrong: the reset done first and the scan after it, so the
// index is that of the square *above* the one cleared (the next one to pop).
// The board left behind is right; on a one-square board the scan sees 0.
int bitScanForwardWithReset_scan_after_reset(U64& bb) {
  bb &= bb - 1;
  return walisch::bitScanForward(bb);
}

}  // namespace

SCANPROOF_ENTRY(bsf_with_reset, op::pop_lsb, bitScanForwardWithReset,
                {.provenance = "seed 003 (CPW BitScan), 'Bitscan with Reset': "
                               "bitScanForwardWithReset(U64 &bb) over Walisch's bitScanForward"});
SCANPROOF_ENTRY(bsf_with_reset_scan_after_reset, op::pop_lsb, bitScanForwardWithReset_scan_after_reset,
                {.expected = {{when::always, scope::nonzero,
                               "deliberate bug: resets the bit before scanning, so it returns the "
                               "square after the one it cleared"}},
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan with Reset', with its two "
                               "statements swapped (a deliberate bug: the suite must catch it)"});

}  // namespace scanproof::cat
