// ARM trailing zero count (seed 004 "ARM: clz, ctz instructions"). AArch64 has
// no CTZ before ARMv8.9 CSSC: reverse the bits, then count leading zeros. CLZ
// is total, so zero gives the register width.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

#if defined(__aarch64__)
int arm64_rbit_clz(U64 x) {
  U64 r;
  asm("rbit %x0, %x1\n\tclz %x0, %x0" : "=r"(r) : "r"(x));
  return static_cast<int>(r);
}
#endif

}  // namespace

SCANPROOF_ENTRY_AARCH64(arm64_rbit_clz, op::ctz, arm64_rbit_clz,
                        {.needs = "AArch64",
                         .provenance = "seed 004 (Shogi plan) 'ARM: clz, ctz': ctz as RBIT + CLZ"});

}  // namespace scanproof::cat
