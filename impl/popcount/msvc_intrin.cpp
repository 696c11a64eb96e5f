// MSVC's __popcnt64 (<intrin.h>): POPCNT. Microsoft: on a CPU without POPCNT
// the instruction is invalid (it traps), so the entry is skipped there.
// Built with mingw-w64 (x86_64-windows); registered unbuilt elsewhere.
#include "catalogue.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
#include <intrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
// MSVC emits POPCNT whatever the target flags; mingw-w64's __popcnt64 is
// __builtin_popcountll, which the attribute turns into POPCNT as well.
__attribute__((target("popcnt"))) int msvc_popcnt64(U64 x) {
  return static_cast<int>(__popcnt64(x));
}
#endif

#if defined(SCANPROOF_HAS_MSVC_INTRIN32)
// A 32-bit Windows build's 64-bit popcount: __popcnt on each half
// (__popcnt64 does not exist there).
__attribute__((target("popcnt"))) int msvc_popcnt_split(U64 x) {
  return static_cast<int>(__popcnt(static_cast<unsigned int>(x)) + __popcnt(static_cast<unsigned int>(x >> 32)));
}
#endif

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_popcnt64, op::popcount, msvc_popcnt64,
    {.requires_cpu = {{cpu_feature::popcnt}},
     .needs = "Windows x86-64 <intrin.h>, POPCNT (invalid instruction without it)",
     .provenance = "Microsoft Learn '__popcnt16, __popcnt, __popcnt64' (needs POPCNT: check "
                   "CPUID first); seed 003 (CPW BitScan) 'Intrinsics'"});

SCANPROOF_ENTRY_MSVC_INTRIN32(
    msvc_popcnt_split, op::popcount, msvc_popcnt_split,
    {.requires_cpu = {{cpu_feature::popcnt}},
     .needs = "Windows x86 <intrin.h> (__popcnt, 32-bit), POPCNT (invalid instruction without it)",
     .provenance = "Microsoft Learn '__popcnt16, __popcnt, __popcnt64' (__popcnt64 is x64 only); "
                   "the 32-bit build's split: seed 003 (CPW BitScan), External Links: 'Stockfish 32-bit and hardware instructions on MSVC++' (CCC, 2014) and reference 22 (Visual C++ '_BitScanForward, _BitScanForward64')"});

}  // namespace scanproof::cat
