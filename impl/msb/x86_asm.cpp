// x86-64 reverse scans through inline BSR (CPW "Emulating Intrinsics",
// "Intrinsics versus asm").
#include "catalogue.hpp"
#include "x86_bitscan.hpp"

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
// CPW "Emulating Intrinsics": _BitScanReverse64 for GCC.
inline unsigned char BitScanReverse64(unsigned long* Index, U64 Mask) {
  U64 Ret;
  __asm__("bsrq %[Mask], %[Ret]" : [Ret] "=r"(Ret) : [Mask] "mr"(Mask));
  *Index = static_cast<unsigned long>(Ret);
  return Mask ? 1 : 0;
}
int bitscanreverse64_emulated(U64 x) {
  unsigned long index;
  BitScanReverse64(&index, x);
  return static_cast<int>(index);
}

int bsrq_asm(U64 x) { return x86::bsrq_same_register(x); }
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(bitscanreverse64_emulated, op::msb, bitscanreverse64_emulated,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Emulating Intrinsics': "
                                      "_BitScanReverse64 via bsrq"});
SCANPROOF_ENTRY_X86_64(bsrq_asm, op::msb, bsrq_asm,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged (= input 0)"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Intrinsics versus asm': "
                                      "asm(\"bsrq %0, %0\")"});

}  // namespace scanproof::cat
