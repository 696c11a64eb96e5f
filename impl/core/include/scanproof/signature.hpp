// How a scanner is called, read from its own type: the one place that maps a
// callable's parameter to how the suite passes it a board (argument_of<A>),
// and a function or member-function pointer to its parameter and result
// (scanner_signature<F>). batch.hpp's kernels, the proof symbol and
// candidate.hpp's compile-time messages all read it. C++17, so an engine's
// C++17 candidate file can include it (candidate.hpp).
//
// Accepted, by value or `const T&`:
//   - one unsigned integer of 8..64 bits: the low bits of the board;
//   - unsigned __int128;
//   - two uint64_t (lo, hi);
//   - a 16-byte class or union (a board type), built from the two halves:
//     scanproof::board_traits<T>::make(lo, hi) if specialised, else a copy of
//     {lo, hi} if T is trivially copyable, else T(lo, hi) (YaneuraOu's and
//     Apery's Bitboard(u64 p0, u64 p1), low half first).
// A pointer to a member function of a board type taking nothing is called on
// the board (Bitboard::pop_count() const). The result is any integer or
// enumeration type but bool, read by its underlying type.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanproof/shape.hpp"
#include "scanproof/word.hpp"

namespace scanproof {

#ifdef __SIZEOF_INT128__
// __extension__: no -Wpedantic warning in a user's build for naming the type.
__extension__ typedef unsigned __int128 uint128;
#endif

// The customization point for a board type the suite cannot build by itself:
//   template <> struct scanproof::board_traits<my::Board> {
//     static my::Board make(std::uint64_t lo, std::uint64_t hi) { ... }
//   };
template <class T>
struct board_traits;

namespace detail {
template <class T, class = void>
struct has_board_traits : std::false_type {};
template <class T>
struct has_board_traits<T, std::void_t<decltype(board_traits<T>::make(std::uint64_t{}, std::uint64_t{}))>>
    : std::true_type {};
}  // namespace detail

// Why a parameter or result is refused (candidate.hpp turns each into one
// line naming it); `none` when accepted.
enum class signature_problem : std::uint8_t {
  none,
  not_a_function,       // neither a function pointer nor a pointer to member function
  parameter_count,      // three or more parameters, or one of two that is not uint64_t
  signed_parameter,     // int, long, char where it is signed, ...
  mutable_reference,    // T& (non-const): the mutating forms are pop_lsb/pop_msb's
  pointer_parameter,    // T*
  board_size,           // a class or union that is not 16 bytes
  board_not_buildable,  // 16 bytes, not trivially copyable, no T(lo, hi), no board_traits
  other_parameter,      // floating point, bool, an array, ...
  member_arguments,     // a member function that takes arguments
  bool_result,
  other_result,  // void, floating point, a class, ...
};

// How the suite passes a board to a parameter declared as A.
template <class A>
struct argument_of {
  using type = std::remove_cv_t<std::remove_reference_t<A>>;
#ifdef __SIZEOF_INT128__
  static constexpr bool is_int128 = std::is_same_v<type, uint128>;
#else
  static constexpr bool is_int128 = false;
#endif
  static constexpr bool is_integer = std::is_integral_v<type> && std::is_unsigned_v<type> &&
                                     !std::is_same_v<type, bool> && sizeof(type) <= 8;
  static constexpr bool by_traits = detail::has_board_traits<type>::value;
  static constexpr bool by_copy = std::is_trivially_copyable_v<type>;
  static constexpr bool by_constructor = std::is_constructible_v<type, std::uint64_t, std::uint64_t>;

  static constexpr signature_problem problem() {
    if (std::is_lvalue_reference_v<A> && !std::is_const_v<std::remove_reference_t<A>>)
      return signature_problem::mutable_reference;
    if (std::is_pointer_v<type>) return signature_problem::pointer_parameter;
    if (is_int128 || is_integer) return signature_problem::none;
    if (std::is_integral_v<type> && std::is_signed_v<type>) return signature_problem::signed_parameter;
    if (std::is_class_v<type> || std::is_union_v<type>) {
      if (sizeof(type) != 16 && !by_traits) return signature_problem::board_size;
      if (!by_traits && !by_copy && !by_constructor) return signature_problem::board_not_buildable;
      return signature_problem::none;
    }
    return signature_problem::other_parameter;
  }
  static constexpr bool valid = problem() == signature_problem::none;
  static constexpr int width = is_integer ? static_cast<int>(sizeof(type) * 8) : 128;
  static constexpr argument kind = is_integer ? argument::integer : is_int128 ? argument::int128 : argument::pair;

  // The argument for board word a (to_argument() of a board, shape.hpp).
  static type make(word a) {
    if constexpr (is_integer) {
      return static_cast<type>(a.lo);
    } else if constexpr (is_int128) {
#ifdef __SIZEOF_INT128__
      return (static_cast<uint128>(a.hi) << 64) | a.lo;
#endif
    } else if constexpr (by_traits) {
      return board_traits<type>::make(a.lo, a.hi);
    } else if constexpr (by_copy) {
      type v;
      const std::uint64_t halves[2] = {a.lo, a.hi};
      std::memcpy(static_cast<void*>(&v), halves, sizeof v);
      return v;
    } else {
      return type(a.lo, a.hi);
    }
  }
};

// A result: any integer or enumeration but bool, read by its underlying type.
template <class R>
constexpr signature_problem result_problem() {
  if (std::is_same_v<std::remove_cv_t<R>, bool>) return signature_problem::bool_result;
  if (std::is_integral_v<R> || std::is_enum_v<R>) return signature_problem::none;
  return signature_problem::other_result;
}
template <class R>
constexpr auto result_value(R r) {
  if constexpr (std::is_enum_v<R>) return static_cast<std::underlying_type_t<R>>(r);
  else return r;
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
  template <auto F>
  static auto call(word a) { return F(board::make(a)); }
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
  template <auto F>
  static auto call(word a) { return F(a.lo, a.hi); }
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
  template <auto F>
  static auto call(word a) {
    if constexpr (sizeof...(A) == 0) {
      typename board::type b = board::make(a);
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

// The shape F's parameters give (width and how it is passed); a layout and a
// domain are declared beside it (registry.hpp).
template <auto F>
constexpr shape signature_shape() {
  shape s = integer_shape(signature_of<F>::width);
  s.arg = signature_of<F>::kind;
  return s;
}

// F on board word a (to_argument() of a board), its result as an integer.
template <auto F>
inline auto call_scanner(word a) {
  return result_value(signature_of<F>::template call<F>(a));
}

}  // namespace scanproof
