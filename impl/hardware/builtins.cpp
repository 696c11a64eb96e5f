// GCC/Clang builtins, as engines call them (CPW "BitScan", "Processor
// Instructions for BitScans": __builtin_ffsll, __builtin_ctzll, __builtin_clzll).
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// "If x is 0, the result is undefined": the observed value is reported per target.
int builtin_ctzll(U64 b) { return __builtin_ctzll(b); }
int builtin_clzll(U64 b) { return __builtin_clzll(b); }
int builtin_popcountll(U64 b) { return __builtin_popcountll(b); }

// The `l` variants take unsigned long: 64 bits on LP64, 32 bits on ILP32
// (i686, armhf, mips), where the high half is silently dropped. A classic
// porting bug in engines written on 64-bit Linux.
int builtin_ctzl(U64 b) { return __builtin_ctzl(static_cast<unsigned long>(b)); }
int builtin_clzl(U64 b) { return __builtin_clzl(static_cast<unsigned long>(b)); }
int builtin_popcountl(U64 b) { return __builtin_popcountl(static_cast<unsigned long>(b)); }

constexpr expectation ilp32 = {when::long_is_32_bits, scope::nonzero,
                               "unsigned long is 32 bits here: the high half is dropped"};
}  // namespace

SCANPROOF_ENTRY(builtin_ctzll, op::ctz, builtin_ctzll,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for BitScans': "
                               "__builtin_ctzll"});
SCANPROOF_ENTRY(builtin_clzll, op::clz, builtin_clzll,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for BitScans': "
                               "__builtin_clzll"});
SCANPROOF_ENTRY(builtin_popcountll, op::popcount, builtin_popcountll,
                {.provenance = "GCC/Clang __builtin_popcountll (seed 004 'Hardware Acceleration' "
                               "fallbacks)"});
SCANPROOF_ENTRY(builtin_ctzl, op::ctz, builtin_ctzl,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {ilp32},
                 .needs = "64-bit long",
                 .provenance = "seed 003 (CPW BitScan) lists __builtin_ctzll; the `l` variant is "
                               "the LP64-only port found in engines"});
SCANPROOF_ENTRY(builtin_clzl, op::clz, builtin_clzl,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {ilp32},
                 .needs = "64-bit long",
                 .provenance = "seed 003 (CPW BitScan) lists __builtin_clzll; the `l` variant is "
                               "the LP64-only port found in engines"});
SCANPROOF_ENTRY(builtin_popcountl, op::popcount, builtin_popcountl,
                {.expected = {ilp32},
                 .needs = "64-bit long",
                 .provenance = "GCC/Clang __builtin_popcountl: the LP64-only port of "
                               "__builtin_popcountll"});

}  // namespace scanproof::cat
