// A deliberately undefined scanner, kept as a fixture for the toolchain matrix
// (ci/matrix --toolchains all --candidates examples/ub_candidate): not part of
// any default build. Its result depends on the optimisation level, so the
// report must show it as a value divergence between toolchain columns.
//
// lsb(b) = the number of low bits that shift out to nothing: the largest k
// with b << (64 - k) == 0. The first step, k = 0, shifts by 64: undefined.
// Unoptimised x86-64 code executes the shift (SHL counts mod 64, so b << 64
// == b != 0), the loop stops at once and every input gives -1. An optimiser
// that assumes the shift count is below 64 drops that step and gets the
// right answer (gcc -O2 does; clang keeps -1). UBSan names the shift.
#include <scanproof/candidate.hpp>

static int ub_shift_lsb(std::uint64_t b) {
  int k = 0;
  while (k < 64 && (b << (64 - k)) == 0) ++k;
  return k - 1;
}
SCANPROOF_CANDIDATE(ub_shift_lsb, scanproof::op::lsb);
