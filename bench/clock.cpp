#include "clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace scanproof::bench {
namespace {

#if defined(__x86_64__)
// This thread's CPU time, not the wall clock: on a shared machine the
// benchmark is descheduled, and that time is not the chain's.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

constexpr std::uint64_t steps_per_block = 16;
#define SCANPROOF_X4(s) s s s s
#define SCANPROOF_X16(s) SCANPROOF_X4(SCANPROOF_X4(s))

// The calibration chains are whole loops inside one asm statement, so the
// compiler emits exactly these instructions and cannot fold, reorder or
// vectorise them (objdump -d shows 16 `add %rdx,%rax` or `imul %rdx,%rax` in a
// row). The second operand is a register, not an immediate: a chain of
// `add $1,%rax` (what the previous, C++ chain compiled to) measured 18.2 GHz
// on an Intel Xeon, i.e. some cores run add-immediate chains faster than one
// per cycle. The IMUL chain, on the multiplier, cross-checks the ADD chain
// (calibration.cpp). The loop's dec/jnz is a separate dependency chain and
// 1/16 of the instructions, so it stays off the critical path.
// `blocks` must be at least 1.
std::uint64_t add_chain(std::uint64_t blocks) {
  std::uint64_t x = 0;
  const std::uint64_t one = 1;
  asm volatile("1:\n\t" SCANPROOF_X16("add %[one], %[x]\n\t") "dec %[n]\n\tjnz 1b"
               : [x] "+r"(x), [n] "+r"(blocks)
               : [one] "r"(one)
               : "cc");
  return x;
}

std::uint64_t imul_chain(std::uint64_t blocks) {
  std::uint64_t x = 1;
  const std::uint64_t odd = 0x9E3779B97F4A7C15ULL;
  asm volatile("1:\n\t" SCANPROOF_X16("imul %[m], %[x]\n\t") "dec %[n]\n\tjnz 1b"
               : [x] "+r"(x), [n] "+r"(blocks)
               : [m] "r"(odd)
               : "cc");
  return x;
}
#undef SCANPROOF_X16
#undef SCANPROOF_X4

// Seconds for chain(blocks), in this thread's CPU time.
double timed(std::uint64_t (*chain)(std::uint64_t), std::uint64_t blocks) {
  const double t0 = thread_seconds();
  volatile std::uint64_t sink = chain(blocks);
  (void)sink;
  return thread_seconds() - t0;
}
#endif

#if defined(__linux__) && defined(__x86_64__)
// Core cycles spent in add_chain(blocks) by perf's hardware counter, 0 if
// unavailable (virtual machines often have none: `perf stat -e cycles true`).
double perf_cycles(std::uint64_t blocks) {
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
  volatile std::uint64_t sink = add_chain(blocks);
  (void)sink;
  ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
  std::uint64_t count = 0;
  const bool ok = read(fd, &count, sizeof count) == static_cast<ssize_t>(sizeof count);
  close(fd);
  return ok ? static_cast<double>(count) : 0;
}
#endif

// /proc/cpuinfo's first "flags" and "cpu MHz" lines (Linux; elsewhere CPUID).
void read_cpuinfo(clock_sample& s) {
  std::ifstream in("/proc/cpuinfo");
  std::string line, flags;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos || colon == 0) continue;
    const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    if (key == "flags" && flags.empty()) flags = " " + line.substr(colon + 1) + " ";
    if (key == "cpu MHz" && s.cpuinfo_mhz == 0) s.cpuinfo_mhz = std::strtod(line.c_str() + colon + 1, nullptr);
  }
  auto has = [&](const char* f) { return flags.find(std::string(" ") + f + " ") != std::string::npos; };
  if (!flags.empty()) {
    s.tsc_invariant = has("constant_tsc") && has("nonstop_tsc");
    s.hypervisor = has("hypervisor");
  }
#if defined(__x86_64__)
  else {  // no /proc: CPUID 0x80000007 EDX bit 8 is the invariant-TSC bit behind both flags
    unsigned a = 0, b = 0, c = 0, d = 0;
    s.tsc_invariant = __get_cpuid(0x80000007, &a, &b, &c, &d) && (d & (1u << 8)) != 0;
  }
#endif
}

}  // namespace

clock_sample measure_clock() {
  clock_sample s;
  read_cpuinfo(s);
#if defined(__x86_64__)
  s.have_chains = true;
  constexpr std::uint64_t blocks = std::uint64_t{1} << 20;  // 2^24 steps: ~5 ms of ADDs at 3.5 GHz
  const double steps = static_cast<double>(blocks * steps_per_block);
  timed(add_chain, 8 * blocks);  // warm up: let the clock ramp
  double add = 1e9, imul = 1e9;
  // Interleaved, fastest of five: other load only adds time, and a clock
  // change between the two chains shows up as their ratio going off 3.
  for (int rep = 0; rep < 5; ++rep) {
    add = std::min(add, timed(add_chain, blocks));
    imul = std::min(imul, timed(imul_chain, blocks));
  }
  s.add_ns = add / steps * 1e9;
  s.imul_ns = imul / steps * 1e9;
#if defined(__linux__)
  const double t0 = thread_seconds();
  if (const double cycles = perf_cycles(blocks); cycles > 0) s.perf_ghz = cycles / (thread_seconds() - t0) / 1e9;
#endif
  // The TSC counts wall time, so it is compared with the wall clock.
  const auto w0 = std::chrono::steady_clock::now();
  const std::uint64_t r0 = __rdtsc();
  std::chrono::duration<double> wall{};
  while ((wall = std::chrono::steady_clock::now() - w0).count() < 0.05) {
  }
  s.tsc_ghz = static_cast<double>(__rdtsc() - r0) / wall.count() / 1e9;
#endif
  return s;
}

}  // namespace scanproof::bench
