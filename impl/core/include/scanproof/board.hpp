// The one board model: how the suite makes every type an engine gives a board
// from the suite's value (word: lo, hi) and reads it back (a pop's board left
// behind), and how it reads every type an engine gives a result. Every path
// that calls a scanner (scan and pop kernels, the proof symbol, and through
// them properties, fuzz, bench and the report) goes through it, so a layout is
// declared once and cannot be half-applied. C++17 (candidate files include it).
//
// Boards, derived from the type:
//   - an integer of 8 to 64 bits, unsigned or signed (int64_t, C's int of
//     ffs): its bits, two's complement;
//   - unsigned or signed __int128;
//   - an enumeration whose underlying type is such an integer, scoped or not
//     (enum PieceSet : uint64_t, enum class UInt32 : uint32_t);
//   - a trivially copyable class or union of 1, 2, 4 or 8 bytes (one integer
//     member: class Bitboard { uint64_t v; }): its bytes are those of the
//     unsigned integer of its size, on either byte order;
//   - a 16-byte class or union (struct { uint64_t p[2]; }, a union with
//     __m128i): two 64-bit halves, low half first unless declared
//     `.halves = scanproof::high_first` (struct { uint64_t b64[2]; } holding
//     the high half in b64[0], Bitboard(hi, lo));
// and, where the type cannot say it, declared by specialising
//   template <> struct scanproof::board_traits<my::Board> {
//     static my::Board make(std::uint64_t lo, std::uint64_t hi);
//     static scanproof::word read(const my::Board& b);   // pops: the board left behind
//   };
// A class that is not trivially copyable is made by T(lo, hi) (16 bytes, in
// the declared half order) or T(value) (smaller) and read from its bytes; a
// pop of a board made by board_traits<T>::make is read by board_traits<T>::read.
//
// Results: an integer or enumeration (not bool), a class convertible to an
// integer (explicit or not), a trivially copyable class of 1 to 8 bytes
// holding one integer (read as the signed integer of its size), or any type
// through a declared accessor (candidate.hpp's `.result = scanproof::result_by<&Square::raw>`).
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
__extension__ typedef __int128 int128;
#endif

// The customization point for a board type the suite cannot make or read by
// itself (see the top of this file).
template <class T>
struct board_traits;

namespace detail {
template <class T, class = void>
struct has_board_make : std::false_type {};
template <class T>
struct has_board_make<T, std::void_t<decltype(board_traits<T>::make(std::uint64_t{}, std::uint64_t{}))>>
    : std::true_type {};
template <class T, class = void>
struct has_board_read : std::false_type {};
template <class T>
struct has_board_read<T, std::void_t<decltype(word{board_traits<T>::read(std::declval<const T&>())})>>
    : std::true_type {};

// A 16-byte board's two words, in memory order.
struct two_words {
  std::uint64_t w[2];
};

// The unsigned integer of N bytes (void where there is none).
template <std::size_t N>
struct unsigned_of_size { using type = void; };
template <> struct unsigned_of_size<1> { using type = std::uint8_t; };
template <> struct unsigned_of_size<2> { using type = std::uint16_t; };
template <> struct unsigned_of_size<4> { using type = std::uint32_t; };
template <> struct unsigned_of_size<8> { using type = std::uint64_t; };
template <std::size_t N>
struct signed_of_size { using type = void; };
template <> struct signed_of_size<1> { using type = std::int8_t; };
template <> struct signed_of_size<2> { using type = std::int16_t; };
template <> struct signed_of_size<4> { using type = std::int32_t; };
template <> struct signed_of_size<8> { using type = std::int64_t; };

// An aggregate that takes two initializers has more than one member (or an
// array of several): a class of up to 8 bytes is a board only when it holds
// one integer, since its bytes are then that integer's on either byte order
// (two uint32_t halves would swap on a big-endian CPU).
struct any_initializer {
  template <class U>
  constexpr operator U() const noexcept;  // NOLINT(google-explicit-constructor): declared only
};
template <class T, class = void>
struct takes_two_initializers : std::false_type {};
template <class T>
struct takes_two_initializers<T, std::void_t<decltype(T{any_initializer{}, any_initializer{}})>>
    : std::true_type {};

// ... and one that takes three is not two 64-bit halves (struct { uint32_t w[4]; }).
template <class T, class = void>
struct takes_three_initializers : std::false_type {};
template <class T>
struct takes_three_initializers<
    T, std::void_t<decltype(T{any_initializer{}, any_initializer{}, any_initializer{}})>> : std::true_type {};

template <class I>
constexpr bool is_int128_type() {
#ifdef __SIZEOF_INT128__
  return std::is_same_v<I, uint128> || std::is_same_v<I, int128>;
#else
  return false;
#endif
}

// An integer or enumeration type as an integer (its underlying type); void for
// anything else. bool is not a board or a result. __int128 is an integer here
// although strict -std=c++NN's <type_traits> does not say so.
template <class T, bool = std::is_enum_v<T>>
struct integer_of {
  using type = std::conditional_t<std::is_integral_v<T> || is_int128_type<std::remove_cv_t<T>>(), T, void>;
};
template <class T>
struct integer_of<T, true> { using type = std::underlying_type_t<T>; };
template <class T>
using integer_of_t = typename integer_of<T>::type;
}  // namespace detail

