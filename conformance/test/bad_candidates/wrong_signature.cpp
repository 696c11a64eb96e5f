// expect: SCANPROOF_CANDIDATE: this function.s parameter is not a board \(an integer or enumeration of 8 to 128 bits, or a board class of 1, 2, 4, 8 or 16 bytes\)
// Takes a double: a board is an integer (signed or not), an enumeration or a
// board class, never a floating value. candidate.hpp's static_assert must say
// what the contract is.
#include <scanproof/candidate.hpp>

static int float_lsb(double b) { return __builtin_ctzll(static_cast<unsigned long long>(b)); }
SCANPROOF_CANDIDATE(float_lsb, scanproof::op::lsb);
