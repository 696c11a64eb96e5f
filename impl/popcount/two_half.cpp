// Population counts of 128-bit boards kept in two 64-bit halves or an
// unsigned __int128.
#include "catalogue.hpp"
#include "shogi_board.hpp"
#include "xiangqi_board.hpp"

namespace scanproof::cat {
namespace {

// Seed 004's popcount_4bit loop ("all 64 or 128 bits of a bitboard"), over
// each half.
constexpr unsigned char POPCOUNT_4BIT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
int popcount_4bit(U64 bits) {
  int count = 0;
  for (; bits != 0; bits >>= 4) count += POPCOUNT_4BIT[bits & 0xF];
  return count;
}
int shogi63_popcount(shogi::board b) { return popcount_4bit(b.p[0]) + popcount_4bit(b.p[1]); }
#if defined(__SIZEOF_INT128__)
// Pikafish's Xiangqi board, one unsigned __int128.
int xiangqi_u128_popcount(unsigned __int128 b) {
  return popcount_4bit(static_cast<U64>(b)) + popcount_4bit(static_cast<U64>(b >> 64));
}
#endif

// Apery's popcount(p0 | p1) (a hardware popcount of the OR): one count for
// both halves, right only while no square of the high half shares its bit
// position with one of the low half.
int apery_popcount_or(shogi::board b) { return __builtin_popcountll(b.p[0] | b.p[1]); }

}  // namespace

SCANPROOF_ENTRY(shogi63_popcount, op::popcount, shogi63_popcount,
                {.provenance = "seed 004 (Shogi plan) popcount_4bit over both halves of the 81-square "
                               "board (YaneuraOu/Apery layout)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});
SCANPROOF_ENTRY_INT128(xiangqi_u128_popcount, op::popcount, xiangqi_u128_popcount,
                       {.provenance = "seed 004 (Shogi plan) popcount_4bit over both halves of "
                                      "Pikafish's 90-square Xiangqi board, an unsigned __int128",
                        .layout = {.domain = xiangqi::squares90, .width = 128}});
SCANPROOF_ENTRY(apery_popcount_or, op::popcount, apery_popcount_or,
                {.expected = {{when::always, scope::nonzero,
                               "counts p[0] | p[1]: squares k and 63 + k (k < 18) share a bit "
                               "position, so a board with both counts them once"}},
                 .provenance = "Apery's popcount(p0 | p1) (docs/catalogue.md), through "
                               "__builtin_popcountll as seed 004's popcount_hw",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});

}  // namespace scanproof::cat
