// MSVC's _BitScanReverse64 (<intrin.h>), called as CPW "BitScan", "Intrinsics
// versus asm" prints it. Built with mingw-w64 (x86_64-windows), whose
// <intrin.h> implements it with BSR; registered unbuilt elsewhere.
#include "catalogue.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
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

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
// A 32-bit Windows build's 64-bit reverse scan: the high half first (plus
// 32), then the low half (_BitScanReverse64 does not exist there).
int msvc_bitscanreverse_split(U64 x) {
  unsigned long index;
  if (_BitScanReverse(&index, static_cast<unsigned long>(x >> 32))) return static_cast<int>(index) + 32;
  _BitScanReverse(&index, static_cast<unsigned long>(x));
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

SCANPROOF_ENTRY_MSVC_INTRIN32(
    msvc_bitscanreverse_split, op::msb, msvc_bitscanreverse_split,
    {.zero = zero_spec::is_undefined(
         "Microsoft: the index is undefined when Mask is 0 (here: the low half's scan)"),
     .needs = "Windows x86 <intrin.h> (_BitScanReverse, 32-bit)",
     .provenance = "Microsoft Learn '_BitScanReverse, _BitScanReverse64' (the 64-bit form is x64 "
                   "only); the 32-bit build's split: seed 003 (CPW BitScan), External Links: 'Stockfish 32-bit and hardware instructions on MSVC++' (CCC, 2014) and reference 22 (Visual C++ '_BitScanForward, _BitScanForward64')"});

}  // namespace scanproof::cat
