#include "scanproof/inputs.hpp"

#include <map>
#include <mutex>
#include <tuple>

namespace scanproof {

namespace {
using words = std::vector<word>;

words single_bits(int w) {
  words v;
  for (int i = 0; i < w; ++i) v.push_back(word::bit(i));
  return v;
}

words bit_pairs(int w) {
  words v;
  for (int i = 0; i < w; ++i)
    for (int j = i + 1; j < w; ++j) v.push_back(word::bit(i) | word::bit(j));
  return v;
}

// 2^k - 1, ~0 << k, ~0 >> k for every k.
words masks(int w) {
  const word ones = word::ones(w);
  words v;
  for (int k = 1; k <= w; ++k) v.push_back(word::ones(k));
  for (int k = 0; k < w; ++k) v.push_back((ones << k) & ones);
  for (int k = 0; k < w; ++k) v.push_back(ones >> k);
  return v;
}

// Every bits-wide value slid to every `step`-th position; positions past
// w - bits keep the bits that still fit, so windows touching the top bit are
// all there.
words windows(int w, int bits, int step) {
  const word ones = word::ones(w);
  words v;
  const std::uint64_t n = std::uint64_t{1} << bits;
  for (int pos = 0; pos < w; pos += step)
    for (std::uint64_t x = 1; x < n; ++x) {
      const word b = (word{x} << pos) & ones;
      if (b && (pos + bits <= w || (b >> pos) == word{x})) v.push_back(b);
    }
  return v;
}
words windows8(int w) { return windows(w, 8, 1); }
// 128 bits: every 4th position (half the inputs), which still puts every
// 12-bit pattern at every position, across the halves' boundary too.
words windows16(int w) { return windows(w, 16, w > 64 ? 4 : 1); }

// Each 16-bit lane takes every value while the other lanes are all zeros,
// then all ones.
words lanes16(int w) {
  const word ones = word::ones(w);
  words v;
  for (const word background : {word{}, ones})
    for (int lane = 0; lane < w / 16; ++lane)
      for (std::uint64_t x = 0; x < 0x10000; ++x) {
        const word m = word{0xFFFF} << (16 * lane);
        const word b = (background & ~m) | (word{x} << (16 * lane));
        if (b) v.push_back(b);
      }
  return v;
}

// Every nonzero value of an 8- or 16-bit word.
words exhaustive(int w) {
  words v;
  for (std::uint64_t x = 1; x < (std::uint64_t{1} << w); ++x) v.push_back(word{x});
  return v;
}

// 2^20 per distribution at 64 bits (today's sets); 2^18 at 32 and 128 bits,
// which keeps a 128-bit entry's sweeps no longer than a 64-bit one's (the
// structured families are larger there) and the emulated matrix within its time.
std::size_t random_count(int w) { return std::size_t{1} << (w == 64 ? 20 : 18); }

template <distribution D, std::uint64_t Seed>
words random_words(int w) {
  xoshiro256ss rng(Seed);
  words v(random_count(w));
  for (auto& b : v) b = draw(rng, D, w);
  return v;
}

constexpr int any = 128;
constexpr input_set sets[] = {
    {"exhaustive", "every nonzero value", exhaustive, 8, 16},
    {"single_bits", "every single bit 1 << i", single_bits, 32, any},
    {"bit_pairs", "every pair of distinct bits", bit_pairs, 32, any},
    {"masks", "2^k - 1, ~0 << k and ~0 >> k for every k", masks, 32, any},
    {"windows8", "every 8-bit value at every position", windows8, 32, any},
    {"windows16", "every 16-bit value at every position (every 4th for 128 bits)", windows16, 32, any},
    {"lanes16", "every 16-bit lane value, other lanes all zeros / all ones", lanes16, 32, any},
    {"random_uniform", "uniform words: 2^20 at 64 bits, 2^18 at 32 and 128", random_words<distribution::uniform, 0x5ca9900f0001>, 32, any},
    {"random_sparse", "ANDs of 2-4 uniform words (as many)", random_words<distribution::sparse, 0x5ca9900f0002>, 32, any},
    {"random_dense", "ORs of 2-4 uniform words (as many)", random_words<distribution::dense, 0x5ca9900f0003>, 32, any},
    {"random_above_lsb", "random bits above a random lowest set bit (as many)",
     random_words<distribution::above_lsb, 0x5ca9900f0004>, 32, any},
    {"random_below_msb", "random bits below a random highest set bit (as many)",
     random_words<distribution::below_msb, 0x5ca9900f0005>, 32, any},
};

// A uniform w-bit word (at 64 bits: one next(), as the sets always drew).
word uniform(xoshiro256ss& rng, int w) {
  if (w > 64) {
    const std::uint64_t lo = rng.next();
    return word{lo, rng.next()} & word::ones(w);
  }
  return word{rng.next()} & word::ones(w);
}
}  // namespace

word draw(xoshiro256ss& rng, distribution d, int w) {
  const word ones = word::ones(w);
  for (;;) {
    word b;
    switch (d) {
      case distribution::uniform: b = uniform(rng, w); break;
      case distribution::sparse: {
        b = ones;
        for (auto k = 2 + rng.below(3); k; --k) b &= uniform(rng, w);
        break;
      }
      case distribution::dense: {
        for (auto k = 2 + rng.below(3); k; --k) b |= uniform(rng, w);
        break;
      }
      case distribution::above_lsb: {
        const auto pos = static_cast<int>(rng.below(static_cast<std::uint64_t>(w)));
        b = ((uniform(rng, w) | word{1}) << pos) & ones;
        break;
      }
      case distribution::below_msb: {
        const auto pos = static_cast<int>(rng.below(static_cast<std::uint64_t>(w)));
        b = (uniform(rng, w) >> (w - 1 - pos)) | word::bit(pos);
        break;
      }
    }
    if (b) return b;
  }
}

std::uint64_t draw(xoshiro256ss& rng, distribution d) { return draw(rng, d, 64).lo; }

std::vector<const input_set*> input_sets(int width) {
  std::vector<const input_set*> v;
  for (const input_set& s : sets)
    if (width >= s.min_width && width <= s.max_width) v.push_back(&s);
  return v;
}

namespace {
#if !defined(_LIBCPP_HAS_NO_THREADS)  // wasm32-wasi's libc++: no threads, no std::mutex
std::mutex cache_lock;
#define SCANPROOF_CACHE_LOCK const std::lock_guard<std::mutex> hold(cache_lock)
#else
#define SCANPROOF_CACHE_LOCK
#endif

const words& generated(const input_set& s, int width) {
  static std::map<std::pair<const input_set*, int>, words> cache;
  auto it = cache.find({&s, width});
  if (it == cache.end()) it = cache.emplace(std::pair{&s, width}, s.make(width)).first;
  return it->second;
}
}  // namespace

const std::vector<word>& words_of(const input_set& s, int width) {
  SCANPROOF_CACHE_LOCK;
  return generated(s, width);
}

// A restricted set is made afresh and masked in place, not copied from the
// full set's cache: one implementation's process holds one copy of its boards
// (Node's WASI runtime segfaulted at exit once a run held both, ~350 MB).
const std::vector<word>& boards_of(const input_set& s, const shape& sh) {
  SCANPROOF_CACHE_LOCK;
  if (sh.domain == word::ones(sh.width)) return generated(s, sh.width);
  using key = std::tuple<const input_set*, int, std::uint64_t, std::uint64_t>;
  static std::map<key, words> cache;
  const key k{&s, sh.width, sh.domain.lo, sh.domain.hi};
  auto it = cache.find(k);
  if (it == cache.end()) {
    words v = s.make(sh.width);
    std::size_t n = 0;
    for (const word& b : v)
      if (const word m = b & sh.domain) v[n++] = m;
    v.resize(n);
    v.shrink_to_fit();
    it = cache.emplace(k, std::move(v)).first;
  }
  return it->second;
}

const input_set* find_input_set(std::string_view name) {
  for (const input_set& s : sets)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace scanproof
