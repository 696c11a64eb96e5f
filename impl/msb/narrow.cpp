// 32-bit reverse scans, and the split a 32-bit build uses for a 64-bit word.
#include "catalogue.hpp"
#include "debruijn32.hpp"

namespace scanproof::cat {
namespace {

int debruijn32_msb(std::uint32_t b) { return debruijn32::msb(b); }

// A 64-bit word scanned as two 32-bit halves, high half first.
int split32_msb(U64 b) {
  const auto hi = static_cast<std::uint32_t>(b >> 32);
  return hi ? 32 + debruijn32::msb(hi) : debruijn32::msb(static_cast<std::uint32_t>(b));
}

// The same split with the halves taken in the wrong order (low half first).
int split32_msb_low_first(U64 b) {
  const auto lo = static_cast<std::uint32_t>(b);
  return lo ? debruijn32::msb(lo) : 32 + debruijn32::msb(static_cast<std::uint32_t>(b >> 32));
}

}  // namespace

SCANPROOF_ENTRY(debruijn32_msb, op::msb, debruijn32_msb,
                {.zero = zero_spec::returns(0, "the fill of 0 is 0: index32[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse': parallel prefix fill, "
                               "keep the top bit, 32-bit De Bruijn lookup (0x077CB531)"});
SCANPROOF_ENTRY(split32_msb, op::msb, split32_msb,
                {.zero = zero_spec::returns(0, "both halves zero: msb32(0) = 0"),
                 .provenance = "seed 003 (CPW BitScan): the 32-bit mode scans; a 64-bit word as two "
                               "32-bit De Bruijn scans, high half first"});
SCANPROOF_ENTRY(split32_msb_low_first, op::msb, split32_msb_low_first,
                {.zero = zero_spec::returns(32, "both halves zero: 32 + msb32(0) = 32"),
                 .expected = {{when::always, scope::nonzero,
                               "scans the low half first: wrong on every word with bits in both halves"}},
                 .provenance = "split32_msb with the halves' order reversed (a port bug, docs/catalogue.md)"});

}  // namespace scanproof::cat
