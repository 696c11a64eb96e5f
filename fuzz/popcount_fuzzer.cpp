// Fuzz target: every popcount implementation that runs here, compared with
// the reference and with popcount((b & -b) - 1) == lsb(b) (its ops: differential.cpp).
#include <cstddef>
#include <cstdint>

#include "differential.hpp"

#ifndef SCANPROOF_CANDIDATES_ONLY  // a build with candidates: its program tests only them (fuzz/CMakeLists.txt)
#define SCANPROOF_CANDIDATES_ONLY 0
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const scanproof::fuzz::differential target("popcount_fuzzer", SCANPROOF_CANDIDATES_ONLY);
  target.run(data, size);
  return 0;
}
