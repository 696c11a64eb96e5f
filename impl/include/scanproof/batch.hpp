// The per-implementation batch function: the scanner is a template argument,
// so its body is inlined into the loop and a sweep pays no indirect call per
// input (sweeps stay fast, benchmarks measure the scanner, not the call).
#pragma once
#include <cstddef>
#include <cstdint>

#include "scanproof/descriptor.hpp"
#include "scanproof/op.hpp"

namespace scanproof {

// Unrolled so the loop's own counter and branch cost a quarter per input and
// the loop's placement in the instruction cache stops mattering (a one-input
// loop straddling a 64-byte line ran POPCNT at 2 cycles instead of ~1 on Zen 4).
template <auto F>
void batch(const std::uint64_t* in, std::int64_t* out, std::size_t n) {
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>(F(in[i]));
}

// Latency (bench/): each input depends on the previous result. The caller
// stores in[i] XORed with the correct result for in[i-1], so a conforming
// scanner sees exactly the intended words and the dependency costs one XOR.
template <auto F>
std::int64_t chain(const std::uint64_t* in, std::size_t n) {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r = static_cast<std::uint64_t>(static_cast<std::int64_t>(F(in[i] ^ r)));
  return static_cast<std::int64_t>(r);
}

// Serialization (bench/), as engines use a scanner: visit every set bit of
// each word; returns the sum of the results. lsb/ctz clear the lowest bit with
// b &= b - 1 (the engines' idiom: the scan is off the loop's critical path);
// msb/clz clear the bit the scanner named (no such idiom for the top bit), at
// most 64 times per word so a wrong scanner cannot loop forever. popcount
// names no bit: it has no serialization kernel.
template <auto F, op O>
std::int64_t serialize(const std::uint64_t* in, std::size_t n) {
  static_assert(O != op::popcount, "popcount has no serialization kernel");
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t b = in[i];
    if constexpr (O == op::lsb || O == op::ctz) {
      for (; b != 0; b &= b - 1) sum += static_cast<std::int64_t>(F(b));
    } else {
      for (int k = 0; b != 0 && k < 64; ++k) {
        const auto s = static_cast<std::int64_t>(F(b));
        sum += s;
        b &= ~(std::uint64_t{1} << ((O == op::msb ? s : 63 - s) & 63));
      }
    }
  }
  return sum;
}

// Everything the registration macros generate for one scanner F of op O.
struct kernels {
  batch_fn batch = nullptr;
  chain_fn chain = nullptr;
  chain_fn serialize = nullptr;
};
template <auto F, op O>
constexpr kernels kernels_for() {
  if constexpr (O == op::popcount) return {&batch<F>, &chain<F>, nullptr};
  else return {&batch<F>, &chain<F>, &serialize<F, O>};
}

// Convenience for callers that have one input (properties, fuzzing).
inline std::int64_t call_one(void (*fn)(const std::uint64_t*, std::int64_t*, std::size_t),
                             std::uint64_t b) {
  std::int64_t r = 0;
  fn(&b, &r, 1);
  return r;
}

}  // namespace scanproof
