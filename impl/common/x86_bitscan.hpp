// BSF/BSR with source and destination in one register (CPW "BitScan",
// "Intrinsics versus asm"): on a zero source the AMD-documented unchanged
// destination is the input, 0. Shared by the lsb/msb entries and the ctz/clz
// entries built on the same instructions. x86-64 only.
#pragma once
#if defined(__x86_64__)
#include <cstdint>

namespace scanproof::cat::x86 {

inline int bsfq_same_register(std::uint64_t x) {
  asm("bsfq %0, %0" : "=r"(x) : "0"(x));
  return static_cast<int>(x);
}
inline int bsrq_same_register(std::uint64_t x) {
  asm("bsrq %0, %0" : "=r"(x) : "0"(x));
  return static_cast<int>(x);
}

}  // namespace scanproof::cat::x86
#endif
