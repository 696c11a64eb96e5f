// The canonical driver's judge (property_judge.hpp): what a correct
// implementation reports is what the oracle computes from its manifest line
// alone, whatever its board numbering; anything wrong reports otherwise.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string>

#include "scanproof/property_driver.hpp"
#include "scanproof/property_judge.hpp"
#include "test_descriptor.hpp"

namespace {
using namespace scanproof;
using u64 = std::uint64_t;

int lsb(u64 b) { return std::countr_zero(b); }
int lsb_from_1(u64 b) { return std::countr_zero(b) + 1; }
int ctz(u64 b) { return std::countr_zero(b); }
int popcount(u64 b) { return std::popcount(b); }
int popcount_mod64(u64 b) { return std::popcount(b) & 63; }
int pop_lsb(u64& b) {
  const int s = std::countr_zero(b);
  b &= b - 1;
  return s;
}
int lsb_wrong_at_40(u64 b) { return std::countr_zero(b) == 40 ? 41 : std::countr_zero(b); }

// A candidate of F as op O (conformance/test/test_descriptor.hpp).
template <auto F, op O>
descriptor make(const char* name, int index_base = 0) {
  return scanproof::testing::make<F, O>(name, 64, index_base);
}

constexpr std::size_t cases = 2000;

// What the driver reports for d: the line its test appends to the outputs file.
std::string claimed(const descriptor& d) {
  canonical_claim claim;
  for (const property& p : properties())
    if (applies(p, d)) claim.add(run_canonical(p, d, cases));
  return claim.line(d);
}

// What the judge's table holds for d: "<impl> canonical <allowed> <inputs> <digest>".
std::string expected(const descriptor& d) {
  std::string m = canonical_manifest(d, cases);
  m.pop_back();  // its newline
  const auto line = parse_manifest_line(m);
  if (!line) return "not a manifest line: " + m;
  std::string why;
  const auto e = canonical_oracle(*line, why);
  if (!e) return "no oracle: " + why;
  return d.name + " canonical pass " + std::to_string(e->first) + " " + e->second;
}

TEST(property_judge, a_correct_implementation_reports_the_oracles_calls) {
  for (const descriptor& d : {make<lsb, op::lsb>("lsb"), make<ctz, op::ctz>("ctz"),
                              make<popcount, op::popcount>("popcount"), make<pop_lsb, op::pop_lsb>("pop_lsb")})
    EXPECT_EQ(claimed(d), expected(d)) << d.name;
}

TEST(property_judge, the_oracles_calls_are_in_square_numbering_whatever_the_index_base) {
  const descriptor d = make<lsb_from_1, op::lsb>("lsb_from_1", 1);
  const descriptor plain = make<lsb, op::lsb>("lsb_from_1");
  EXPECT_EQ(claimed(d), expected(d));
  EXPECT_EQ(expected(d), expected(plain));
}

TEST(property_judge, a_declared_zero_result_is_the_oracles_too) {
  descriptor d = make<ctz, op::ctz>("ctz_declared");
  d.zero = zero_spec::returns(64, "as the op");
  EXPECT_EQ(claimed(d), expected(d));
}

TEST(property_judge, a_wrong_implementation_reports_other_calls) {
  for (const descriptor& d : {make<lsb_wrong_at_40, op::lsb>("lsb_wrong_at_40"),
                              make<popcount_mod64, op::popcount>("popcount_mod64")}) {
    const std::string c = claimed(d), e = expected(d);
    EXPECT_EQ(c.rfind(d.name + " canonical fail ", 0), 0u) << c;
    EXPECT_NE(c.substr(c.rfind(' ')), e.substr(e.rfind(' '))) << d.name;
  }
}

TEST(property_judge, an_expected_failure_reports_xfail_with_other_calls) {
  descriptor d = make<popcount_mod64, op::popcount>("popcount_mod64");
  d.expected = {{when::always, scope::nonzero, "drops bit 6 of the count"}};
  EXPECT_EQ(canonical_manifest(d, cases).rfind("popcount_mod64 canonical pass,xfail popcount 64 ", 0), 0u);
  const std::string c = claimed(d), e = expected(d);
  EXPECT_EQ(c.rfind("popcount_mod64 canonical xfail ", 0), 0u) << c;
  EXPECT_NE(c.substr(c.rfind(' ')), e.substr(e.rfind(' ')));
}

// A law's operands are evaluated in an order C++ leaves open (GCC for s390x
// and mips calls lsb(b << k) and lsb(b) the other way round from x86-64):
// within a case the calls may come in any order, the cases may not.
TEST(property_judge, the_log_is_the_same_whichever_operand_a_target_evaluates_first) {
  call_log one, other, reordered;
  one.add(word{4}, 2), one.add(word{1}, 0), one.end_case(), one.add(word{8}, 3), one.end_case();
  other.add(word{1}, 0), other.add(word{4}, 2), other.end_case(), other.add(word{8}, 3), other.end_case();
  reordered.add(word{8}, 3), reordered.end_case(), reordered.add(word{4}, 2), reordered.add(word{1}, 0),
      reordered.end_case();
  EXPECT_EQ(one.digest.value(), other.digest.value());
  EXPECT_NE(one.digest.value(), reordered.digest.value());
  call_log wrong;
  wrong.add(word{4}, 2), wrong.add(word{1}, 1), wrong.end_case(), wrong.add(word{8}, 3), wrong.end_case();
  EXPECT_NE(one.digest.value(), wrong.digest.value());
}

TEST(property_judge, the_oracle_answers_only_its_own_well_formed_lines) {
  std::string why;
  auto line = parse_manifest_line("x single_bits pass lsb 64 integer 0 0 18446744073709551615 0 0 -");
  ASSERT_TRUE(line);
  EXPECT_FALSE(canonical_oracle(*line, why));
  EXPECT_EQ(why, "");
  line = parse_manifest_line("x canonical pass lsb 64 integer 0 0 18446744073709551615 0 0 -");
  ASSERT_TRUE(line);
  EXPECT_FALSE(canonical_oracle(*line, why));
  EXPECT_NE(why.find("no budget of cases"), std::string::npos) << why;
  line = parse_manifest_line("x canonical pass lsb 64 integer 0 0 18446744073709551615 0 0 - 4x");
  ASSERT_TRUE(line);
  EXPECT_FALSE(canonical_oracle(*line, why));
  EXPECT_NE(why.find("'4x' is not a number"), std::string::npos) << why;
}

}  // namespace
