// CPW "BitScan", "Bitscan reverse / Double conversion" (Gerd Isenberg).
#include "catalogue.hpp"
#include "double_bits.hpp"

namespace scanproof::cat {
namespace {

// The guard clears low bits so the conversion cannot round up to the next
// power of two ("to avoid possible rounding errors, some lower bits may be cleared").
int double_conversion_guarded(U64 bb) {
  return exponent_of(static_cast<double>(bb & ~(bb >> 32)));
}

// The same without the guard: what the guard is for. A word with more than 53
// significant bits, e.g. 0x01ffffffffffffff, rounds up to 2^57.
int double_conversion_unguarded(U64 bb) { return exponent_of(static_cast<double>(bb)); }

}  // namespace

SCANPROOF_ENTRY(double_conversion_guarded, op::msb, double_conversion_guarded,
                {.zero = zero_spec::returns(-1023, "documented: -1023 if passing zero"),
                 .expected = {{when::big_endian_target, scope::nonzero,
                               "bit-field layout assumes a little-endian double ('not "
                               "portable' in the source)"}},
                 .needs = "little-endian, IEEE-754 double",
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse / Double conversion' "
                               "with the rounding guard bb & ~(bb >> 32)"});
SCANPROOF_ENTRY(double_conversion_unguarded, op::msb, double_conversion_unguarded,
                {.zero = zero_spec::returns(-1023, "exponent field 0"),
                 .expected = {{when::always, scope::nonzero,
                               "without the guard, words with more than 53 significant bits "
                               "round up to the next power of two"}},
                 .needs = "little-endian, IEEE-754 double",
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse / Double conversion' "
                               "without the rounding guard the text recommends"});

}  // namespace scanproof::cat
