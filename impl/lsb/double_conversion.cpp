// CPW "BitScan", "Double conversion of LS1B" (Gerd Isenberg).
#include "catalogue.hpp"
#include "double_bits.hpp"

namespace scanproof::cat {
namespace {

int double_conversion(U64 bb) { return exponent_of(static_cast<double>(bb & (0 - bb))); }

}  // namespace

SCANPROOF_ENTRY(double_conversion, op::lsb, double_conversion,
                {.zero = zero_spec::returns(-1023, "documented: -1023 if passing zero"),
                 .expected = {{when::big_endian_target, scope::nonzero,
                               "bit-field layout assumes a little-endian double ('not "
                               "portable' in the source)"}},
                 .needs = "little-endian, IEEE-754 double",
                 .provenance = "seed 003 (CPW BitScan), 'Double conversion of LS1B' (Gerd "
                               "Isenberg)"});

}  // namespace scanproof::cat
