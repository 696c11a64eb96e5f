// The table with and without a trusted clock: no cycle figure is printed
// from an untrusted one, and the reason is.
#include <gtest/gtest.h>

#include <sstream>
#include <tuple>

#include "table.hpp"

namespace scanproof::bench {
namespace {

std::vector<row> popcount_rows() {
  row floor;
  floor.name = "[floor] popcnt";
  floor.operation = op::popcount;
  floor.verdict = "floor";
  floor.throughput = {0.25, 0.25, 0.25, 0.25};
  floor.latency = {0.5, 0.5, 0.5, 0.5};
  return {floor};
}

core_clock trusted_at(double ghz) {
  core_clock c;
  c.trusted = true;
  c.ghz = ghz;
  return c;
}

core_clock untrusted() {
  core_clock c;
  c.why_not = "the ADD chain gives 18.20 GHz, outside the plausible 0.5-7 GHz";
  return c;
}

TEST(Table, TrustedClockShowsCycles) {
  std::ostringstream table, harness;
  print_table(table, op::popcount, popcount_rows(), trusted_at(4));
  EXPECT_NE(table.str().find("throughput cycles/op"), std::string::npos) << table.str();
  EXPECT_NE(table.str().find("---- Shogi plan target"), std::string::npos) << table.str();
  EXPECT_DOUBLE_EQ(print_harness_check(harness, popcount_rows(), trusted_at(4)), 1.0);
}

TEST(Table, UntrustedClockShowsNanosecondsAndWhy) {
  std::ostringstream table, harness;
  print_table(table, op::popcount, popcount_rows(), untrusted());
  const std::string t = table.str();
  EXPECT_EQ(t.find("cycles/op"), std::string::npos) << t;
  EXPECT_NE(t.find("throughput ns/op"), std::string::npos) << t;
  EXPECT_NE(t.find("not drawn: cycles not trusted here"), std::string::npos) << t;
  EXPECT_EQ(t.find("---- Shogi plan target"), std::string::npos) << t;
  EXPECT_NE(t.find("0.25"), std::string::npos) << t;  // ns, two decimals
  EXPECT_TRUE(std::isnan(print_harness_check(harness, popcount_rows(), untrusted())));
  EXPECT_NE(harness.str().find("not made"), std::string::npos) << harness.str();
  EXPECT_NE(harness.str().find("18.20 GHz"), std::string::npos) << harness.str();
}

// Rows of another shape are named with their op_label in the table, their
// shape is spelt out under it, and each width is ranked among its own.
TEST(Table, OtherShapesAreLabelledAndRankedApart) {
  static descriptor d64, d128;
  d64.name = "plain";
  d128.name = "wide";
  d128.sh = integer_shape(128);
  d128.sh.arg = argument::halves;
  d128.sh.high_offset = 63;
  d128.sh.domain = d128.sh.all_squares();
  std::vector<row> rows = popcount_rows();
  for (auto [d, label, ns] : {std::tuple{&d64, "popcount", 0.5}, std::tuple{&d128, "popcount128", 0.3}}) {
    row r;
    r.d = d;
    r.name = d->name;
    r.operation = op::popcount;
    r.label = label;
    r.verdict = "pass";
    r.conforming = true;
    r.throughput = {ns, ns, ns, ns};
    r.latency = {ns, ns, ns, ns};
    rows.push_back(r);
  }
  std::ostringstream table;
  print_table(table, op::popcount, rows, trusted_at(4));
  const std::string t = table.str();
  EXPECT_NE(t.find("wide [popcount128]"), std::string::npos) << t;
  EXPECT_EQ(t.find("plain ["), std::string::npos) << t;
  EXPECT_NE(t.find("wide: 128-bit two halves (lo, hi), high half from square 63"), std::string::npos) << t;
  EXPECT_EQ(labels_of(op::popcount, rows), (std::vector<std::string>{"popcount", "popcount128"}));
  const auto plain = fastest_conforming(op::popcount, rows, 3, "popcount");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0]->name, "plain");
  const auto wide = fastest_conforming(op::popcount, rows, 3, "popcount128");
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_EQ(wide[0]->name, "wide");
  EXPECT_EQ(fastest_conforming(op::popcount, rows, 3).size(), 2u);
}

}  // namespace
}  // namespace scanproof::bench
