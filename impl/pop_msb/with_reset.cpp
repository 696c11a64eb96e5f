// Reverse bitscan with reset: the highest set square, returned and cleared.
#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

// The reverse twin of CPW's bitScanForwardWithReset (seed 003, "Bitscan with
// Reset"; the page prints only the forward one): Walisch's bitScanReverse
// (debruijn64.hpp), then the found square cleared by its own bit, since
// there is no `bb & (bb - 1)` idiom for the top bit. Precondition bb != 0.
int bitScanReverseWithReset(U64& bb) {
  int idx = walisch::bitScanReverse(bb);
  bb ^= U64{1} << idx;
  return idx;
}

// Deliberately wrong: the forward reset copied into the reverse twin. It
// returns the right (highest) square but clears the lowest; right only on
// one-square boards.
int bitScanReverseWithReset_forward_reset(U64& bb) {
  int idx = walisch::bitScanReverse(bb);
  bb &= bb - 1;
  return idx;
}

}  // namespace

SCANPROOF_ENTRY(bsr_with_reset, op::pop_msb, bitScanReverseWithReset,
                {.provenance = "seed 003 (CPW BitScan), 'Bitscan with Reset': the reverse twin of "
                               "bitScanForwardWithReset, over Walisch's bitScanReverse"});
SCANPROOF_ENTRY(bsr_with_reset_forward_reset, op::pop_msb, bitScanReverseWithReset_forward_reset,
                {.expected = {{when::always, scope::nonzero,
                               "deliberate bug: clears the lowest square (bb &= bb - 1, the forward "
                               "idiom) instead of the highest it returns"}},
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan with Reset', reverse twin with "
                               "the forward reset left in (a deliberate bug: the suite must catch it)"});

}  // namespace scanproof::cat