// How a board type is passed, as shape.hpp's argument says it.
enum class board_kind : std::uint8_t {
  none,       // not a board
  integer,    // an integer, an enumeration or a class of 1 to 8 bytes
  int128,     // (unsigned) __int128
  pair,       // 16 bytes: two 64-bit halves
};

// Why a type is not a board (candidate.hpp turns each into one line).
enum class board_problem : std::uint8_t {
  none,
  bool_board,     // bool, or an enum over bool
  class_size,             // a class or union that is not 1, 2, 4, 8 or 16 bytes
  class_members,          // an aggregate of up to 8 bytes with more than one member, or
                          // of 16 bytes with more than two (not two 64-bit halves)
  not_buildable,          // not trivially copyable, no constructor, no board_traits
  other,                  // floating point, a pointer, an array, void, ...
};

template <class T>
struct board_model {
  using type = T;
  using integer = detail::integer_of_t<T>;  // void unless an integer or enumeration
  static constexpr bool is_integer_like =
      !std::is_void_v<integer> && !std::is_same_v<std::remove_cv_t<integer>, bool>;
  static constexpr bool by_traits = detail::has_board_make<T>::value;
  static constexpr bool is_class = std::is_class_v<T> || std::is_union_v<T>;
  static constexpr bool trivially_copyable = std::is_trivially_copyable_v<T>;
  static constexpr std::size_t bytes = sizeof(std::conditional_t<std::is_void_v<T>, char, T>);
  static constexpr bool small_class = is_class && (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8);
  using small_unsigned = typename detail::unsigned_of_size<bytes>::type;

  static constexpr board_kind kind = [] {
    if constexpr (is_integer_like) {
      if constexpr (detail::is_int128_type<std::remove_cv_t<integer>>()) return board_kind::int128;
      else if constexpr (sizeof(integer) <= 8) return board_kind::integer;
      else return board_kind::none;
    } else if constexpr (is_class) {
      if constexpr (small_class) return board_kind::integer;
      else if constexpr (bytes == 16 || by_traits) return board_kind::pair;
      else return board_kind::none;
    } else {
      return board_kind::none;
    }
  }();

  static constexpr board_problem problem() {
    if (std::is_same_v<std::remove_cv_t<T>, bool> || (std::is_enum_v<T> && !is_integer_like))
      return board_problem::bool_board;
    if (is_class) {
      if (kind == board_kind::none) return board_problem::class_size;
      if (by_traits) return board_problem::none;
      if (std::is_aggregate_v<T> && (kind == board_kind::integer ? detail::takes_two_initializers<T>::value
                                                                   : detail::takes_three_initializers<T>::value))
        return board_problem::class_members;
      if (trivially_copyable) return board_problem::none;
      if (kind == board_kind::pair ? std::is_constructible_v<T, std::uint64_t, std::uint64_t>
                                   : std::is_constructible_v<T, small_unsigned>)
        return board_problem::none;
      return board_problem::not_buildable;
    }
    return kind == board_kind::none ? board_problem::other : board_problem::none;
  }
  static constexpr bool valid = problem() == board_problem::none;
  // Bits the scanner is passed: the integer's, the small class's, or 128.
  static constexpr int width = kind == board_kind::integer ? static_cast<int>(bytes * 8) : 128;
  static constexpr argument arg = kind == board_kind::integer ? argument::integer
                                  : kind == board_kind::int128 ? argument::int128
                                                               : argument::pair;
  // A pop's board left behind can be read back: from its bytes (a class made
  // by T(lo, hi) or T(value) holds them so), or by board_traits<T>::read
  // where board_traits<T>::make makes it.
  static constexpr bool readable = valid && (detail::has_board_read<T>::value || !by_traits);

  // The board for argument word a ({lo, hi}: the low and high 64 squares).
  template <half_order H = half_order::low_first>
  static T make(word a) {
    if constexpr (is_integer_like && kind == board_kind::integer) {
      using U = std::make_unsigned_t<std::remove_cv_t<integer>>;
      return static_cast<T>(static_cast<integer>(static_cast<U>(a.lo)));
    } else if constexpr (kind == board_kind::int128) {
#ifdef __SIZEOF_INT128__
      return static_cast<T>(static_cast<integer>((static_cast<uint128>(a.hi) << 64) | a.lo));
#endif
    } else if constexpr (by_traits) {
      return board_traits<T>::make(a.lo, a.hi);
    } else if constexpr (kind == board_kind::integer) {  // a class of 1 to 8 bytes
      const auto v = static_cast<small_unsigned>(a.lo);
      // Its bytes (GCC 11 and Clang 9 on, in C++17 too; no default constructor needed).
      if constexpr (trivially_copyable) return __builtin_bit_cast(T, v);
      else return T(v);
    } else {  // 16 bytes
      const std::uint64_t first = H == half_order::low_first ? a.lo : a.hi;
      const std::uint64_t second = H == half_order::low_first ? a.hi : a.lo;
      if constexpr (trivially_copyable) return __builtin_bit_cast(T, (detail::two_words{{first, second}}));
      else return T(first, second);
    }
  }

