// The suite's one shrinking strategy, for the conformance checks (a failing
// input) and both property drivers (a failing argument tuple; RapidCheck gets
// the same board sequence through bitboard_gen.hpp): greedy, RapidCheck's own
// -- take the first smaller neighbour that still fails, start again from it.
// Order: fewest set bits first, then smallest value (the order the checks
// report failures in).
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "scanproof/word.hpp"

namespace scanproof {

// Smaller neighbours of a nonzero board, most promising first: each set bit
// cleared (highest first), then each set bit moved to a lower free position.
// Never zero (zero has checks of its own), never outside `domain` (a bit
// moves only to a free square of the domain).
std::vector<word> board_shrinks(word b, word domain);
// 64-bit boards, every bit in the domain.
std::vector<std::uint64_t> board_shrinks(std::uint64_t b);

// Greedy shrinking of `failure`: neighbours(failure) lists candidates,
// attempt(candidate) returns the failure at that candidate if it still fails.
template <class Failure, class Neighbours, class Attempt>
Failure shrink_greedy(Failure failure, Neighbours neighbours, Attempt attempt) {
  for (bool progress = true; progress;) {
    progress = false;
    for (const auto& candidate : neighbours(failure)) {
      if (std::optional<Failure> f = attempt(candidate)) {
        failure = std::move(*f);
        progress = true;
        break;
      }
    }
  }
  return failure;
}

}  // namespace scanproof
