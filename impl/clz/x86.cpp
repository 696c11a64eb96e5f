// x86-64 leading zero counts: BSR ^ 63 and the LZCNT intrinsic.
#include "catalogue.hpp"
#include "x86_bitscan.hpp"
#include "x86_expectations.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
// BSR gives 63 - clz.
int bsr_clz(U64 x) { return x86::bsrq_same_register(x) ^ 63; }

// The target attribute compiles just this function for LZCNT, so the rest of
// the suite runs on any x86-64. LZCNT is an F3-prefixed BSR: a CPU without
// LZCNT executes it as BSR without trapping, which the expectations describe.
__attribute__((target("lzcnt"))) int lzcnt_intrinsic(U64 x) {
  return static_cast<int>(_lzcnt_u64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(bsr_clz, op::clz, bsr_clz,
                       {.zero = zero_spec::is_undefined(
                            "'Bsf/Bsr behavior with zero source': Intel undefined, AMD "
                            "unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Bsf/Bsr behavior with zero "
                                      "source': BSR ^ 63 as a leading zero count"});
SCANPROOF_ENTRY_X86_64(lzcnt_intrinsic, op::clz, lzcnt_intrinsic,
                       {.expected = {x86::lzcnt_as_bsr_nonzero, x86::lzcnt_as_bsr_zero},
                        .needs = "x86-64, LZCNT/ABM (runs as BSR without it)",
                        .provenance = "seed 004 (Shogi plan) 1.3 bit_scan_reverse_hw: "
                                      "_lzcnt_u64; seed 003 'Leading Zero Count'"});

}  // namespace scanproof::cat
