// RapidCheck generator of nonzero boards of a shape's squares for the properties.
#pragma once
#include <rapidcheck.h>

#include <cstdint>
#include <ostream>

#include "scanproof/properties.hpp"

namespace scanproof {

// Mixes single bits, sparse and dense boards, full-range words, edge values
// (~0, the top square, half masks, alternating bits) and random bits above a
// random lowest set bit / below a random highest set bit, over the shape's
// squares. Full-width words from the first case (RapidCheck's size ramp would
// otherwise keep early words small). Every board is moved into `mask`
// (into(), properties.hpp: never empty) and shrinks with
// board_shrinks(b, mask): clears bits, then moves them down inside the mask,
// never to 0, so the reported board is minimal (fewest bits, lowest
// positions). At 64 bits with every square, the same boards as before shapes.
rc::Gen<word> bitboard(const shape& sh, word mask);

// All of a property's arguments as one value: b and a from bitboard() inside
// space_of(p, d), k in 0..w-1, shrunk together by arg_shrinks(). One value rather than three
// picks because RapidCheck does not go back to shrink an earlier pick after
// a later one shrank; this way its greedy shrinking is exactly the
// deterministic driver's, and both report the same minimal input.
rc::Gen<property_args> property_inputs(const property& p, const descriptor& d);

// How RapidCheck prints a counterexample (found by argument-dependent lookup).
void showValue(const property_args& x, std::ostream& os);

}  // namespace scanproof
