// The benchmark's input distributions: nonzero boards drawn with the suite's
// portable xoshiro256** (identical on every target and compiler), over the
// squares a shape can set (shape.hpp). For a plain 64-bit shape the boards
// are exactly the 64-bit boards the bench has always measured.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "scanproof/inputs.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/word.hpp"

namespace scanproof::bench {

// Where a distribution may put bits: the domain (shape.hpp; every square of
// the layout unless one is declared) and its size, by which the set-bit
// counts of the 64-square originals are scaled.
struct board_space {
  int squares = 64;       // the layout's squares: board indices 0..squares-1
  word domain = word::ones(64);
  int size = 64;          // popcount(domain)
};
board_space space_of(const shape& s);

struct board_distribution {
  const char* name;
  const char* description;
  word (*draw)(xoshiro256ss& rng, const board_space& sp);  // never returns 0, never leaves the domain
};

// single, sparse, dense, uniform: in this order.
std::span<const board_distribution> board_distributions();

// n boards (square space, not yet to_argument()) of shape s from distribution
// d, with a seed fixed per distribution.
std::vector<word> boards(const board_distribution& d, std::size_t n, const shape& s);
// The plain 64-bit boards (today's figures): boards(d, n, integer_shape(64)).
std::vector<std::uint64_t> boards(const board_distribution& d, std::size_t n);

}  // namespace scanproof::bench
