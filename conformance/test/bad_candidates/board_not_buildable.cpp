// expect: SCANPROOF_CANDIDATE: this function.s board type is not trivially copyable and has no constructor from the board \(T\(std::uint64_t lo, std::uint64_t hi\) for 16 bytes, T\(value\) for fewer\); specialise scanproof::board_traits<T>
// A 16-byte board with a user-written copy constructor and no way to build it
// from two halves: the suite cannot make one, and says how to teach it.
#include <scanproof/candidate.hpp>

union opaque_board {
  std::uint64_t p[2];
  opaque_board() : p{0, 0} {}
  opaque_board(const opaque_board& o) : p{o.p[0], o.p[1]} {}
  int count() const { return __builtin_popcountll(p[0]) + __builtin_popcountll(p[1]); }
};
SCANPROOF_CANDIDATE_NAMED(opaque_popcount, &opaque_board::count, scanproof::op::popcount);
