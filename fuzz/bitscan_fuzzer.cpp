// Fuzz target: every lsb, msb, ctz and clz implementation that runs here,
// compared with the reference and with lsb(b) == msb(b ^ (b - 1)).
#include <cstddef>
#include <cstdint>

#include "differential.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using scanproof::op;
  static const scanproof::fuzz::differential target("bitscan_fuzzer",
                                                    {op::lsb, op::msb, op::ctz, op::clz});
  target.run(data, size);
  return 0;
}
