// x86-64 forward scans through inline BSF (CPW "Emulating Intrinsics",
// "Intrinsics versus asm").
#include "catalogue.hpp"
#include "x86_bitscan.hpp"

namespace scanproof::cat {
namespace {

#if defined(__x86_64__)
// CPW "Emulating Intrinsics": _BitScanForward64 for GCC.
inline unsigned char BitScanForward64(unsigned long* Index, U64 Mask) {
  U64 Ret;
  __asm__("bsfq %[Mask], %[Ret]" : [Ret] "=r"(Ret) : [Mask] "mr"(Mask));
  *Index = static_cast<unsigned long>(Ret);
  return Mask ? 1 : 0;
}
int bitscanforward64_emulated(U64 x) {
  unsigned long index;
  BitScanForward64(&index, x);
  return static_cast<int>(index);
}

int bsfq_asm(U64 x) { return x86::bsfq_same_register(x); }
#endif

}  // namespace

SCANPROOF_ENTRY_X86_64(bitscanforward64_emulated, op::lsb, bitscanforward64_emulated,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Emulating Intrinsics': "
                                      "_BitScanForward64 via bsfq"});
SCANPROOF_ENTRY_X86_64(bsfq_asm, op::lsb, bsfq_asm,
                       {.zero = zero_spec::is_undefined(
                            "Intel: destination undefined; AMD: unchanged (= input 0)"),
                        .needs = "x86-64",
                        .provenance = "seed 003 (CPW BitScan), 'Intrinsics versus asm': "
                                      "asm(\"bsfq %0, %0\")"});

}  // namespace scanproof::cat
