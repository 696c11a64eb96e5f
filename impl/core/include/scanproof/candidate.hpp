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
// Options are constant expressions: the macro makes the candidate's
// declaration record from them at compile time (declaration.h), and the judge
// reads it from the driver's file. A .domain of {0, 0} means every square.
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
// `.halves = scanproof::high_first`: a two-half board whose high half comes
// first (shape.hpp's half_order).
inline constexpr half_order low_first = half_order::low_first;
inline constexpr half_order high_first = half_order::high_first;
namespace candidate_words {
inline constexpr undefined_zero undefined{};
using scanproof::high_first;
using scanproof::low_first;
}  // namespace candidate_words

struct zero_contract {
  zero_spec spec{};
  constexpr zero_contract() = default;
  constexpr zero_contract(undefined_zero) : spec{zero_spec::is_undefined(candidate_zero_note)} {}  // NOLINT
  // Any value a result may be (board.hpp's result_model): an integer, an
  // enumerator, a class Square constant.
  template <class T, class = std::enable_if_t<result_model<T>::valid>>
  constexpr zero_contract(T v)  // NOLINT(google-explicit-constructor): `.zero = SQ_NONE`
      : spec{zero_spec::returns(static_cast<std::int64_t>(result_model<T>::value(v)), candidate_zero_note)} {}
};

// What may follow the op of a candidate: its layout (registry.hpp's
// layout_options) and its zero contract.
struct candidate_options {
  int high_offset = 64;
  int index_base = 0;
  half_order halves = half_order::low_first;
  std::optional<word> domain{};
  zero_contract zero{};
  result_reader result = nullptr;

  layout_options layout() const { return {high_offset, index_base, domain}; }
};

