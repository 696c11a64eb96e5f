// _tzcnt_u64 as Windows code calls it from <intrin.h>: TZCNT, 64 for zero
// (BMI1). On a CPU without BMI1 the encoding executes as BSF. Built with
// mingw-w64 (x86_64-windows); registered unbuilt elsewhere.
#include "catalogue.hpp"
#include "x86_expectations.hpp"

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
#include <intrin.h>
#endif

namespace scanproof::cat {
namespace {

#if defined(SCANPROOF_HAS_MSVC_INTRIN)
// MSVC emits TZCNT whatever the target flags; with GCC the attribute does.
__attribute__((target("bmi"))) int msvc_tzcnt_u64(U64 x) {
  return static_cast<int>(_tzcnt_u64(x));
}
#endif

}  // namespace

SCANPROOF_ENTRY_MSVC_INTRIN(
    msvc_tzcnt_u64, op::ctz, msvc_tzcnt_u64,
    {.expected = {x86::tzcnt_as_bsf_zero},
     .needs = "Windows x86-64 <intrin.h>, BMI1 (runs as BSF without it)",
     .provenance = "Microsoft Learn '_tzcnt_u32, _tzcnt_u64' (BMI1; 64 for zero); seed 003 "
                   "(CPW BitScan) 'Trailing Zero Count'"});

}  // namespace scanproof::cat
