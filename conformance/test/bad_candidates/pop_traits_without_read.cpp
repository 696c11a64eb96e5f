// expect: SCANPROOF_CANDIDATE: this pop scanner.s board type is made by scanproof::board_traits<T>, so the board it leaves behind is read back by it too: add static scanproof::word read\(const T&\)
// A board the engine teaches the suite to make, but not to read: a pop's board
// left behind could only be guessed from its bytes, so the suite asks for read.
#include <scanproof/candidate.hpp>

struct taught_board {
  std::uint64_t inverted;  // the engine stores the complement
};
template <>
struct scanproof::board_traits<taught_board> {
  static taught_board make(std::uint64_t lo, std::uint64_t) { return {~lo}; }
};
inline int taught_pop(taught_board& b) {
  const std::uint64_t v = ~b.inverted;
  b.inverted = ~(v & (v - 1));
  return __builtin_ctzll(v);
}
SCANPROOF_CANDIDATE(taught_pop, scanproof::op::pop_lsb);
