// Forward scans of 128-bit shogi boards kept in two 64-bit halves: seed 004's
// bit_scan_forward (its De Bruijn scan, here Walisch's form) lifted to the
// 81-square board, in the layouts engines publish (docs/catalogue.md).
#include "catalogue.hpp"
#include "debruijn64.hpp"
#include "shogi_board.hpp"

namespace scanproof::cat {
namespace {
using walisch::bitScanForward;

// YaneuraOu/Apery layout: the high half starts at square 63.
int shogi63_lsb(shogi::board b) { return b.p[0] ? bitScanForward(b.p[0]) : 63 + bitScanForward(b.p[1]); }
// The same scan with the plain-number offset, 64: one square too far on
// every board whose low half is empty.
int shogi63_lsb_offset64(shogi::board b) { return b.p[0] ? bitScanForward(b.p[0]) : 64 + bitScanForward(b.p[1]); }

// Pikafish/haitaka layout, a plain 128-bit number, passed as (lo, hi).
int shogi64_lsb(U64 lo, U64 hi) { return lo ? bitScanForward(lo) : 64 + bitScanForward(hi); }

// shogi_core numbers squares from 1.
int shogi64_lsb_from1(U64 lo, U64 hi) { return 1 + (lo ? bitScanForward(lo) : 64 + bitScanForward(hi)); }

#if defined(__SIZEOF_INT128__)
// Pikafish keeps the board in an unsigned __int128.
int shogi_u128_lsb(unsigned __int128 b) {
  const auto lo = static_cast<U64>(b);
  return lo ? bitScanForward(lo) : 64 + bitScanForward(static_cast<U64>(b >> 64));
}
#endif

}  // namespace

SCANPROOF_ENTRY(shogi63_lsb, op::lsb, shogi63_lsb,
                {.zero = zero_spec::returns(63 + 63, "p[0] = 0: 63 + bitScanForward(0) = 63 + 63"),
                 .provenance = "seed 004 (Shogi plan) bit_scan_forward lifted to the 81-square "
                               "board; YaneuraOu/Apery two-half layout (high half from square 63)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi63_lsb_offset64, op::lsb, shogi63_lsb_offset64,
                {.zero = zero_spec::returns(64 + 63, "p[0] = 0: 64 + bitScanForward(0)"),
                 .expected = {{when::always, scope::nonzero,
                               "adds 64 for the high half where this layout's high half starts at "
                               "square 63: off by one on every board with an empty low half"}},
                 .provenance = "shogi63_lsb with the 64-offset layout's constant (a layout mix-up)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi64_lsb, op::lsb, shogi64_lsb,
                {.zero = zero_spec::returns(64 + 63, "lo = 0: 64 + bitScanForward(0)"),
                 .provenance = "seed 004 (Shogi plan) bit_scan_forward lifted to a 128-bit board as "
                               "(lo, hi); Pikafish/haitaka layout (high half from square 64)",
                 .layout = {.domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi64_lsb_from1, op::lsb, shogi64_lsb_from1,
                {.zero = zero_spec::returns(1 + 64 + 63, "lo = 0: 1 + 64 + bitScanForward(0)"),
                 .provenance = "shogi64_lsb numbering squares from 1, as shogi_core does",
                 .layout = {.index_base = 1, .domain = shogi::squares81}});
SCANPROOF_ENTRY_INT128(shogi_u128_lsb, op::lsb, shogi_u128_lsb,
                       {.zero = zero_spec::returns(64 + 63, "low half 0: 64 + bitScanForward(0)"),
                        .provenance = "seed 004 (Shogi plan) bit_scan_forward lifted to an unsigned "
                                      "__int128 board (Pikafish)",
                        .layout = {.domain = shogi::squares81, .width = 128}});

}  // namespace scanproof::cat
