// Bring your own scanner, as it ships: one line per function, no wrapper.
//
//   #include <scanproof/candidate.hpp>
//   #include "bitboard.h"   // the engine's own header, unmodified
//   SCANPROOF_CANDIDATE_NAMED(sf_lsb, Stockfish::lsb, scanproof::op::lsb);
//   SCANPROOF_CANDIDATE_NAMED(sf_popcount, Stockfish::popcount, scanproof::op::popcount);
//   SCANPROOF_CANDIDATE_NAMED(yo_popcount, &YaneuraOu::Bitboard::pop_count, scanproof::op::popcount,
//                             .high_offset = 63);
//
// SCANPROOF_CANDIDATE_NAMED(name, function, op [, options]): `name` is the
// candidate's name (a C identifier, unique in the registry); `function` is any
// constant expression that designates one function: a qualified name, a
// template-id (`constexpr_popcount<std::uint64_t>`), a `static_cast` picking
// one overload, or a pointer to a member function of the board type, called on
// the board. SCANPROOF_CANDIDATE(function, op [, options]) is the short form
// for a plain identifier, which is then also the name.
//
// What a scanner may look like (signature.hpp): its parameter is one unsigned
// integer (8 to 64 bits, unsigned __int128), two uint64_t (lo, hi) or a
// 16-byte board type, by value or const&; its parameter is its width. Its
// result is any integer or enumeration (Square), read by its underlying type.
// A wrong signature stops the compile with one line naming what is wrong.
//
// Options (designated initializers, in this order; docs/contracts.md, "Shapes"):
//   .high_offset = 63       two-half layout (YaneuraOu/Apery)
//   .index_base = 1         lsb/msb number squares from 1
//   .domain = scanproof::word{lo, hi}   squares that can ever be set
//   .zero = undefined       lsb/msb/ctz/clz: the result at 0 is not promised
//                           (observed, never judged: only nonzero inputs are)
//   .zero = SQ_NONE         ... or it is this value (64, -1, an enumerator)
// Without .zero: ctz/clz(0) must be the width, lsb/msb are never called with 0.
//
// A pop scanner (pop_lsb/pop_msb: returns the lowest/highest set square and
// clears it) takes its board by non-const reference or pointer, as engines
// write it:
//   SCANPROOF_CANDIDATE(pop_lsb, scanproof::op::pop_lsb);   // int pop_lsb(Bitboard& b)
//
// The candidate carries no expectations and must conform everywhere. This
// header is C++17, so a candidate file builds in a C++17 engine's dialect.
#pragma once
#if !defined(__cplusplus) || __cplusplus < 201703L
#error "scanproof/candidate.hpp needs C++17 or later (-std=c++17); C files include <scanproof/candidate.h>"
#else  // the rest of the file: nothing else to report below C++17
#include <cstdint>
#include <optional>
#include <type_traits>

#include "scanproof/registry.hpp"

namespace scanproof {

// The zero contract a candidate declares, as the catalogue's zero_spec
// (descriptor.hpp): `.zero = undefined` or `.zero = <value>`.
struct undefined_zero {};
namespace candidate_words {
inline constexpr undefined_zero undefined{};
}  // namespace candidate_words

struct zero_contract {
  zero_spec spec{};
  constexpr zero_contract() = default;
  constexpr zero_contract(undefined_zero) : spec{zero_spec::is_undefined(candidate_zero_note)} {}  // NOLINT
  template <class T, class = std::enable_if_t<(std::is_integral_v<T> || std::is_enum_v<T>) &&
                                              !std::is_same_v<T, bool>>>
  constexpr zero_contract(T v)  // NOLINT(google-explicit-constructor): `.zero = SQ_NONE`
      : spec{zero_spec::returns(static_cast<std::int64_t>(result_value(v)), candidate_zero_note)} {}
};

// What may follow the op of a candidate: its layout (registry.hpp's
// layout_options) and its zero contract.
struct candidate_options {
  int high_offset = 64;
  int index_base = 0;
  std::optional<word> domain{};
  zero_contract zero{};

