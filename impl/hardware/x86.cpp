// x86-64 instructions: BSF/BSR through inline asm (CPW "Emulating Intrinsics",
// "Intrinsics versus asm") and the BMI1/LZCNT/POPCNT intrinsics.
#include "catalogue.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
// CPW "Emulating Intrinsics": _BitScanForward64/_BitScanReverse64 for GCC.
inline unsigned char BitScanForward64(unsigned long* Index, U64 Mask) {
  U64 Ret;
  __asm__("bsfq %[Mask], %[Ret]" : [Ret] "=r"(Ret) : [Mask] "mr"(Mask));
  *Index = static_cast<unsigned long>(Ret);
  return Mask ? 1 : 0;
}
inline unsigned char BitScanReverse64(unsigned long* Index, U64 Mask) {
  U64 Ret;
  __asm__("bsrq %[Mask], %[Ret]" : [Ret] "=r"(Ret) : [Mask] "mr"(Mask));
  *Index = static_cast<unsigned long>(Ret);
  return Mask ? 1 : 0;
}
int bitscanforward64_emulated(U64 x) {
  unsigned long index;
  BitScanForward64(&index, x);
  return static_cast<int>(index);
}
int bitscanreverse64_emulated(U64 x) {
  unsigned long index;
  BitScanReverse64(&index, x);
  return static_cast<int>(index);
}

// CPW "Intrinsics versus asm": source and destination in one register, so on
// a zero source the (AMD-documented) unchanged destination is the input, 0.
int bsfq_asm(U64 x) {
  asm("bsfq %0, %0" : "=r"(x) : "0"(x));
  return static_cast<int>(x);
}
int bsrq_asm(U64 x) {
  asm("bsrq %0, %0" : "=r"(x) : "0"(x));
  return static_cast<int>(x);
}
// The same instructions as ctz/clz (BSR gives 63 - clz).
int bsf_ctz(U64 x) { return bsfq_asm(x); }
int bsr_clz(U64 x) { return bsrq_asm(x) ^ 63; }

// Intrinsics. The target attribute compiles just these functions for the
// extension, so the rest of the suite runs on any x86-64. TZCNT/LZCNT are
// F3-prefixed BSF/BSR: a CPU without BMI1/LZCNT executes them as BSF/BSR
// without trapping, which the expectations below describe.
__attribute__((target("bmi"))) int tzcnt_intrinsic(U64 x) {
  return static_cast<int>(_tzcnt_u64(x));
}
__attribute__((target("lzcnt"))) int lzcnt_intrinsic(U64 x) {
  return static_cast<int>(_lzcnt_u64(x));
}
__attribute__((target("popcnt"))) int popcnt_intrinsic(U64 x) {
  return static_cast<int>(_mm_popcnt_u64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(bitscanforward64_emulated, op::lsb, bitscanforward64_emulated,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Emulating Intrinsics': "
                                      "_BitScanForward64 via bsfq"});
SCANPROOF_ENTRY_X86_64(bitscanreverse64_emulated, op::msb, bitscanreverse64_emulated,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Emulating Intrinsics': "
                                      "_BitScanReverse64 via bsrq"});
SCANPROOF_ENTRY_X86_64(bsfq_asm, op::lsb, bsfq_asm,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged (= input 0)"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Intrinsics versus asm': "
                                      "asm(\"bsfq %0, %0\")"});
SCANPROOF_ENTRY_X86_64(bsrq_asm, op::msb, bsrq_asm,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged (= input 0)"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Intrinsics versus asm': "
                                      "asm(\"bsrq %0, %0\")"});
SCANPROOF_ENTRY_X86_64(bsf_ctz, op::ctz, bsf_ctz,
                       {.zero = zero_spec::is_undefined(
                            "'Bsf/Bsr behavior with zero source': Intel undefined, AMD "
                            "unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Bsf/Bsr behavior with zero "
                                      "source': BSF as a trailing zero count"});
SCANPROOF_ENTRY_X86_64(bsr_clz, op::clz, bsr_clz,
                       {.zero = zero_spec::is_undefined(
                            "'Bsf/Bsr behavior with zero source': Intel undefined, AMD "
                            "unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Bsf/Bsr behavior with zero "
                                      "source': BSR ^ 63 as a leading zero count"});
SCANPROOF_ENTRY_X86_64(tzcnt_intrinsic, op::ctz, tzcnt_intrinsic,
                       {.expected = {{when::cpu_lacks_bmi1, scope::zero,
                                      "TZCNT executes as BSF: zero leaves the destination "
                                      "unchanged instead of 64"}},
                        .needs = "x86-64, BMI1 (runs as BSF without it)",
                        .provenance = "seed 004 (Shogi plan) 1.3 bit_scan_forward_hw: "
                                      "_tzcnt_u64; seed 003 'Trailing Zero Count' (BMI1)"});
SCANPROOF_ENTRY_X86_64(lzcnt_intrinsic, op::clz, lzcnt_intrinsic,
                       {.expected = {{when::cpu_lacks_lzcnt, scope::nonzero,
                                      "LZCNT executes as BSR: returns 63 - clz (lzcnt(1) == "
                                      "0)"},
                                     {when::cpu_lacks_lzcnt, scope::zero,
                                      "LZCNT executes as BSR: zero leaves the destination "
                                      "unchanged instead of 64"}},
                        .needs = "x86-64, LZCNT/ABM (runs as BSR without it)",
                        .provenance = "seed 004 (Shogi plan) 1.3 bit_scan_reverse_hw: "
                                      "_lzcnt_u64; seed 003 'Leading Zero Count'"});
SCANPROOF_ENTRY_X86_64(popcnt_intrinsic, op::popcount, popcnt_intrinsic,
                       {.requires_cpu = {{cpu_feature::popcnt}},
                        .needs = "x86-64, POPCNT (SIGILL without it)",
                        .provenance = "seed 004 (Shogi plan) 1.2 popcount_hw: _popcnt64"});

}  // namespace scanproof::cat
