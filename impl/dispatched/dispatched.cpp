// The Shogi plan's Phase 1 ("Platform Detection and Fallbacks"): detect POPCNT,
// BMI1 and LZCNT at run time and pick the instruction or a software fallback.
// On a CPU without the feature the fallback must be chosen and conform.
#include "catalogue.hpp"
#include "debruijn64.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

using scan = int (*)(U64);

int popcount_sw(U64 bb) {  // 1.2 popcount_sw
  int count = 0;
  for (U64 bits = bb; bits != 0; bits &= bits - 1) ++count;
  return count;
}
// Shogi plan returns Option<u8>: None (zero) is -1.
int bsf_sw(U64 bb) { return bb ? walisch::bitScanForward(bb) : -1; }
int bsr_sw(U64 bb) { return bb ? walisch::bitScanReverse(bb) : -1; }

#if defined(__x86_64__)
__attribute__((target("popcnt"))) int popcount_hw(U64 bb) {
  return static_cast<int>(_mm_popcnt_u64(bb));
}
__attribute__((target("bmi"))) int bsf_hw(U64 bb) {
  return bb ? static_cast<int>(_tzcnt_u64(bb)) : -1;
}
__attribute__((target("lzcnt"))) int bsr_hw(U64 bb) {
  return bb ? 63 - static_cast<int>(_lzcnt_u64(bb)) : -1;
}
#endif

// get_best_popcount_impl / get_best_bitscan_impl
scan pick(cpu_feature f, [[maybe_unused]] scan hw, scan sw) {
#if defined(__x86_64__)
  if (cpu_has(f)) return hw;
#endif
  (void)f;
  return sw;
}

#if defined(__x86_64__)
#define HW(fn) fn
#else
#define HW(fn) nullptr
#endif
const scan best_popcount = pick(cpu_feature::popcnt, HW(popcount_hw), popcount_sw);
const scan best_bsf = pick(cpu_feature::bmi1, HW(bsf_hw), bsf_sw);
const scan best_bsr = pick(cpu_feature::lzcnt, HW(bsr_hw), bsr_sw);
#undef HW

int dispatched_popcount(U64 bb) { return best_popcount(bb); }
int dispatched_bsf(U64 bb) { return best_bsf(bb); }
int dispatched_bsr(U64 bb) { return best_bsr(bb); }

}  // namespace

SCANPROOF_ENTRY(dispatched_popcount, op::popcount, dispatched_popcount,
                {.provenance = "seed 004 (Shogi plan), Phase 1: 1.1 platform detection + 1.2 "
                               "popcount_hw (POPCNT) / popcount_sw"});
SCANPROOF_ENTRY(dispatched_bsf, op::lsb, dispatched_bsf,
                {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                 .provenance = "seed 004 (Shogi plan), Phase 1: 1.1 + 1.3 bit_scan_forward_hw "
                               "(TZCNT, BMI1) / De Bruijn fallback"});
SCANPROOF_ENTRY(dispatched_bsr, op::msb, dispatched_bsr,
                {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                 .provenance = "seed 004 (Shogi plan), Phase 1: 1.1 + 1.3 bit_scan_reverse_hw "
                               "(LZCNT) / De Bruijn fallback"});

}  // namespace scanproof::cat
