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
#pragma once
#include <cstdint>
#include <type_traits>

#include "scanproof/registry.hpp"

namespace scanproof::detail {

// Checks the contract at compile time so a wrong signature fails the build
// with one line saying what is wrong, not deep inside batch<>.
template <auto F, op O>
kernels candidate_kernels() {
  if constexpr (!signature_of<F>::valid) {
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
  if constexpr (signature_of<F>::valid) return call_scanner<F>(b);
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