namespace detail {
// The options the kernels are compiled with (the half order and the result
// accessor), read at compile time from the same option list: every other
// option is a value the registration reads when it runs.
struct any_option {
  constexpr any_option() = default;
  template <class T>
  constexpr any_option(const T&) {}  // NOLINT(google-explicit-constructor)
};
struct option_probe {
  any_option high_offset{};
  any_option index_base{};
  half_order halves = half_order::low_first;
  any_option domain{};
  any_option zero{};
  result_reader result = nullptr;
};


// Checks the signature at compile time so a wrong one fails the build with
// one line naming what is wrong with it (signature.hpp), not deep inside batch<>.
template <auto F, op O, class Rd>
constexpr kernels candidate_scan_kernels() {
  using p = signature_problem;
  constexpr p why = problem_with<F, Rd>();
  static_assert(why != p::not_a_function,
                "SCANPROOF_CANDIDATE: this is not a pointer to a function or to a member function of the "
                "board type");
  static_assert(why != p::parameter_count,
                "SCANPROOF_CANDIDATE: this function's parameters are not one board or two uint64_t (lo, hi)");
  static_assert(why != p::mutable_reference,
                "SCANPROOF_CANDIDATE: this function takes its board by non-const reference (T&); "
                "lsb/msb/ctz/clz/popcount take it by value or const T&");
  static_assert(why != p::pointer_parameter,
                "SCANPROOF_CANDIDATE: this function takes a pointer; lsb/msb/ctz/clz/popcount take the "
                "board by value or const T&");
  static_assert(why != p::board_size,
                "SCANPROOF_CANDIDATE: this function's board type is a class that is not 1, 2, 4, 8 or 16 "
                "bytes; a board class holds one integer or two 64-bit halves (or specialise "
                "scanproof::board_traits<T>)");
  static_assert(why != p::board_members,
                "SCANPROOF_CANDIDATE: this function's board type is a class of up to 8 bytes with more than "
                "one member, or of 16 bytes with more than two; a board class holds one integer or two "
                "64-bit halves (other words would swap on a big-endian CPU): specialise "
                "scanproof::board_traits<T> with make and read for any other layout");
  static_assert(why != p::board_not_buildable,
                "SCANPROOF_CANDIDATE: this function's board type is not trivially copyable and has no "
                "constructor from the board (T(std::uint64_t lo, std::uint64_t hi) for 16 bytes, T(value) "
                "for fewer); specialise scanproof::board_traits<T> with static T make(std::uint64_t lo, "
                "std::uint64_t hi)");
  static_assert(why != p::other_parameter,
                "SCANPROOF_CANDIDATE: this function's parameter is not a board (an integer or enumeration "
                "of 8 to 128 bits, or a board class of 1, 2, 4, 8 or 16 bytes)");
  static_assert(why != p::member_arguments,
                "SCANPROOF_CANDIDATE: this member function takes arguments; a member scanner is called "
                "on the board with none");
  static_assert(why != p::bool_result,
                "SCANPROOF_CANDIDATE: this function returns bool; a scanner returns a count or an index "
                "(an integer or enumeration type)");
  static_assert(why != p::other_result,
                "SCANPROOF_CANDIDATE: this function's result is not an integer, an enumeration or a class "
                "holding one; name how to read it: .result = scanproof::result_by<&Square::value>");
  static_assert(Rd::halves == half_order::low_first || signature_of<F>::width == 128,
                "SCANPROOF_CANDIDATE: .halves = high_first is for a 128-bit board in two halves");
  if constexpr (valid_with<F, Rd>) return kernels_for<F, O, Rd>();
  else return {};
}

// Checks the contract at compile time so a wrong signature fails the build
// with one line saying what is wrong, not deep inside batch<>.
// A pop op (pop_lsb, pop_msb: pop_batch.hpp) takes its board by non-const
// reference or by pointer and clears the square it returns; a function that
// takes its board so is a pop scanner, whatever op it is registered as.
template <auto F, op O, class Rd>
constexpr kernels candidate_pop_kernels() {
  if constexpr (!pops(O)) {
    static_assert(pops(O),
                  "SCANPROOF_CANDIDATE(function, op): the function takes its board by non-const reference "
                  "or pointer, so it is a pop scanner (it clears the square it returns): register it as "
                  "scanproof::op::pop_lsb or scanproof::op::pop_msb");
    return {};
  } else if constexpr (pop_signature_t<F>::is_pop_form && !pop_signature_t<F>::valid) {
    // The pop form is right; the board type is not one: the scan's messages say why.
    using board = argument_of<typename pop_signature_t<F>::board>;
    using p = signature_problem;
    static_assert(board::problem() != p::board_size,
                  "SCANPROOF_CANDIDATE: this pop scanner's board type is a class that is not 1, 2, 4, 8 or "
                  "16 bytes; a board class holds one integer or two 64-bit halves (or specialise "
                  "scanproof::board_traits<T>)");
    static_assert(board::problem() != p::board_not_buildable,
                  "SCANPROOF_CANDIDATE: this pop scanner's board type is not trivially copyable and has no "
                  "constructor from the board; specialise scanproof::board_traits<T> with make and read");
    static_assert(board::problem() != p::board_members,
                  "SCANPROOF_CANDIDATE: this pop scanner's board type is a class of up to 8 bytes with more "
                  "than one member; specialise scanproof::board_traits<T> with make and read");
    static_assert(board::problem() == p::board_size || board::problem() == p::board_not_buildable ||
                      board::problem() == p::board_members,
                  "SCANPROOF_CANDIDATE: this pop scanner's board is not an integer or enumeration of 8 to "
                  "128 bits or a board class of 1, 2, 4, 8 or 16 bytes (or it is const)");
    return {};
  } else if constexpr (!pop_signature_t<F>::valid) {
    static_assert(pop_signature_t<F>::valid,
                  "SCANPROOF_CANDIDATE(function, op::pop_lsb/pop_msb): a pop scanner takes one board by "
                  "non-const reference or by pointer (int pop_lsb(Bitboard& b), int poplsb(uint64_t* b): "
                  "an integer, enumeration or board class), or is a non-const member function of the "
                  "board taking nothing (Square Bitboard::pop()), and clears the square it returns");
    return {};
  } else if constexpr (!pop_signature_t<F>::readable) {
    static_assert(pop_signature_t<F>::readable,
                  "SCANPROOF_CANDIDATE: this pop scanner's board type is made by scanproof::board_traits<T>, "
                  "so the board it leaves behind is read back by it too: add static scanproof::word "
                  "read(const T&) to scanproof::board_traits<T>");
    return {};
  } else {
    using R = typename pop_signature_t<F>::ret;
    static_assert(result_problem_of<R, Rd>() == signature_problem::none,
                  "SCANPROOF_CANDIDATE: this pop scanner's result is not an integer, an enumeration or a "
                  "class holding one (or is bool); name how to read it: .result = "
                  "scanproof::result_by<&Square::value>");
    static_assert(Rd::halves == half_order::low_first || pop_signature_t<F>::width == 128,
                  "SCANPROOF_CANDIDATE: .halves = high_first is for a 128-bit board in two halves");
    if constexpr (result_problem_of<R, Rd>() == signature_problem::none) return kernels_for<F, O, Rd>();
    else return {};
  }
}

// Which kernels a candidate gets: a function that takes its board by
// non-const reference or pointer is a pop scanner (pop_batch.hpp).
template <auto F, op O, class Rd>
constexpr kernels candidate_kernels() {
  if constexpr (pops(O) || always_pops<F>) return candidate_pop_kernels<F, O, Rd>();
  else return candidate_scan_kernels<F, O, Rd>();
}

// What the proof symbol calls (registry.hpp, SCANPROOF_PROOF_SYMBOL): F on one
// input (a pop scanner's board left behind in *after); with a wrong signature
// only candidate_kernels' static_assert speaks.
template <auto F, op O, class Rd>
std::int64_t candidate_scalar(word b, word* after) {
  if constexpr (always_pops<F> || (pops(O) && pop_signature_t<F>::valid)) {  // a pop scanner
    if constexpr (pop_signature_t<F>::readable) {
      const std::int64_t r = call_popper<F, Rd>(b);
      *after = b;
      return r;
    } else {
      return 0;
    }
  }
  else if constexpr (valid_with<F, Rd>) return static_cast<std::int64_t>(call_scanner<F, Rd>(b));
  else return 0;
}

// The candidate's declaration record (declaration.h), made at compile time
// from the macro's arguments: the name, the op, the board of its signature and
// its options. The registration reads it, and so does the judge, from the
// driver's file, where code that runs in the process cannot change it.
template <std::size_t N>
constexpr scanproof_declaration declare(const char (&name)[N], op o, const shape& board,
                                        const candidate_options& options, int line = 0) {
  static_assert(N <= SCANPROOF_DECLARATION_NAME_MAX + 1,
                "SCANPROOF_CANDIDATE: a candidate's name is at most 127 characters");
  scanproof_declaration r{};
  constexpr char magic[] = SCANPROOF_DECLARATION_MAGIC;
  for (std::size_t i = 0; i < sizeof magic; ++i) r.magic[i] = magic[i];
  for (std::size_t i = 0; i < N; ++i) r.name[i] = name[i];
  r.byte_order = SCANPROOF_DECLARATION_BYTE_ORDER;
  r.op = static_cast<std::int64_t>(o);
  r.width = board.width;
  r.argument = static_cast<std::int64_t>(board.arg);
  r.halves = static_cast<std::int64_t>(board.halves);
  r.high_offset = options.high_offset;
  r.index_base = options.index_base;
  if (options.domain) r.domain = {options.domain->lo, options.domain->hi};
  r.zero = {static_cast<std::int64_t>(options.zero.spec.k), options.zero.spec.value};
  r.line = line;
  r.end = SCANPROOF_DECLARATION_END;
  return r;
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
#define SCANPROOF_CANDIDATE_READING_(NAME) SCANPROOF_CAT(scanproof_reading__, NAME)
#define SCANPROOF_CANDIDATE_NAMED_(NAME, FN, OP, ...)                                         \
  struct SCANPROOF_CAT(scanproof_candidate_name_is_one_identifier_qualified_functions_use_SCANPROOF_CANDIDATE_NAMED__, NAME); \
  static constexpr auto SCANPROOF_CAT(scanproof_name_one_function_static_cast_picks_an_overload__, NAME) = FN; \
  SCANPROOF_CANDIDATE_DESIGNATORS_                                                           \
  static constexpr ::scanproof::detail::option_probe SCANPROOF_CAT(scanproof_probe__, NAME) = [] { \
    using namespace ::scanproof::candidate_words;                                            \
    return ::scanproof::detail::option_probe{__VA_ARGS__};                                   \
  }();                                                                                       \
  SCANPROOF_CANDIDATE_DESIGNATORS_END_                                                       \
  using SCANPROOF_CANDIDATE_READING_(NAME) =                                                 \
      ::scanproof::reading<SCANPROOF_CAT(scanproof_probe__, NAME).halves,                    \
                           SCANPROOF_CAT(scanproof_probe__, NAME).result>;                   \
  SCANPROOF_PROOF_SYMBOL(NAME, (::scanproof::detail::candidate_scalar<SCANPROOF_CANDIDATE_FN_(NAME), OP, \
                                                                      SCANPROOF_CANDIDATE_READING_(NAME)>)) \
  SCANPROOF_CANDIDATE_DESIGNATORS_                                                           \
  [[gnu::used]] static constexpr ::scanproof_declaration SCANPROOF_CAT(scanproof_declaration__, NAME) = \
      ::scanproof::detail::declare(                                                          \
          #NAME, OP,                                                                         \
          ::scanproof::detail::candidate_kernels<SCANPROOF_CANDIDATE_FN_(NAME), OP,          \
                                                 SCANPROOF_CANDIDATE_READING_(NAME)>().sh,   \
          [] {                                                                               \
            using namespace ::scanproof::candidate_words;                                    \
            return ::scanproof::candidate_options{__VA_ARGS__};                              \
          }(),                                                                               \
          __LINE__);                                                                         \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_candidate_, NAME) =              \
      ::scanproof::detail::register_declared(                                                \
          SCANPROOF_CAT(scanproof_declaration__, NAME),                                      \
          ::scanproof::detail::candidate_kernels<SCANPROOF_CANDIDATE_FN_(NAME), OP,          \
                                                 SCANPROOF_CANDIDATE_READING_(NAME)>(),      \
          SCANPROOF_CANDIDATE_FILE);                                                         \
  SCANPROOF_CANDIDATE_DESIGNATORS_END_                                                       \
  static_assert(true, "")

// SCANPROOF_CANDIDATE(function, op [, options]): the function's identifier is the name.
#define SCANPROOF_CANDIDATE(FN, ...) SCANPROOF_CANDIDATE_NAMED(FN, &FN, __VA_ARGS__)

// SCANPROOF_CANDIDATE_EXPR(name, parameter, expression, op [, options]): a
// scanner that is an expression of the board variable, such as an engine's
// function-like macro (`#define GETLSB(x) ...`), registered as it is:
//   SCANPROOF_CANDIDATE_EXPR(eng_lsb, std::uint64_t x, GETLSB(x), scanproof::op::lsb);
//   SCANPROOF_CANDIDATE_EXPR(eng_pop, std::uint64_t& b, POP_LSB(b), scanproof::op::pop_lsb);
// `parameter` declares the board variable (its type is the shape, as a
// function's parameter is: by `&` for a pop); `expression` is its result (an
// expression with a top-level comma goes in parentheses).
#define SCANPROOF_CANDIDATE_EXPR(NAME, PARAM, ...)                                            \
  [[maybe_unused]] static inline auto SCANPROOF_CAT(scanproof_expression__, NAME)(PARAM) {   \
    return (SCANPROOF_CANDIDATE_OP_(__VA_ARGS__, ~));                                        \
  }                                                                                          \
  SCANPROOF_CANDIDATE_NAMED(NAME, &SCANPROOF_CAT(scanproof_expression__, NAME),              \
                            SCANPROOF_CANDIDATE_EXPR_REST_(__VA_ARGS__))
#define SCANPROOF_CANDIDATE_EXPR_REST_(EXPR, ...) __VA_ARGS__

#endif  // C++17