  // The argument word a board holds (the inverse of make).
  template <half_order H = half_order::low_first>
  static word read(const T& t) {
    if constexpr (detail::has_board_read<T>::value) {
      return word{board_traits<T>::read(t)};
    } else if constexpr (is_integer_like && kind == board_kind::integer) {
      using U = std::make_unsigned_t<std::remove_cv_t<integer>>;
      return word{static_cast<std::uint64_t>(static_cast<U>(static_cast<integer>(t)))};
    } else if constexpr (kind == board_kind::int128) {
#ifdef __SIZEOF_INT128__
      const auto v = static_cast<uint128>(static_cast<integer>(t));
      return word{static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64)};
#else
      return word{};
#endif
    } else if constexpr (kind == board_kind::integer) {
      small_unsigned v;
      std::memcpy(&v, static_cast<const void*>(&t), sizeof v);
      return word{static_cast<std::uint64_t>(v)};
    } else {
      detail::two_words h;
      std::memcpy(h.w, static_cast<const void*>(&t), sizeof h.w);
      return H == half_order::low_first ? word{h.w[0], h.w[1]} : word{h.w[1], h.w[0]};
    }
  }
};

// What makes a result readable; `none` when it is.
enum class result_problem_kind : std::uint8_t { none, bool_result, other_result };

template <class R, class = void>
struct converts_to_int64 : std::false_type {};
template <class R>
struct converts_to_int64<R, std::void_t<decltype(static_cast<std::int64_t>(std::declval<const R&>()))>>
    : std::true_type {};

// A result as an integer (see the top of this file).
template <class R>
struct result_model {
  using T = std::remove_cv_t<R>;
  using integer = detail::integer_of_t<T>;
  static constexpr bool is_integer_like = !std::is_void_v<integer> && !std::is_same_v<integer, bool>;
  static constexpr bool is_class = std::is_class_v<T> || std::is_union_v<T>;
  static constexpr bool by_conversion = is_class && converts_to_int64<T>::value;
  static constexpr bool by_bytes = is_class && !by_conversion && std::is_trivially_copyable_v<T> &&
                                   !std::is_void_v<typename detail::signed_of_size<sizeof(T)>::type>;
  static constexpr result_problem_kind problem =
      std::is_same_v<T, bool> || (std::is_enum_v<T> && !is_integer_like) ? result_problem_kind::bool_result
      : is_integer_like || by_conversion || by_bytes                    ? result_problem_kind::none
                                                                         : result_problem_kind::other_result;
  static constexpr bool valid = problem == result_problem_kind::none;

  // The integer the result stands for: an integer as it is (unsigned 0xFFFFFFFF
  // stays 4294967295, not -1), an enumeration by its underlying type.
  static constexpr auto value(const T& r) {
    if constexpr (is_integer_like) {
      return static_cast<integer>(r);
    } else if constexpr (by_conversion) {
      return static_cast<std::int64_t>(r);
    } else if constexpr (by_bytes) {
      return __builtin_bit_cast(typename detail::signed_of_size<sizeof(T)>::type, r);
    } else {
      return std::int64_t{0};
    }
  }
};

// A declared result accessor: `.result = scanproof::result_by<&Square::raw>`
// (a data member or a const member function taking nothing, or a function of
// the result). Holds the result's address, so one option type fits every result.
using result_reader = std::int64_t (*)(const void* result);
namespace detail {
// The type an accessor reads: C of `V C::*` (a data member or a member
// function), or the parameter of a function `V f(C)`.
template <class P>
struct accessor_owner;
template <class C, class V>
struct accessor_owner<V C::*> { using type = C; };
template <class V, class A>
struct accessor_owner<V (*)(A)> { using type = std::remove_cv_t<std::remove_reference_t<A>>; };
template <class V, class A>
struct accessor_owner<V (*)(A) noexcept> : accessor_owner<V (*)(A)> {};

template <auto M>
std::int64_t read_with(const void* r) {
  using P = decltype(M);
  const auto& c = *static_cast<const typename accessor_owner<P>::type*>(r);
  if constexpr (std::is_member_function_pointer_v<P>) {
    const auto v = (c.*M)();
    return static_cast<std::int64_t>(result_model<decltype(v)>::value(v));
  } else if constexpr (std::is_member_object_pointer_v<P>) {
    return static_cast<std::int64_t>(result_model<std::remove_cv_t<std::remove_reference_t<decltype(c.*M)>>>::value(c.*M));
  } else {
    const auto v = M(c);
    return static_cast<std::int64_t>(result_model<decltype(v)>::value(v));
  }
}
}  // namespace detail
template <auto M>
inline constexpr result_reader result_by = &detail::read_with<M>;

// A result read by the declared accessor R (null: by the result's type).
template <result_reader Reader, class T>
inline auto read_result(const T& r) {
  if constexpr (Reader != nullptr) return Reader(static_cast<const void*>(&r));
  else return result_model<T>::value(r);
}

}  // namespace scanproof
