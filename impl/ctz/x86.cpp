// x86-64 trailing zero counts: BSF as a count and the BMI1 TZCNT intrinsic.
#include "catalogue.hpp"
#include "x86_bitscan.hpp"
#include "x86_expectations.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
int bsf_ctz(U64 x) { return x86::bsfq_same_register(x); }

// The target attribute compiles just this function for BMI1, so the rest of
// the suite runs on any x86-64. TZCNT is an F3-prefixed BSF: a CPU without
// BMI1 executes it as BSF without trapping, which the expectation describes.
__attribute__((target("bmi"))) int tzcnt_intrinsic(U64 x) {
  return static_cast<int>(_tzcnt_u64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(bsf_ctz, op::ctz, bsf_ctz,
                       {.zero = zero_spec::is_undefined(
                            "'Bsf/Bsr behavior with zero source': Intel undefined, AMD "
                            "unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Bsf/Bsr behavior with zero "
                                      "source': BSF as a trailing zero count"});
SCANPROOF_ENTRY_X86_64(tzcnt_intrinsic, op::ctz, tzcnt_intrinsic,
                       {.expected = {x86::tzcnt_as_bsf_zero},
                        .needs = "x86-64, BMI1 (runs as BSF without it)",
                        .provenance = "seed 004 (Shogi plan) 1.3 bit_scan_forward_hw: "
                                      "_tzcnt_u64; seed 003 'Trailing Zero Count' (BMI1)"});

}  // namespace scanproof::cat
