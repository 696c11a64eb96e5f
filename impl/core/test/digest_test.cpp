// digest.hpp's two loop orders are one digest: whichever a target's add()
// takes (interleaved on 64-bit registers, one lane at a time on 32-bit ones),
// every producer and judge gets the same value for the same sequence.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"

namespace scanproof {
namespace {

TEST(digest, both_loop_orders_give_the_same_digest_for_any_chunking) {
  std::vector<std::uint64_t> v(1003);
  splitmix64 sm{11};
  for (auto& x : v) x = sm.next();
  value_digest reference;
  for (const std::uint64_t x : v) reference.add(x);  // value by value: lane i % 4
  for (std::size_t step : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 64u, 1000u, 1003u}) {
    value_digest strided, interleaved, both_a, both_b;
    for (std::size_t i = 0; i < v.size(); i += step) {
      const std::size_t n = std::min(step, v.size() - i);
      strided.add_strided(v.data() + i, n);
      interleaved.add_interleaved(v.data() + i, n);
      value_digest::add_both(both_a, v.data() + i, both_b, v.data() + i, n);
    }
    EXPECT_EQ(strided.value(), reference.value()) << "chunks of " << step;
    EXPECT_EQ(interleaved.value(), reference.value()) << "chunks of " << step;
    EXPECT_EQ(both_a.value(), reference.value()) << "chunks of " << step;
    EXPECT_EQ(both_b.value(), reference.value()) << "chunks of " << step;
  }
  value_digest strided_flipped;
  v[601] ^= std::uint64_t{1} << 40;
  strided_flipped.add_strided(v.data(), v.size());
  EXPECT_NE(strided_flipped.value(), reference.value());
}

}  // namespace
}  // namespace scanproof
