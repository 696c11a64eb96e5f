/* A C candidate taking a 32-bit word: candidate.h's _Static_assert must say
 * what the contract is, and only this file's candidate fails. */
#include <scanproof/candidate.h>

static int c_narrow_lsb(uint32_t b) { return __builtin_ctz(b); }
SCANPROOF_CANDIDATE(c_narrow_lsb, SCANPROOF_LSB);
