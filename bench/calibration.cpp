#include "calibration.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace scanproof::bench {
namespace {

std::string num(const char* f, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

}  // namespace

core_clock judge_clock(const clock_sample& s) {
  using L = clock_limits;
  core_clock c;
  c.sample = s;
  if (!s.have_chains) {
    c.why_not = "no instruction chain of known latency on this architecture (only x86-64 has one here)";
    c.method = "cycles not calibrated";
    return c;
  }
  if (!(s.add_ns > 0) || !std::isfinite(s.add_ns)) {
    c.why_not = "the calibration chain could not be timed";
    c.method = "cycles not calibrated";
    return c;
  }
  const double ghz = 1 / s.add_ns;
  std::vector<std::string> notes, problems;
  notes.push_back("core clock " + num("%.2f", ghz) + " GHz from a dependent ADD chain (1 cycle each)");

  if (ghz < L::min_ghz || ghz > L::max_ghz)
    problems.push_back("the ADD chain gives " + num("%.2f", ghz) + " GHz, outside the plausible " +
                       num("%.1f", L::min_ghz) + "-" + num("%.0f", L::max_ghz) + " GHz");

  const double imul_ratio = s.imul_ns / s.add_ns;
  notes.push_back("IMUL chain " + num("%.2f", imul_ratio) + "x it (expected " + num("%.0f", L::imul_cycles) +
                  "x)");
  if (!(std::fabs(imul_ratio / L::imul_cycles - 1) <= L::imul_tolerance))
    problems.push_back("the IMUL chain (3 cycles a step) took " + num("%.2f", imul_ratio) +
                       "x the ADD chain (1 cycle a step), not 3x within " +
                       num("%.0f", L::imul_tolerance * 100) +
                       "%: one of them does not run at its known latency on this CPU");

  if (s.tsc_ghz > 0) {
    const double per_tsc = ghz / s.tsc_ghz;
    std::string t = "TSC " + num("%.2f", s.tsc_ghz) + " GHz";
    if (s.tsc_invariant) {
      t += " (invariant; core/TSC " + num("%.2f", per_tsc) + ")";
      if (per_tsc < L::min_core_per_tsc || per_tsc > L::max_core_per_tsc)
        problems.push_back("the core clock is " + num("%.2f", per_tsc) + "x the invariant TSC (" +
                           num("%.2f", s.tsc_ghz) + " GHz), outside " + num("%.2f", L::min_core_per_tsc) +
                           "-" + num("%.0f", L::max_core_per_tsc) + "x");
    } else {
      t += " (not invariant: no constant_tsc/nonstop_tsc, not a cross-check)";
    }
    notes.push_back(t);
  }

  if (s.perf_ghz > 0) {
    notes.push_back("perf cycle counter " + num("%.2f", s.perf_ghz) + " GHz");
    if (!(std::fabs(s.perf_ghz / ghz - 1) <= L::perf_tolerance))
      problems.push_back("perf's cycle counter says " + num("%.2f", s.perf_ghz) + " GHz, not " +
                         num("%.2f", ghz) + " GHz within " + num("%.0f", L::perf_tolerance * 100) + "%");
  } else {
    notes.push_back("no perf cycle counter");
  }
  if (s.cpuinfo_mhz > 0) notes.push_back("/proc/cpuinfo says " + num("%.0f", s.cpuinfo_mhz) + " MHz");
  if (s.hypervisor) notes.push_back("under a hypervisor");

  c.method = joined(notes);
  if (!problems.empty()) {
    c.why_not = joined(problems);
    return c;
  }
  c.trusted = true;
  c.ghz = ghz;
  return c;
}

}  // namespace scanproof::bench
