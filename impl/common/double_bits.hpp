// Gerd Isenberg's IEEE-754 view of a double, as printed in CPW "BitScan",
// "Double conversion": a union of a double and a bit-field struct. The layout
// of bit-fields is implementation-defined: it matches the double only on
// little-endian targets, which is exactly what the suite is here to show.
#pragma once

namespace scanproof::cat {

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"  // anonymous struct in a union (GNU C++)
#endif
union double_bits {
  double d;
  struct {
    unsigned int mantissal : 32;
    unsigned int mantissah : 20;
    unsigned int exponent : 11;
    unsigned int sign : 1;
  };
};
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

// Reading the struct after writing d is union type punning, which GCC and
// Clang define; it is what the seed's code does.
inline int exponent_of(double d) {
  double_bits ud;
  ud.d = d;
  return static_cast<int>(ud.exponent) - 1023;
}

}  // namespace scanproof::cat
