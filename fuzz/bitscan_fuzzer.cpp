// Fuzz target: every lsb, msb, ctz, clz, pop_lsb and pop_msb implementation
// that runs here, compared with the reference (a pop op: its index and the
// board it leaves) and with lsb(b) == msb(b ^ (b - 1)) (its ops: differential.cpp).
#include <cstddef>
#include <cstdint>

#include "differential.hpp"

#ifndef SCANPROOF_CANDIDATES_ONLY  // a build with candidates: its program tests only them (fuzz/CMakeLists.txt)
#define SCANPROOF_CANDIDATES_ONLY 0
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const scanproof::fuzz::differential target("bitscan_fuzzer", SCANPROOF_CANDIDATES_ONLY);
  target.run(data, size);
  return 0;
}
