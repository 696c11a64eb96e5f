// A mutating scanner (board by reference) registered as lsb: it is a pop
// scanner, and candidate.hpp's static_assert must name the pop ops.
#include <scanproof/candidate.hpp>

static int pop_as_lsb(std::uint64_t& b) {
  const int s = __builtin_ctzll(b);
  b &= b - 1;
  return s;
}
SCANPROOF_CANDIDATE(pop_as_lsb, scanproof::op::lsb);
