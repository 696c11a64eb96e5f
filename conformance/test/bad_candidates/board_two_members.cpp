// expect: SCANPROOF_CANDIDATE: this function.s board type is a class of up to 8 bytes with more than one member
// An 8-byte board of two uint32_t halves: read as one uint64_t its halves would
// swap on a big-endian CPU, a false alarm on a correct scanner; refused, with
// the way to say the layout (board_traits).
#include <scanproof/candidate.hpp>

struct othello_board {
  std::uint32_t lo, hi;
};
inline int count_discs(othello_board b) { return __builtin_popcount(b.lo) + __builtin_popcount(b.hi); }
SCANPROOF_CANDIDATE(count_discs, scanproof::op::popcount);
