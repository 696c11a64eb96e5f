// x86-64 POPCNT intrinsic. The target attribute compiles just this function
// for POPCNT, so the rest of the suite runs on any x86-64; on a CPU without it
// the instruction traps, so the entry is skipped there (requires_cpu).
#include "catalogue.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
__attribute__((target("popcnt"))) int popcnt_intrinsic(U64 x) {
  return static_cast<int>(_mm_popcnt_u64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(popcnt_intrinsic, op::popcount, popcnt_intrinsic,
                       {.requires_cpu = {{cpu_feature::popcnt}},
                        .needs = "x86-64, POPCNT (SIGILL without it)",
                        .provenance = "seed 004 (Shogi plan) 1.2 popcount_hw: _popcnt64"});

}  // namespace scanproof::cat
