// Right on every input, but slow: a busy loop of some tens of microseconds per
// call. The small checks (known_answers, single_bits: under a hundred inputs)
// finish; an input set of millions of inputs (windows16) would take minutes,
// past any per-check limit (SCANPROOF_TEST_TIMEOUT, `scanproof check
// --timeout`): that check must fail as too slow, and the run go on.
#include <scanproof/candidate.hpp>

#include <bit>

static int hostile_slow_lsb(std::uint64_t b) {
  for (volatile int spin = 0; spin < 20000; spin = spin + 1) {
  }
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_slow_lsb, scanproof::op::lsb);
