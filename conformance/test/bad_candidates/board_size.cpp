// expect: SCANPROOF_CANDIDATE: this function.s board type is a class that is not 1, 2, 4, 8 or 16 bytes
#include <scanproof/candidate.hpp>

struct board3 {
  std::uint64_t w[3];
};
inline int count3(board3 b) { return __builtin_popcountll(b.w[0] | b.w[1] | b.w[2]); }
SCANPROOF_CANDIDATE_NAMED(wide_popcount, count3, scanproof::op::popcount);
