// The Shogi plan's Phase 1 for the reverse scan: LZCNT when the CPU has it,
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
int bsr_sw(U64 bb) { return bb ? walisch::bitScanReverse(bb) : -1; }

#if defined(__x86_64__)
__attribute__((target("lzcnt"))) int bsr_hw(U64 bb) {
  return bb ? 63 - static_cast<int>(_lzcnt_u64(bb)) : -1;
}
#endif

const dispatch::scan best_bsr =
    dispatch::pick(cpu_feature::lzcnt, SCANPROOF_DISPATCH_HW(bsr_hw), bsr_sw);

int dispatched_bsr(U64 bb) { return best_bsr(bb); }

}  // namespace

SCANPROOF_ENTRY(dispatched_bsr, op::msb, dispatched_bsr,
                {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                 .provenance = "seed 004 (Shogi plan), Phase 1: 1.1 + 1.3 bit_scan_reverse_hw "
                               "(LZCNT) / De Bruijn fallback"});

}  // namespace scanproof::cat
