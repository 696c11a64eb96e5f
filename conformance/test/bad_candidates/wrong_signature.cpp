// expect: SCANPROOF_CANDIDATE: this function.s parameter is a signed integer; a board is unsigned
// Takes a signed int: a scanner takes an unsigned integer (8 to 64 bits, or
// unsigned __int128) or two uint64_t halves. candidate.hpp's
// static_assert must say what the contract is.
#include <scanproof/candidate.hpp>

static int narrow_lsb(int b) { return __builtin_ctz(static_cast<unsigned>(b)); }
SCANPROOF_CANDIDATE(narrow_lsb, scanproof::op::lsb);
