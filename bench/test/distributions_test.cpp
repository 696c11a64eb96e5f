// The bench's boards: the 64-bit ones are the words measured before shapes
// existed (so 64-bit figures stay comparable), and every shape's are nonzero,
// inside its domain and layout, with set-bit counts scaled to the domain.
#include <gtest/gtest.h>

#include <string_view>

#include "distributions.hpp"

namespace scanproof::bench {
namespace {

// A digest of the 1024 plain 64-bit boards of each distribution, recorded
// from the bench before shapes (commit f9c2632's distributions.cpp).
TEST(Distributions, Plain64BoardsAreUnchanged) {
  const std::uint64_t want[] = {0x6aebe66af2ef5002, 0x98dd2d48a16c6f37, 0xfed28387a5d5ea13, 0xe0cce840c7ed19d0};
  for (std::size_t k = 0; k < board_distributions().size(); ++k) {
    const auto& d = board_distributions()[k];
    const std::vector<std::uint64_t> b = boards(d, 1024);
    const std::vector<word> w = boards(d, 1024, integer_shape(64));
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
      x = x * 1000003 ^ b[i];
      ASSERT_EQ(w[i], word{b[i]}) << d.name << " " << i;
    }
    EXPECT_EQ(x, want[k]) << d.name;
  }
}

std::vector<shape> shapes() {
  std::vector<shape> out;
  for (int width : {8, 16, 32, 64, 128}) out.push_back(integer_shape(width));
  shape yane = integer_shape(128);
  yane.arg = argument::halves;
  yane.high_offset = 63;
  yane.index_base = 1;
  yane.domain = yane.all_squares();
  out.push_back(yane);
  shape inner = integer_shape(64);
  inner.domain = word{0x007E7E7E7E7E7E00};
  inner.domain_declared = true;
  out.push_back(inner);
  shape corner = yane;  // 3 squares across the halves' seam
  corner.domain = word::bit(0) | word::bit(62) | word::bit(126);
  corner.domain_declared = true;
  out.push_back(corner);
  return out;
}

TEST(Distributions, EveryShapesBoardsAreNonzeroInsideItsDomain) {
  for (const shape& s : shapes()) {
    const board_space sp = space_of(s);
    for (const auto& d : board_distributions()) {
      const std::string_view n = d.name;
      double bits = 0;
      bool high = false;
      for (const word& b : boards(d, 1024, s)) {
        ASSERT_TRUE(b) << shape_text(s) << " " << n;
        ASSERT_FALSE(b & ~s.domain) << shape_text(s) << " " << n << ": " << render(s, b);
        ASSERT_FALSE(b & ~s.all_squares()) << shape_text(s) << " " << n;
        if (n == "single") {
          ASSERT_EQ(popcount(b), 1);
        }
        bits += popcount(b);
        high = high || b.test(highest_bit(s.domain));
      }
      const double mean = bits / 1024;
      if (n == "uniform") {
        EXPECT_NEAR(mean, sp.size / 2.0, sp.size / 8.0 + 0.5) << shape_text(s);
      }
      if (n == "dense") {
        EXPECT_GE(mean, sp.size * 0.3 - 0.5) << shape_text(s);
      }
      if (n == "sparse") {
        EXPECT_LE(mean, sp.size * 10 / 64.0 + 1) << shape_text(s);
      }
      // The boards reach the domain's top square (the high half of a 128-bit board).
      if (n != "single" && sp.size > 3) {
        EXPECT_TRUE(high) << shape_text(s) << " " << n;
      }
    }
  }
}

}  // namespace
}  // namespace scanproof::bench
