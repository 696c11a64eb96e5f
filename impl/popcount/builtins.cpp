// GCC/Clang population-count builtins, as engines call them.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

int builtin_popcountll(U64 b) { return __builtin_popcountll(b); }
// The `l` variant takes unsigned long (catalogue.hpp, long_is_32_bits_drops_high_half).
int builtin_popcountl(U64 b) { return __builtin_popcountl(static_cast<unsigned long>(b)); }

}  // namespace

SCANPROOF_ENTRY(builtin_popcountll, op::popcount, builtin_popcountll,
                {.provenance = "GCC/Clang __builtin_popcountll (seed 004 'Hardware Acceleration' "
                               "fallbacks)"});
SCANPROOF_ENTRY(builtin_popcountl, op::popcount, builtin_popcountl,
                {.expected = {long_is_32_bits_drops_high_half},
                 .needs = "64-bit long",
                 .provenance = "GCC/Clang __builtin_popcountl: the LP64-only port of "
                               "__builtin_popcountll"});

}  // namespace scanproof::cat
