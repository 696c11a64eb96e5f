// Whether a measured core clock can turn ns/op into cycles/op. Pure: the
// measurements come in (clock.cpp takes them), a trusted clock or the reason
// it is not trusted comes out. No cycle figure is printed from an untrusted
// clock: the bench then shows ns/op only and says why.
#pragma once
#include <string>

namespace scanproof::bench {

// What clock.cpp measured. Zeros mean "not available here".
struct clock_sample {
  bool have_chains = false;  // a known-latency chain exists for this architecture (x86-64)
  double add_ns = 0;         // ns per step of a dependent ADD reg,reg chain (1 cycle each)
  double imul_ns = 0;        // ns per step of a dependent IMUL reg,reg chain (3 cycles each)
  double tsc_ghz = 0;        // the time-stamp counter's rate against the wall clock
  bool tsc_invariant = false;  // constant_tsc and nonstop_tsc: a fixed rate, whatever the core does
  double perf_ghz = 0;       // perf's hardware cycle counter over the ADD chain
  double cpuinfo_mhz = 0;    // /proc/cpuinfo "cpu MHz" (reported only: under KVM it is the TSC rate)
  bool hypervisor = false;   // /proc/cpuinfo "hypervisor" flag (reported only)
};

// The limits of plausibility, stated once (docs/benchmark.md quotes them).
struct clock_limits {
  static constexpr double min_ghz = 0.5, max_ghz = 7.0;
  // IMUL r64 has 3 cycles of latency on every current x86-64 core (Intel since
  // Nehalem, AMD since Zen); the two chains must agree to within 20%.
  static constexpr double imul_cycles = 3.0, imul_tolerance = 0.20;
  // An invariant TSC ticks at the nominal (base) rate; turbo or power saving
  // move the core from it, but not beyond these factors.
  static constexpr double min_core_per_tsc = 0.25, max_core_per_tsc = 4.0;
  // perf counts the very cycles the chain takes: it must agree to within 15%.
  static constexpr double perf_tolerance = 0.15;
};

struct core_clock {
  bool trusted = false;
  double ghz = 0;       // core cycles per ns (cycles/op = ns/op * ghz); 0 when not trusted
  std::string why_not;  // when not trusted: the reason, one sentence
  std::string method;   // the measurements and cross-checks, one line
  clock_sample sample;
};

core_clock judge_clock(const clock_sample& s);

}  // namespace scanproof::bench
