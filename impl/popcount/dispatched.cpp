// The Shogi plan's Phase 1 for popcount: POPCNT when the CPU has it, else a
// software fallback (dispatch.hpp). On a CPU without the feature the fallback
// must be chosen and conform.
#include "catalogue.hpp"
#include "dispatch.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

int popcount_sw(U64 bb) {  // 1.2 popcount_sw
  int count = 0;
  for (U64 bits = bb; bits != 0; bits &= bits - 1) ++count;
  return count;
}

#if defined(__x86_64__)
__attribute__((target("popcnt"))) int popcount_hw(U64 bb) {
  return static_cast<int>(_mm_popcnt_u64(bb));
}
#endif

const dispatch::scan best_popcount =
    dispatch::pick(cpu_feature::popcnt, SCANPROOF_DISPATCH_HW(popcount_hw), popcount_sw);

int dispatched_popcount(U64 bb) { return best_popcount(bb); }

}  // namespace

SCANPROOF_ENTRY(dispatched_popcount, op::popcount, dispatched_popcount,
                {.provenance = "seed 004 (Shogi plan), Phase 1: 1.1 platform detection + 1.2 "
                               "popcount_hw (POPCNT) / popcount_sw"});

}  // namespace scanproof::cat
