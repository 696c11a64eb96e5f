#include "distributions.hpp"

#include <string_view>

namespace scanproof::bench {
namespace {

// A board with exactly k distinct random squares of the domain set (k is
// capped at the domain's size). Squares outside the domain are redrawn; on
// the plain 64-bit space this is the draw the bench has always made.
word with_bits(xoshiro256ss& rng, int k, const board_space& sp) {
  if (k > sp.size) k = sp.size;
  word b;
  while (popcount(b) < k) {
    const int i = static_cast<int>(rng.below(static_cast<std::uint64_t>(sp.squares)));
    if (sp.domain.test(i)) b |= word::bit(i);
  }
  return b;
}

// n of 64 squares, scaled to the domain's size (rounded, at least 1).
int scaled(int n, const board_space& sp) {
  const int v = (n * sp.size + 32) / 64;
  return v < 1 ? 1 : v;
}

word single(xoshiro256ss& rng, const board_space& sp) { return with_bits(rng, 1, sp); }
// Chess-like piece sets: one side's pawns, a piece type, kings (1-10 pieces of 64 squares).
word sparse(xoshiro256ss& rng, const board_space& sp) {
  return with_bits(rng, 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(scaled(10, sp)))), sp);
}
// Occupancy of a middlegame board, attack sets (20-40 of 64 squares).
word dense(xoshiro256ss& rng, const board_space& sp) {
  const int lo = scaled(20, sp), hi = scaled(40, sp);
  return with_bits(rng, lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(hi - lo + 1))), sp);
}
// Every square of the domain set with probability 1/2.
word uniform(xoshiro256ss& rng, const board_space& sp) {
  word b;
  do {
    b = word{rng.next()};
    if (sp.squares > 64) b.hi = rng.next();
    b &= sp.domain;
  } while (!b);
  return b;
}

constexpr board_distribution all[] = {
    {"single", "one set bit, uniform position", single},
    {"sparse", "1-10 set bits of 64 (chess-like piece sets), scaled to the domain", sparse},
    {"dense", "20-40 set bits of 64 (occupancy, attack sets), scaled to the domain", dense},
    {"uniform", "each square of the domain set with probability 1/2 (32 of 64 on average)", uniform},
};

}  // namespace

board_space space_of(const shape& s) {
  board_space sp;
  sp.squares = s.squares();
  sp.domain = s.domain & s.all_squares();
  sp.size = popcount(sp.domain);
  return sp;
}

std::span<const board_distribution> board_distributions() { return all; }

std::vector<word> boards(const board_distribution& d, std::size_t n, const shape& s) {
  std::uint64_t seed = 0x62656e6368ULL;  // "bench", then the distribution's name
  for (char c : std::string_view(d.name)) seed = seed * 131 + static_cast<unsigned char>(c);
  xoshiro256ss rng(seed);
  const board_space sp = space_of(s);
  std::vector<word> out(n);
  for (auto& b : out) b = d.draw(rng, sp);
  return out;
}

std::vector<std::uint64_t> boards(const board_distribution& d, std::size_t n) {
  const std::vector<word> w = boards(d, n, integer_shape(64));
  std::vector<std::uint64_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = w[i].lo;
  return out;
}

}  // namespace scanproof::bench
