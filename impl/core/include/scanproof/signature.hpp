// How a scanner is called, read from its own type: the one place that maps a
// callable's parameter to how the suite passes it a board (argument_of<A>),
// and a function or member-function pointer to its parameter and result
// (scanner_signature<F>). The board and result types themselves are read by
// board.hpp's one model. batch.hpp's kernels, the proof symbol and
// candidate.hpp's compile-time messages all read it. C++17, so an engine's
// C++17 candidate file can include it (candidate.hpp).
//
// Accepted, by value or `const T&`: one board of any type board.hpp models
// (integers of 8 to 128 bits, signed or not; enumerations; a class of 1, 2,
// 4, 8 or 16 bytes; board_traits), or two uint64_t (lo, hi; (hi, lo) when
// declared high_first). A pointer to a member function of a board type
// taking nothing is called on the board (Bitboard::pop_count() const). The
// result is any type board.hpp's result_model reads, or any type through a
// declared accessor (`reading`).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanproof/board.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/word.hpp"

namespace scanproof {

// How a candidate's board and result are read, as declared beside its op
// (candidate.hpp): the half order of a two-half board and a result accessor.
// The catalogue's entries use the defaults.
template <half_order H = half_order::low_first, result_reader R = nullptr>
struct reading {
  static constexpr half_order halves = H;
  static constexpr result_reader result = R;
};
using default_reading = reading<>;

// Why a parameter or result is refused (candidate.hpp turns each into one
// line naming it); `none` when accepted.
enum class signature_problem : std::uint8_t {
  none,
  not_a_function,       // neither a function pointer nor a pointer to member function
  parameter_count,      // three or more parameters, or one of two that is not uint64_t
  mutable_reference,    // T& (non-const): the mutating forms are pop_lsb/pop_msb's
  pointer_parameter,    // T*
  board_size,           // a class or union that is not 16 bytes
  board_not_buildable,  // 16 bytes, not trivially copyable, no T(lo, hi), no board_traits
  board_members,        // an aggregate of up to 8 bytes with more than one member
  other_parameter,      // floating point, bool, an array, ...
  member_arguments,     // a member function that takes arguments
  bool_result,
  other_result,  // void, floating point, a class, ...
};

// How the suite passes a board to a parameter declared as A.
template <class A>
struct argument_of {
  using type = std::remove_cv_t<std::remove_reference_t<A>>;
  using model = board_model<type>;

  static constexpr signature_problem problem() {
    if (std::is_lvalue_reference_v<A> && !std::is_const_v<std::remove_reference_t<A>>)
      return signature_problem::mutable_reference;
    if (std::is_pointer_v<type>) return signature_problem::pointer_parameter;
    switch (model::problem()) {
      case board_problem::none: return signature_problem::none;
      case board_problem::class_size: return signature_problem::board_size;
      case board_problem::class_members: return signature_problem::board_members;
      case board_problem::not_buildable: return signature_problem::board_not_buildable;
      default: return signature_problem::other_parameter;
    }
  }
  static constexpr bool valid = problem() == signature_problem::none;
  static constexpr int width = model::width;
  static constexpr argument kind = model::arg;

