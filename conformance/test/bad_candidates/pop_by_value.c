/* C: a by-value scanner registered as a pop op: it cannot clear the caller's board. */
#include <scanproof/candidate.h>

static int c_pop_by_value(uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(c_pop_by_value, SCANPROOF_POP_LSB);
