#include "scanproof/inputs.hpp"

#include <map>
#include <mutex>

namespace scanproof {

namespace {
using words = std::vector<std::uint64_t>;
constexpr std::uint64_t ones = ~std::uint64_t{0};

words single_bits() {
  words v;
  for (int i = 0; i < 64; ++i) v.push_back(std::uint64_t{1} << i);
  return v;
}

words bit_pairs() {
  words v;
  for (int i = 0; i < 64; ++i)
    for (int j = i + 1; j < 64; ++j) v.push_back((std::uint64_t{1} << i) | (std::uint64_t{1} << j));
  return v;
}

// 2^k - 1, ~0 << k, ~0 >> k for every k (shift counts kept below 64).
words masks() {
  words v;
  for (int k = 1; k <= 64; ++k) v.push_back(k == 64 ? ones : (std::uint64_t{1} << k) - 1);
  for (int k = 0; k < 64; ++k) v.push_back(ones << k);
  for (int k = 0; k < 64; ++k) v.push_back(ones >> k);
  return v;
}

// Every w-bit value slid to every position 0..63; positions past 64 - w keep
// the bits that still fit, so windows touching bit 63 are all there.
words windows(int w) {
  words v;
  const std::uint64_t n = std::uint64_t{1} << w;
  for (int pos = 0; pos < 64; ++pos)
    for (std::uint64_t x = 1; x < n; ++x) {
      std::uint64_t b = x << pos;
      if (b && (pos + w <= 64 || (b >> pos) == x)) v.push_back(b);
    }
  return v;
}
words windows8() { return windows(8); }
words windows16() { return windows(16); }

// Each 16-bit lane takes every value while the other three lanes are all
// zeros, then all ones.
words lanes16() {
  words v;
  for (std::uint64_t background : {std::uint64_t{0}, ones})
    for (int lane = 0; lane < 4; ++lane)
      for (std::uint64_t x = 0; x < 0x10000; ++x) {
        const std::uint64_t m = std::uint64_t{0xFFFF} << (16 * lane);
        std::uint64_t b = (background & ~m) | (x << (16 * lane));
        if (b) v.push_back(b);
      }
  return v;
}

constexpr std::size_t random_count = std::size_t{1} << 20;

template <distribution D, std::uint64_t Seed>
words random_words() {
  xoshiro256ss rng(Seed);
  words v(random_count);
  for (auto& w : v) w = draw(rng, D);
  return v;
}

constexpr input_set sets[] = {
    {"single_bits", "every single bit 1 << i", single_bits},
    {"bit_pairs", "every pair of distinct bits", bit_pairs},
    {"masks", "2^k - 1, ~0 << k and ~0 >> k for every k", masks},
    {"windows8", "every 8-bit value at every position", windows8},
    {"windows16", "every 16-bit value at every position", windows16},
    {"lanes16", "every 16-bit lane value, other lanes all zeros / all ones", lanes16},
    {"random_uniform", "2^20 uniform words", random_words<distribution::uniform, 0x5ca9900f0001>},
    {"random_sparse", "2^20 ANDs of 2-4 words", random_words<distribution::sparse, 0x5ca9900f0002>},
    {"random_dense", "2^20 ORs of 2-4 words", random_words<distribution::dense, 0x5ca9900f0003>},
    {"random_above_lsb", "2^20 random bits above a random lowest set bit",
     random_words<distribution::above_lsb, 0x5ca9900f0004>},
    {"random_below_msb", "2^20 random bits below a random highest set bit",
     random_words<distribution::below_msb, 0x5ca9900f0005>},
};
}  // namespace

std::uint64_t draw(xoshiro256ss& rng, distribution d) {
  for (;;) {
    std::uint64_t b = 0;
    switch (d) {
      case distribution::uniform: b = rng.next(); break;
      case distribution::sparse: {
        b = ones;
        for (auto k = 2 + rng.below(3); k; --k) b &= rng.next();
        break;
      }
      case distribution::dense: {
        b = 0;
        for (auto k = 2 + rng.below(3); k; --k) b |= rng.next();
        break;
      }
      case distribution::above_lsb: {
        const auto pos = rng.below(64);
        b = (rng.next() | 1) << pos;
        break;
      }
      case distribution::below_msb: {
        const auto pos = rng.below(64);
        b = (rng.next() >> (63 - pos)) | (std::uint64_t{1} << pos);
        break;
      }
    }
    if (b) return b;
  }
}

std::span<const input_set> input_sets() { return sets; }

const std::vector<std::uint64_t>& words_of(const input_set& s) {
#if !defined(_LIBCPP_HAS_NO_THREADS)  // wasm32-wasi's libc++: no threads, no std::mutex
  static std::mutex lock;
  const std::lock_guard<std::mutex> hold(lock);
#endif
  static std::map<const input_set*, std::vector<std::uint64_t>> cache;
  auto it = cache.find(&s);
  if (it == cache.end()) it = cache.emplace(&s, s.make()).first;
  return it->second;
}

const input_set* find_input_set(std::string_view name) {
  for (const input_set& s : sets)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace scanproof
