// judge_clock: when a measured core clock may turn ns into cycles. Inputs are
// made-up measurements, so nothing here depends on timing.
#include <gtest/gtest.h>

#include <limits>

#include "calibration.hpp"

namespace scanproof::bench {
namespace {

// An honest x86-64 host: 3.6 GHz core, IMUL three times ADD, invariant TSC
// at 2.6 GHz under KVM (the machine these rules were measured on).
clock_sample honest() {
  clock_sample s;
  s.have_chains = true;
  s.add_ns = 1 / 3.6;
  s.imul_ns = 3 / 3.6;
  s.tsc_ghz = 2.6;
  s.tsc_invariant = true;
  s.cpuinfo_mhz = 2596;
  s.hypervisor = true;
  return s;
}

TEST(Calibration, AnHonestClockIsTrusted) {
  const core_clock c = judge_clock(honest());
  EXPECT_TRUE(c.trusted) << c.why_not;
  EXPECT_NEAR(c.ghz, 3.6, 1e-9);
  EXPECT_TRUE(c.why_not.empty());
  EXPECT_NE(c.method.find("invariant"), std::string::npos) << c.method;
}

// The machine: an ADD chain running ~5x faster than one per cycle
// gave 18.2 GHz (TSC 2.6 GHz). Every rule that sees it says so.
TEST(Calibration, ChainFasterThanItsLatencyIsRejected) {
  clock_sample s = honest();
  s.add_ns = 1 / 18.2;
  const core_clock c = judge_clock(s);
  EXPECT_FALSE(c.trusted);
  EXPECT_EQ(c.ghz, 0);
  EXPECT_NE(c.why_not.find("outside the plausible 0.5-7 GHz"), std::string::npos) << c.why_not;
  EXPECT_NE(c.why_not.find("IMUL chain"), std::string::npos) << c.why_not;
  EXPECT_NE(c.why_not.find("invariant TSC"), std::string::npos) << c.why_not;
}

// Within 0.5-7 GHz and the TSC's range, but the chains disagree.
TEST(Calibration, ChainsThatDisagreeAreRejected) {
  clock_sample s = honest();
  s.add_ns = 1 / 5.0;
  s.imul_ns = 3 / 2.5;  // the multiplier says 2.5 GHz
  const core_clock c = judge_clock(s);
  EXPECT_FALSE(c.trusted);
  EXPECT_NE(c.why_not.find("not 3x"), std::string::npos) << c.why_not;
}

TEST(Calibration, ImulRatioToleranceIsTwentyPercent) {
  clock_sample s = honest();
  s.imul_ns = s.add_ns * 3 * 1.19;
  EXPECT_TRUE(judge_clock(s).trusted);
  s.imul_ns = s.add_ns * 3 * 1.21;
  EXPECT_FALSE(judge_clock(s).trusted);
  s.imul_ns = s.add_ns * 3 * 0.79;
  EXPECT_FALSE(judge_clock(s).trusted);
}

TEST(Calibration, ImplausibleRangeAloneIsRejected) {
  clock_sample s = honest();
  s.tsc_ghz = 0;  // no TSC, chains agree: only the range can object
  s.add_ns = 1 / 0.4;
  s.imul_ns = 3 / 0.4;
  const core_clock low = judge_clock(s);
  EXPECT_FALSE(low.trusted);
  EXPECT_NE(low.why_not.find("0.40 GHz, outside"), std::string::npos) << low.why_not;
  s.add_ns = 1 / 7.5;
  s.imul_ns = 3 / 7.5;
  EXPECT_FALSE(judge_clock(s).trusted);
}

// An invariant TSC bounds the core clock; a non-invariant one is not used.
TEST(Calibration, InvariantTscBoundsTheCoreClock) {
  clock_sample s = honest();
  s.tsc_ghz = 1.0;  // core 3.6x the TSC: allowed (turbo on a low-base part)
  EXPECT_TRUE(judge_clock(s).trusted);
  s.tsc_ghz = 0.8;  // 4.5x
  const core_clock c = judge_clock(s);
  EXPECT_FALSE(c.trusted);
  EXPECT_NE(c.why_not.find("4.50x the invariant TSC"), std::string::npos) << c.why_not;
  s.tsc_invariant = false;
  const core_clock loose = judge_clock(s);
  EXPECT_TRUE(loose.trusted) << loose.why_not;
  EXPECT_NE(loose.method.find("not invariant"), std::string::npos) << loose.method;
  s.tsc_invariant = true;
  s.tsc_ghz = 15;  // core 0.24x
  EXPECT_FALSE(judge_clock(s).trusted);
}

TEST(Calibration, PerfCounterMustAgree) {
  clock_sample s = honest();
  s.perf_ghz = 3.5;
  EXPECT_TRUE(judge_clock(s).trusted);
  s.perf_ghz = 4.5;
  const core_clock c = judge_clock(s);
  EXPECT_FALSE(c.trusted);
  EXPECT_NE(c.why_not.find("perf's cycle counter says 4.50 GHz"), std::string::npos) << c.why_not;
}

TEST(Calibration, NoChainOrNoTimingIsNotTrusted) {
  clock_sample s = honest();
  s.have_chains = false;
  EXPECT_FALSE(judge_clock(s).trusted);
  EXPECT_NE(judge_clock(s).why_not.find("architecture"), std::string::npos);
  s = honest();
  s.add_ns = 0;
  EXPECT_FALSE(judge_clock(s).trusted);
  s.add_ns = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(judge_clock(s).trusted);
}

}  // namespace
}  // namespace scanproof::bench
