// What each lane-wise LLVM instruction means, written once: binary
// operators, casts, icmp, select and the lane-wise intrinsics on a scalar or
// one vector lane, with LLVM's poison (nsw/nuw/exact/disjoint/nneg flags, a
// shift by the width or more, zero-is-poison counts) and undefined behaviour
// (division by zero or overflow, a poison divisor). Two value domains run
// it: the proof's Z3 terms (semantics.cpp: executor::z3_lanes) and the
// start-up interpreter's numbers (startup.cpp: concrete_lanes), as Alive2
// runs concrete code through the semantics of its proofs.
//
// A domain D has: `term` (a bit-vector: z3::expr, llvm::APInt) and `truth`
// (z3::expr, bool) with ==, !=, +, -, *, &, |, ^, unary -, ||, &&, !; `lane`
// {term v; truth poison}; the SMT-LIB bit-vector operations below as static
// functions; num(APInt) for a constant; poison_source(cond, what, where)
// and ub(cond, what, where), where a lane's poison and the undefined
// behaviour are made; fail(what, where), [[noreturn]], for what it does not
// model; has_fp, and with it floating point (Z3's only).
#pragma once
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <functional>

#include "base/smt.hpp"

namespace scanproof::proof::lanes {

// The intrinsics computed lane by lane (intrinsic_lane below).
inline bool lane_wise(llvm::Intrinsic::ID id) {
  using namespace llvm;
  switch (id) {
    case Intrinsic::expect:
    case Intrinsic::ctpop:
    case Intrinsic::cttz:
    case Intrinsic::ctlz:
    case Intrinsic::bswap:
    case Intrinsic::bitreverse:
    case Intrinsic::fshl:
    case Intrinsic::fshr:
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax:
    case Intrinsic::abs: return true;
    default: return false;
  }
}

template <class D>
typename D::truth icmp(D& d, const llvm::CmpInst& c, const typename D::term& x, const typename D::term& y) {
  switch (c.getPredicate()) {
    case llvm::CmpInst::ICMP_EQ: return x == y;
    case llvm::CmpInst::ICMP_NE: return x != y;
    case llvm::CmpInst::ICMP_UGT: return D::ugt(x, y);
    case llvm::CmpInst::ICMP_UGE: return D::uge(x, y);
    case llvm::CmpInst::ICMP_ULT: return D::ult(x, y);
    case llvm::CmpInst::ICMP_ULE: return D::ule(x, y);
    case llvm::CmpInst::ICMP_SGT: return D::sgt(x, y);
    case llvm::CmpInst::ICMP_SGE: return D::sge(x, y);
    case llvm::CmpInst::ICMP_SLT: return D::slt(x, y);
    case llvm::CmpInst::ICMP_SLE: return D::sle(x, y);
    default: d.fail("comparison not modelled", c);
  }
}

// icmp of one lane: an i1, poison when either operand is.
template <class D>
typename D::lane compare(D& d, const llvm::ICmpInst& c, const typename D::lane& x, const typename D::lane& y) {
  return {D::ite(icmp(d, c, x.v, y.v), d.num(llvm::APInt(1, 1)), d.num(llvm::APInt(1, 0))), x.poison || y.poison};
}

// select of one lane (`cond`: the lane's condition, or the one condition).
template <class D>
typename D::lane select(D& d, const typename D::lane& cond, const typename D::lane& a, const typename D::lane& b) {
  const typename D::truth t = cond.v == d.num(llvm::APInt(1, 1));
  return {D::ite(t, a.v, b.v), cond.poison || D::ite(t, a.poison, b.poison)};
}

template <class D>
typename D::lane arith(D& d, const llvm::BinaryOperator& b, const typename D::lane& x, const typename D::lane& y) {
  using term = typename D::term;
  using truth = typename D::truth;
  const auto op = b.getOpcode();
  truth poison = x.poison || y.poison;
  auto source = [&](const truth& cond, const char* what) {
    poison = poison || cond;
    d.poison_source(cond, what, b);
  };
  if constexpr (D::has_fp) {
    if (x.v.is_fpa()) {
      if (op != llvm::Instruction::FAdd && op != llvm::Instruction::FSub && op != llvm::Instruction::FMul &&
          op != llvm::Instruction::FDiv)
        d.fail("floating-point instruction not modelled", b);
      const smt::fp_op f = op == llvm::Instruction::FAdd   ? smt::fp_op::add
                           : op == llvm::Instruction::FSub ? smt::fp_op::sub
                           : op == llvm::Instruction::FMul ? smt::fp_op::mul
                                                           : smt::fp_op::div;
      return {smt::fp_arith(f, x.v, y.v), poison};
    }
  }
  const unsigned w = D::width(x.v);
  const term zero = d.num(llvm::APInt(w, 0)), width = d.num(llvm::APInt(w, w));
  const bool nuw = llvm::isa<llvm::OverflowingBinaryOperator>(b) && b.hasNoUnsignedWrap();
  const bool nsw = llvm::isa<llvm::OverflowingBinaryOperator>(b) && b.hasNoSignedWrap();
  const bool exact = llvm::isa<llvm::PossiblyExactOperator>(b) && b.isExact();
  switch (op) {
    case llvm::Instruction::Add: {
      term r = x.v + y.v;
      if (nuw) source(D::add_wraps(x.v, y.v, false), "add nuw wraps");
      if (nsw) source(D::add_wraps(x.v, y.v, true), "add nsw overflows");
      return {r, poison};
    }
    case llvm::Instruction::Sub: {
      term r = x.v - y.v;
      if (nuw) source(D::sub_wraps(x.v, y.v, false), "sub nuw wraps");
      if (nsw) source(D::sub_wraps(x.v, y.v, true), "sub nsw overflows");
      return {r, poison};
    }
    case llvm::Instruction::Mul: {
      term r = x.v * y.v;
      if (nuw) source(D::mul_wraps(x.v, y.v, false), "mul nuw wraps");
      if (nsw) source(D::mul_wraps(x.v, y.v, true), "mul nsw overflows");
      return {r, poison};
    }
    case llvm::Instruction::UDiv:
    case llvm::Instruction::URem:
    case llvm::Instruction::SDiv:
    case llvm::Instruction::SRem: {
      const bool is_signed = op == llvm::Instruction::SDiv || op == llvm::Instruction::SRem;
      truth bad = y.poison || y.v == zero;
      if (is_signed)
        bad = bad || (x.v == d.num(llvm::APInt::getSignedMinValue(w)) && y.v == d.num(llvm::APInt::getAllOnes(w)));
      d.ub(bad, "division by zero (or overflow, or a poison divisor)", b);
      term r = op == llvm::Instruction::UDiv   ? D::udiv(x.v, y.v)
               : op == llvm::Instruction::URem ? D::urem(x.v, y.v)
               : op == llvm::Instruction::SDiv ? D::sdiv(x.v, y.v)
                                               : D::srem(x.v, y.v);
      if (exact)
        source(op == llvm::Instruction::UDiv ? D::urem(x.v, y.v) != zero : D::srem(x.v, y.v) != zero,
               "exact division has a remainder");
      return {r, poison};
    }
    case llvm::Instruction::Shl:
    case llvm::Instruction::LShr:
    case llvm::Instruction::AShr: {
      source(D::uge(y.v, width), "shift by the width or more (LLVM poison)");
      term r = op == llvm::Instruction::Shl    ? D::shl(x.v, y.v)
               : op == llvm::Instruction::LShr ? D::lshr(x.v, y.v)
                                               : D::ashr(x.v, y.v);
      if (op == llvm::Instruction::Shl) {
        if (nuw) source(D::lshr(r, y.v) != x.v, "shl nuw shifts out a one");
        if (nsw) source(D::ashr(r, y.v) != x.v, "shl nsw changes the sign");
      } else if (exact) {
        source(D::shl(r, y.v) != x.v, "exact shift drops a one");
      }
      return {r, poison};
    }
    case llvm::Instruction::And: return {x.v & y.v, poison};
    case llvm::Instruction::Or: {
      term r = x.v | y.v;
      if (auto* dj = llvm::dyn_cast<llvm::PossiblyDisjointInst>(&b); dj && dj->isDisjoint())
        source((x.v & y.v) != zero, "or disjoint has a common one");
      return {r, poison};
    }
    case llvm::Instruction::Xor: return {x.v ^ y.v, poison};
    default: d.fail("instruction not modelled", b);
  }
}

// One cast of a scalar (or of one lane of a vector).
template <class D>
typename D::lane cast(D& d, const llvm::CastInst& ci, const typename D::lane& x) {
  using term = typename D::term;
  using truth = typename D::truth;
  const auto op = ci.getOpcode();
  truth poison = x.poison;
  auto source = [&](const truth& cond, const char* what) {
    poison = poison || cond;
    d.poison_source(cond, what, ci);
  };
  if constexpr (D::has_fp) d.sort_of(ci.getType()->getScalarType());  // a type the domain does not model: it says so
  const unsigned to = ci.getType()->getScalarSizeInBits();
  const auto from = [&] { return D::width(x.v); };  // x is a bit-vector (not floating point) where asked
  switch (op) {
    case llvm::Instruction::Trunc: {
      const term r = D::extract(x.v, to - 1, 0);
      auto* t = llvm::cast<llvm::TruncInst>(&ci);
      if (t->hasNoUnsignedWrap()) source(D::zext(r, from() - to) != x.v, "trunc nuw drops a one");
      if (t->hasNoSignedWrap()) source(D::sext(r, from() - to) != x.v, "trunc nsw changes the value");
      return {r, poison};
    }
    case llvm::Instruction::ZExt: {
      const term r = D::zext(x.v, to - from());
      if (ci.hasNonNeg()) source(D::slt(x.v, d.num(llvm::APInt(from(), 0))), "zext nneg of a negative value");
      return {r, poison};
    }
    case llvm::Instruction::SExt: return {D::sext(x.v, to - from()), poison};
    default: break;
  }
  if constexpr (D::has_fp) {
    const auto sort = d.sort_of(ci.getType()->getScalarType());
    switch (op) {
      case llvm::Instruction::BitCast:
        if (sort.is_fpa() && x.v.is_bv()) return {smt::fp_of_bits(x.v, sort), poison};
        if (sort.is_bv() && x.v.is_fpa()) return {smt::bits_of_fp(x.v), poison};
        return {x.v, poison};
      case llvm::Instruction::UIToFP: {
        const term r = smt::fp_of_int(x.v, sort, false);
        if (ci.hasNonNeg()) source(D::slt(x.v, d.num(llvm::APInt(from(), 0))), "uitofp nneg of a negative value");
        return {r, poison};
      }
      case llvm::Instruction::SIToFP: return {smt::fp_of_int(x.v, sort, true), poison};
      case llvm::Instruction::FPToUI:
      case llvm::Instruction::FPToSI: {
        const bool s = op == llvm::Instruction::FPToSI;
        const term r = smt::int_of_fp(x.v, sort.bv_size(), s);
        // Poison unless the truncated value fits: converting the result back gives it exactly.
        const term back = smt::fp_of_int(r, x.v.get_sort(), s);
        source(x.v.mk_is_nan() || x.v.mk_is_inf() || !smt::fp_eq(smt::fp_truncate(x.v), back),
               "floating-point to integer conversion out of range");
        return {r, poison};
      }
      case llvm::Instruction::FPExt:
      case llvm::Instruction::FPTrunc: return {smt::fp_convert(x.v, sort), poison};
      default: break;
    }
  } else if (op == llvm::Instruction::BitCast && ci.getType()->getScalarType()->isIntegerTy()) {
    return {x.v, poison};
  }
  d.fail("cast not modelled", ci);
}

// A lane-wise intrinsic (lane_wise(id)) on one lane; `arg(k)`: argument k's lane.
template <class D>
typename D::lane intrinsic_lane(D& d, const llvm::CallBase& cb, llvm::Intrinsic::ID id,
                                const std::function<typename D::lane(unsigned)>& arg) {
  using namespace llvm;
  using term = typename D::term;
  using truth = typename D::truth;
  auto flag = [&](unsigned k) { return cast<ConstantInt>(cb.getArgOperand(k))->isOne(); };
  switch (id) {
    case Intrinsic::expect: return arg(0);
    case Intrinsic::ctpop: {
      const auto x = arg(0);
      return {D::popcount(x.v), x.poison};
    }
    case Intrinsic::cttz:
    case Intrinsic::ctlz: {
      const auto x = arg(0);
      truth poison = x.poison;
      if (flag(1)) {
        const truth zero = x.v == d.num(APInt(D::width(x.v), 0));
        poison = poison || zero;
        d.poison_source(zero, "zero-is-poison count of zero", cb);
      }
      return {id == Intrinsic::cttz ? D::cttz(x.v) : D::ctlz(x.v), poison};
    }
    case Intrinsic::bswap: {
      const auto x = arg(0);
      return {D::bswap(x.v), x.poison};
    }
    case Intrinsic::bitreverse: {
      const auto x = arg(0);
      return {D::bitreverse(x.v), x.poison};
    }
    case Intrinsic::fshl:
    case Intrinsic::fshr: {
      const auto a = arg(0), b = arg(1), s = arg(2);
      const unsigned w = D::width(a.v);
      const term sh = D::zext(D::urem(s.v, d.num(APInt(w, w))), w);
      const term both = D::concat(a.v, b.v);
      const term r = id == Intrinsic::fshl ? D::extract(D::shl(both, sh), 2 * w - 1, w)
                                           : D::extract(D::lshr(both, sh), w - 1, 0);
      return {r, a.poison || b.poison || s.poison};
    }
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax: {
      const auto a = arg(0), b = arg(1);
      const truth pick_a = id == Intrinsic::umin   ? D::ule(a.v, b.v)
                           : id == Intrinsic::umax ? D::uge(a.v, b.v)
                           : id == Intrinsic::smin ? D::sle(a.v, b.v)
                                                   : D::sge(a.v, b.v);
      return {D::ite(pick_a, a.v, b.v), a.poison || b.poison};
    }
    case Intrinsic::abs: {
      const auto a = arg(0);
      const unsigned w = D::width(a.v);
      truth poison = a.poison;
      if (flag(1)) {
        const truth min = a.v == d.num(APInt::getSignedMinValue(w));
        poison = poison || min;
        d.poison_source(min, "abs of the minimum value", cb);
      }
      return {D::ite(D::slt(a.v, d.num(APInt(w, 0))), -a.v, a.v), poison};
    }
    default: d.fail("intrinsic not modelled", cb);  // not lane-wise: the caller says so before
  }
}

}  // namespace scanproof::proof::lanes
