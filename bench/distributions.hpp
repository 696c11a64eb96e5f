// The benchmark's input distributions: nonzero 64-bit boards drawn with the
// suite's portable xoshiro256** (identical on every target and compiler).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "scanproof/inputs.hpp"

namespace scanproof::bench {

struct board_distribution {
  const char* name;
  const char* description;
  std::uint64_t (*draw)(xoshiro256ss& rng);  // never returns 0
};

// single, sparse, dense, uniform: in this order.
std::span<const board_distribution> board_distributions();

// n boards from distribution d, with a seed fixed per distribution.
std::vector<std::uint64_t> boards(const board_distribution& d, std::size_t n);

}  // namespace scanproof::bench
