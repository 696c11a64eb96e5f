/* C pop scanners (candidate.h: the board by pointer, SCANPROOF_POP_LSB/MSB),
 * registered in one line each; pop_candidate_test.cpp runs them. */
#include <scanproof/candidate.h>

/* Ethereal's form: int poplsb(uint64_t* b). */
static int c_poplsb(uint64_t* b) {
  int s = __builtin_ctzll(*b);
  *b &= *b - 1;
  return s;
}
SCANPROOF_CANDIDATE(c_poplsb, SCANPROOF_POP_LSB);

/* A 32-bit board, an unsigned result. */
static unsigned c_popmsb32(uint32_t* b) {
  unsigned s = 31u - (unsigned)__builtin_clz(*b);
  *b ^= (uint32_t)1 << s;
  return s;
}
SCANPROOF_CANDIDATE(c_popmsb32, SCANPROOF_POP_MSB);

/* A 128-bit board in a scanproof_word, YaneuraOu's layout (high half from 63). */
static int c_poplsb_shogi(scanproof_word* b) {
  if (b->lo) {
    int s = __builtin_ctzll(b->lo);
    b->lo &= b->lo - 1;
    return s;
  }
  int s = 63 + __builtin_ctzll(b->hi);
  b->hi &= b->hi - 1;
  return s;
}
SCANPROOF_CANDIDATE(c_poplsb_shogi, SCANPROOF_POP_LSB, .high_offset = 63);

/* Clears the highest square instead of the lowest it returns. */
static int c_poplsb_clears_top(uint64_t* b) {
  int s = __builtin_ctzll(*b);
  *b &= ~((uint64_t)1 << (63 - __builtin_clzll(*b)));
  return s;
}
SCANPROOF_CANDIDATE(c_poplsb_clears_top, SCANPROOF_POP_LSB);
