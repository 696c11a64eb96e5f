// Bring your own scanner:
//
//   #include <scanproof/candidate.hpp>
//   static int my_lsb(std::uint64_t b) { ... }
//   SCANPROOF_CANDIDATE(my_lsb, scanproof::op::lsb);
//
// The candidate's name is the function's identifier. It joins the same registry
// as the catalogue and gets exactly the same checks; it carries no expectations
// and must conform everywhere. lsb/msb candidates are never called with zero.
// The function takes a 64-bit unsigned integer (std::uint64_t, or a U64 typedef
// of unsigned long long) and returns any integer type.
#pragma once
#include <cstdint>
#include <type_traits>

#include "scanproof/registry.hpp"

namespace scanproof::detail {

template <class F>
struct candidate_signature : std::false_type {};
template <class R, class A>
struct candidate_signature<R (*)(A)> {
  using arg = std::remove_cvref_t<A>;
  static constexpr bool takes_u64 =
      std::is_integral_v<arg> && std::is_unsigned_v<arg> && sizeof(arg) == 8;
  static constexpr bool returns_integer = std::is_integral_v<R> && !std::is_same_v<R, bool>;
  static constexpr bool value = takes_u64 && returns_integer;
};
template <class R, class A>
struct candidate_signature<R (*)(A) noexcept> : candidate_signature<R (*)(A)> {};

// Checks the contract at compile time so a wrong signature fails the build
// with one line saying what is wrong, not deep inside batch<>.
template <auto F, op O>
kernels candidate_kernels() {
  using sig = candidate_signature<decltype(F)>;
  if constexpr (!sig::value) {
    static_assert(sig::value,
                  "SCANPROOF_CANDIDATE(function, op): the function must be a single, non-overloaded "
                  "function taking one std::uint64_t and returning an integer type (not bool)");
    return {};
  } else {
    return kernels_for<F, O>();
  }
}

// What the proof symbol calls (registry.hpp, SCANPROOF_PROOF_SYMBOL): F on one
// input; with a wrong signature only candidate_kernels' static_assert speaks.
template <auto F>
auto candidate_scalar(std::uint64_t b) {
  if constexpr (candidate_signature<decltype(F)>::value) return F(b);
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

#define SCANPROOF_CANDIDATE(FN, OP)                                                          \
  SCANPROOF_PROOF_SYMBOL(FN, ::scanproof::detail::candidate_scalar<&FN>)                     \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_candidate_, FN) =                \
      ::scanproof::detail::register_candidate(                                               \
          #FN, OP, ::scanproof::detail::candidate_kernels<&FN, OP>(), SCANPROOF_CANDIDATE_FILE)
