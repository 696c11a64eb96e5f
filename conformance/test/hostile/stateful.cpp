// Process-wide state as a side effect, or as an input.
#include <scanproof/candidate.hpp>

#include <bit>
#include <cfenv>

// Wrong on one call in a million (a call counter): the failing input is right
// when replayed alone. The check must fail, and say the counterexample does
// not reproduce instead of presenting it as one.
static int hostile_stateful_popcount(std::uint64_t b) {
  static unsigned long long calls = 0;
  return std::popcount(b) + (++calls % 1000000 == 0 ? 1 : 0);
}
SCANPROOF_CANDIDATE(hostile_stateful_popcount, scanproof::op::popcount);

// Correct, but leaves the FP rounding mode set towards zero: in one
// process (scanproof check) it runs before the msb double-conversion entries,
// which round through it. Their verdicts must not change (isolation.hpp).
static int hostile_rounding_mode(std::uint64_t b) {
  std::fesetround(FE_TOWARDZERO);  // the unguarded entry would stop rounding up: XPASS
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_rounding_mode, scanproof::op::lsb);
