// Bring your own scanner:
//
//   #include <scanproof/candidate.hpp>
//   static int my_lsb(std::uint64_t b) { ... }
//   SCANPROOF_CANDIDATE(my_lsb, scanproof::op::lsb);
//
// The candidate's name is the function's identifier. It joins the same registry
// as the catalogue and gets exactly the same checks; it carries no expectations
// and must conform everywhere. lsb/msb candidates are never called with zero.
// The function takes one unsigned integer (uint8_t .. uint64_t, or a U64
// typedef; unsigned __int128), two uint64_t (lo, hi), or a 16-byte struct of
// two uint64_t (low half first), and returns any integer type. Its parameter
// is its width; a two-half board's layout and a declared domain follow the op:
//   SCANPROOF_CANDIDATE(shogi_lsb, scanproof::op::lsb, .high_offset = 63);
// (docs/contracts.md, "Shapes").
// A pop scanner (returns the lowest/highest set square and clears it) takes
// its board by reference or pointer, as engines write it:
//   static int pop_lsb(std::uint64_t& b) { int s = std::countr_zero(b); b &= b - 1; return s; }
//   SCANPROOF_CANDIDATE(pop_lsb, scanproof::op::pop_lsb);
#pragma once
#include <cstdint>
#include <type_traits>

#include "scanproof/registry.hpp"

namespace scanproof::detail {

// Checks the contract at compile time so a wrong signature fails the build
// with one line saying what is wrong, not deep inside batch<>.
// A pop op (pop_lsb, pop_msb: pop_batch.hpp) takes its board by non-const
// reference or by pointer and clears the square it returns; a function that
// takes its board so is a pop scanner, whatever op it is registered as.
template <auto F, op O>
kernels candidate_pop_kernels() {
  if constexpr (!pops(O)) {
    static_assert(pops(O),
                  "SCANPROOF_CANDIDATE(function, op): the function takes its board by non-const reference "
                  "or pointer, so it is a pop scanner (it clears the square it returns): register it as "
                  "scanproof::op::pop_lsb or scanproof::op::pop_msb");
    return {};
  } else if constexpr (!pop_signature_t<F>::valid) {
    static_assert(pop_signature_t<F>::valid,
                  "SCANPROOF_CANDIDATE(function, op::pop_lsb/pop_msb): a pop scanner takes one board by "
                  "non-const reference or by pointer (int pop_lsb(Bitboard& b), int poplsb(uint64_t* b): "
                  "an unsigned integer of 8 to 64 bits, unsigned __int128 or a 16-byte struct of two "
                  "uint64_t) and clears the square it returns");
    return {};
  } else {
    using R = typename pop_signature_t<F>::ret;
    static_assert(std::is_integral_v<R> && !std::is_same_v<R, bool>,
                  "SCANPROOF_CANDIDATE(function, op): the function must return an integer type (not bool)");
    return kernels_for<F, O>();
  }
}

template <auto F, op O>
kernels candidate_kernels() {
  if constexpr (pops(O) || pop_signature_t<F>::valid) {
    return candidate_pop_kernels<F, O>();
  } else if constexpr (!signature_of<F>::valid) {
    static_assert(signature_of<F>::valid,
                  "SCANPROOF_CANDIDATE(function, op): the function must be a single, non-overloaded "
                  "function taking one unsigned integer (8 to 64 bits, or unsigned __int128), two "
                  "uint64_t (lo, hi) or a 16-byte struct of two uint64_t, and returning an integer "
                  "type (not bool)");
    return {};
  } else {
    using R = typename signature_of<F>::ret;
    static_assert(std::is_integral_v<R> && !std::is_same_v<R, bool>,
                  "SCANPROOF_CANDIDATE(function, op): the function must return an integer type (not bool)");
    return kernels_for<F, O>();
  }
}

// What the proof symbol calls (registry.hpp, SCANPROOF_PROOF_SYMBOL): F on one
// input; with a wrong signature only candidate_kernels' static_assert speaks.
template <auto F>
auto candidate_scalar(word b) {
  if constexpr (pop_signature_t<F>::valid) return call_index<F>(b);  // a pop scanner, on a copy
  else if constexpr (signature_of<F>::valid) return call_scanner<F>(b);
  else return 0;
}

}  // namespace scanproof::detail

// scanproof_add_candidates() and -DSCANPROOF_CANDIDATES define this per source
// file, so a candidate registered from a header or through another macro is
// attributed to the file the user listed (and "registers nothing" is exact).
#ifdef SCANPROOF_CANDIDATE_SOURCE
#define SCANPROOF_CANDIDATE_FILE SCANPROOF_CANDIDATE_SOURCE
#else
#define SCANPROOF_CANDIDATE_FILE __FILE__
#endif

// SCANPROOF_CANDIDATE(function, op [, layout options]): the options are
// scanproof::layout_options' fields (registry.hpp), e.g. `.high_offset = 63`.
#define SCANPROOF_CANDIDATE(FN, OP, ...)                                                     \
  SCANPROOF_PROOF_SYMBOL(FN, ::scanproof::detail::candidate_scalar<&FN>)                     \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_candidate_, FN) =                \
      ::scanproof::detail::register_candidate(                                               \
          #FN, OP, ::scanproof::detail::candidate_kernels<&FN, OP>(), SCANPROOF_CANDIDATE_FILE, \
          ::scanproof::layout_options{__VA_ARGS__})
