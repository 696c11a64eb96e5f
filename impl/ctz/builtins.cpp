// GCC/Clang trailing-zero builtins, as engines call them (CPW "BitScan",
// "Processor Instructions for BitScans": __builtin_ctzll).
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// "If x is 0, the result is undefined": the observed value is reported per target.
int builtin_ctzll(U64 b) { return __builtin_ctzll(b); }
// The `l` variant takes unsigned long (catalogue.hpp, long_is_32_bits_drops_high_half).
int builtin_ctzl(U64 b) { return __builtin_ctzl(static_cast<unsigned long>(b)); }

}  // namespace

SCANPROOF_ENTRY(builtin_ctzll, op::ctz, builtin_ctzll,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for BitScans': "
                               "__builtin_ctzll"});
SCANPROOF_ENTRY(builtin_ctzl, op::ctz, builtin_ctzl,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {long_is_32_bits_drops_high_half},
                 .needs = "64-bit long",
                 .provenance = "seed 003 (CPW BitScan) lists __builtin_ctzll; the `l` variant is "
                               "the LP64-only port found in engines"});

}  // namespace scanproof::cat
