/* expect: SCANPROOF_CANDIDATE\(function, op\): the function must take one unsigned integer */
/* A C candidate taking a signed int (every unsigned width from 8 to 64 bits,
 * unsigned __int128 and two uint64_t halves are valid shapes; a signed or
 * floating parameter is not): candidate.h's _Static_assert must say what the
 * contract is, and only this file's candidate fails. */
#include <scanproof/candidate.h>

static int c_signed_lsb(int b) { return __builtin_ctz((unsigned)b); }
SCANPROOF_CANDIDATE(c_signed_lsb, SCANPROOF_LSB);
