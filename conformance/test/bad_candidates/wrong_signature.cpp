// Takes a 32-bit int: half the board would be cut off. candidate.hpp's
// static_assert must say what the contract is.
#include <scanproof/candidate.hpp>

static int narrow_lsb(int b) { return __builtin_ctz(static_cast<unsigned>(b)); }
SCANPROOF_CANDIDATE(narrow_lsb, scanproof::op::lsb);
