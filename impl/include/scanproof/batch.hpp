// The per-implementation batch function: the scanner is a template argument,
// so its body is inlined into the loop and a sweep pays no indirect call per
// input (sweeps stay fast, benchmarks measure the scanner, not the call).
#pragma once
#include <cstddef>
#include <cstdint>

namespace scanproof {

template <auto F>
void batch(const std::uint64_t* in, std::int64_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>(F(in[i]));
}

// Convenience for callers that have one input (properties, fuzzing).
inline std::int64_t call_one(void (*fn)(const std::uint64_t*, std::int64_t*, std::size_t),
                             std::uint64_t b) {
  std::int64_t r = 0;
  fn(&b, &r, 1);
  return r;
}

}  // namespace scanproof
