// Reverse scans of 128-bit boards kept in two 64-bit halves or an unsigned
// __int128 (see lsb/two_half.cpp).
#include "catalogue.hpp"
#include "debruijn64.hpp"
#include "shogi_board.hpp"
#include "xiangqi_board.hpp"

namespace scanproof::cat {
namespace {
using walisch::bitScanReverse;

int shogi63_msb(shogi::board b) { return b.p[1] ? 63 + bitScanReverse(b.p[1]) : bitScanReverse(b.p[0]); }
int shogi64_msb(U64 lo, U64 hi) { return hi ? 64 + bitScanReverse(hi) : bitScanReverse(lo); }
#if defined(__SIZEOF_INT128__)
// Pikafish's Xiangqi board, one unsigned __int128.
int xiangqi_u128_msb(unsigned __int128 b) {
  return shogi64_msb(static_cast<U64>(b), static_cast<U64>(b >> 64));
}
#endif

}  // namespace

SCANPROOF_ENTRY(shogi63_msb, op::msb, shogi63_msb,
                {.zero = zero_spec::returns(0, "both halves 0: bitScanReverse(0) = 0"),
                 .provenance = "seed 003's bitScanReverse (Walisch) lifted to the 81-square board; "
                               "YaneuraOu/Apery two-half layout (high half from square 63)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi64_msb, op::msb, shogi64_msb,
                {.zero = zero_spec::returns(0, "both halves 0: bitScanReverse(0) = 0"),
                 .provenance = "seed 003's bitScanReverse (Walisch) lifted to a 128-bit board as "
                               "(lo, hi); haitaka's layout (high half from square 64)",
                 .layout = {.domain = shogi::squares81}});
SCANPROOF_ENTRY_INT128(xiangqi_u128_msb, op::msb, xiangqi_u128_msb,
                       {.zero = zero_spec::returns(0, "both halves 0: bitScanReverse(0) = 0"),
                        .provenance = "seed 003's bitScanReverse (Walisch) lifted to Pikafish's "
                                      "90-square Xiangqi board, an unsigned __int128",
                        .layout = {.domain = xiangqi::squares90, .width = 128}});

}  // namespace scanproof::cat
