// Tests of the check engine itself: deliberately broken copies of catalogue
// entries must fail with their minimal counterexample, and the expectation
// machinery must turn unexpected passes into failures.
#include <gtest/gtest.h>

#include <bit>

#include "scanproof/batch.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"

namespace {
using namespace scanproof;

// Walisch's De Bruijn scan with two table entries swapped: the ones that
// bits 62 and 61 hash to. Only those two single bits go wrong.
constexpr int swapped_index64[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  62,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  61,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};
int walisch_swapped(std::uint64_t bb) {
  return swapped_index64[((bb ^ (bb - 1)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

// The Bit Hacks SWAR popcount with the nibble step shifting by 3, not 4.
int swar_wrong_shift(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 3)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// An msb that loses the top bit: right everywhere except words with bit 63.
int msb_drops_bit63(std::uint64_t b) { return 63 - std::countl_zero(b & 0x7fffffffffffffffULL); }

int correct_ctz(std::uint64_t b) { return std::countr_zero(b); }
int ctz_zero_is_63(std::uint64_t b) { return b ? std::countr_zero(b) : 63; }

descriptor make(const char* n, op o, batch_fn f) {
  descriptor d;
  d.name = n;
  d.operation = o;
  d.batch = f;
  return d;
}

TEST(check_engine, swapped_table_entry_at_bit_62_fails_with_minimal_input) {
  const descriptor d = make("walisch_swapped", op::lsb, &batch<walisch_swapped>);
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_EQ(r.seen.failures, 2u);
  ASSERT_TRUE(r.seen.smallest);
  EXPECT_EQ(r.seen.smallest->input, 0x2000000000000000ULL);
  EXPECT_NE(r.message.find("lsb(0x2000000000000000) expected 61, got 62"), std::string::npos)
      << r.message;
  // A random family finds it too, and shrinks to a single bit.
  const check_outcome rnd = run_check(d, "random_above_lsb");
  EXPECT_EQ(rnd.v, verdict::fail);
  ASSERT_TRUE(rnd.seen.smallest);
  EXPECT_EQ(popcount(rnd.seen.smallest->input), 1) << hex(rnd.seen.smallest->input.lo);
  EXPECT_NE(r.message.find("walisch_swapped"), std::string::npos);
}

TEST(check_engine, wrong_shift_fails_with_minimal_input) {
  const descriptor d = make("swar_wrong_shift", op::popcount, &batch<swar_wrong_shift>);
  const check_outcome r = run_check(d, "random_uniform");
  EXPECT_EQ(r.v, verdict::fail);
  ASSERT_TRUE(r.seen.smallest);
  // Shrinking reaches the smallest word the bug shows on: bit 4 alone, counted
  // once in its own nibble and again after the shift by 3.
  EXPECT_EQ(r.seen.smallest->input, 0x0000000000000010ULL) << r.message;
  EXPECT_NE(r.message.find("popcount(0x0000000000000010) expected 1, got 2"), std::string::npos)
      << r.message;
}

TEST(check_engine, bug_on_bit_63_only_is_found_by_every_family_that_sets_it) {
  const descriptor d = make("msb_drops_bit63", op::msb, &batch<msb_drops_bit63>);
  for (const char* c : {"known_answers", "single_bits", "masks", "windows8", "random_uniform"}) {
    const check_outcome r = run_check(d, c);
    EXPECT_EQ(r.v, verdict::fail) << c;
    ASSERT_TRUE(r.seen.smallest) << c;
    EXPECT_EQ(r.seen.smallest->input, 0x8000000000000000ULL) << c;
  }
}

TEST(check_engine, zero_contract_is_enforced_for_ctz) {
  const descriptor bad = make("ctz_zero_is_63", op::ctz, &batch<ctz_zero_is_63>);
  const check_outcome r = run_check(bad, "zero");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_NE(r.message.find("ctz(0x0000000000000000) expected 64, got 63"), std::string::npos) << r.message;
  EXPECT_EQ(run_check(make("ok", op::ctz, &batch<correct_ctz>), "zero").v, verdict::pass);
}

TEST(check_engine, lsb_zero_is_never_called_for_candidates) {
  descriptor d = make("c", op::lsb, &batch<correct_ctz>);
  d.candidate = true;
  EXPECT_EQ(run_check(d, "zero").v, verdict::skip);
}

TEST(check_engine, expected_failure_observed_is_xfail) {
  descriptor d = make("swapped", op::lsb, &batch<walisch_swapped>);
  d.expected = {{when::always, scope::nonzero, "deliberately swapped"}};
  EXPECT_EQ(run_check(d, "single_bits").v, verdict::xfail);
  EXPECT_EQ(run_check(d, "expected_failure").v, verdict::xfail);
}

TEST(check_engine, unexpected_pass_is_a_failure) {
  descriptor d = make("correct", op::ctz, &batch<correct_ctz>);
  d.expected = {{when::always, scope::nonzero, "claimed broken"},
                {when::always, scope::zero, "claimed broken on zero"}};
  EXPECT_EQ(run_check(d, "expected_failure").v, verdict::xpass);
  EXPECT_EQ(run_check(d, "zero").v, verdict::xpass);
  EXPECT_TRUE(is_failure(verdict::xpass));
}

TEST(check_engine, expectation_for_another_target_is_a_skip_here) {
  descriptor d = make("correct", op::ctz, &batch<correct_ctz>);
  d.expected = {{{"never", [] { return false; }}, scope::nonzero, "only elsewhere"}};
  const check_outcome r = run_check(d, "expected_failure");
  EXPECT_EQ(r.v, verdict::skip);
  EXPECT_NE(r.message.find("only elsewhere"), std::string::npos);
  EXPECT_EQ(run_check(d, "single_bits").v, verdict::pass);
}

TEST(check_engine, unbuilt_and_unsupported_entries_are_skipped_with_reason) {
  descriptor d = make("arm_only", op::clz, nullptr);
  d.unavailable = "AArch64 only";
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::skip);
  EXPECT_NE(r.message.find("AArch64 only"), std::string::npos);
}

// What a sweep reports besides its verdict: every input of the set ran, the
// digest is value_digest of the outputs in input order (the one definition
// the matrix report and a separate judge compare), and the scanner's own time
// is part of the check's.
TEST(check_engine, sweep_digests_every_output_in_order_and_times_the_scanner) {
  const descriptor d = make("ok", op::ctz, &batch<correct_ctz>);
  const check_outcome r = run_check(d, "random_sparse");
  const input_values& v = values_of(*find_input_set("random_sparse"), 64);
  value_digest want;
  for (std::size_t i = 0; i < v.count; ++i) want.add(static_cast<std::uint64_t>(std::countr_zero(v.data[i])));
  EXPECT_EQ(r.v, verdict::pass);
  EXPECT_EQ(r.seen.inputs, v.count);
  ASSERT_TRUE(r.seen.digest);
  EXPECT_EQ(*r.seen.digest, want.value());
  EXPECT_GT(r.seen.scanner_seconds, 0.0);
  EXPECT_LE(r.seen.scanner_seconds, r.seconds);
  // One wrong output changes it.
  const check_outcome w = run_check(make("w", op::msb, &batch<msb_drops_bit63>), "random_sparse");
  ASSERT_TRUE(w.seen.digest);
  EXPECT_NE(*w.seen.digest, *r.seen.digest);
}

TEST(check_engine, unknown_check_is_an_error) {
  EXPECT_EQ(run_check(make("x", op::ctz, &batch<correct_ctz>), "no_such_check").v, verdict::fail);
}

}  // namespace
