// MSVC's _BitScanReverse64 (<intrin.h>), called as CPW "BitScan", "Intrinsics
// versus asm" prints it. Built with mingw-w64 (x86_64-windows), whose
// <intrin.h> implements it with BSR; registered unbuilt elsewhere.
#include "catalogue.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
#include <intrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
int msvc_bitscanreverse64(U64 x) {
  unsigned long index;
  _BitScanReverse64(&index, x);
  return static_cast<int>(index);
}
#endif

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_bitscanreverse64, op::msb, msvc_bitscanreverse64,
    {.zero = zero_spec::is_undefined(
         "Microsoft: returns 0 and the index is undefined when Mask is 0"),
     .needs = "Windows x86-64 <intrin.h>",
     .provenance = "Microsoft Learn '_BitScanReverse, _BitScanReverse64'; seed 003 (CPW "
                   "BitScan), 'Intrinsics versus asm': bitScanReverse via _BitScanReverse64"});

}  // namespace scanproof::cat
