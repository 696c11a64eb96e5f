// The sweep's fast judgement (conformance/src/result_checks.hpp) in both of
// its ways, whichever this ISA uses: each says "wrong" for exactly the results
// that differ from the reference, including results out of [0, 63]; and for
// every shape, and the boards a pop op leaves, exactly those that differ from
// expected_result() and the oracle (a "right" there skips the expected values).
#include "../src/result_checks.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "scanproof/inputs.hpp"
#include "scanproof/shape.hpp"

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

// Every kind of shape the catalogue has: one integer of 8 to 64 bits, an
// index base, a declared domain, 128 bits as a number or two halves, the
// 63-offset layout.
std::vector<shape> shapes() {
  std::vector<shape> v;
  for (int w : {8, 16, 32, 64}) v.push_back(integer_shape(w));
  shape based = integer_shape(64);
  based.index_base = 1;
  v.push_back(based);
  shape sparse = integer_shape(64);
  sparse.domain = word{0x7df3ef9f7cfbe7dfULL};
  sparse.domain_declared = true;
  v.push_back(sparse);
  for (argument a : {argument::int128, argument::halves, argument::pair})
    for (int offset : {64, 63})
      for (int index_base : {0, 1}) {
        if (offset == 63 && a == argument::int128) continue;
        shape s = integer_shape(128);
        s.arg = a;
        s.high_offset = offset;
        s.index_base = index_base;
        s.domain = offset == 63 ? word::ones(81) : word::ones(128);
        s.domain_declared = offset == 63;
        v.push_back(s);
      }
  return v;
}

// Nonzero boards in a shape's domain (square space): single squares, runs
// from either end, and random ones, sparse and dense.
std::vector<word> boards_of(const shape& sh) {
  std::vector<word> v;
  const int w = sh.squares();
  for (int i = 0; i < w; ++i) {
    v.push_back(word::bit(i));
    v.push_back(word::ones(w) & ~word::ones(i));
    v.push_back(word::ones(i + 1));
    v.push_back(word::bit(i) | word::bit(w - 1));
  }
  splitmix64 r{7};
  for (int i = 0; i < 3000; ++i) {
    const std::uint64_t x = r.next(), y = r.next();
    v.push_back(word{x >> (x % 64), y >> (y % 64)});
    v.push_back(word{x & y, 0});
    v.push_back(word{0, x | y});
  }
  std::vector<word> in;
  for (const word& b : v)
    if (const word m = b & sh.domain) in.push_back(m);
  return in;
}

std::vector<std::int64_t> candidates(std::int64_t want) {
  return {want, want - 1, want + 1, want + 63, want - 63, want + 64, want - 64, 0, 1, 63, 64, 65, 127, 128, -1,
          INT64_MIN, INT64_MAX, want + (std::int64_t{1} << 32), want - (std::int64_t{1} << 32)};
}

std::vector<op> ops_of(const shape& sh) {
  std::vector<op> v;
  for (op o : {op::lsb, op::msb, op::ctz, op::clz, op::popcount, op::pop_lsb, op::pop_msb})
    if (shape_error(o, sh).empty()) v.push_back(o);
  return v;
}

TEST(result_checks, board_checks_judge_exactly_the_wrong_results_of_every_shape) {
  for (const shape& sh : shapes()) {
    const std::vector<word> bs = boards_of(sh);
    for (op o : ops_of(sh)) {
      std::vector<std::int64_t> got;
      for (const word& b : bs) {
        const std::int64_t want = expected_result(o, sh, b);
        ASSERT_EQ(want, oracle_result(o, sh, b)) << render(sh, b);
        got.push_back(want);
        for (const std::int64_t g : candidates(want))
          ASSERT_EQ(wrong_board_results(o, sh, &b, &g, 1) != 0, g != want)
              << op_label(o, sh) << " base " << sh.index_base << " offset " << sh.high_offset << " board "
              << render(sh, b) << " result " << g;
      }
      EXPECT_EQ(wrong_board_results(o, sh, bs.data(), got.data(), bs.size()), 0U) << op_label(o, sh);
      for (const std::size_t at : {std::size_t{0}, bs.size() / 2, bs.size() - 1}) {
        got[at] += 1;
        EXPECT_NE(wrong_board_results(o, sh, bs.data(), got.data(), bs.size()), 0U) << op_label(o, sh) << " " << at;
        got[at] -= 1;
      }
    }
  }
}

// A pop op's chunk: the index and the board left behind (argument space),
// each wrong in every way a popper can be: the index as above; the square
// left set, another square cleared too, the board's other half changed.
TEST(result_checks, pop_checks_judge_exactly_the_wrong_boards_of_every_shape) {
  for (const shape& sh : shapes()) {
    const std::vector<word> bs = boards_of(sh);
    for (op o : ops_of(sh)) {
      if (!pops(o)) continue;
      for (const word& b : bs) {
        const word arg = to_argument(sh, b);
        const std::int64_t want = expected_result(o, sh, b);
        const word left = to_argument(sh, expected_after(o, b));
        ASSERT_EQ(left, to_argument(sh, oracle_after(o, sh, b))) << render(sh, b);
        for (const std::int64_t g : candidates(want))
          for (const word& after : {left, arg, left ^ word{1}, left ^ word::bit(63), left ^ word::bit(64),
                                    left ^ word::bit(127), word{}, left ^ word{0, 1}})
            ASSERT_EQ(wrong_pop_results(o, sh, &b, &arg, &g, &after, 1) != 0, g != want || after != left)
                << op_label(o, sh) << " offset " << sh.high_offset << " board " << render(sh, b) << " result " << g
                << " leaving " << render_argument(sh, after);
      }
    }
  }
}

}  // namespace
}  // namespace scanproof
