// CPW "BitScan", "BitScan by Modulo": 2^i mod 67 is unique for i in 0..63.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

int mod67_trailing_zero_count(U64 bb) {
  static const int lookup67[67 + 1] = {
      64, 0,  1,  39, 2,  15, 40, 23, 3,  12, 16, 59, 41, 19, 24, 54, 4,  -1, 13, 10, 17, 62, 60,
      28, 42, 30, 20, 51, 25, 44, 55, 47, 5,  32, -1, 38, 14, 22, 11, 58, 18, 53, 63, 9,  61, 27,
      29, 50, 43, 46, 31, 37, 21, 57, 52, 8,  26, 49, 45, 36, 56, 7,  48, 35, 6,  34, 33, -1};
  return lookup67[(bb & (0 - bb)) % 67];
}

}  // namespace

SCANPROOF_ENTRY(mod67, op::lsb, mod67_trailing_zero_count,
                {.zero = zero_spec::returns(64, "0 % 67 = 0, lookup67[0] = 64"),
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan by Modulo': trailingZeroCount "
                               "with lookup67 (Stefan Plenkner 1996)"});

}  // namespace scanproof::cat
