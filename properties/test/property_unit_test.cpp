// Tests of the properties themselves: each property fails, with its minimal
// input, for a deliberately broken implementation, in the deterministic driver
// and (where built) the RapidCheck driver, in the same format; and holds for
// conforming implementations.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <utility>
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

// CPW's bitScanForwardWithReset with its statements swapped: the index of
// the square after the one it cleared.
int pop_lsb_scan_after_reset(u64& b) {
  b &= b - 1;
  return std::countr_zero(b);
}
// The reverse twin keeping the forward reset: clears the lowest square.
int pop_msb_forward_reset(u64& b) {
  const int s = 63 - std::countl_zero(b);
  b &= b - 1;
  return s;
}

descriptor make(const char* name, op o, batch_fn f) {
  descriptor d;
  d.name = name;
  d.operation = o;
  d.batch = f;
  d.source = __FILE__;
  return d;
}

// A pop op's descriptor (pop_batch.hpp's kernel).
template <auto F, op O>
descriptor make_pop(const char* name) {
  return make(name, O, kernels_for<F, O>().batch);
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
      {"pop_sequence", make_pop<pop_msb_forward_reset, op::pop_msb>("pop_msb_forward_reset"),
       "b=0x0000000000000003"},
      {"pop_is_scan_then_reset",
       make_pop<pop_lsb_scan_after_reset, op::pop_lsb>("pop_lsb_scan_after_reset"), "b=0x0000000000000001"},
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
  for (u64 c : board_shrinks(x.b.lo)) EXPECT_FALSE(evaluate(p, s, {c, x.a, 0})) << hex(c) << "\n" << message;
  for (u64 c : board_shrinks(x.a.lo)) EXPECT_FALSE(evaluate(p, s, {x.b, c, 0})) << hex(c);
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
  const rc::Gen<word> g = bitboard(integer_shape(64), word::ones(64));
  for (int i = 0; i < 200; ++i) {
    const word b = g(rc::Random(static_cast<std::uint64_t>(i)), 0).value();
    zero |= !b;
    EXPECT_EQ(b.hi, 0u);
    seen |= b.lo;
  }
  EXPECT_FALSE(zero);
  EXPECT_EQ(seen, ~u64{0}) << hex(seen);
}

