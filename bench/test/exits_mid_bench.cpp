// Test fixture, never in the catalogue: a correct popcount that ends the
// process on one input -- the first word of the bench's "uniform"
// distribution. The conformance checks draw their own inputs, so the exit
// comes in the middle of the measurement, as a real scanner's would.
// SCANPROOF_FIXTURE_EXIT=std_exit picks std::exit(0); otherwise _exit(0).
#include <bit>
#include <cstdlib>
#include <string_view>
#include <unistd.h>

#include "distributions.hpp"
#include "scanproof/candidate.hpp"

namespace {

std::uint64_t trigger() {
  static const std::uint64_t w = [] {
    for (const auto& d : scanproof::bench::board_distributions())
      if (std::string_view(d.name) == "uniform") return scanproof::bench::boards(d, 1)[0];
    std::abort();  // the fixture is out of date with distributions.cpp
  }();
  return w;
}

int exits_mid_bench(std::uint64_t b) {
  if (b == trigger()) {
    const char* how = std::getenv("SCANPROOF_FIXTURE_EXIT");
    if (how && std::string_view(how) == "std_exit") std::exit(0);
    _exit(0);
  }
  return std::popcount(b);
}

}  // namespace

SCANPROOF_CANDIDATE(exits_mid_bench, scanproof::op::popcount);
