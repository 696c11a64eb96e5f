#include "scanproof/platform.hpp"

#include <cstdio>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace scanproof {

namespace {
#if defined(__x86_64__) || defined(__i386__)
// Read CPUID directly rather than trusting -march: what matters is the CPU the
// test runs on (qemu -cpu Nehalem reports no LZCNT/BMI1 and executes the
// encodings as BSR/BSF).
bool cpuid_bit(unsigned leaf, unsigned subleaf, int reg, int bit) {
  unsigned r[4] = {0, 0, 0, 0};
  if (static_cast<unsigned>(__get_cpuid_max(leaf & 0x80000000u, nullptr)) < leaf) return false;
  __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
  return (r[reg] >> bit) & 1u;
}
#endif

// The value of a /proc/cpuinfo line naming the CPU model, "" for other lines.
std::string cpuinfo_model(const std::string& line) {
  for (const char* key : {"model name", "cpu model", "cpu\t", "CPU part"}) {
    if (line.rfind(key, 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const auto value = line.find_first_not_of(" \t", colon + 1);
    return value == std::string::npos ? std::string() : line.substr(value);
  }
  return "";
}
}  // namespace

bool cpu_has(cpu_feature f) {
#if defined(__x86_64__) || defined(__i386__)
  enum { eax, ebx, ecx, edx };
  switch (f) {
    case cpu_feature::popcnt: return cpuid_bit(1, 0, ecx, 23);
    case cpu_feature::bmi1: return cpuid_bit(7, 0, ebx, 3);
    case cpu_feature::lzcnt: return cpuid_bit(0x80000001u, 0, ecx, 5);
    case cpu_feature::alpha_cix: return false;
  }
#elif defined(__alpha__)
  // AMASK clears the bits of the extensions the CPU implements (bit 2: CIX).
  if (f == cpu_feature::alpha_cix) return __builtin_alpha_amask(1L << 2) == 0;
#endif
  (void)f;
  return false;
}

const char* name(cpu_feature f) {
  switch (f) {
    case cpu_feature::popcnt: return "popcnt";
    case cpu_feature::bmi1: return "bmi1";
    case cpu_feature::lzcnt: return "lzcnt";
    case cpu_feature::alpha_cix: return "cix";
  }
  return "?";
}

const char* arch_name() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__i386__)
  return "i686";
#elif defined(__aarch64__)
  return "aarch64";
#elif defined(__arm__)
  return "arm";
#elif defined(__powerpc64__)
  return big_endian ? "ppc64" : "ppc64le";
#elif defined(__powerpc__)
  return "ppc";
#elif defined(__s390x__)
  return "s390x";
#elif defined(__mips__)
  return "mips";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64";
#elif defined(__sparc__)
  return "sparc64";
#elif defined(__m68k__)
  return "m68k";
#elif defined(__alpha__)
  return "alpha";
#elif defined(__wasm32__)
  return "wasm32";
#else
  return "unknown";
#endif
}

std::string compiler_id() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

std::string cpu_model() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned r[12] = {};
  if (static_cast<unsigned>(__get_cpuid_max(0x80000000u, nullptr)) >= 0x80000004u) {
    for (unsigned i = 0; i < 3; ++i)
      __cpuid(0x80000002u + i, r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
    std::string s(reinterpret_cast<const char*>(r), sizeof r);
    s = s.c_str();
    auto b = s.find_first_not_of(' ');
    return b == std::string::npos ? "unknown" : s.substr(b);
  }
#endif
  // C stdio, not <fstream>: wasm32-wasi's libc++ is built without file streams.
  std::FILE* in = std::fopen("/proc/cpuinfo", "r");
  if (!in) return "unknown";
  std::string line, model;
  for (int c = 0; model.empty() && c != EOF;) {
    c = std::fgetc(in);
    if (c != '\n' && c != EOF) {
      line += static_cast<char>(c);
      continue;
    }
    model = cpuinfo_model(line);
    line.clear();
  }
  std::fclose(in);
  return model.empty() ? "unknown" : model;
}

}  // namespace scanproof
