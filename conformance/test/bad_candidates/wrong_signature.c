/* expect: SCANPROOF_CANDIDATE\(function, op\): the function must take one integer */
/* A C candidate taking a double (every integer width from 8 to 64 bits,
 * signed or not, __int128 and two uint64_t halves are valid shapes; a
 * floating parameter is not): candidate.h's _Static_assert must say what the
 * contract is, and only this file's candidate fails. */
#include <scanproof/candidate.h>

static int c_float_lsb(double b) { return __builtin_ctzll((unsigned long long)b); }
SCANPROOF_CANDIDATE(c_float_lsb, SCANPROOF_LSB);
