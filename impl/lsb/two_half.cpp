// Forward scans of 128-bit boards (shogi's 81 squares, Xiangqi's 90) kept in
// two 64-bit halves or an unsigned __int128: seed 004's bit_scan_forward (its
// De Bruijn scan, here Walisch's form) lifted to the board, in the layouts
// engines publish (docs/catalogue.md).
#include "catalogue.hpp"
#include "debruijn64.hpp"
#include "shogi_board.hpp"
#include "xiangqi_board.hpp"

namespace scanproof::cat {
namespace {
using walisch::bitScanForward;

// YaneuraOu/Apery layout: the high half starts at square 63.
int shogi63_lsb(shogi::board b) { return b.p[0] ? bitScanForward(b.p[0]) : 63 + bitScanForward(b.p[1]); }
// The same scan with the plain-number offset, 64: one square too far on
// every board whose low half is empty.
int shogi63_lsb_offset64(shogi::board b) { return b.p[0] ? bitScanForward(b.p[0]) : 64 + bitScanForward(b.p[1]); }

// haitaka's layout, a plain 128-bit number (its u128), passed as (lo, hi).
int shogi64_lsb(U64 lo, U64 hi) { return lo ? bitScanForward(lo) : 64 + bitScanForward(hi); }

// shogi_core numbers squares from 1.
int shogi64_lsb_from1(U64 lo, U64 hi) { return 1 + (lo ? bitScanForward(lo) : 64 + bitScanForward(hi)); }

#if defined(__SIZEOF_INT128__)
// The same board as one unsigned __int128 (haitaka's u128, in C++), and
// Pikafish's 90-square Xiangqi board, which is one too.
int u128_lsb(unsigned __int128 b) {
  const auto lo = static_cast<U64>(b);
  return lo ? bitScanForward(lo) : 64 + bitScanForward(static_cast<U64>(b >> 64));
}
int shogi_u128_lsb(unsigned __int128 b) { return u128_lsb(b); }
int xiangqi_u128_lsb(unsigned __int128 b) { return u128_lsb(b); }
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
                               "(lo, hi); haitaka's layout (high half from square 64)",
                 .layout = {.domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi64_lsb_from1, op::lsb, shogi64_lsb_from1,
                {.zero = zero_spec::returns(1 + 64 + 63, "lo = 0: 1 + 64 + bitScanForward(0)"),
                 .provenance = "shogi64_lsb numbering squares from 1, as shogi_core does",
                 .layout = {.index_base = 1, .domain = shogi::squares81}});
SCANPROOF_ENTRY_INT128(shogi_u128_lsb, op::lsb, shogi_u128_lsb,
                       {.zero = zero_spec::returns(64 + 63, "low half 0: 64 + bitScanForward(0)"),
                        .provenance = "seed 004 (Shogi plan) bit_scan_forward lifted to an unsigned "
                                      "__int128 board (haitaka's u128 layout)",
                        .layout = {.domain = shogi::squares81, .width = 128}});
SCANPROOF_ENTRY_INT128(xiangqi_u128_lsb, op::lsb, xiangqi_u128_lsb,
                       {.zero = zero_spec::returns(64 + 63, "low half 0: 64 + bitScanForward(0)"),
                        .provenance = "seed 004 (Shogi plan) bit_scan_forward lifted to Pikafish's "
                                      "90-square Xiangqi board, an unsigned __int128",
                        .layout = {.domain = xiangqi::squares90, .width = 128}});

}  // namespace scanproof::cat
