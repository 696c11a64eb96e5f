// Trailing zeros of 32-bit words through GCC/Clang's 32-bit builtin.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

int builtin_ctz32(std::uint32_t b) { return __builtin_ctz(b); }

}  // namespace

SCANPROOF_ENTRY(builtin_ctz32, op::ctz, builtin_ctz32,
                {.zero = zero_spec::is_undefined("GCC: 'if x is 0, the result is undefined'"),
                 .provenance = "seed 003 (CPW BitScan), 'Processor Instructions for BitScans': the "
                               "32-bit __builtin_ctz"});

}  // namespace scanproof::cat
