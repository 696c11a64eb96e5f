// The per-implementation batch function: the scanner is a template argument,
// so its body is inlined into the loop and a sweep pays no indirect call per
// input (sweeps stay fast, benchmarks measure the scanner, not the call).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "scanproof/descriptor.hpp"
#include "scanproof/op.hpp"
#include "scanproof/signature.hpp"
#include "scanproof/pop_batch.hpp"

namespace scanproof {

// The index F returns for one board: a mutating pop scanner (pop_batch.hpp)
// is called on a copy. What the proof symbol calls (registry.hpp).
template <auto F, class Rd = default_reading>
inline std::int64_t call_index(word a) {
  if constexpr (always_pops<F>) return pop_index<F, Rd>(a);
  else return static_cast<std::int64_t>(call_scanner<F, Rd>(a));
}

// What the proof symbol calls (registry.hpp, SCANPROOF_PROOF_SYMBOL): the
// index for the board `a`; registered under a pop op, F pops it as
// pop_batch<> does and the board it leaves is written to *after.
template <auto F, op O, class Rd = default_reading>
inline std::int64_t proof_call(word a, word* after) {
  if constexpr (pops(O) && pop_signature_t<F>::valid) {
    const std::int64_t r = call_popper<F, Rd>(a);
    *after = a;
    return r;
  } else {
    return call_index<F, Rd>(a);
  }
}

// Unrolled so the loop's own counter and branch cost a quarter per input and
// the loop's placement in the instruction cache stops mattering (a one-input
// loop straddling a 64-byte line ran POPCNT at 2 cycles instead of ~1 on Zen 4).
// A scan leaves its board as it was: `after`, when asked for, is the input.
template <auto F, class Rd = default_reading>
void batch(const word* in, std::int64_t* out, word* after, std::size_t n) {
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>(call_scanner<F, Rd>(in[i]));
  if (after)
    for (std::size_t i = 0; i < n; ++i) after[i] = in[i];
}

// The same loop over inputs as the suite stores them (inputs.hpp: one 64-bit
// value each): a conformance sweep hands a scanner of one integer of up to 64
// bits the mapped input file itself, so no input is copied before the scanner
// reads it. nullptr (values_batch_for) for every other signature.
template <auto F, class Rd = default_reading>
void batch_values(const std::uint64_t* in, std::int64_t* out, std::size_t n) {
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>(call_scanner<F, Rd>(word{in[i]}));
}
template <auto F, class Rd = default_reading>
constexpr batch_values_fn values_batch_for() {
  if constexpr (signature_of<F>::kind == argument::integer && signature_of<F>::width <= 64) return &batch_values<F, Rd>;
  else return nullptr;
}

// Latency (bench/): each input depends on the previous result. The caller
// stores in[i] XORed (in its low half) with the correct result for in[i-1],
// so a conforming scanner sees exactly the intended words and the dependency
// costs one XOR.
template <auto F, class Rd = default_reading>
std::int64_t chain(const word* in, std::size_t n) {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r = static_cast<std::uint64_t>(static_cast<std::int64_t>(call_scanner<F, Rd>(word{in[i].lo ^ r, in[i].hi})));
  return static_cast<std::int64_t>(r);
}

// Serialization (bench/), as engines use a scanner: visit every set bit of
// each word; returns the sum of the results. lsb/ctz clear the lowest bit with
// b &= b - 1 (the engines' idiom: the scan is off the loop's critical path);
// a 64-bit msb/clz clears the bit the scanner named (no such idiom for the top
// bit), at most 64 times per word so a wrong scanner cannot loop forever; other
// widths' msb/clz clear the highest set bit of the argument itself, since the
// named square's place in the argument depends on the layout. popcount names
// no bit: it has no serialization kernel.
template <auto F, op O, class Rd = default_reading>
std::int64_t serialize(const word* in, std::size_t n) {
  static_assert(O != op::popcount, "popcount has no serialization kernel");
  constexpr bool plain64 = signature_of<F>::width == 64 && signature_of<F>::kind == argument::integer;
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (plain64) {
      std::uint64_t b = in[i].lo;
      if constexpr (O == op::lsb || O == op::ctz) {
        for (; b != 0; b &= b - 1) sum += static_cast<std::int64_t>(call_scanner<F, Rd>(word{b}));
      } else {
        for (int k = 0; b != 0 && k < 64; ++k) {
          const auto s = static_cast<std::int64_t>(call_scanner<F, Rd>(word{b}));
          sum += s;
          b &= ~(std::uint64_t{1} << ((O == op::msb ? s : 63 - s) & 63));
        }
      }
    } else {
      word b = in[i];
      if constexpr (O == op::lsb || O == op::ctz) {
        for (; b; b &= b - word{1}) sum += static_cast<std::int64_t>(call_scanner<F, Rd>(b));
      } else {
        for (; b; b &= ~word::bit(highest_bit(b))) sum += static_cast<std::int64_t>(call_scanner<F, Rd>(b));
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
  shape sh{};  // from F's signature: width and how it is passed
  batch_values_fn batch_values = nullptr;  // one integer of up to 64 bits only
};
template <auto F, op O, class Rd = default_reading>
constexpr kernels pop_kernels_for() {
  static_assert(pops(O) && pop_signature_t<F>::valid && pop_signature_t<F>::readable,
                "pop_lsb/pop_msb take one board by non-const reference or by pointer (T& or T*: a "
                "board board.hpp makes and reads back), or are a non-const member function of the "
                "board taking nothing, and clear the square they return; a scanner that takes its "
                "board by reference or pointer is registered as op::pop_lsb or op::pop_msb");
  if constexpr (pops(O) && pop_signature_t<F>::valid && pop_signature_t<F>::readable) {
    shape s = integer_shape(pop_signature_t<F>::width);
    s.arg = pop_signature_t<F>::kind;
    s.halves = Rd::halves;
    return {&pop_batch<F, Rd>, &pop_chain<F, Rd>, &pop_serialize<F, Rd>, s};
  } else {
    return {};
  }
}
template <auto F, op O, class Rd = default_reading>
constexpr kernels scan_kernels_for() {
  static_assert(valid_with<F, Rd>,
                "a scanner takes one unsigned integer (8 to 64 bits, or unsigned __int128), two "
                "uint64_t (lo, hi), or a 16-byte board type (signature.hpp)");
  constexpr shape s = signature_shape<F, Rd>();
  if constexpr (O == op::popcount)
    return {&batch<F, Rd>, &chain<F, Rd>, nullptr, s, values_batch_for<F, Rd>()};
  else return {&batch<F, Rd>, &chain<F, Rd>, &serialize<F, O, Rd>, s, values_batch_for<F, Rd>()};
}

// A pop op, or a function that takes its board by reference or pointer, gets
// the pop kernels (and a clear error unless both hold).
template <auto F, op O, class Rd = default_reading>
constexpr kernels kernels_for() {
  if constexpr (pops(O) || always_pops<F>) return pop_kernels_for<F, O, Rd>();
  else return scan_kernels_for<F, O, Rd>();
}

// Convenience for callers that have one input (properties, fuzzing).
// `b` is the implementation's argument (to_argument() of a board).
inline std::int64_t call_one(batch_fn fn, word b) {
  std::int64_t r = 0;
  fn(&b, &r, nullptr, 1);
  return r;
}
// The same, with the board the call left behind (argument space; batch_fn).
inline std::int64_t call_one(batch_fn fn, word b, word& after) {
  std::int64_t r = 0;
  fn(&b, &r, &after, 1);
  return r;
}

}  // namespace scanproof
