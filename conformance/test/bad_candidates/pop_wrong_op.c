/* C: a pointer popper registered as lsb. candidate.h's _Static_assert must
 * name the pop ops. */
#include <scanproof/candidate.h>

static int c_pop_as_lsb(uint64_t* b) {
  int s = __builtin_ctzll(*b);
  *b &= *b - 1;
  return s;
}
SCANPROOF_CANDIDATE(c_pop_as_lsb, SCANPROOF_LSB);