// At every width, and inside a declared domain, bitboard() reaches every
// square of its mask and nothing outside it, never the empty board.
TEST(properties, bitboard_stays_inside_the_mask_and_reaches_all_of_it) {
  shape two = integer_shape(128);
  two.arg = argument::halves;
  two.high_offset = 63;
  two.domain = two.all_squares();
  for (const auto& [sh, mask] : {std::pair{integer_shape(32), word::ones(32)},
                                 std::pair{integer_shape(64), word{0x7DF3EF9F7CFBE7DF}},
                                 std::pair{two, two.all_squares()}}) {
    const rc::Gen<word> g = bitboard(sh, mask);
    word seen;
    for (int i = 0; i < 2000; ++i) {
      const word b = g(rc::Random(static_cast<std::uint64_t>(i)), 0).value();
      ASSERT_TRUE(b);
      ASSERT_FALSE(b & ~mask) << render(sh, b);
      seen |= b;
    }
    EXPECT_EQ(seen, mask) << render(sh, seen);
  }
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

// ---- Shapes: other widths, two-half boards, declared domains --------------
using u32 = std::uint32_t;
int lsb32(u32 b) { return std::countr_zero(b); }
int msb32(u32 b) { return 31 - std::countl_zero(b); }
int ctz32(u32 b) { return std::countr_zero(b); }
int clz32(u32 b) { return std::countl_zero(b); }
int popcount32(u32 b) { return std::popcount(b); }
int lsb16(std::uint16_t b) { return std::countr_zero(b); }
int clz8(std::uint8_t b) { return std::countl_zero(b); }

// YaneuraOu/Apery layout: squares 0..62 in the low half, 63 + k in bit k of the high half.
int shogi_lsb(u64 lo, u64 hi) { return lo ? std::countr_zero(lo) : 63 + std::countr_zero(hi); }
int shogi_msb(u64 lo, u64 hi) { return hi ? 63 + 63 - std::countl_zero(hi) : 63 - std::countl_zero(lo); }
int shogi_popcount(u64 lo, u64 hi) { return std::popcount(lo) + std::popcount(hi); }
// shogi_core numbers squares from 1.
int shogi_lsb_from_1(u64 lo, u64 hi) { return 1 + shogi_lsb(lo, hi); }
// The offset of a plain 128-bit number where the layout says 63.
int shogi_lsb_offset_64(u64 lo, u64 hi) { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
// A plain 128-bit number (high half from square 64).
int lsb128(u64 lo, u64 hi) { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
int ctz128(u64 lo, u64 hi) { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
int clz128(u64 lo, u64 hi) { return hi ? std::countl_zero(hi) : 64 + std::countl_zero(lo); }

// Draughts (Scan's 50 of 64 bits): the scanners ignore the bits the engine never sets.
constexpr u64 draughts = 0x7DF3EF9F7CFBE7DF;
int draughts_lsb(u64 b) { return std::countr_zero(b & draughts); }
int draughts_msb(u64 b) { return 63 - std::countl_zero(b & draughts); }
int draughts_popcount(u64 b) { return std::popcount(b & draughts); }
// Square 40 is a domain square; this scan gets it wrong.
constexpr int draughts_bad_square = 40;
static_assert(draughts >> draughts_bad_square & 1);
int draughts_lsb_wrong_in_domain(u64 b) {
  const int i = std::countr_zero(b & draughts);
  return i == draughts_bad_square ? i + 1 : i;
}

template <auto F>
descriptor make_shaped(const char* name, op o) {
  descriptor d = make(name, o, &batch<F>);
  d.sh = signature_shape<F>();
  return d;
}
descriptor with_domain(descriptor d, word domain) {
  d.sh.domain = domain;
  d.sh.domain_declared = true;
  return d;
}
descriptor two_half_63(descriptor d, int index_base = 0) {
  d.sh.high_offset = 63;
  d.sh.index_base = index_base;
  d.sh.domain = d.sh.all_squares();
  return d;
}

// Every property of d's op passes in both drivers, none skipped.
void expect_all_pass(const descriptor& d) {
  SCOPED_TRACE(d.name);
  ASSERT_EQ(shape_error(d.operation, d.sh), "");
  int ran = 0;
  for (const property& p : properties()) {
    if (!applies(p, d)) continue;
    ++ran;
    const property_outcome r = run_canonical(p, d, 4000);
    EXPECT_EQ(r.v, verdict::pass) << r.message;
#ifdef SCANPROOF_HAVE_RAPIDCHECK
    const property_outcome rc = run_rapidcheck(p, d, 500);
    EXPECT_EQ(rc.v, verdict::pass) << rc.message;
#endif
  }
  EXPECT_GT(ran, 0);
}

TEST(property_shapes, narrow_correct_scanners_pass_every_property) {
  expect_all_pass(make_shaped<lsb32>("lsb32", op::lsb));
  expect_all_pass(make_shaped<msb32>("msb32", op::msb));
  expect_all_pass(make_shaped<ctz32>("ctz32", op::ctz));
  expect_all_pass(make_shaped<clz32>("clz32", op::clz));
  expect_all_pass(make_shaped<popcount32>("popcount32", op::popcount));
  expect_all_pass(make_shaped<lsb16>("lsb16", op::lsb));
  expect_all_pass(make_shaped<clz8>("clz8", op::clz));
}

TEST(property_shapes, two_half_128_bit_scanners_pass_every_property) {
  expect_all_pass(two_half_63(make_shaped<shogi_lsb>("shogi_lsb", op::lsb)));
  expect_all_pass(two_half_63(make_shaped<shogi_msb>("shogi_msb", op::msb)));
  expect_all_pass(two_half_63(make_shaped<shogi_popcount>("shogi_popcount", op::popcount)));
  expect_all_pass(two_half_63(make_shaped<shogi_lsb_from_1>("shogi_lsb_from_1", op::lsb), 1));
  expect_all_pass(make_shaped<lsb128>("lsb128", op::lsb));
  expect_all_pass(make_shaped<ctz128>("ctz128", op::ctz));
  expect_all_pass(make_shaped<clz128>("clz128", op::clz));
}

TEST(property_shapes, test_names_carry_the_width_except_at_64) {
  const property& p = *find_property("serialization");
  EXPECT_EQ(test_name(p, make("good_lsb", op::lsb, &batch<good_lsb>), "rapidcheck"),
            "lsb.good_lsb.serialization.rapidcheck");
  EXPECT_EQ(test_name(p, make_shaped<lsb32>("lsb32", op::lsb), "rapidcheck"),
            "lsb32.lsb32.serialization.rapidcheck");
  EXPECT_EQ(implementation_test_name(two_half_63(make_shaped<shogi_lsb>("shogi_lsb", op::lsb)), "canonical"),
            "lsb128.shogi_lsb.canonical");
  // A declared domain keeps the 64-bit name.
  EXPECT_EQ(implementation_test_name(with_domain(make_shaped<draughts_lsb>("draughts_lsb", op::lsb), draughts),
                                     "canonical"),
            "lsb.draughts_lsb.canonical");
}

// The wrong offset fails, and the counterexample is printed as the two halves
// the implementation takes; the law is stated for 127 squares.
TEST(property_shapes, a_two_half_scan_with_the_wrong_offset_fails_in_its_own_shape) {
  const descriptor d = two_half_63(make_shaped<shogi_lsb_offset_64>("shogi_lsb_offset_64", op::lsb));
  const property& p = *find_property("lsb_msb_agree_on_single_bits");
  for (const property_outcome& r : {run_canonical(p, d, 4000)
#ifdef SCANPROOF_HAVE_RAPIDCHECK
                                        ,
                                    run_rapidcheck(p, d, 500)
#endif
       }) {
    EXPECT_EQ(r.v, verdict::fail) << r.message;
    EXPECT_NE(r.message.find("lsb({lo=0x0000000000000000, hi=0x0000000000000001})"), std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("shape: 128-bit two halves (lo, hi), high half from square 63"), std::string::npos)
        << r.message;
  }
  const property_outcome r = run_canonical(*find_property("msb_via_reversed_lsb"), d, 4000);
  EXPECT_EQ(r.v, verdict::fail) << r.message;
  EXPECT_NE(r.message.find("msb(b) == 126 - lsb(bitreverse(b))"), std::string::npos) << r.message;
  // The index base is honoured: a 0-based scan declared 1-based fails too.
  const descriptor base = two_half_63(make_shaped<shogi_lsb>("shogi_lsb_said_from_1", op::lsb), 1);
  EXPECT_EQ(run_canonical(*find_property("isolated_bit_is_one_shl_lsb"), base, 4000).v, verdict::fail);
}

TEST(property_shapes, a_scanner_wrong_only_outside_its_declared_domain_passes) {
  const descriptor lsb = with_domain(make_shaped<draughts_lsb>("draughts_lsb", op::lsb), draughts);
  const descriptor msb = with_domain(make_shaped<draughts_msb>("draughts_msb", op::msb), draughts);
  const descriptor pop = with_domain(make_shaped<draughts_popcount>("draughts_popcount", op::popcount), draughts);
  expect_all_pass(lsb);
  expect_all_pass(msb);
  expect_all_pass(pop);
  // Without the declaration the same scanners are wrong (the test has teeth).
  for (const descriptor* d : {&lsb, &msb, &pop}) {
    descriptor every = *d;
    every.sh = integer_shape(64);
    bool failed = false;
    for (const property& p : properties())
      if (applies(p, every)) failed |= run_canonical(p, every, 4000).v == verdict::fail;
    EXPECT_TRUE(failed) << d->name;
  }
}

TEST(property_shapes, a_scanner_wrong_on_a_domain_square_fails_with_a_board_inside_the_domain) {
  const descriptor d =
      with_domain(make_shaped<draughts_lsb_wrong_in_domain>("draughts_lsb_wrong_in_domain", op::lsb), draughts);
  const std::string square = hex(u64{1} << draughts_bad_square);
  int failed = 0;
  for (const property& p : properties()) {
    if (!applies(p, d)) continue;
    for (const property_outcome& r : {run_canonical(p, d, 4000)
#ifdef SCANPROOF_HAVE_RAPIDCHECK
                                          ,
                                      run_rapidcheck(p, d, 500)
#endif
         }) {
      if (r.v == verdict::pass) continue;
      ++failed;
      EXPECT_EQ(r.v, verdict::fail) << r.message;
      const std::string shown = line_after(r.message, "shrunk input: ");
      const auto b_at = shown.find("b=0x");
      if (b_at == std::string::npos) continue;  // k only
      const u64 b = std::stoull(shown.substr(b_at + 4, 16), nullptr, 16);
      EXPECT_EQ(b & ~draughts, 0u) << r.message;
    }
  }
  EXPECT_GE(failed, 4);
  const property_outcome r = run_canonical(*find_property("isolated_bit_is_one_shl_lsb"), d, 4000);
  EXPECT_EQ(line_after(r.message, "shrunk input: "), "b=" + square) << r.message;
}

// A law that cannot stay inside a domain is skipped with the reason, never passed.
TEST(property_shapes, a_law_that_needs_squares_outside_the_domain_is_skipped_with_the_reason) {
  const descriptor msb = with_domain(make_shaped<good_msb>("msb_no_square_0", op::msb), word{0xFE});
  const property_outcome r = run_canonical(*find_property("darkthought_lsb_via_msb"), msb, 4000);
  EXPECT_EQ(r.v, verdict::skip) << r.message;
  EXPECT_NE(r.message.find("square 0 is outside the declared domain"), std::string::npos) << r.message;
  const descriptor one = with_domain(make_shaped<good_lsb>("lsb_one_square", op::lsb), word{0x10});
  const property_outcome s = run_canonical(*find_property("lsb_shift_left"), one, 4000);
  EXPECT_EQ(s.v, verdict::skip) << s.message;
  EXPECT_NE(s.message.find("no shift keeps a board inside it"), std::string::npos) << s.message;
  // Laws that can be narrowed into the domain still run there.
  EXPECT_EQ(run_canonical(*find_property("lsb_equals_ctz"), one, 4000).v, verdict::pass);
}

// A property that would call the implementation outside its domain is a bug
// in the property, reported as such.
TEST(property_shapes, a_board_outside_the_domain_is_a_property_bug) {
  const descriptor d = with_domain(make_shaped<draughts_lsb>("draughts_lsb", op::lsb), draughts);
#if defined(__cpp_exceptions)
  EXPECT_THROW(scanners(d).lsb(word{1} << 5), std::logic_error);
#endif
  EXPECT_EQ(scanners(d).lsb(word{1} << 6), 6);
}

}  // namespace