  // The argument for board word a (to_argument() of a board, shape.hpp).
  template <half_order H = half_order::low_first>
  static type make(word a) { return model::template make<H>(a); }
};

// A result: whatever board.hpp's result_model reads (an integer or
// enumeration but bool, a class convertible to one or holding one).
template <class R>
constexpr signature_problem result_problem() {
  switch (result_model<R>::problem) {
    case result_problem_kind::none: return signature_problem::none;
    case result_problem_kind::bool_result: return signature_problem::bool_result;
    default: return signature_problem::other_result;
  }
}
// The same, read through a declared accessor where there is one.
template <class R, class Rd>
constexpr signature_problem result_problem_of() {
  return Rd::result != nullptr ? signature_problem::none : result_problem<R>();
}

template <class F>
struct scanner_signature {
  static constexpr signature_problem problem = signature_problem::not_a_function;
  static constexpr bool valid = false;
};
// f(board)
template <class R, class A>
struct scanner_signature<R (*)(A)> {
  using ret = R;
  using board = argument_of<A>;
  static constexpr signature_problem problem =
      board::problem() != signature_problem::none ? board::problem() : result_problem<R>();
  static constexpr bool valid = problem == signature_problem::none;
  static constexpr int width = board::width;
  static constexpr argument kind = board::kind;
  template <auto F, half_order H>
  static auto call(word a) { return F(board::template make<H>(a)); }
};
// f(lo, hi)
template <class R, class A, class B>
struct scanner_signature<R (*)(A, B)> {
  using ret = R;
  static constexpr bool halves = std::is_same_v<std::remove_cv_t<std::remove_reference_t<A>>, std::uint64_t> &&
                                 std::is_same_v<std::remove_cv_t<std::remove_reference_t<B>>, std::uint64_t> &&
                                 argument_of<A>::valid && argument_of<B>::valid;
  static constexpr signature_problem problem =
      !halves ? signature_problem::parameter_count : result_problem<R>();
  static constexpr bool valid = problem == signature_problem::none;
  static constexpr int width = 128;
  static constexpr argument kind = argument::halves;
  template <auto F, half_order H>
  static auto call(word a) {
    if constexpr (H == half_order::low_first) return F(a.lo, a.hi);
    else return F(a.hi, a.lo);
  }
};
template <class R>
struct scanner_signature<R (*)()> {
  static constexpr signature_problem problem = signature_problem::parameter_count;
  static constexpr bool valid = false;
};
template <class R, class A, class B, class C, class... More>
struct scanner_signature<R (*)(A, B, C, More...)> {
  static constexpr signature_problem problem = signature_problem::parameter_count;
  static constexpr bool valid = false;
};
// board.f(): a member function of the board type, called on the board.
template <class R, class C, class... A>
struct member_signature {
  using ret = R;
  using board = argument_of<C>;
  static constexpr signature_problem problem =
      sizeof...(A) != 0                              ? signature_problem::member_arguments
      : board::problem() != signature_problem::none ? board::problem()
                                                     : result_problem<R>();
  static constexpr bool valid = problem == signature_problem::none;
  static constexpr int width = board::width;
  static constexpr argument kind = board::kind;
  template <auto F, half_order H>
  static auto call(word a) {
    if constexpr (sizeof...(A) == 0) {
      typename board::type b = board::template make<H>(a);
      return (b.*F)();
    } else {
      return 0;
    }
  }
};
template <class R, class C, class... A>
struct scanner_signature<R (C::*)(A...)> : member_signature<R, C, A...> {};
template <class R, class C, class... A>
struct scanner_signature<R (C::*)(A...) const> : member_signature<R, C, A...> {};
template <class R, class C, class... A>
struct scanner_signature<R (C::*)(A...) noexcept> : member_signature<R, C, A...> {};
template <class R, class C, class... A>
struct scanner_signature<R (C::*)(A...) const noexcept> : member_signature<R, C, A...> {};
template <class R, class... A>
struct scanner_signature<R (*)(A...) noexcept> : scanner_signature<R (*)(A...)> {};

template <auto F>
using signature_of = scanner_signature<decltype(F)>;

// F's problem when its result is read as Rd declares: a declared accessor
// reads any result.
template <auto F, class Rd>
constexpr signature_problem problem_with() {
  constexpr signature_problem p = signature_of<F>::problem;
  if constexpr (p == signature_problem::bool_result || p == signature_problem::other_result)
    return Rd::result != nullptr ? signature_problem::none : p;
  else return p;
}
template <auto F, class Rd = default_reading>
inline constexpr bool valid_with = problem_with<F, Rd>() == signature_problem::none;

// The shape F's parameters give (width and how it is passed); a layout and a
// domain are declared beside it (registry.hpp).
template <auto F, class Rd = default_reading>
constexpr shape signature_shape() {
  shape s = integer_shape(signature_of<F>::width);
  s.arg = signature_of<F>::kind;
  s.halves = Rd::halves;
  return s;
}

// F on board word a (to_argument() of a board), its result as an integer,
// the board made and the result read as Rd declares (`reading`).
template <auto F, class Rd = default_reading>
inline auto call_scanner(word a) {
  return read_result<Rd::result>(signature_of<F>::template call<F, Rd::halves>(a));
}

}  // namespace scanproof
