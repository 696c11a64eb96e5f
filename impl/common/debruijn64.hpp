// Kim Walisch's De Bruijn scans (CPW "BitScan", "With separated LS1B" and
// "BitScan reverse / De Bruijn Multiplication"). Several catalogue entries are
// built on these (the CPW wrappers, bitScan with reset, generalized bitScan).
#pragma once
#include <cstdint>

namespace scanproof::cat::walisch {

inline constexpr std::uint64_t debruijn64 = 0x03f79d71b4cb0a89ULL;
inline constexpr int index64[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};

// precondition bb != 0
inline int bitScanForward(std::uint64_t bb) { return index64[((bb ^ (bb - 1)) * debruijn64) >> 58]; }

// precondition bb != 0. Parallel prefix fill (Eric Cole, Mark Dickinson) makes
// every bit at and below the MS1B one, then the same hash as bitScanForward.
inline int bitScanReverse(std::uint64_t bb) {
  bb |= bb >> 1;
  bb |= bb >> 2;
  bb |= bb >> 4;
  bb |= bb >> 8;
  bb |= bb >> 16;
  bb |= bb >> 32;
  return index64[(bb * debruijn64) >> 58];
}

}  // namespace scanproof::cat::walisch
