// expect: SCANPROOF_CANDIDATE: this member function takes arguments; a member scanner is called on the board with none
#include <scanproof/candidate.hpp>

struct board {
  std::uint64_t lo, hi;
  int count_from(int k) const { return __builtin_popcountll(lo >> k) + __builtin_popcountll(hi); }
};
SCANPROOF_CANDIDATE_NAMED(board_count_from, &board::count_from, scanproof::op::popcount);
