// Leading zeros of 32-bit and narrower words through GCC/Clang's 32-bit
// builtin (there is no 8- or 16-bit one).
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

int builtin_clz32(std::uint32_t b) { return __builtin_clz(b); }

// A 16-bit value passed to the 32-bit builtin is promoted first: the count
// includes the 16 zero bits above it (libmorton #78 is the 32 -> 64 version).
int clz16_via_clz32(std::uint16_t b) { return __builtin_clz(b); }
int clz8_via_clz32(std::uint8_t b) { return __builtin_clz(b); }

// The fix: subtract the promotion's zeros, and answer the width for zero
// (the builtin's zero result is undefined).
int clz16_via_clz32_adjusted(std::uint16_t b) { return b ? __builtin_clz(b) - 16 : 16; }

}  // namespace

SCANPROOF_ENTRY(builtin_clz32, op::clz, builtin_clz32,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Leading Zero Count': ARM CLZ on 32-bit "
                               "integers, the C intrinsic __builtin_clz"});
SCANPROOF_ENTRY(clz16_via_clz32, op::clz, clz16_via_clz32,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {{when::always, scope::nonzero,
                               "the uint16_t is promoted to 32 bits: every count is 16 too many"}},
                 .provenance = "__builtin_clz (seed 003) called with a 16-bit value: the narrow-type "
                               "port bug (docs/catalogue.md)"});
SCANPROOF_ENTRY(clz8_via_clz32, op::clz, clz8_via_clz32,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .expected = {{when::always, scope::nonzero,
                               "the uint8_t is promoted to 32 bits: every count is 24 too many"}},
                 .provenance = "__builtin_clz (seed 003) called with an 8-bit value: the narrow-type "
                               "port bug (docs/catalogue.md)"});
SCANPROOF_ENTRY(clz16_via_clz32_adjusted, op::clz, clz16_via_clz32_adjusted,
                {.provenance = "clz16_via_clz32 with the promotion's 16 zeros subtracted and zero "
                               "answered as 16"});

}  // namespace scanproof::cat