  layout_options layout() const { return {high_offset, index_base, domain}; }
};

namespace detail {

// Checks the signature at compile time so a wrong one fails the build with
// one line naming what is wrong with it (signature.hpp), not deep inside batch<>.
template <auto F, op O>
kernels candidate_scan_kernels() {
  using p = signature_problem;
  constexpr p why = signature_of<F>::problem;
  static_assert(why != p::not_a_function,
                "SCANPROOF_CANDIDATE: this is not a pointer to a function or to a member function of the "
                "board type");
  static_assert(why != p::parameter_count,
                "SCANPROOF_CANDIDATE: this function's parameters are not one board or two uint64_t (lo, hi)");
  static_assert(why != p::signed_parameter,
                "SCANPROOF_CANDIDATE: this function's parameter is a signed integer; a board is unsigned "
                "(uint8_t to uint64_t, unsigned __int128)");
  static_assert(why != p::mutable_reference,
                "SCANPROOF_CANDIDATE: this function takes its board by non-const reference (T&); "
                "lsb/msb/ctz/clz/popcount take it by value or const T&");
  static_assert(why != p::pointer_parameter,
                "SCANPROOF_CANDIDATE: this function takes a pointer; lsb/msb/ctz/clz/popcount take the "
                "board by value or const T&");
  static_assert(why != p::board_size,
                "SCANPROOF_CANDIDATE: this function's board type is a class that is not 16 bytes; a "
                "board is an unsigned integer or two uint64_t");
  static_assert(why != p::board_not_buildable,
                "SCANPROOF_CANDIDATE: this function's 16-byte board type is not trivially copyable and "
                "has no constructor T(std::uint64_t lo, std::uint64_t hi); specialise "
                "scanproof::board_traits<T> with static T make(std::uint64_t lo, std::uint64_t hi)");
  static_assert(why != p::other_parameter,
                "SCANPROOF_CANDIDATE: this function's parameter is not a board (an unsigned integer, "
                "unsigned __int128 or a 16-byte board type)");
  static_assert(why != p::member_arguments,
                "SCANPROOF_CANDIDATE: this member function takes arguments; a member scanner is called "
                "on the board with none");
  static_assert(why != p::bool_result,
                "SCANPROOF_CANDIDATE: this function returns bool; a scanner returns a count or an index "
                "(an integer or enumeration type)");
  static_assert(why != p::other_result,
                "SCANPROOF_CANDIDATE: this function's result is not an integer or enumeration type");
  if constexpr (signature_of<F>::valid) return kernels_for<F, O>();
  else return {};
}

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
                  "an unsigned integer of 8 to 64 bits, unsigned __int128 or a 16-byte board type), or "
                  "is a non-const member function of the board taking nothing (Square Bitboard::pop()), "
                  "and clears the square it returns");
    return {};
  } else {
    using R = typename pop_signature_t<F>::ret;
    static_assert(result_problem<R>() == signature_problem::none,
                  "SCANPROOF_CANDIDATE: this pop scanner's result is not an integer or enumeration type "
                  "(or is bool)");
    if constexpr (result_problem<R>() == signature_problem::none) return kernels_for<F, O>();
    else return {};
  }
}

// Which kernels a candidate gets: a function that takes its board by
// non-const reference or pointer is a pop scanner (pop_batch.hpp).
template <auto F, op O>
kernels candidate_kernels() {
  if constexpr (pops(O) || always_pops<F>) return candidate_pop_kernels<F, O>();
  else return candidate_scan_kernels<F, O>();
}

// What the proof symbol calls (registry.hpp, SCANPROOF_PROOF_SYMBOL): F on one
// input (a pop scanner's board left behind in *after); with a wrong signature
// only candidate_kernels' static_assert speaks.
template <auto F, op O>
std::int64_t candidate_scalar(word b, word* after) {
  if constexpr (always_pops<F> || (pops(O) && pop_signature_t<F>::valid)) {  // a pop scanner
    const std::int64_t r = call_popper<F>(b);
    *after = b;
    return r;
  }
  else if constexpr (signature_of<F>::valid) return static_cast<std::int64_t>(call_scanner<F>(b));
  else return 0;
}

inline int register_candidate(const char* name, op o, kernels k, const char* file,
                              const candidate_options& options) {
  return register_candidate(name, o, k, file, options.layout(), options.zero.spec);
}

}  // namespace detail
}  // namespace scanproof

