// The sweep's fast judgement (conformance/src/result_checks.hpp) in both of
// its ways, whichever this ISA uses: each says "wrong" for exactly the results
// that differ from the reference, including results out of [0, 63].
#include "../src/result_checks.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "scanproof/inputs.hpp"

namespace scanproof {
namespace {

std::int64_t right(op o, std::uint64_t b) {
  switch (o) {
    case op::lsb:
    case op::ctz: return std::countr_zero(b);
    case op::msb: return 63 - std::countl_zero(b);
    case op::clz: return std::countl_zero(b);
    default: return std::popcount(b);
  }
}

std::vector<std::uint64_t> boards() {
  std::vector<std::uint64_t> v;
  for (int i = 0; i < 64; ++i) {
    v.push_back(std::uint64_t{1} << i);
    v.push_back(~std::uint64_t{0} << i);
    v.push_back(~std::uint64_t{0} >> i);
  }
  splitmix64 r{42};
  for (int i = 0; i < 4000; ++i) {
    const std::uint64_t x = r.next();
    v.push_back(x >> (x % 64) | std::uint64_t{1} << (x % 61));  // nonzero, sparse and dense
  }
  return v;
}

template <count_with how>
void judges_exactly_the_wrong_results() {
  const std::vector<std::uint64_t> bs = boards();
  for (op o : {op::lsb, op::msb, op::ctz, op::clz, op::popcount, op::pop_lsb, op::pop_msb}) {
    const op as = o == op::pop_lsb ? op::lsb : o == op::pop_msb ? op::msb : o;
    for (const std::uint64_t b : bs) {
      const std::int64_t want = right(as, b);
      for (const std::int64_t g : {want, want - 1, want + 1, want + 64, want - 64, std::int64_t{64}, std::int64_t{-1},
                                   std::int64_t{0}, std::int64_t{63}, std::int64_t{127}, std::int64_t{-1023},
                                   INT64_MIN, INT64_MAX, want + (std::int64_t{1} << 32)}) {
        EXPECT_EQ(wrong_results<how>(o, &b, &g, 1) != 0, g != want)
            << "op " << static_cast<int>(o) << " board " << std::hex << b << " result " << std::dec << g;
      }
    }
    // A chunk: all right, then one wrong result anywhere in it.
    std::vector<std::int64_t> got;
    for (const std::uint64_t b : bs) got.push_back(right(as, b));
    EXPECT_EQ(wrong_results<how>(o, bs.data(), got.data(), bs.size()), 0U);
    for (const std::size_t at : {std::size_t{0}, bs.size() / 2, bs.size() - 1}) {
      got[at] ^= 1;
      EXPECT_NE(wrong_results<how>(o, bs.data(), got.data(), bs.size()), 0U) << at;
      got[at] ^= 1;
    }
  }
}

TEST(result_checks, counts_judge_exactly_the_wrong_results) { judges_exactly_the_wrong_results<count_with::counts>(); }
TEST(result_checks, shifts_judge_exactly_the_wrong_results) { judges_exactly_the_wrong_results<count_with::shifts>(); }

}  // namespace
}  // namespace scanproof
