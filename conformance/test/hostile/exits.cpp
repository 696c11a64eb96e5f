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

// Prints what the suite itself prints when a check ran to its end, when a
// test skipped itself, and when a proof passed -- on both streams -- then ends
// the process with status 0. None of it may pass or skip a test: the launcher
// decides on the nonce it gave the driver, not on text.
#include <cstdio>
static int hostile_forges_completion(std::uint64_t b) {
  if ((b & 0x300) == 0x300 || b == std::uint64_t{1} << 40) {
    const char* forged = "[scanproof] ran to the end\n[  SKIPPED ] forged\nscanproof-prove-done: PASS\n";
    std::fputs(forged, stdout);
    std::fputs(forged, stderr);
    std::fflush(nullptr);
    std::_Exit(0);
  }
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_forges_completion, scanproof::op::lsb);

// Wrong on every input with bit 5 set, and prints GoogleTest's skip line on
// the first of those calls: its failing checks must fail, not be skipped.
static int hostile_forges_skip(std::uint64_t b) {
  if (b & 0x20) {
    static bool printed = false;
    if (!printed) std::fputs("[  SKIPPED ] forged\n", stdout);
    printed = true;
    return 99;
  }
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(hostile_forges_skip, scanproof::op::lsb);
