// Kernels for the pop ops (op.hpp: pop_lsb, pop_msb): a scanner that returns
// a square and clears it in its argument, taken by reference (C++'s
// `int pop_lsb(Bitboard& b)`) or by pointer (C's `int poplsb(uint64_t* b)`).
// The board is any one-board type board.hpp's model makes and reads back
// (integers, enumerations, board classes of 1 to 16 bytes, board_traits).
//
// Its batch (descriptor.hpp's batch_fn, as every op's) writes the index and,
// when asked, the board left behind, which the conformance checks, the pop
// properties and the fuzzer compare; a driver that reads the index alone
// (bench, the index laws) passes no `after` and the popper runs on a copy.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanproof/descriptor.hpp"
#include "scanproof/op.hpp"
#include "scanproof/signature.hpp"

namespace scanproof {

// F's parameter list read as a mutating scanner's: one non-const board by
// reference or by pointer, or a non-const member function of the board type
// taking nothing (YaneuraOu's `Square Bitboard::pop()`), called on the board.
template <class F>
struct pop_signature {
  static constexpr bool is_pop_form = false;
  static constexpr bool valid = false;
  static constexpr bool readable = false;
  static constexpr bool member = false;
};
template <class R, class A, bool Pointer, bool Member = false>
struct pop_signature_of_board {
  using ret = R;
  using board = A;
  using by_value = scanner_signature<R (*)(A)>;  // the board type's width and kind
  static constexpr bool by_pointer = Pointer;
  static constexpr bool member = Member;
  // A non-const T&, T* or member function: a pop's form, whatever T is.
  static constexpr bool is_pop_form = !std::is_const_v<A>;
  // The board left behind is read back through board.hpp's model.
  static constexpr bool readable = board_model<std::remove_cv_t<A>>::readable;
  static constexpr bool valid = !std::is_const_v<A> && by_value::board::valid;
  static constexpr int width = by_value::width;
  static constexpr argument kind = by_value::kind;
};
template <class R, class A>
struct pop_signature<R (*)(A&)> : pop_signature_of_board<R, A, false> {};
template <class R, class A>
struct pop_signature<R (*)(A*)> : pop_signature_of_board<R, A, true> {};
template <class R, class A>
struct pop_signature<R (*)(A&) noexcept> : pop_signature<R (*)(A&)> {};
template <class R, class A>
struct pop_signature<R (*)(A*) noexcept> : pop_signature<R (*)(A*)> {};
template <class R, class C>
struct pop_signature<R (C::*)()> : pop_signature_of_board<R, C, false, true> {};
template <class R, class C>
struct pop_signature<R (C::*)() noexcept> : pop_signature<R (C::*)()> {};

template <auto F>
using pop_signature_t = pop_signature<decltype(F)>;

// F clears a square of its board whatever op it is registered as (T&, T*).
// A non-const member function does only when registered as a pop: engines do
// not always mark their getters const, so under a scan op it is called on a
// copy, as a const one is (signature.hpp).
template <auto F>
inline constexpr bool always_pops = pop_signature_t<F>::valid && !pop_signature_t<F>::member;

// Calls F on the board `a` (argument space), which it updates; returns F's
// result widened to int64. The board is made and read back by board.hpp's
// model, in the declared half order; the result read as Rd declares.
template <auto F, class Rd = default_reading>
inline std::int64_t call_popper(word& a) {
  using sig = pop_signature_t<F>;
  using model = board_model<std::remove_cv_t<typename sig::board>>;
  auto v = model::template make<Rd::halves>(a);
  std::int64_t r;
  if constexpr (sig::member) r = static_cast<std::int64_t>(read_result<Rd::result>((v.*F)()));
  else if constexpr (sig::by_pointer) r = static_cast<std::int64_t>(read_result<Rd::result>(F(&v)));
  else r = static_cast<std::int64_t>(read_result<Rd::result>(F(v)));
  a = model::template read<Rd::halves>(v);
  return r;
}

// The index alone, F called on a copy.
template <auto F, class Rd = default_reading>
inline std::int64_t pop_index(word a) {
  return call_popper<F, Rd>(a);
}

// A pop op's batch: the index, and the board left behind when `after` is
// given (argument space); without it F runs on a copy.
template <auto F, class Rd = default_reading>
void pop_batch(const word* in, std::int64_t* out, word* after, std::size_t n) {
  if (!after) {
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; ++i) out[i] = pop_index<F, Rd>(in[i]);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    after[i] = in[i];
    out[i] = call_popper<F, Rd>(after[i]);
  }
}

// Latency (bench/): as batch.hpp's chain, the previous index XORed in.
template <auto F, class Rd = default_reading>
std::int64_t pop_chain(const word* in, std::size_t n) {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r = static_cast<std::uint64_t>(pop_index<F, Rd>(word{in[i].lo ^ r, in[i].hi}));
  return static_cast<std::int64_t>(r);
}

// Serialization (bench/), the engines' own loop: `while (b) sum += pop_lsb(b);`.
// At most `width` pops per word, so a popper that clears nothing cannot loop forever.
template <auto F, class Rd = default_reading>
std::int64_t pop_serialize(const word* in, std::size_t n) {
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    word b = in[i];
    for (int k = 0; b && k < pop_signature_t<F>::width; ++k) sum += call_popper<F, Rd>(b);
  }
  return sum;
}

}  // namespace scanproof
