// MSVC's __lzcnt64 (<intrin.h>): LZCNT, 64 for zero. Microsoft: on a CPU
// without LZCNT the encoding executes as BSR, which gives other results.
// Built with mingw-w64 (x86_64-windows); registered unbuilt elsewhere.
#include "catalogue.hpp"
#include "x86_expectations.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
#include <intrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
// MSVC emits LZCNT whatever the target flags; with GCC the attribute does.
__attribute__((target("lzcnt"))) int msvc_lzcnt64(U64 x) {
  return static_cast<int>(__lzcnt64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_lzcnt64, op::clz, msvc_lzcnt64,
    {.expected = {x86::lzcnt_as_bsr_nonzero, x86::lzcnt_as_bsr_zero},
     .needs = "Windows x86-64 <intrin.h>, LZCNT (runs as BSR without it)",
     .provenance = "Microsoft Learn '__lzcnt16, __lzcnt, __lzcnt64' (__lzcnt64(0) = 64; "
                   "without LZCNT the instruction executes as BSR); seed 003 (CPW BitScan) "
                   "'Intrinsics' lists _lzcnt64"});

}  // namespace scanproof::cat
