// The suite's one digest, of 64-bit values: an implementation's outputs on a
// check's inputs (observation::digest, the matrix report's "digest"), the
// fold of those per-set digests into one per implementation, and the pinned
// digest of each canonical input set (inputs.hpp). Every producer and every
// judge calls this, so equal digests mean equal value sequences wherever
// they were computed.
//
// FNV-1a's step (h ^ v) * prime, taken over whole 64-bit values instead of
// bytes, in four lanes: value i goes to lane i % 4, so four independent
// multiplies are in flight and a sweep is not bound by one multiply's latency.
// value() folds the four lanes and the count with the same step.
//
// Two loop orders give that same digest: interleaved (value by value, the four
// lanes in registers: multiplies in flight on 64-bit CPUs) and one lane at a
// time (a strided pass per lane: one 64-bit state in registers). On 32-bit
// targets a 64-bit lane is two registers and four or eight lanes do not fit:
// the interleaved loop spills them to memory at every step, which under
// qemu-user cost about twice the strided loop (docs/measurements.md).
#pragma once
#include <cstddef>
#include <cstdint>

namespace scanproof {

class value_digest {
 public:
  static constexpr std::uint64_t basis = 0xcbf29ce484222325ULL, prime = 0x100000001b3ULL;

  void add(std::uint64_t v) { step(lane_[count_++ % 4], v); }
  // int64 results are hashed as their two's-complement bits.
  void add(const std::int64_t* v, std::size_t n) { add(reinterpret_cast<const std::uint64_t*>(v), n); }
  void add(const std::uint64_t* v, std::size_t n) {
    if constexpr (lane_at_a_time)
      add_strided(v, n);
    else
      add_interleaved(v, n);
  }
  void add_strided(const std::uint64_t* v, std::size_t n) {
    const std::size_t k = count_ % 4;  // the lane of v[0]
    count_ += n;
    for (std::size_t j = 0; j < 4 && j < n; ++j) {
      std::uint64_t h = lane_[(k + j) % 4];
      for (std::size_t i = j; i < n; i += 4) step(h, v[i]);
      lane_[(k + j) % 4] = h;
    }
  }
  void add_interleaved(const std::uint64_t* v, std::size_t n) {
    std::size_t i = 0;
    std::size_t k = count_ % 4;  // the lane of v[i]
    count_ += n;
    for (; i < n && k != 0; ++i, k = (k + 1) % 4) step(lane_[k], v[i]);
    std::uint64_t a = lane_[0], b = lane_[1], c = lane_[2], d = lane_[3];
    for (; i + 4 <= n; i += 4) {
      step(a, v[i]);
      step(b, v[i + 1]);
      step(c, v[i + 2]);
      step(d, v[i + 3]);
    }
    // Fewer than four left, from lane 0 (the head loop ended on lane 0 or at n).
    if (i < n) step(a, v[i]);
    if (i + 1 < n) step(b, v[i + 1]);
    if (i + 2 < n) step(c, v[i + 2]);
    lane_[0] = a, lane_[1] = b, lane_[2] = c, lane_[3] = d;
  }

  // a.add(x, n) and b.add(y, n) in one pass, for two sequences read together
  // (a sweep's inputs and its outputs): eight multiplies in flight, each value
  // loaded once. The same digests as the two calls; a and b hold equal counts.
  static void add_both(value_digest& a, const std::uint64_t* x, value_digest& b, const std::uint64_t* y,
                       std::size_t n) {
    if (lane_at_a_time || a.count_ % 4 != 0 || a.count_ != b.count_) {
      a.add(x, n);
      b.add(y, n);
      return;
    }
    std::size_t i = 0;
    std::uint64_t a0 = a.lane_[0], a1 = a.lane_[1], a2 = a.lane_[2], a3 = a.lane_[3];
    std::uint64_t b0 = b.lane_[0], b1 = b.lane_[1], b2 = b.lane_[2], b3 = b.lane_[3];
    for (; i + 4 <= n; i += 4) {
      step(a0, x[i]), step(b0, y[i]);
      step(a1, x[i + 1]), step(b1, y[i + 1]);
      step(a2, x[i + 2]), step(b2, y[i + 2]);
      step(a3, x[i + 3]), step(b3, y[i + 3]);
    }
    a.lane_[0] = a0, a.lane_[1] = a1, a.lane_[2] = a2, a.lane_[3] = a3, a.count_ += i;
    b.lane_[0] = b0, b.lane_[1] = b1, b.lane_[2] = b2, b.lane_[3] = b3, b.count_ += i;
    a.add(x + i, n - i);
    b.add(y + i, n - i);
  }

  std::uint64_t value() const {
    std::uint64_t h = basis;
    for (const std::uint64_t l : lane_) step(h, l);
    step(h, count_);
    return h;
  }

 private:
#if (defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4 && !defined(__wasm__))
  static constexpr bool lane_at_a_time = true;  // 32-bit registers (wasm32's i64 are the host's 64-bit ones)
#else
  static constexpr bool lane_at_a_time = false;
#endif
  static void step(std::uint64_t& h, std::uint64_t v) { h = (h ^ v) * prime; }
  std::uint64_t lane_[4] = {basis, basis, basis, basis};
  std::uint64_t count_ = 0;
};

}  // namespace scanproof
