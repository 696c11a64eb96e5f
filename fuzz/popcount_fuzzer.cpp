// Fuzz target: every popcount implementation that runs here, compared with
// the reference and with popcount((b & -b) - 1) == lsb(b).
#include <cstddef>
#include <cstdint>

#include "differential.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const scanproof::fuzz::differential target("popcount_fuzzer", {scanproof::op::popcount});
  target.run(data, size);
  return 0;
}
