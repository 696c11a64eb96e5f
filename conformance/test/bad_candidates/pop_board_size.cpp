// expect: SCANPROOF_CANDIDATE: this pop scanner.s board type is a class that is not 1, 2, 4, 8 or 16 bytes
// A member pop of a 24-byte class: the pop form is right, the board is not one,
// and the message says which (not the generic "a pop scanner takes ...").
#include <scanproof/candidate.hpp>

struct board3 {
  std::uint64_t w[3];
  int pop() {
    const int s = __builtin_ctzll(w[0]);
    w[0] &= w[0] - 1;
    return s;
  }
};
SCANPROOF_CANDIDATE_NAMED(wide_pop, &board3::pop, scanproof::op::pop_lsb);
