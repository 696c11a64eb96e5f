// The checks on every shape (shape.hpp): user scanners of other widths, of
// two-half boards and of declared domains fail with a counterexample in their
// own shape, or pass, exactly as issue 19's "done when" asks.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "scanproof/batch.hpp"
#include "scanproof/checks.hpp"
#include "test_descriptor.hpp"

namespace {
using namespace scanproof;
using u64 = std::uint64_t;
using scanproof::testing::make;

struct halves {
  u64 p[2];
};
// Declared for the 63 layout, but adds 64 for the high half.
int lsb_offset_wrong(halves b) { return b.p[0] ? std::countr_zero(b.p[0]) : 64 + std::countr_zero(b.p[1]); }
int lsb_offset_right(halves b) { return b.p[0] ? std::countr_zero(b.p[0]) : 63 + std::countr_zero(b.p[1]); }
// A 32-bit build's split of a 64-bit lsb with the halves swapped.
int split_swapped(u64 b) {
  const auto hi = static_cast<std::uint32_t>(b >> 32);
  return hi ? 32 + std::countr_zero(hi) : std::countr_zero(static_cast<std::uint32_t>(b));
}
// clz of a uint16_t through the 32-bit builtin.
int clz16_builtin(std::uint16_t b) { return __builtin_clz(b); }
// Draughts: wrong only on bits outside the 50 squares / on one of them.
constexpr u64 draughts = 0x7DF3EF9F7CFBE7DFULL;
int draughts_wrong_outside(u64 b) { return (b & ~draughts) ? 99 : std::countr_zero(b); }
int draughts_wrong_on_square(u64 b) { return std::countr_zero(b) == 13 ? 14 : std::countr_zero(b); }  // 13: a square (12 is a ghost bit)
// A correct (lo, hi) scan numbering squares from 1.
int lsb_from1(u64 lo, u64 hi) { return 1 + (lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi)); }

TEST(shape_checks, two_half_board_with_the_wrong_offset_fails_in_two_halves) {
  const descriptor d = make<lsb_offset_wrong, op::lsb>("lsb_offset_wrong", 63);
  const impl_summary s = run_implementation(d);
  EXPECT_EQ(s.overall, verdict::fail);
  ASSERT_TRUE(s.counterexample);
  EXPECT_EQ(s.counterexample->input, word::bit(63));  // square 63: bit 0 of the high half
  EXPECT_EQ(s.headline, "lsb128({lo=0x0000000000000000, hi=0x0000000000000001}) expected 63, got 64");
  EXPECT_EQ(run_implementation(make<lsb_offset_right, op::lsb>("lsb_offset_right", 63)).overall, verdict::pass);
}

TEST(shape_checks, split_scan_with_the_halves_swapped_fails) {
  const check_outcome r = run_check(make<split_swapped, op::lsb>("split_swapped"), "bit_pairs");
  EXPECT_EQ(r.v, verdict::fail);
  ASSERT_TRUE(r.seen.smallest);
  EXPECT_EQ(popcount(r.seen.smallest->input), 2);
  EXPECT_NE(r.message.find("lsb(0x0000000100000001) expected 0, got 32"), std::string::npos) << r.message;
}

TEST(shape_checks, clz_of_a_uint16_through_the_32_bit_builtin_fails_exhaustively) {
  const descriptor d = make<clz16_builtin, op::clz>("clz16_builtin");
  EXPECT_EQ(check_names(d), (std::vector<std::string>{"known_answers", "exhaustive", "zero"}));
  const check_outcome r = run_check(d, "exhaustive");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_EQ(r.seen.inputs, 65535u);
  EXPECT_EQ(r.seen.failures, 65535u);
  EXPECT_NE(r.message.find("clz16(0x0001) expected 15, got 31"), std::string::npos) << r.message;
}

TEST(shape_checks, a_scanner_wrong_only_outside_its_domain_passes_for_that_domain) {
  const word domain{draughts};
  EXPECT_EQ(run_implementation(make<draughts_wrong_outside, op::lsb>("outside", 64, 0, &domain)).overall,
            verdict::pass);
  // Without the declaration it is judged on every bit, and fails.
  EXPECT_EQ(run_implementation(make<draughts_wrong_outside, op::lsb>("outside_undeclared")).overall,
            verdict::fail);
}

TEST(shape_checks, a_scanner_wrong_on_a_domain_square_fails_inside_the_domain) {
  const word domain{draughts};
  const impl_summary s = run_implementation(make<draughts_wrong_on_square, op::lsb>("on_square", 64, 0, &domain));
  EXPECT_EQ(s.overall, verdict::fail);
  ASSERT_TRUE(s.counterexample);
  EXPECT_FALSE(s.counterexample->input & ~domain);
  EXPECT_EQ(s.counterexample->input, word::bit(13));
}

TEST(shape_checks, index_base_one_is_honoured) {
  const word squares81 = word::ones(81);
  EXPECT_EQ(run_implementation(make<lsb_from1, op::lsb>("lsb_from1", 64, 1, &squares81)).overall, verdict::pass);
  const impl_summary s = run_implementation(make<lsb_from1, op::lsb>("lsb_from1_as_0", 64, 0, &squares81));
  EXPECT_EQ(s.overall, verdict::fail);
  EXPECT_NE(s.headline.find("lsb128({lo=0x0000000000000001, hi=0x0000000000000000}) expected 0, got 1"),
            std::string::npos)
      << s.headline;
}

TEST(shape_checks, a_declared_domain_outside_the_layout_is_refused) {
  shape sh = integer_shape(128);
  sh.arg = argument::pair;
  sh.high_offset = 63;
  sh.domain = word::bit(127);
  EXPECT_NE(shape_error(op::lsb, sh).find("outside the layout's 127 squares"), std::string::npos);
  sh.high_offset = 62;
  EXPECT_NE(shape_error(op::lsb, sh).find("high_offset 62"), std::string::npos);
}

}  // namespace
