// De Bruijn multiplication bitscans (forward).
#include "catalogue.hpp"
#include "debruijn64.hpp"
#include "shogi_plan.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan", "De Bruijn Multiplication / With isolated LS1B".
constexpr int index64_isolated[64] = {
    0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};

int debruijn_isolated(U64 bb) {
  const U64 debruijn64 = 0x03f79d71b4cb0a89ULL;
  return index64_isolated[((bb & (0 - bb)) * debruijn64) >> 58];
}

// CPW "With separated LS1B" (Kim Walisch, 2012): bb ^ (bb - 1) instead of bb & -bb.
int debruijn_walisch(U64 bb) { return walisch::bitScanForward(bb); }

// "Chess Engine Bit Hacks", section ntz: a Python list literal indexed by
// (0x03f79d71b4cb0a89 * (x ^ (x - 1))) >> 58, transcribed to C++ with its own
// copy of the printed table.
constexpr unsigned char ntz_table[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};

int bithacks_ntz(U64 x) { return ntz_table[(0x03f79d71b4cb0a89ULL * (x ^ (x - 1))) >> 58]; }

// Shogi plan, 2.1 "De Bruijn Sequence Implementation" (shogi_plan.hpp);
// None (zero input) is mapped to -1.
int shogi_bsf_debruijn(U64 bb) {
  const auto square = shogi_plan::bit_scan_forward_debruijn(bb);
  return square ? *square : -1;
}

}  // namespace

SCANPROOF_ENTRY(debruijn_isolated, op::lsb, debruijn_isolated,
                {.zero = zero_spec::returns(0, "0 * magic >> 58 = 0, index64[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'De Bruijn Multiplication / With isolated "
                               "LS1B' (Leiserson, Prokop, Randall 1998; Martin Luter 1997)"});
SCANPROOF_ENTRY(debruijn_walisch, op::lsb, debruijn_walisch,
                {.zero = zero_spec::returns(63, "0 ^ (0 - 1) is all ones: index64[63] = 63"),
                 .provenance = "seed 003 (CPW BitScan), 'De Bruijn Multiplication / With "
                               "separated LS1B' (Kim Walisch 2012)"});
SCANPROOF_ENTRY(bithacks_ntz, op::lsb, bithacks_ntz,
                {.zero = zero_spec::returns(63, "same separation as Walisch: table[63] = 63"),
                 .provenance = "seed 002 ('Chess Engine Bit Hacks'), section 'ntz (number of "
                               "trailing zeros)'"});
SCANPROOF_ENTRY(shogi_bsf_debruijn, op::lsb, shogi_bsf_debruijn,
                {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                 .provenance = "seed 004 (Shogi bit-scanning plan), 2.1 'De Bruijn Sequence "
                               "Implementation': bit_scan_forward_debruijn"});

}  // namespace scanproof::cat
