// 32-bit forward scans, and the split a 32-bit build uses for a 64-bit word.
#include "catalogue.hpp"
#include "debruijn32.hpp"

namespace scanproof::cat {
namespace {

int debruijn32_lsb(std::uint32_t b) { return debruijn32::lsb(b); }

// A 64-bit word scanned as two 32-bit halves, low half first: what engines'
// 32-bit builds (and 32-bit MSVC, which has no _BitScanForward64) do.
int split32_lsb(U64 b) {
  const auto lo = static_cast<std::uint32_t>(b);
  return lo ? debruijn32::lsb(lo) : 32 + debruijn32::lsb(static_cast<std::uint32_t>(b >> 32));
}

// The same split with the halves taken in the wrong order (high half first):
// the recurring "direction of the bitscan was wrong" port bug.
int split32_lsb_high_first(U64 b) {
  const auto hi = static_cast<std::uint32_t>(b >> 32);
  return hi ? 32 + debruijn32::lsb(hi) : debruijn32::lsb(static_cast<std::uint32_t>(b));
}

}  // namespace

SCANPROOF_ENTRY(debruijn32_lsb, op::lsb, debruijn32_lsb,
                {.zero = zero_spec::returns(0, "0 * magic >> 27 = 0, index32[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'De Bruijn Multiplication' at 32 bits: "
                               "B(2,5) = 0x077CB531, table built from the sequence"});
SCANPROOF_ENTRY(split32_lsb, op::lsb, split32_lsb,
                {.zero = zero_spec::returns(32, "both halves zero: 32 + lsb32(0) = 32 + 0"),
                 .provenance = "seed 003 (CPW BitScan): the 32-bit mode scans; a 64-bit word as two "
                               "32-bit De Bruijn scans, low half first"});
SCANPROOF_ENTRY(split32_lsb_high_first, op::lsb, split32_lsb_high_first,
                {.zero = zero_spec::returns(0, "both halves zero: lsb32(0) = 0"),
                 .expected = {{when::always, scope::nonzero,
                               "scans the high half first: wrong on every word with bits in both halves"}},
                 .provenance = "split32_lsb with the halves' order reversed (a port bug, docs/catalogue.md)"});

}  // namespace scanproof::cat