// scanproof_add_candidates() and -DSCANPROOF_CANDIDATES define this per source
// file, so a candidate registered from a header or through another macro is
// attributed to the file the user listed (and "registers nothing" is exact).
#ifdef SCANPROOF_CANDIDATE_SOURCE
#define SCANPROOF_CANDIDATE_FILE SCANPROOF_CANDIDATE_SOURCE
#else
#define SCANPROOF_CANDIDATE_FILE __FILE__
#endif

// The options are designated initializers, C++20's and a GNU extension in
// C++17: quiet about that in an engine's C++17 build.
#if __cplusplus < 202002L && defined(__clang__)
#define SCANPROOF_CANDIDATE_DESIGNATORS_                                                    \
  _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wc++20-designator\"")
#define SCANPROOF_CANDIDATE_DESIGNATORS_END_ _Pragma("clang diagnostic pop")
#elif __cplusplus < 202002L
#define SCANPROOF_CANDIDATE_DESIGNATORS_                                                    \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wpragmas\"")           \
  _Pragma("GCC diagnostic ignored \"-Wpedantic\"")                                         \
  _Pragma("GCC diagnostic ignored \"-Wc++20-extensions\"")
#define SCANPROOF_CANDIDATE_DESIGNATORS_END_ _Pragma("GCC diagnostic pop")
#else
#define SCANPROOF_CANDIDATE_DESIGNATORS_
#define SCANPROOF_CANDIDATE_DESIGNATORS_END_
#endif

// SCANPROOF_CANDIDATE_NAMED(name, function, op [, options]): see the top of
// this file. The op is the first of the variadic arguments so that a line
// without options is valid C++17 (which wants at least one for `...`).
#define SCANPROOF_CANDIDATE_NAMED(NAME, FN, ...)                                              \
  SCANPROOF_CANDIDATE_NAMED_(NAME, FN, SCANPROOF_CANDIDATE_OP_(__VA_ARGS__, ~),              \
                             SCANPROOF_CANDIDATE_OPTIONS_(__VA_ARGS__, ))
#define SCANPROOF_CANDIDATE_OP_(OP, ...) OP
#define SCANPROOF_CANDIDATE_FN_(NAME) SCANPROOF_CAT(scanproof_name_one_function_static_cast_picks_an_overload__, NAME)
#define SCANPROOF_CANDIDATE_OPTIONS_(OP, ...) __VA_ARGS__  // options and a trailing comma
// A name that is not one identifier (`Stockfish::lsb` given to the short
// form) first fails on a declaration whose name says so; the function is then
// held in a constant whose name is the advice the compiler shows if FN is an
// overload set ("unable to deduce 'const auto'").
#define SCANPROOF_CANDIDATE_NAMED_(NAME, FN, OP, ...)                                         \
  struct SCANPROOF_CAT(scanproof_candidate_name_is_one_identifier_qualified_functions_use_SCANPROOF_CANDIDATE_NAMED__, NAME); \
  static constexpr auto SCANPROOF_CAT(scanproof_name_one_function_static_cast_picks_an_overload__, NAME) = FN; \
  SCANPROOF_PROOF_SYMBOL(NAME, (::scanproof::detail::candidate_scalar<SCANPROOF_CANDIDATE_FN_(NAME), OP>)) \
  SCANPROOF_CANDIDATE_DESIGNATORS_                                                           \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_candidate_, NAME) =              \
      ::scanproof::detail::register_candidate(                                               \
          #NAME, OP, ::scanproof::detail::candidate_kernels<SCANPROOF_CANDIDATE_FN_(NAME), OP>(), \
          SCANPROOF_CANDIDATE_FILE,                                                          \
          [] {                                                                               \
            using namespace ::scanproof::candidate_words;                                    \
            return ::scanproof::candidate_options{__VA_ARGS__};                              \
          }());                                                                              \
  SCANPROOF_CANDIDATE_DESIGNATORS_END_                                                       \
  static_assert(true, "")

// SCANPROOF_CANDIDATE(function, op [, options]): the function's identifier is the name.
#define SCANPROOF_CANDIDATE(FN, ...) SCANPROOF_CANDIDATE_NAMED(FN, &FN, __VA_ARGS__)

#endif  // C++17
