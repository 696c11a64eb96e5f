// MSVC's __popcnt64 (<intrin.h>): POPCNT. Microsoft: on a CPU without POPCNT
// the instruction is invalid (it traps), so the entry is skipped there.
// Built with mingw-w64 (x86_64-windows); registered unbuilt elsewhere.
#include "catalogue.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
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

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_popcnt64, op::popcount, msvc_popcnt64,
    {.requires_cpu = {{cpu_feature::popcnt}},
     .needs = "Windows x86-64 <intrin.h>, POPCNT (invalid instruction without it)",
     .provenance = "Microsoft Learn '__popcnt16, __popcnt, __popcnt64' (needs POPCNT: check "
                   "CPUID first); seed 003 (CPW BitScan) 'Intrinsics'"});

}  // namespace scanproof::cat
