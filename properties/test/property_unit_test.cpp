// Tests of the properties themselves: each property fails, with its minimal
// input, for a deliberately broken implementation, in the deterministic driver
// and (where built) the RapidCheck driver, in the same format; and holds for
// conforming implementations.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "scanproof/batch.hpp"
#include "scanproof/property_driver.hpp"
#ifdef SCANPROOF_HAVE_RAPIDCHECK
#include "scanproof/bitboard_gen.hpp"
#include "scanproof/rapidcheck_run.hpp"
#endif

namespace {
using namespace scanproof;
using u64 = std::uint64_t;

// ---- Conforming implementations, one per op ------------------------------
int good_lsb(u64 b) { return std::countr_zero(b); }
int good_msb(u64 b) { return 63 - std::countl_zero(b); }
int good_ctz(u64 b) { return std::countr_zero(b); }
int good_clz(u64 b) { return std::countl_zero(b); }
int good_popcount(u64 b) { return std::popcount(b); }

// ---- Deliberately broken ones, each a bug seen in published code ---------
// Double conversion without the rounding guard: words with more than 53
// significant bits round up to the next power of two.
int msb_double_unguarded(u64 b) {
  return static_cast<int>(std::bit_cast<u64>(static_cast<double>(b)) >> 52) - 1023;
}
// __builtin_popcountl ported to a 32-bit long: the high half is not counted.
int popcount_low32(u64 b) { return std::popcount(static_cast<std::uint32_t>(b)); }
// Scharnagl's divide and conquer as printed: the high-half branch forgets + 32.
int lsb_high_half_without_32(u64 b) {
  const auto lo = static_cast<std::uint32_t>(b);
  return lo ? std::countr_zero(lo) : std::countr_zero(static_cast<std::uint32_t>(b >> 32));
}
// __builtin_ctzl on a 32-bit long: the word is truncated, so 32 at most.
int ctz_uint32(u64 b) { return std::countr_zero(static_cast<std::uint32_t>(b)); }
// A 32-bit CLZ applied to each half without adding 32 for the low half.
int clz_pair_without_32(u64 b) {
  const auto hi = static_cast<std::uint32_t>(b >> 32);
  return hi ? std::countl_zero(hi) : std::countl_zero(static_cast<std::uint32_t>(b));
}
// Loses bit 63 (a signed shift or a 63-bit mask).
int msb_drops_bit63(u64 b) { return 63 - std::countl_zero(b & 0x7fffffffffffffffULL); }
// A scan table with one wrong entry: index 0 maps to 1.
int lsb_wrong_at_0(u64 b) { return b & 1 ? 1 : std::countr_zero(b); }
// The same at the other end: index 63 maps to 62.
int msb_wrong_at_63(u64 b) { return b >> 63 ? 62 : 63 - std::countl_zero(b); }
// The count kept in a 6-bit field: popcount(~0) wraps to 0.
int popcount_mod64(u64 b) { return std::popcount(b) & 63; }
// An 8-bit table with one typo: entry 0x03 holds 1, not 2.
int popcount_table_typo(u64 b) {
  int n = 0;
  for (int i = 0; i < 64; i += 8) {
    const auto byte = static_cast<std::uint8_t>(b >> i);
    n += byte == 0x03 ? 1 : std::popcount(byte);
  }
  return n;
}
// The generalized bitScan as printed (rMask = ~(U64)reverse): the forward
// scan returns the MS1B.
int lsb_returns_msb(u64 b) { return 63 - std::countl_zero(b); }

descriptor make(const char* name, op o, batch_fn f) {
  descriptor d;
  d.name = name;
  d.operation = o;
  d.batch = f;
  d.source = __FILE__;
  return d;
}

struct broken_case {
  const char* property;
  descriptor d;
  const char* minimal;  // the shrunk input as reported; nullptr: several local minima
};

std::vector<broken_case> broken_cases() {
  return {
      {"darkthought_lsb_via_msb", make("msb_double_unguarded", op::msb, &batch<msb_double_unguarded>),
       "b=0x0020000000000000"},
      {"cpw_lsb_via_popcount", make("popcount_low32", op::popcount, &batch<popcount_low32>),
       "b=0x0000000200000000"},
      {"isolated_bit_is_one_shl_lsb",
       make("lsb_high_half_without_32", op::lsb, &batch<lsb_high_half_without_32>),
       "b=0x0000000100000000"},
      {"lsb_equals_ctz", make("ctz_uint32", op::ctz, &batch<ctz_uint32>), "b=0x0000000200000000"},
      {"msb_equals_63_minus_clz", make("clz_pair_without_32", op::clz, &batch<clz_pair_without_32>),
       "b=0x0000000000000001"},
      {"msb_via_reversed_lsb", make("msb_drops_bit63", op::msb, &batch<msb_drops_bit63>),
       "b=0x8000000000000000"},
      {"lsb_shift_left", make("lsb_wrong_at_0", op::lsb, &batch<lsb_wrong_at_0>),
       "b=0x0000000000000001, k=1"},
      {"msb_shift_right", make("msb_wrong_at_63", op::msb, &batch<msb_wrong_at_63>),
       "b=0x8000000000000000, k=1"},
      {"popcount_complement", make("popcount_mod64", op::popcount, &batch<popcount_mod64>),
       "b=0xffffffffffffffff"},
      {"popcount_union_intersection",
       make("popcount_table_typo", op::popcount, &batch<popcount_table_typo>), nullptr},
      {"popcount_xor", make("popcount_table_typo", op::popcount, &batch<popcount_table_typo>),
       nullptr},
      {"popcount_clear_lowest", make("popcount_low32", op::popcount, &batch<popcount_low32>),
       "b=0x0000000100000000"},
      {"serialization", make("lsb_returns_msb", op::lsb, &batch<lsb_returns_msb>),
       "b=0x0000000000000003"},
      {"msb_is_floor_log2", make("msb_double_unguarded", op::msb, &batch<msb_double_unguarded>),
       "b=0x003fffffffffffff"},
      {"lsb_msb_agree_on_single_bits",
       make("lsb_high_half_without_32", op::lsb, &batch<lsb_high_half_without_32>), "k=32"},
      {"generalized_bitscan", make("lsb_returns_msb", op::lsb, &batch<lsb_returns_msb>),
       "b=0x0000000000000003"},
      {"clz_mirrors_ctz", make("ctz_uint32", op::ctz, &batch<ctz_uint32>), "b=0x0000000000000001"},
  };
}

std::string line_after(const std::string& message, const std::string& key) {
  const auto at = message.find(key);
  if (at == std::string::npos) return "";
  const auto start = at + key.size();
  return message.substr(start, message.find('\n', start) - start);
}

// The reported input fails, and no shrink step (the shrinker's own moves)
// leads to a smaller failing input: it is a local minimum.
void expect_locally_minimal(const property& p, const descriptor& d, const std::string& message) {
  const std::string shown = line_after(message, "shrunk input: ");
  const auto b_at = shown.find("b=0x"), a_at = shown.find("a=0x");
  ASSERT_NE(b_at, std::string::npos) << message;
  ASSERT_EQ(p.args, uses::b_and_a) << "only two-board properties have several minima";
  ASSERT_NE(a_at, std::string::npos) << message;
  const property_args x{std::stoull(shown.substr(b_at + 4, 16), nullptr, 16),
                        std::stoull(shown.substr(a_at + 4, 16), nullptr, 16), 0};
  const scanners s(d);
  EXPECT_TRUE(evaluate(p, s, x)) << shown;
  for (u64 c : board_shrinks(x.b)) EXPECT_FALSE(evaluate(p, s, {c, x.a, 0})) << hex(c) << "\n" << message;
  for (u64 c : board_shrinks(x.a)) EXPECT_FALSE(evaluate(p, s, {x.b, c, 0})) << hex(c);
}

void expect_caught(const broken_case& c, const property_outcome& r, const char* reproduce) {
  const property& p = *find_property(c.property);
  EXPECT_EQ(r.v, verdict::fail) << r.message;
  EXPECT_NE(r.message.find("property " + std::string(c.property) + " failed"), std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("implementation: " + std::string(name(c.d.operation)) + " " + c.d.name),
            std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find(std::string("reproduce: ") + reproduce), std::string::npos) << r.message;
  if (c.minimal)
    EXPECT_EQ(line_after(r.message, "shrunk input: "), c.minimal) << r.message;
  else
    expect_locally_minimal(p, c.d, r.message);
}

TEST(properties, there_are_at_least_15_and_each_has_a_broken_case) {
  EXPECT_GE(properties().size(), 15u);
  std::vector<std::string> covered;
  for (const broken_case& c : broken_cases()) {
    const property* p = find_property(c.property);
    ASSERT_NE(p, nullptr) << c.property;
    EXPECT_TRUE(applies(*p, c.d)) << c.property << " does not involve " << name(c.d.operation);
    covered.emplace_back(c.property);
  }
  for (const property& p : properties())
    EXPECT_NE(std::find(covered.begin(), covered.end(), p.name), covered.end())
        << p.name << " has no broken implementation in this test";
}

TEST(properties, canonical_driver_catches_each_broken_implementation_with_minimal_input) {
  for (const broken_case& c : broken_cases()) {
    SCOPED_TRACE(c.property);
    expect_caught(c, run_canonical(*find_property(c.property), c.d, 10000), "ctest -R ");
  }
}

#ifdef SCANPROOF_HAVE_RAPIDCHECK
TEST(properties, rapidcheck_driver_catches_each_broken_implementation_with_minimal_input) {
  for (const broken_case& c : broken_cases()) {
    SCOPED_TRACE(c.property);
    expect_caught(c, run_rapidcheck(*find_property(c.property), c.d, 2000), "RC_PARAMS=\"");
  }
}

// RapidCheck starts with size 0; bitboard() must still reach every bit.
TEST(properties, bitboard_reaches_every_bit_from_the_first_cases) {
  u64 seen = 0;
  bool zero = false;
  const rc::Gen<u64> g = bitboard();
  for (int i = 0; i < 200; ++i) {
    const u64 b = g(rc::Random(static_cast<std::uint64_t>(i)), 0).value();
    zero |= b == 0;
    seen |= b;
  }
  EXPECT_FALSE(zero);
  EXPECT_EQ(seen, ~u64{0}) << hex(seen);
}
#endif

// A shift law shrinks b and k together: from b=0x4, k=30 on to b=0x1, k=32.
TEST(properties, shift_laws_shrink_to_the_lowest_board_and_the_shift_that_fails) {
  const broken_case c{"lsb_shift_left",
                      make("lsb_high_half_without_32", op::lsb, &batch<lsb_high_half_without_32>),
                      "b=0x0000000000000001, k=32"};
  expect_caught(c, run_canonical(*find_property(c.property), c.d, 10000), "ctest -R ");
#ifdef SCANPROOF_HAVE_RAPIDCHECK
  expect_caught(c, run_rapidcheck(*find_property(c.property), c.d, 2000), "RC_PARAMS=\"");
#endif
  const property& p = *find_property(c.property);
  const property_failure f = shrink(p, scanners(c.d), {{0x4, 1, 30}, "seed"});
  EXPECT_EQ(describe_args(p, f.x), c.minimal);
}

TEST(properties, every_property_holds_for_conforming_implementations) {
  const descriptor good[] = {
      make("good_lsb", op::lsb, &batch<good_lsb>), make("good_msb", op::msb, &batch<good_msb>),
      make("good_ctz", op::ctz, &batch<good_ctz>), make("good_clz", op::clz, &batch<good_clz>),
      make("good_popcount", op::popcount, &batch<good_popcount>)};
  for (const descriptor& d : good)
    for (const property& p : properties()) {
      if (!applies(p, d)) continue;
      const property_outcome r = run_canonical(p, d, 10000);
      EXPECT_EQ(r.v, verdict::pass) << r.message;
#ifdef SCANPROOF_HAVE_RAPIDCHECK
      const property_outcome rc = run_rapidcheck(p, d, 2000);
      EXPECT_EQ(rc.v, verdict::pass) << rc.message;
#endif
    }
}

TEST(properties, failure_of_an_entry_expected_to_fail_here_is_xfail_not_a_red_suite) {
  descriptor d = make("msb_drops_bit63", op::msb, &batch<msb_drops_bit63>);
  d.expected = {{when::always, scope::nonzero, "drops bit 63"}};
  const property_outcome r = run_canonical(*find_property("msb_via_reversed_lsb"), d, 10000);
  EXPECT_EQ(r.v, verdict::xfail) << r.message;
  EXPECT_NE(r.message.find("XFAIL (always): drops bit 63"), std::string::npos) << r.message;
  // An expectation for another target does not excuse the failure here.
  d.expected = {{when::big_endian_target, scope::nonzero, "drops bit 63"}};
  if (!big_endian) {
    EXPECT_EQ(run_canonical(*find_property("msb_via_reversed_lsb"), d, 10000).v, verdict::fail);
  }
}

TEST(properties, unrunnable_entries_are_skipped_with_the_reason) {
  descriptor d = make("not_here", op::lsb, nullptr);
  d.unavailable = "x86-64 only";
  const auto r = skip_reason(*find_property("serialization"), d);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->v, verdict::skip);
  EXPECT_NE(r->message.find("x86-64 only"), std::string::npos) << r->message;
}

TEST(properties, shrinking_clears_and_lowers_bits_and_never_reaches_zero) {
  EXPECT_EQ(board_shrinks(1), std::vector<u64>{});
  EXPECT_EQ(board_shrinks(0x3), (std::vector<u64>{0x1, 0x2}));
  EXPECT_EQ(board_shrinks(0x4), (std::vector<u64>{0x1, 0x2}));
  EXPECT_EQ(index_shrinks(0), std::vector<int>{});
  EXPECT_EQ(index_shrinks(9), (std::vector<int>{0, 4, 8}));
}

}  // namespace
