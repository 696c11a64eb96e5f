/* C candidates (scanproof/candidate.h), compiled as C by the target's C
 * compiler: one correct, one that ends the process mid-check, and Edax's C23
 * <stdbit.h> slip in its pre-C23 spelling -- an `unsigned long` popcount of a
 * uint64_t, right only where long has 64 bits (ci/tests/hostile-matrix: it
 * fails on i686, passes on the host). */
#include <scanproof/candidate.h>

#include <stdlib.h>

static int hostile_c_ctz(uint64_t b) { return b ? __builtin_ctzll(b) : 64; }
SCANPROOF_CANDIDATE(hostile_c_ctz, SCANPROOF_CTZ);

static int hostile_c_exit_zero(uint64_t b) {
  if ((b & 0x300) == 0x300 || b == (uint64_t)1 << 40) exit(0);
  return __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(hostile_c_exit_zero, SCANPROOF_LSB);

static unsigned hostile_c_popcount_ul(uint64_t b) { return (unsigned)__builtin_popcountl((unsigned long)b); }
SCANPROOF_CANDIDATE(hostile_c_popcount_ul, SCANPROOF_POPCOUNT);
