// ARM count-leading-zeros instructions (CPW "BitScan", "Processor Instructions
// for BitScans / ARM"; seed 004 "ARM: clz, ctz instructions"). ARM's CLZ is
// total: CLZ of zero is the register width.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

#if defined(__aarch64__)
int arm64_clz(U64 x) {
  U64 r;
  asm("clz %x0, %x1" : "=r"(r) : "r"(x));
  return static_cast<int>(r);
}
#endif

#if defined(__arm__)
// 32-bit ARM: CLZ on each half of the word.
unsigned clz32(unsigned x) {
  unsigned r;
  asm("clz %0, %1" : "=r"(r) : "r"(x));
  return r;
}
int arm_clz_pair(U64 x) {
  unsigned hi = static_cast<unsigned>(x >> 32);
  return hi ? static_cast<int>(clz32(hi)) : 32 + static_cast<int>(clz32(static_cast<unsigned>(x)));
}
#endif

}  // namespace

SCANPROOF_ENTRY_AARCH64(arm64_clz, op::clz, arm64_clz,
                        {.needs = "AArch64",
                         .provenance = "seed 003 (CPW BitScan), 'ARM': CLZ instruction (64-bit)"});
SCANPROOF_ENTRY_ARM32(arm_clz_pair, op::clz, arm_clz_pair,
                      {.needs = "ARMv5+ (32-bit)",
                       .provenance = "seed 003 (CPW BitScan), 'ARM': 32-bit CLZ applied to each "
                                     "half"});

}  // namespace scanproof::cat
