// Pop scanners registered as candidates the way engines write them, one line
// each: by non-const reference (Stockfish's `Square pop_lsb(Bitboard& b)`
// form) and by pointer (Ethereal's `int poplsb(uint64_t* b)` form). Each is
// found in the registry and run like any implementation.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include <scanproof/candidate.hpp>
#include "scanproof/checks.hpp"

namespace {

int engine_pop_lsb(std::uint64_t& b) {
  const int s = std::countr_zero(b);
  b &= b - 1;
  return s;
}
int engine_pop_msb(std::uint64_t* b) {
  const int s = 63 - std::countl_zero(*b);
  *b ^= std::uint64_t{1} << s;
  return s;
}
// A by-reference popper that forgets to clear: its index is right, its board is not.
int engine_pop_lsb_keeps(std::uint64_t& b) { return std::countr_zero(b); }

}  // namespace

SCANPROOF_CANDIDATE(engine_pop_lsb, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE(engine_pop_msb, scanproof::op::pop_msb);
SCANPROOF_CANDIDATE(engine_pop_lsb_keeps, scanproof::op::pop_lsb);

namespace {
using namespace scanproof;

TEST(pop_candidates, a_reference_and_a_pointer_popper_register_in_one_line_and_pass) {
  for (const char* n : {"engine_pop_lsb", "engine_pop_msb"}) {
    const descriptor* d = find(n);
    ASSERT_TRUE(d) << n;
    EXPECT_TRUE(d->candidate);
    EXPECT_TRUE(d->pop_batch) << n;
    const impl_summary s = run_implementation(*d);
    EXPECT_EQ(s.overall, verdict::pass) << n << ": " << s.headline;
  }
  EXPECT_EQ(find("engine_pop_msb")->operation, op::pop_msb);
}

TEST(pop_candidates, a_popper_that_does_not_clear_fails_on_the_board_it_leaves) {
  const descriptor* d = find("engine_pop_lsb_keeps");
  ASSERT_TRUE(d);
  const impl_summary s = run_implementation(*d);
  EXPECT_EQ(s.overall, verdict::fail);
  EXPECT_EQ(s.headline,
            "pop_lsb(0x0000000000000001) expected 0 leaving 0x0000000000000000, got 0 leaving "
            "0x0000000000000001");
}

// C's form (pop_candidates.c): the board by pointer, at 64, 32 and 128 bits.
TEST(pop_candidates, c_pointer_poppers_register_in_one_line_and_pass) {
  for (const char* n : {"c_poplsb", "c_popmsb32", "c_poplsb_shogi"}) {
    const descriptor* d = find(n);
    ASSERT_TRUE(d) << n;
    EXPECT_TRUE(d->pop_batch) << n;
    const impl_summary s = run_implementation(*d);
    EXPECT_EQ(s.overall, verdict::pass) << n << ": " << s.headline;
  }
  EXPECT_EQ(find("c_popmsb32")->sh.width, 32);
  EXPECT_EQ(find("c_poplsb_shogi")->sh.arg, argument::pair);
  EXPECT_EQ(find("c_poplsb_shogi")->sh.high_offset, 63);
}

TEST(pop_candidates, a_c_popper_that_clears_the_wrong_square_fails_with_both_boards) {
  const descriptor* d = find("c_poplsb_clears_top");
  ASSERT_TRUE(d);
  const impl_summary s = run_implementation(*d);
  EXPECT_EQ(s.overall, verdict::fail);
  EXPECT_EQ(s.headline,
            "pop_lsb(0x0000000000000003) expected 0 leaving 0x0000000000000002, got 0 leaving "
            "0x0000000000000001");
}

}  // namespace
