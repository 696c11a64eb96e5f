// MSVC's _BitScanForward64 (<intrin.h>), called as CPW "BitScan", "Intrinsics
// versus asm" prints it. Built with mingw-w64 (x86_64-windows), whose
// <intrin.h> implements it with BSF; registered unbuilt elsewhere.
#include "catalogue.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
#include <intrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
int msvc_bitscanforward64(U64 x) {
  unsigned long index;
  _BitScanForward64(&index, x);
  return static_cast<int>(index);
}
#endif

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
// A 32-bit Windows build's 64-bit scan: the low half first, then the high
// half plus 32 (_BitScanForward64 does not exist there).
int msvc_bitscanforward_split(U64 x) {
  unsigned long index;
  if (_BitScanForward(&index, static_cast<unsigned long>(x))) return static_cast<int>(index);
  _BitScanForward(&index, static_cast<unsigned long>(x >> 32));
  return static_cast<int>(index) + 32;
}
#endif

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_bitscanforward64, op::lsb, msvc_bitscanforward64,
    {.zero = zero_spec::is_undefined(
         "Microsoft: returns 0 and the index is undefined when Mask is 0"),
     .needs = "Windows x86-64 <intrin.h>",
     .provenance = "Microsoft Learn '_BitScanForward, _BitScanForward64'; seed 003 (CPW "
                   "BitScan), 'Intrinsics versus asm': bitScanForward via _BitScanForward64"});

SCANPROOF_ENTRY_MSVC_INTRIN32(
    msvc_bitscanforward_split, op::lsb, msvc_bitscanforward_split,
    {.zero = zero_spec::is_undefined(
         "Microsoft: the index is undefined when Mask is 0 (here: the high half's scan + 32)"),
     .needs = "Windows x86 <intrin.h> (_BitScanForward, 32-bit)",
     .provenance = "Microsoft Learn '_BitScanForward, _BitScanForward64' (the 64-bit form is x64 "
                   "only); the 32-bit build's split: seed 003 (CPW BitScan), External Links: 'Stockfish 32-bit and hardware instructions on MSVC++' (CCC, 2014) and reference 22 (Visual C++ '_BitScanForward, _BitScanForward64')"});

}  // namespace scanproof::cat
