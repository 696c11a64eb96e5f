#include "clock.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace scanproof::bench {
namespace {

// This thread's CPU time, not the wall clock: on a shared machine the
// benchmark is descheduled, and that time is not the chain's.
struct clk {
  using time_point = double;
  static double now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
};

// n dependent ADDs. The empty asm makes each addition opaque, so the compiler
// can neither fold them nor break the chain; the loop's own counter runs in
// parallel. Eight per iteration keep the loop branch off the critical path.
std::uint64_t add_chain(std::uint64_t n) {
  std::uint64_t x = n;
  for (std::uint64_t i = 0; i < n; i += 8) {
#define SCANPROOF_ONE_ADD \
  x += 1;                 \
  asm volatile("" : "+r"(x));
    SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD
    SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD SCANPROOF_ONE_ADD
#undef SCANPROOF_ONE_ADD
  }
  return x;
}

double seconds_since(clk::time_point t0) { return clk::now() - t0; }

#if defined(__linux__)
// Core cycles spent in add_chain(n) by perf's hardware counter, 0 if unavailable
// (virtual machines often have none: `perf stat -e cycles true` says so).
double perf_cycles(std::uint64_t n) {
  perf_event_attr a{};
  a.type = PERF_TYPE_HARDWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_HW_CPU_CYCLES;
  a.disabled = 1;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  const int fd = static_cast<int>(syscall(SYS_perf_event_open, &a, 0, -1, -1, 0));
  if (fd < 0) return 0;
  ioctl(fd, PERF_EVENT_IOC_RESET, 0);
  ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
  volatile std::uint64_t sink = add_chain(n);
  (void)sink;
  ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
  std::uint64_t count = 0;
  const bool ok = read(fd, &count, sizeof count) == static_cast<ssize_t>(sizeof count);
  close(fd);
  return ok ? static_cast<double>(count) : 0;
}
#endif

}  // namespace

core_clock measure_core_clock() {
  core_clock c;
  constexpr std::uint64_t n = std::uint64_t{1} << 26;
  volatile std::uint64_t sink = add_chain(n);  // warm up: let the clock ramp
  double best = 1e9;
  for (int rep = 0; rep < 3; ++rep) {  // fastest of three: other load only adds time
    const auto t0 = clk::now();
    sink = add_chain(n);
    best = std::min(best, seconds_since(t0));
  }
  (void)sink;
  c.ghz = static_cast<double>(n) / best / 1e9;
  c.method = "core clock " + std::to_string(c.ghz).substr(0, 4) +
             " GHz, calibrated by 2^26 dependent ADDs (1 cycle each) timed in thread CPU time";
#if defined(__linux__)
  const auto t0 = clk::now();
  if (const double cycles = perf_cycles(n); cycles > 0) {
    c.perf_ghz = cycles / seconds_since(t0) / 1e9;
    c.method += "; perf cycle counter: " + std::to_string(c.perf_ghz).substr(0, 4) + " GHz";
  } else {
    c.method += "; no perf cycle counter here";
  }
#endif
#if defined(__x86_64__)
  // The TSC counts wall time, so it is compared with the wall clock.
  const auto t1 = std::chrono::steady_clock::now();
  const std::uint64_t r0 = __rdtsc();
  std::chrono::duration<double> wall{};
  while ((wall = std::chrono::steady_clock::now() - t1).count() < 0.05) {
  }
  c.tsc_ghz = static_cast<double>(__rdtsc() - r0) / wall.count() / 1e9;
  c.method += "; TSC " + std::to_string(c.tsc_ghz).substr(0, 4) + " GHz (not used: it does not follow turbo)";
#endif
  return c;
}

}  // namespace scanproof::bench
