// Pop scanners registered as candidates the way engines write them, one line
// each: by non-const reference (Stockfish's `Square pop_lsb(Bitboard& b)`
// form) and by pointer (Ethereal's `int poplsb(uint64_t* b)` form). Each is
// found in the registry and run like any implementation.
#include <gtest/gtest.h>

#include <algorithm>
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

// YaneuraOu's form: a shogi board (squares 0..62 in p[0], 63 + k in bit k of
// p[1]) that is not trivially copyable, built from its two halves by its own
// constructor, whose scanner is a non-const member function (`Square pop()`).
union ShogiBoard {
  std::uint64_t p[2];
  ShogiBoard(std::uint64_t p0, std::uint64_t p1) : p{p0, p1} {}
  ShogiBoard(const ShogiBoard& o) : p{o.p[0], o.p[1]} {}
  ShogiBoard& operator=(const ShogiBoard&) = default;
  int pop() {
    std::uint64_t& half = p[0] ? p[0] : p[1];
    const int s = std::countr_zero(half) + (&half == &p[0] ? 0 : 63);
    half &= half - 1;
    return s;
  }
  // Clears in the low half only: a high square is returned and left set.
  int pop_low_half_only() {
    const int s = p[0] ? std::countr_zero(p[0]) : 63 + std::countr_zero(p[1]);
    p[0] &= p[0] - 1;
    return s;
  }
};

}  // namespace

SCANPROOF_CANDIDATE(engine_pop_lsb, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE(engine_pop_msb, scanproof::op::pop_msb);
SCANPROOF_CANDIDATE(engine_pop_lsb_keeps, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE_NAMED(shogi_member_pop, &ShogiBoard::pop, scanproof::op::pop_lsb, .high_offset = 63);
SCANPROOF_CANDIDATE_NAMED(shogi_member_pop_low_half, &ShogiBoard::pop_low_half_only, scanproof::op::pop_lsb,
                          .high_offset = 63);
// Under a scan op a non-const member function is called on a copy, as a const one is.
SCANPROOF_CANDIDATE_NAMED(shogi_member_pop_as_lsb, &ShogiBoard::pop, scanproof::op::lsb, .high_offset = 63);
// Ethereal's poplsb and berserk's PopLSB, side by side: names that differ only
// in case are refused (each is a result file's name, and Windows ignores case).
SCANPROOF_CANDIDATE_NAMED(pop_case_twin, engine_pop_lsb, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE_NAMED(Pop_Case_Twin, engine_pop_lsb, scanproof::op::pop_lsb);

namespace {
using namespace scanproof;

// Its batch leaves a board other than the one it was called with: the
// implementation was registered as a popper, not as a scan on a copy.
bool clears_a_square(const descriptor& d) {
  const word b = to_argument(d.sh, word{0x30});
  word after;
  (void)call_one(d.batch, b, after);
  return after != b;
}

TEST(pop_candidates, a_reference_and_a_pointer_popper_register_in_one_line_and_pass) {
  for (const char* n : {"engine_pop_lsb", "engine_pop_msb"}) {
    const descriptor* d = find(n);
    ASSERT_TRUE(d) << n;
    EXPECT_TRUE(d->candidate);
    EXPECT_TRUE(clears_a_square(*d)) << n;
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

TEST(pop_candidates, a_member_popper_of_a_board_built_by_its_constructor_passes_and_its_bug_is_caught) {
  const descriptor* d = find("shogi_member_pop");
  ASSERT_TRUE(d);
  EXPECT_TRUE(clears_a_square(*d));
  EXPECT_EQ(d->sh.width, 128);
  impl_summary s = run_implementation(*d);
  EXPECT_EQ(s.overall, verdict::pass) << s.headline;

  d = find("shogi_member_pop_low_half");
  ASSERT_TRUE(d);
  s = run_implementation(*d);
  EXPECT_EQ(s.overall, verdict::fail);
  EXPECT_EQ(s.headline,
            "pop_lsb128({lo=0x0000000000000000, hi=0x0000000000000001}) expected 63 leaving "
            "{lo=0x0000000000000000, hi=0x0000000000000000}, got 63 leaving {lo=0x0000000000000000, "
            "hi=0x0000000000000001}");

  d = find("shogi_member_pop_as_lsb");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->operation, op::lsb);
  EXPECT_FALSE(clears_a_square(*d));
  s = run_implementation(*d);
  EXPECT_EQ(s.overall, verdict::pass) << s.headline;
}

TEST(pop_candidates, names_that_differ_only_in_case_are_a_registry_error) {
  const auto& errors = registry_errors();
  const bool found = std::any_of(errors.begin(), errors.end(), [](const std::string& e) {
    return e.find(": two candidates are named 'Pop_Case_Twin' and 'pop_case_twin', which differ only in "
                  "case (a name is also a file name, and Windows ignores case in file names)") != std::string::npos;
  });
  EXPECT_TRUE(found) << (errors.empty() ? std::string("no registry errors") : errors.front());
}

// C's form (pop_candidates.c): the board by pointer, at 64, 32 and 128 bits.
TEST(pop_candidates, c_pointer_poppers_register_in_one_line_and_pass) {
  for (const char* n : {"c_poplsb", "c_popmsb32", "c_poplsb_shogi"}) {
    const descriptor* d = find(n);
    ASSERT_TRUE(d) << n;
    EXPECT_TRUE(clears_a_square(*d)) << n;
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
