#include "distributions.hpp"

#include <bit>
#include <string_view>

namespace scanproof::bench {
namespace {

// A word with exactly k distinct random bits set.
std::uint64_t with_bits(xoshiro256ss& rng, int k) {
  std::uint64_t b = 0;
  while (std::popcount(b) < k) b |= std::uint64_t{1} << rng.below(64);
  return b;
}

std::uint64_t single(xoshiro256ss& rng) { return with_bits(rng, 1); }
// Chess-like piece sets: one side's pawns, a piece type, kings (1-10 pieces).
std::uint64_t sparse(xoshiro256ss& rng) { return with_bits(rng, 1 + static_cast<int>(rng.below(10))); }
// Occupancy of a middlegame board, attack sets (20-40 squares).
std::uint64_t dense(xoshiro256ss& rng) { return with_bits(rng, 20 + static_cast<int>(rng.below(21))); }
std::uint64_t uniform(xoshiro256ss& rng) {
  std::uint64_t b;
  do b = rng.next();
  while (b == 0);
  return b;
}

constexpr board_distribution all[] = {
    {"single", "one set bit, uniform position", single},
    {"sparse", "1-10 set bits (chess-like piece sets)", sparse},
    {"dense", "20-40 set bits (occupancy, attack sets)", dense},
    {"uniform", "uniform random nonzero words (32 bits on average)", uniform},
};

}  // namespace

std::span<const board_distribution> board_distributions() { return all; }

std::vector<std::uint64_t> boards(const board_distribution& d, std::size_t n) {
  std::uint64_t seed = 0x62656e6368ULL;  // "bench", then the distribution's name
  for (char c : std::string_view(d.name)) seed = seed * 131 + static_cast<unsigned char>(c);
  xoshiro256ss rng(seed);
  std::vector<std::uint64_t> out(n);
  for (auto& b : out) b = d.draw(rng);
  return out;
}

}  // namespace scanproof::bench
