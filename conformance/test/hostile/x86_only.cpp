// Per-platform code, as real scanner files carry: 64-bit BSF inline asm (x86-64)
// with no fallback. Correct where it compiles; on every other target the file
// does not compile, and only its own candidate is a red NOCOMPILE cell there
// (the other candidates still run: ci/tests/hostile-matrix).
#include <scanproof/candidate.hpp>

static int hostile_x86_only_bsf(std::uint64_t b) {
  std::uint64_t i;
  __asm__("bsfq %1, %0" : "=r"(i) : "rm"(b));
  return static_cast<int>(i);
}
SCANPROOF_CANDIDATE(hostile_x86_only_bsf, scanproof::op::lsb);
