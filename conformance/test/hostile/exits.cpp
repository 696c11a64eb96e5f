// End the process in the middle of a check, with status 0. A check passes only
// if it ran to its end: each must fail its own tests, naming the check and the
// input in flight, never "Passed" because the exit status was 0. Inputs with
// bits 8 and 9 set are in the known answers and in every random and
// structured input family; bit 40 alone is in single_bits: every check is cut short.
#include <scanproof/candidate.hpp>

#include <bit>
#include <cstdlib>

static int hostile_exit_zero(std::uint64_t b) {
  if ((b & 0x300) == 0x300 || b == std::uint64_t{1} << 40) std::exit(0);  // atexit handlers run
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_exit_zero, scanproof::op::lsb);

static int hostile_quick_exit(std::uint64_t b) {
  if ((b & 0x300) == 0x300 || b == std::uint64_t{1} << 40) std::_Exit(0);  // nothing runs: no handler can see it
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_quick_exit, scanproof::op::lsb);
