// The one way proof/ builds terms the Z3 C++ API has no operator for:
// IEEE floating point with an explicit rounding mode (LLVM rounds to nearest
// even, and truncates toward zero when converting to an integer) and the
// overflow predicates of LLVM's nuw/nsw flags. Everything else is z3++.
#pragma once
#include <z3++.h>

namespace scanproof::proof::smt {

namespace detail {
inline z3::expr wrap(const z3::expr& like, Z3_ast a) {
  like.check_error();
  return z3::expr(like.ctx(), a);
}
inline z3::expr nearest_even(z3::context& c) { return z3::expr(c, Z3_mk_fpa_rne(c)); }
inline z3::expr toward_zero(z3::context& c) { return z3::expr(c, Z3_mk_fpa_rtz(c)); }
}  // namespace detail

// Bits <-> floating point of sort `s` (bitcast).
inline z3::expr fp_of_bits(const z3::expr& bits, const z3::sort& s) {
  return detail::wrap(bits, Z3_mk_fpa_to_fp_bv(bits.ctx(), bits, s));
}
inline z3::expr bits_of_fp(const z3::expr& x) { return detail::wrap(x, Z3_mk_fpa_to_ieee_bv(x.ctx(), x)); }

enum class fp_op { add, sub, mul, div };
inline z3::expr fp_arith(fp_op op, const z3::expr& x, const z3::expr& y) {
  z3::context& c = x.ctx();
  const z3::expr rm = detail::nearest_even(c);
  switch (op) {
    case fp_op::add: return detail::wrap(x, Z3_mk_fpa_add(c, rm, x, y));
    case fp_op::sub: return detail::wrap(x, Z3_mk_fpa_sub(c, rm, x, y));
    case fp_op::mul: return detail::wrap(x, Z3_mk_fpa_mul(c, rm, x, y));
    case fp_op::div: return detail::wrap(x, Z3_mk_fpa_div(c, rm, x, y));
  }
  return x;  // unreachable: every fp_op is handled
}
inline z3::expr fp_neg(const z3::expr& x) { return detail::wrap(x, Z3_mk_fpa_neg(x.ctx(), x)); }

// Ordered comparisons (false when either is NaN); the IEEE equality.
inline z3::expr fp_eq(const z3::expr& x, const z3::expr& y) { return detail::wrap(x, Z3_mk_fpa_eq(x.ctx(), x, y)); }
inline z3::expr fp_lt(const z3::expr& x, const z3::expr& y) { return detail::wrap(x, Z3_mk_fpa_lt(x.ctx(), x, y)); }
inline z3::expr fp_gt(const z3::expr& x, const z3::expr& y) { return detail::wrap(x, Z3_mk_fpa_gt(x.ctx(), x, y)); }

// Conversions: between float sorts and from integers round to nearest even;
// to an integer truncates toward zero (fptosi/fptoui).
inline z3::expr fp_convert(const z3::expr& x, const z3::sort& to) {
  return detail::wrap(x, Z3_mk_fpa_to_fp_float(x.ctx(), detail::nearest_even(x.ctx()), x, to));
}
inline z3::expr fp_of_int(const z3::expr& x, const z3::sort& to, bool is_signed) {
  z3::context& c = x.ctx();
  return detail::wrap(x, is_signed ? Z3_mk_fpa_to_fp_signed(c, detail::nearest_even(c), x, to)
                                   : Z3_mk_fpa_to_fp_unsigned(c, detail::nearest_even(c), x, to));
}
inline z3::expr int_of_fp(const z3::expr& x, unsigned width, bool is_signed) {
  z3::context& c = x.ctx();
  return detail::wrap(x, is_signed ? Z3_mk_fpa_to_sbv(c, detail::toward_zero(c), x, width)
                                   : Z3_mk_fpa_to_ubv(c, detail::toward_zero(c), x, width));
}
inline z3::expr fp_truncate(const z3::expr& x) {
  return detail::wrap(x, Z3_mk_fpa_round_to_integral(x.ctx(), detail::toward_zero(x.ctx()), x));
}

// Does the operation leave the range (unsigned: wrap; signed: overflow
// either way)?
inline z3::expr add_wraps(const z3::expr& x, const z3::expr& y, bool is_signed) {
  return is_signed ? !z3::bvadd_no_overflow(x, y, true) || !z3::bvadd_no_underflow(x, y)
                   : !z3::bvadd_no_overflow(x, y, false);
}
inline z3::expr sub_wraps(const z3::expr& x, const z3::expr& y, bool is_signed) {
  return is_signed ? !z3::bvsub_no_overflow(x, y) || !z3::bvsub_no_underflow(x, y, true)
                   : !z3::bvsub_no_underflow(x, y, false);
}
inline z3::expr mul_wraps(const z3::expr& x, const z3::expr& y, bool is_signed) {
  return is_signed ? !z3::bvmul_no_overflow(x, y, true) || !z3::bvmul_no_underflow(x, y)
                   : !z3::bvmul_no_overflow(x, y, false);
}

}  // namespace scanproof::proof::smt
