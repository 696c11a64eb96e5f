// The canonical driver's judge (property_judge.hpp): what a correct
// implementation reports is what the oracle computes from its manifest line
// alone, whatever its board numbering; anything wrong reports otherwise.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "scanproof/property_driver.hpp"
#include "scanproof/property_judge.hpp"
#ifdef SCANPROOF_HAVE_RAPIDCHECK
#include "scanproof/rapidcheck_run.hpp"
#endif
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

constexpr std::size_t cases = 1000;

// The engines the judge runs, as scanproof_oracle_table does.
const judged_engine engines[] = {
    {canonical_check, run_canonical},
#ifdef SCANPROOF_HAVE_RAPIDCHECK
    {rapidcheck_check, run_rapidcheck_judged},
#endif
};

// Each driver as its tests run it.
struct driver {
  std::string_view name;
  property_run run;
};
const driver drivers[] = {
    {canonical_check, run_canonical},
#ifdef SCANPROOF_HAVE_RAPIDCHECK
    {rapidcheck_check, run_rapidcheck},
#endif
};

// What a test of d reports (the line it appends to the outputs file): of
// every property, or of `only`.
std::string claimed(const descriptor& d, const driver& r, const property* only = nullptr) {
  property_claim claim(judged_check(only, r.name));
  for (const property& p : properties())
    if (applies(p, d) && (!only || &p == only)) claim.add(r.run(p, d, cases));
  return claim.line(d);
}

// What the judge's table holds for that test: "<impl> <check> pass <inputs> <digest>".
std::string expected(const descriptor& d, const driver& r, const property* only = nullptr) {
  const std::string manifest = property_manifest(d, r.name, only ? test_per::property : test_per::implementation, cases);
  const std::string check = judged_check(only, r.name);
  std::istringstream lines(manifest);
  for (std::string m; std::getline(lines, m);) {
    const auto line = parse_manifest_line(m);
    if (!line) return "not a manifest line: " + m;
    if (line->check != check) continue;
    std::string why;
    const auto e = property_oracle(*line, why, engines);
    if (!e) return "no oracle: " + why;
    return d.name + " " + check + " pass " + std::to_string(e->first) + " " + e->second;
  }
  return "no manifest line " + check + " in: " + manifest;
}

TEST(property_judge, a_correct_implementation_reports_the_oracles_calls) {
  for (const driver& r : drivers)
    for (const descriptor& d : {make<lsb, op::lsb>("lsb"), make<ctz, op::ctz>("ctz"),
                                make<popcount, op::popcount>("popcount"), make<pop_lsb, op::pop_lsb>("pop_lsb")})
      EXPECT_EQ(claimed(d, r), expected(d, r)) << d.name << " " << r.name;
}

TEST(property_judge, a_test_of_one_property_reports_that_propertys_calls) {
  const descriptor d = make<popcount, op::popcount>("popcount");
  for (const driver& r : drivers) {
    const std::string c = claimed(d, r, find_property("popcount_xor"));
    EXPECT_EQ(c.rfind("popcount popcount_xor." + std::string(r.name) + " pass ", 0), 0u) << c;
    EXPECT_EQ(c, expected(d, r, find_property("popcount_xor")));
    EXPECT_NE(c.substr(c.rfind(' ')), expected(d, r, find_property("popcount_complement")).substr(c.rfind(' ')));
  }
}

TEST(property_judge, the_oracles_calls_are_in_square_numbering_whatever_the_index_base) {
  const descriptor d = make<lsb_from_1, op::lsb>("lsb_from_1", 1);
  const descriptor plain = make<lsb, op::lsb>("lsb_from_1");
  for (const driver& r : drivers) {
    EXPECT_EQ(claimed(d, r), expected(d, r));
    EXPECT_EQ(expected(d, r), expected(plain, r));
  }
}

TEST(property_judge, a_declared_zero_result_is_the_oracles_too) {
  descriptor d = make<ctz, op::ctz>("ctz_declared");
  d.zero = zero_spec::returns(64, "as the op");
  for (const driver& r : drivers) EXPECT_EQ(claimed(d, r), expected(d, r));
}

TEST(property_judge, a_wrong_implementation_reports_other_calls) {
  for (const driver& r : drivers)
    for (const descriptor& d : {make<lsb_wrong_at_40, op::lsb>("lsb_wrong_at_40"),
                                make<popcount_mod64, op::popcount>("popcount_mod64")}) {
      const std::string c = claimed(d, r), e = expected(d, r);
      EXPECT_EQ(c.rfind(d.name + " " + std::string(r.name) + " fail ", 0), 0u) << c;
      EXPECT_NE(c.substr(c.rfind(' ')), e.substr(e.rfind(' '))) << d.name;
    }
}

TEST(property_judge, an_expected_failure_reports_xfail_with_other_calls) {
  descriptor d = make<popcount_mod64, op::popcount>("popcount_mod64");
  d.expected = {{when::always, scope::nonzero, "drops bit 6 of the count"}};
  for (const driver& r : drivers) {
    const std::string m = property_manifest(d, r.name, test_per::implementation, cases);
    EXPECT_EQ(m.rfind("popcount_mod64 " + std::string(r.name) + " pass,xfail popcount 64 ", 0), 0u) << m;
    const std::string c = claimed(d, r), e = expected(d, r);
    EXPECT_EQ(c.rfind("popcount_mod64 " + std::string(r.name) + " xfail ", 0), 0u) << c;
    EXPECT_EQ(c.substr(0, c.rfind(' ')).substr(c.find(" xfail ") + 7), e.substr(0, e.rfind(' ')).substr(e.find(" pass ") + 6))
        << "the same planned inputs";
    EXPECT_NE(c.substr(c.rfind(' ')), e.substr(e.rfind(' ')));
  }
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
  EXPECT_FALSE(property_oracle(*line, why, engines));
  EXPECT_EQ(why, "");
  line = parse_manifest_line("x nonsense.canonical pass lsb 64 integer 0 0 18446744073709551615 0 0 - 10");
  ASSERT_TRUE(line);
  EXPECT_FALSE(property_oracle(*line, why, engines));
  EXPECT_EQ(why, "");
  line = parse_manifest_line("x canonical pass lsb 64 integer 0 0 18446744073709551615 0 0 -");
  ASSERT_TRUE(line);
  EXPECT_FALSE(property_oracle(*line, why, engines));
  EXPECT_NE(why.find("is not a positive number"), std::string::npos) << why;
  line = parse_manifest_line("x canonical pass lsb 64 integer 0 0 18446744073709551615 0 0 - 4x");
  ASSERT_TRUE(line);
  EXPECT_FALSE(property_oracle(*line, why, engines));
  EXPECT_NE(why.find("'4x' is not a positive number"), std::string::npos) << why;
  // A target's RapidCheck line, asked of a table program built without RapidCheck.
  const judged_engine canonical_only[] = {{canonical_check, run_canonical}};
  line = parse_manifest_line("x serialization.rapidcheck pass lsb 64 integer 0 0 18446744073709551615 0 0 - 10");
  ASSERT_TRUE(line);
  why.clear();
  EXPECT_FALSE(property_oracle(*line, why, canonical_only));
  EXPECT_NE(why.find("built without RapidCheck"), std::string::npos) << why;
}

}  // namespace
