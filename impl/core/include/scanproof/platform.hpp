// Facts about the target the suite runs on: compile-time data model and the
// CPU's run-time features. Expectations and requirements are phrased in these.
#pragma once
#include <bit>
#include <cstdint>
#include <string>

namespace scanproof {

// x86 (CPUID): popcnt, bmi1, lzcnt. Alpha (AMASK): alpha_cix, the count
// extension of the 21264A/EV67 (CTTZ, CTLZ, CTPOP).
enum class cpu_feature : std::uint8_t { popcnt, bmi1, lzcnt, alpha_cix };
inline constexpr cpu_feature all_cpu_features[] = {cpu_feature::popcnt, cpu_feature::bmi1,
                                                   cpu_feature::lzcnt, cpu_feature::alpha_cix};

bool cpu_has(cpu_feature f);  // asks the CPU the test runs on; false for another CPU family's
const char* name(cpu_feature f);

#if defined(__cpp_lib_endian)
inline constexpr bool big_endian = std::endian::native == std::endian::big;
#else  // a C++17 candidate file (candidate.hpp)
inline constexpr bool big_endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
#endif
inline constexpr int long_bits = static_cast<int>(sizeof(long) * 8);
inline constexpr int pointer_bits = static_cast<int>(sizeof(void*) * 8);

// The C data model: "LP64" (64-bit Linux and Unix), "ILP32" (i686, armhf,
// mips, ppc, wasm32) or "LLP64" (64-bit Windows: long stays 32 bits).
constexpr const char* data_model() {
  if (sizeof(int) != 4) return "unknown";
  if (long_bits == 64 && pointer_bits == 64) return "LP64";
  if (long_bits == 32 && pointer_bits == 32) return "ILP32";
  if (long_bits == 32 && pointer_bits == 64) return "LLP64";
  return "unknown";
}
#if defined(SCANPROOF_UBSAN)
inline constexpr bool ub_sanitizer = true;  // built with -DSCANPROOF_SANITIZE=ON
#else
inline constexpr bool ub_sanitizer = false;
#endif

// The CPU family this binary was compiled for ("x86_64", "s390x", ...).
const char* arch_name();
std::string compiler_id();  // "gcc 12.2.0", "clang 16.0.6"
std::string cpu_model();    // from CPUID or /proc/cpuinfo; "unknown" if neither

// A named platform predicate. Descriptors name conditions, never write code
// paths for one target: the condition is evaluated where the test runs.
struct condition {
  const char* name;
  bool (*holds)();
};

namespace when {
inline constexpr condition always{"always", [] { return true; }};
inline constexpr condition big_endian_target{"big-endian", [] { return big_endian; }};
// Named for the data model where it is evaluated: a 32-bit long is ILP32's on
// 32-bit targets and LLP64's on 64-bit Windows.
inline constexpr condition long_is_32_bits{
    long_bits != 32 ? "32-bit long (ILP32 or LLP64)"
    : pointer_bits == 64 ? "32-bit long (LLP64)"
                         : "32-bit long (ILP32)",
    [] { return long_bits == 32; }};
inline constexpr condition cpu_lacks_lzcnt{
    "CPU lacks LZCNT (executes as BSR)", [] { return !cpu_has(cpu_feature::lzcnt); }};
inline constexpr condition cpu_lacks_bmi1{
    "CPU lacks BMI1 (TZCNT executes as BSF)", [] { return !cpu_has(cpu_feature::bmi1); }};
}  // namespace when

}  // namespace scanproof
