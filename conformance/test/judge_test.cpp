// Tests of the judge's two halves (judge.hpp): the oracle's expected table, as
// scanproof_oracle_table writes it from a manifest, and the outputs lines the
// driver reports. A correct implementation's lines must match the table
// exactly; a wrong one's must not; the table must be the naive oracle's.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <sstream>
#include <tuple>

#include "scanproof/batch.hpp"
#include "scanproof/candidate.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/inputs.hpp"
#include "scanproof/judge.hpp"

namespace {
using namespace scanproof;

int right_ctz(std::uint64_t b) { return b ? std::countr_zero(b) : 64; }
int wrong_ctz(std::uint64_t b) { return b == (std::uint64_t{1} << 40) ? 41 : right_ctz(b); }
int right_msb32(std::uint32_t b) { return 31 - std::countl_zero(b); }

descriptor make(const char* n, op o, batch_fn f) {
  descriptor d;
  d.name = n;
  d.operation = o;
  d.batch = f;
  d.zero = zero_spec::returns(64, "the width");
  return d;
}

// "impl check" -> the rest of its table line.
std::map<std::string, std::string> table_of(const descriptor& d) {
  std::istringstream manifest(judge_manifest(d));
  std::ostringstream table, err;
  EXPECT_EQ(oracle_table(manifest, table, err), 0) << err.str();
  std::map<std::string, std::string> rows;
  std::istringstream lines(table.str());
  for (std::string impl, check, rest; lines >> impl >> check && std::getline(lines, rest);)
    rows[impl + " " + check] = rest;
  return rows;
}

// The outputs line's "<inputs> <outputs>" and the table's, for one check.
std::pair<std::string, std::string> claim_and_expected(const descriptor& d, const std::string& check) {
  const std::map<std::string, std::string> table = table_of(d);
  std::istringstream claim(outputs_claim(d, run_check(d, check)));
  std::string impl, c, v, inputs, outputs, allowed, want_inputs, want_outputs;
  claim >> impl >> c >> v >> inputs >> outputs;
  std::istringstream row(table.at(d.name + " " + check));
  row >> allowed >> want_inputs >> want_outputs;
  return {v + " " + inputs + " " + outputs, allowed + " " + want_inputs + " " + want_outputs};
}

TEST(judge, a_correct_implementation_reports_the_tables_outputs_for_every_check) {
  const descriptor d = make("right_ctz", op::ctz, &batch<right_ctz>);
  for (const std::string& check : check_names(d)) {
    const auto [claim, expected] = claim_and_expected(d, check);
    // claim: "pass N D", expected: "pass N D"
    EXPECT_EQ(claim, expected) << check;
  }
}

TEST(judge, a_wrong_implementation_reports_other_outputs_where_it_is_wrong) {
  const descriptor d = make("wrong_ctz", op::ctz, &batch<wrong_ctz>);
  const auto [claim, expected] = claim_and_expected(d, "single_bits");
  EXPECT_EQ(claim.substr(0, 4), "fail");
  EXPECT_NE(claim.substr(5), expected.substr(5));  // same inputs, another digest
  const auto [known, known_expected] = claim_and_expected(d, "known_answers");
  EXPECT_EQ(known, known_expected);  // bit 40 alone is not a known answer
}

TEST(judge, other_shapes_are_judged_by_their_own_oracle) {
  descriptor d = make("right_msb32", op::msb, &batch<right_msb32>);
  d.sh = integer_shape(32);
  d.zero = {};
  for (const std::string& check : check_names(d)) {
    const auto [claim, expected] = claim_and_expected(d, check);
    if (check == "zero") EXPECT_EQ(expected, "skip 1 -");
    else EXPECT_EQ(claim, expected) << check;
  }
}

// The table's outputs are the naive oracle's (reference.hpp), not only the
// hot path's <bit> that the checks use: the judge is checked against the
// oracle the suite is defined by.
TEST(judge, the_tables_outputs_are_the_naive_oracles) {
  for (const shape& sh : {integer_shape(64), integer_shape(16)}) {
    for (const op o : {op::lsb, op::msb, op::clz, op::popcount}) {
      for (const char* check : {"known_answers", "single_bits", "masks", "windows8"}) {
        descriptor d;
        d.sh = sh;
        std::vector<std::int64_t> naive;
        for (const word& b : check_inputs(d, check)) naive.push_back(oracle_result(o, sh, b));
        const auto table = oracle_outputs(o, sh, check);
        ASSERT_TRUE(table) << check;
        EXPECT_EQ(*table, naive) << name(o) << " " << sh.width << " " << check;
        EXPECT_EQ(output_digest(*table), output_digest(naive));
      }
    }
  }
}

// The table streams each check (oracle_digest): the same count and digest as
// the whole outputs, for scans and pops, plain and two-half shapes, with a
// declared domain.
TEST(judge, the_streamed_digest_is_the_whole_outputs_digest) {
  shape offset = integer_shape(128);
  offset.high_offset = 63;
  shape domain = integer_shape(64);
  domain.domain = word{0x0000FFFFFFFFFF00ULL};
  domain.domain_declared = true;
  for (const shape& sh : {integer_shape(64), integer_shape(8), offset, domain}) {
    for (const op o : {op::lsb, op::clz, op::popcount, op::pop_lsb, op::pop_msb}) {
      const std::vector<const input_set*> sets = input_sets(sh.width);
      for (const std::string& check : {std::string("known_answers"), std::string(sets.front()->name),
                                      std::string(sets.back()->name)}) {
        const auto whole = oracle_outputs(o, sh, check);
        const auto streamed = oracle_digest(o, sh, check);
        if (!whole) {
          EXPECT_FALSE(streamed) << check;
          continue;
        }
        ASSERT_TRUE(streamed) << check;
        EXPECT_EQ(streamed->digest, output_digest(*whole)) << name(o) << " " << sh.width << " " << check;
        EXPECT_EQ(streamed->inputs * (pops(o) ? 3 : 1), whole->size()) << name(o) << " " << check;
      }
    }
  }
}

TEST(judge, a_malformed_manifest_line_is_an_error_naming_it) {
  std::istringstream manifest("x known_answers pass lsb 64 integer 64 0 1 0 0 -\nx nonsense pass lsb 64\n");
  std::ostringstream table, err;
  EXPECT_EQ(oracle_table(manifest, table, err), 2);
  EXPECT_NE(err.str().find("line 2 is not a judge_manifest() line: 'x nonsense pass lsb 64'"), std::string::npos)
      << err.str();
}


// The declaration records of candidates (declaration.h), as a driver's file
// holds them: found in any byte order among other bytes, each read as the
// registry reads it; text that only looks like a record is not one.
std::string bytes_of(scanproof_declaration r, bool big) {
  std::string b(reinterpret_cast<const char*>(&r), sizeof r);
  if (big != (std::endian::native == std::endian::big)) {
    for (std::size_t at = offsetof(scanproof_declaration, byte_order); at < sizeof r; at += 8)
      std::reverse(b.begin() + static_cast<std::ptrdiff_t>(at), b.begin() + static_cast<std::ptrdiff_t>(at) + 8);
  }
  return b;
}

constexpr scanproof_declaration draughts =
    detail::declare("draughts_lsb", op::lsb, integer_shape(64), {.domain = word{0x7DF3EF9F7CFBE7DFull, 0}});
constexpr scanproof_declaration shogi =
    detail::declare("shogi_pop", op::pop_lsb, [] { shape s = integer_shape(128); s.arg = argument::halves; return s; }(),
                    {.high_offset = 63, .index_base = 1, .zero = -1}, 1234);

TEST(declarations, are_read_from_a_programs_bytes_in_either_byte_order) {
  const std::string program = "\x7f" "ELF" SCANPROOF_DECLARATION_MAGIC " is text, not a record" +
                              bytes_of(draughts, false) + std::string(13, '\0') + bytes_of(shogi, true) + "tail";
  const std::vector<scanproof_declaration> found = declarations_in(program);
  ASSERT_EQ(found.size(), 2u);
  const descriptor d = declared_descriptor(found[0]), s = declared_descriptor(found[1]);
  EXPECT_EQ(d.name, "draughts_lsb");
  EXPECT_TRUE(d.sh.domain_declared);
  EXPECT_EQ(d.sh.domain.lo, 0x7DF3EF9F7CFBE7DFull);
  EXPECT_EQ(s.name, "shogi_pop");
  EXPECT_EQ(s.operation, op::pop_lsb);
  EXPECT_EQ((std::tuple{s.sh.width, s.sh.arg, s.sh.high_offset, s.sh.index_base}),
            (std::tuple{128, argument::halves, 63, 1}));
  EXPECT_EQ(s.zero.k, zero_spec::kind::declared);
  EXPECT_EQ(s.zero.value, -1);
  EXPECT_EQ(s.line, 1234);  // where the registration is in its file

  // What the judge takes each to declare: the manifest of that descriptor, built.
  std::ostringstream out, err;
  ASSERT_EQ(declared_manifest(program, out, err), 0) << err.str();
  descriptor built = d;
  built.batch = [](const word*, std::int64_t*, word*, std::size_t) {};
  EXPECT_EQ(out.str().rfind("test draughts_lsb conformance.lsb.draughts_lsb\n" + judge_manifest(built), 0), 0u)
      << out.str();
  EXPECT_NE(out.str().find("test shogi_pop conformance.pop_lsb128.shogi_pop\n"), std::string::npos) << out.str();
}

TEST(declarations, two_of_one_name_or_a_malformed_one_are_errors_naming_it) {
  std::ostringstream out, err;
  EXPECT_EQ(declared_manifest(bytes_of(draughts, false) + bytes_of(draughts, true), out, err), 2);
  EXPECT_NE(err.str().find("two declarations of 'draughts_lsb'"), std::string::npos) << err.str();
  scanproof_declaration bad = draughts;
  bad.op = 99;
  std::ostringstream out2, err2;
  EXPECT_EQ(declared_manifest(bytes_of(bad, false), out2, err2), 2);
  EXPECT_NE(err2.str().find("'draughts_lsb': names no op (99)"), std::string::npos) << err2.str();
}
}  // namespace
