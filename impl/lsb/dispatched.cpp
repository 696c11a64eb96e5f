// The Shogi plan's Phase 1 for the forward scan: TZCNT when the CPU has BMI1,
// else the De Bruijn fallback (dispatch.hpp).
#include "catalogue.hpp"
#include "debruijn64.hpp"
#include "dispatch.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

// Shogi plan returns Option<u8>: None (zero) is -1.
int bsf_sw(U64 bb) { return bb ? walisch::bitScanForward(bb) : -1; }

#if defined(__x86_64__)
__attribute__((target("bmi"))) int bsf_hw(U64 bb) {
  return bb ? static_cast<int>(_tzcnt_u64(bb)) : -1;
}
#endif

const dispatch::scan best_bsf =
    dispatch::pick(cpu_feature::bmi1, SCANPROOF_DISPATCH_HW(bsf_hw), bsf_sw);

int dispatched_bsf(U64 bb) { return best_bsf(bb); }

}  // namespace

SCANPROOF_ENTRY(dispatched_bsf, op::lsb, dispatched_bsf,
                {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                 .provenance = "seed 004 (Shogi plan), Phase 1: 1.1 + 1.3 bit_scan_forward_hw "
                               "(TZCNT, BMI1) / De Bruijn fallback"});

}  // namespace scanproof::cat
