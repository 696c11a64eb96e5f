#include "bits.hpp"

namespace engine {
namespace {
// Kim Walisch's De Bruijn bitscan (b ^ (b - 1) keeps the LS1B and everything below).
constexpr int index64[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};
constexpr U64 debruijn64 = 0x03f79d71b4cb0a89ULL;
}  // namespace

int lsb(U64 b) { return index64[((b ^ (b - 1)) * debruijn64) >> 58]; }

int msb(U64 b) {
  b |= b >> 1;
  b |= b >> 2;
  b |= b >> 4;
  b |= b >> 8;
  b |= b >> 16;
  b |= b >> 32;
  return index64[(b * debruijn64) >> 58];
}

int popcount(U64 b) {  // SWAR
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
}
}  // namespace engine
