// How nanoseconds become cycles: the core clock, measured where the
// benchmark runs (turbo makes the nominal and the TSC frequency wrong).
#pragma once
#include <string>

namespace scanproof::bench {

struct core_clock {
  double ghz = 0;           // core cycles per nanosecond: cycles/op = ns/op * ghz
  double tsc_ghz = 0;       // the time-stamp counter's rate (x86-64), 0 elsewhere
  double perf_ghz = 0;      // the same chain counted by perf's cycle counter, 0 if unavailable
  std::string method;       // how `ghz` was obtained, one line
};

// Times a chain of dependent additions (one cycle each on every CPU the suite
// targets) with the steady clock; cross-checks with perf_event_open's cycle
// counter and reads the TSC rate where they exist. Takes about 0.3 s.
core_clock measure_core_clock();

}  // namespace scanproof::bench
