// The table with and without a trusted clock: no cycle figure is printed
// from an untrusted one, and the reason is.
#include <gtest/gtest.h>

#include <sstream>

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

}  // namespace
}  // namespace scanproof::bench
