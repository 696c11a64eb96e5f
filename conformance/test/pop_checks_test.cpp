// The checks of the pop ops (op.hpp: pop_lsb, pop_msb): a mutating scanner,
// by reference or by pointer, at several widths and layouts, judged on its
// index and on the board it leaves, with both boards in the counterexample,
// the JSON and the digest.
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

int pop_lsb8(std::uint8_t& b) {
  const int i = std::countr_zero(b);
  b = static_cast<std::uint8_t>(b & (b - 1));
  return i;
}
int pop_msb32(std::uint32_t* b) {  // C's form: the board by pointer
  const int i = 31 - std::countl_zero(*b);
  *b ^= std::uint32_t{1} << i;
  return i;
}
// YaneuraOu/Apery's layout: squares 0..62 in p[0], 63 + k in bit k of p[1], numbered from 1.
struct halves {
  u64 p[2];
};
int pop_lsb_yane(halves& b) {
  if (b.p[0]) {
    const int i = std::countr_zero(b.p[0]);
    b.p[0] &= b.p[0] - 1;
    return 1 + i;
  }
  const int i = std::countr_zero(b.p[1]);
  b.p[1] &= b.p[1] - 1;
  return 1 + 63 + i;
}
// Right index, but clears the bit above it (an off-by-one reset).
int pop_lsb_clears_next(u64& b) {
  const int i = std::countr_zero(b);
  b &= ~(u64{2} << i);
  return i;
}
// Right board left, but the index of the next square (reset before the scan).
int pop_lsb_scans_after(u64& b) {
  b &= b - 1;
  return std::countr_zero(b);
}
int pop_lsb_right(u64& b) {
  const int i = std::countr_zero(b);
  b &= b - 1;
  return i;
}

TEST(pop_checks, correct_poppers_pass_at_every_width_and_layout) {
  for (const descriptor& d : {make<pop_lsb8, op::pop_lsb>("pop_lsb8"),
                              make<pop_msb32, op::pop_msb>("pop_msb32"),
                              make<pop_lsb_yane, op::pop_lsb>("pop_lsb_yane", 63, 1),
                              make<pop_lsb_right, op::pop_lsb>("pop_lsb_right")}) {
    const impl_summary s = run_implementation(d);
    EXPECT_EQ(s.overall, verdict::pass) << d.name << ": " << s.headline;
    EXPECT_TRUE(s.digest) << d.name;
  }
}

TEST(pop_checks, the_shape_comes_from_the_board_type_behind_the_reference_or_pointer) {
  EXPECT_EQ((make<pop_lsb8, op::pop_lsb>("a").sh.width), 8);
  EXPECT_EQ((make<pop_msb32, op::pop_msb>("b").sh.width), 32);
  const descriptor y = make<pop_lsb_yane, op::pop_lsb>("c", 63, 1);
  EXPECT_EQ(y.sh.width, 128);
  EXPECT_EQ(y.sh.arg, argument::pair);
  EXPECT_EQ(op_label(op::pop_lsb, y.sh), "pop_lsb128");
}

TEST(pop_checks, clearing_the_wrong_square_fails_with_both_boards) {
  const impl_summary s = run_implementation(make<pop_lsb_clears_next, op::pop_lsb>("clears_next"));
  EXPECT_EQ(s.overall, verdict::fail);
  ASSERT_TRUE(s.counterexample);
  EXPECT_EQ(s.headline,
            "pop_lsb(0x0000000000000001) expected 0 leaving 0x0000000000000000, got 0 leaving "
            "0x0000000000000001");
  EXPECT_TRUE(s.counterexample->reproduced);
  const std::string js = to_json(s);
  EXPECT_NE(js.find("\"input\": \"0x0000000000000001\", \"expected\": 0, \"got\": 0, "
                    "\"expected_after\": \"0x0000000000000000\", \"got_after\": \"0x0000000000000001\""),
            std::string::npos)
      << js;
}

TEST(pop_checks, returning_the_index_after_clearing_fails_with_both_boards) {
  const impl_summary s = run_implementation(make<pop_lsb_scans_after, op::pop_lsb>("scans_after"));
  EXPECT_EQ(s.overall, verdict::fail);
  EXPECT_EQ(s.headline,
            "pop_lsb(0x0000000000000001) expected 0 leaving 0x0000000000000000, got 64 leaving "
            "0x0000000000000000");
}

TEST(pop_checks, a_wrong_board_on_a_two_half_layout_is_shown_in_halves) {
  // The YaneuraOu popper declared with the 64 layout: square 63 is bit 63 of
  // p[0] there, which this popper never reads as a square.
  const check_outcome r = run_check(make<pop_lsb_yane, op::pop_lsb>("yane_as_64", 64, 1), "single_bits");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_NE(r.message.find("leaving {lo="), std::string::npos) << r.message;
}

// The digest covers the board left behind: two poppers with the same indices
// everywhere but different boards left have different digests.
TEST(pop_checks, the_digest_covers_the_board_left_behind) {
  const check_outcome right = run_check(make<pop_lsb_right, op::pop_lsb>("right"), "random_uniform");
  const check_outcome wrong = run_check(make<pop_lsb_clears_next, op::pop_lsb>("next"), "random_uniform");
  ASSERT_TRUE(right.seen.digest && wrong.seen.digest);
  EXPECT_NE(*right.seen.digest, *wrong.seen.digest);
}

// The batch without `after` (every driver that reads an index) calls the
// popper on a copy: the caller's board is untouched and the index is the
// pop's. With `after` it writes the board the pop left.
TEST(pop_checks, the_batch_returns_the_pops_index_and_the_board_left_when_asked) {
  const descriptor d = make<pop_msb32, op::pop_msb>("pop_msb32");
  const word in{0x80000001};
  EXPECT_EQ(call_one(d.batch, in), 31);
  EXPECT_EQ(in, word{0x80000001});
  word after;
  EXPECT_EQ(call_one(d.batch, in, after), 31);
  EXPECT_EQ(after, word{1});
}

// A scan's batch (batch_fn) leaves every board as it was: asked for the
// boards left behind, it writes its inputs, halves and all.
int scan_lsb(std::uint64_t b) { return std::countr_zero(b); }
TEST(pop_checks, a_scans_batch_leaves_its_boards_as_they_were) {
  const descriptor d = make<scan_lsb, op::lsb>("scan_lsb");
  const word in[3] = {word{0x30}, word{0x8000000000000000ULL}, word{0x1234, 0x5678}};
  std::int64_t out[3] = {};
  word after[3];
  d.batch(in, out, after, 3);
  EXPECT_EQ(out[0], 4);
  EXPECT_EQ(out[1], 63);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(after[i], in[i]) << i;
}

}  // namespace
