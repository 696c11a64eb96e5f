// expect: SCANPROOF_CANDIDATE: this function.s parameters are not one board or two uint64_t \(lo, hi\)
// A function of nothing is a function, just not a scanner: refused for its parameters.
#include <scanproof/candidate.hpp>

inline int board_count() { return 0; }
SCANPROOF_CANDIDATE_NAMED(nothing_popcount, board_count, scanproof::op::popcount);
