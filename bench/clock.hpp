// How nanoseconds become cycles: the core clock, measured where the
// benchmark runs (turbo makes the nominal and the TSC frequency wrong), then
// judged by calibration.hpp before any cycle figure is printed.
#pragma once
#include "calibration.hpp"

namespace scanproof::bench {

// Times a dependent ADD chain and a dependent IMUL chain in thread CPU time
// (fastest of several, interleaved), the TSC against the wall clock, perf's
// cycle counter where the kernel offers one, and reads /proc/cpuinfo's flags.
// Takes about 0.3 s.
clock_sample measure_clock();

inline core_clock measure_core_clock() { return judge_clock(measure_clock()); }

}  // namespace scanproof::bench
