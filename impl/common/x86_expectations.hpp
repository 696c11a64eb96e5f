// What LZCNT and TZCNT do on a CPU without LZCNT/BMI1: they are F3-prefixed
// BSR/BSF, which such a CPU executes without trapping. Shared by every entry
// that compiles to these instructions (the GCC intrinsics, MSVC's __lzcnt64
// and _tzcnt_u64).
#pragma once
#include "scanproof/descriptor.hpp"

namespace scanproof::cat::x86 {

inline constexpr expectation lzcnt_as_bsr_nonzero = {
    when::cpu_lacks_lzcnt, scope::nonzero, "LZCNT executes as BSR: returns 63 - clz (lzcnt(1) == 0)"};
inline constexpr expectation lzcnt_as_bsr_zero = {
    when::cpu_lacks_lzcnt, scope::zero,
    "LZCNT executes as BSR: zero leaves the destination unchanged instead of 64"};
inline constexpr expectation tzcnt_as_bsf_zero = {
    when::cpu_lacks_bmi1, scope::zero,
    "TZCNT executes as BSF: zero leaves the destination unchanged instead of 64"};

}  // namespace scanproof::cat::x86
