// RapidCheck generator of nonzero 64-bit boards for the properties.
#pragma once
#include <rapidcheck.h>

#include <cstdint>
#include <ostream>

#include "scanproof/properties.hpp"

namespace scanproof {

// Mixes single bits, sparse and dense boards, full-range words, edge values
// (~0, bit 63, half masks, alternating bits) and random bits above a random
// lowest set bit / below a random highest set bit. Full 64-bit words from the
// first case (RapidCheck's size ramp would otherwise keep early words small).
// Shrinks with board_shrinks(): clears bits, then moves them down, never to 0,
// so the reported board is minimal (fewest bits, lowest positions).
rc::Gen<std::uint64_t> bitboard();

// All of a property's arguments as one value: b and a from bitboard(), k in
// 0..63, shrunk together by arg_shrinks(p, x). One value rather than three
// picks because RapidCheck does not go back to shrink an earlier pick after
// a later one shrank; this way its greedy shrinking is exactly the
// deterministic driver's, and both report the same minimal input.
rc::Gen<property_args> property_inputs(const property& p);

// How RapidCheck prints a counterexample (found by argument-dependent lookup).
void showValue(const property_args& x, std::ostream& os);

}  // namespace scanproof
