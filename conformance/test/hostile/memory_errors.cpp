// Undefined behaviour a plain build may not notice (the values can even come
// out right) and the `sanitize` preset must turn into failures of these tests.
#include <scanproof/candidate.hpp>

// A De Bruijn table with the classic off-by-one: 64 entries, index up to 64.
static const signed char debruijn_short_table[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};
static int hostile_out_of_bounds(std::uint64_t b) {
  const unsigned i = static_cast<unsigned>(((b ^ (b - 1)) * 0x03f79d71b4cb0a89ULL) >> 58);
  return debruijn_short_table[i + (b >> 63)];  // reads [64] for bit 63 with i == 63
}
SCANPROOF_CANDIDATE(hostile_out_of_bounds, scanproof::op::lsb);

// Shifts by 64 when bit 63 is set: undefined, x86 happens to shift by 0.
static int hostile_undefined_shift(std::uint64_t b) {
  const int top = 63 - __builtin_clzll(b);
  const std::uint64_t above = b >> (top + 1);
  return top + static_cast<int>(above & 0);
}
SCANPROOF_CANDIDATE(hostile_undefined_shift, scanproof::op::msb);
