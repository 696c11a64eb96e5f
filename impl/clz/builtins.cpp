// GCC/Clang leading-zero builtins, as engines call them (CPW "BitScan",
// "Processor Instructions for BitScans": __builtin_clzll).
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// "If x is 0, the result is undefined": the observed value is reported per target.
int builtin_clzll(U64 b) { return __builtin_clzll(b); }
// The `l` variant takes unsigned long (catalogue.hpp, long_is_32_bits_drops_high_half).
int builtin_clzl(U64 b) { return __builtin_clzl(static_cast<unsigned long>(b)); }

}  // namespace

SCANPROOF_ENTRY(builtin_clzll, op::clz, builtin_clzll,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for BitScans': "
                               "__builtin_clzll"});
SCANPROOF_ENTRY(builtin_clzl, op::clz, builtin_clzl,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {long_is_32_bits_drops_high_half},
                 .needs = "64-bit long",
                 .provenance = "seed 003 (CPW BitScan) lists __builtin_clzll; the `l` variant is "
                               "the LP64-only port found in engines"});

}  // namespace scanproof::cat
