/* Portable scanners: a nibble-table popcount and a De Bruijn bit scan
 * (seed 003, CPW BitScan: 'De Bruijn Multiplication', isolated LS1B,
 * constant 0x03f79d71b4cb0a89 and its table). */
#include "bits.h"

int board_count(uint64_t b) {
  static const unsigned char nibble[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  int n = 0;
  for (; b; b >>= 4) n += nibble[b & 0xf];
  return n;
}

int board_first_square(uint64_t b) {
  static const unsigned char index64[64] = {
      0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
      43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
      44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
  return index64[((b & (0 - b)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

int poplsb(int64_t* b) {
  const int s = board_first_square((uint64_t)*b);
  *b = (int64_t)((uint64_t)*b & ((uint64_t)*b - 1));
  return s;
}

int first_one(long long b) { return b ? board_first_square((uint64_t)b) + 1 : 0; }
