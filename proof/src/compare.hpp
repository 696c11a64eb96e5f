// The compare tables of the symbolic executor (integer and floating point,
// a scalar or one vector lane). The start-up interpreter, on concrete
// values, uses LLVM's own (llvm::ICmpInst::compare, constant folding).
#pragma once
#include <llvm/IR/InstrTypes.h>
#include <z3++.h>

#include <string>

#include "not_modelled.hpp"
#include "smt.hpp"

namespace scanproof::proof {

inline z3::expr icmp(llvm::CmpInst::Predicate pred, const z3::expr& x, const z3::expr& y, const std::string& where) {
  switch (pred) {
    case llvm::CmpInst::ICMP_EQ: return x == y;
    case llvm::CmpInst::ICMP_NE: return x != y;
    case llvm::CmpInst::ICMP_UGT: return z3::ugt(x, y);
    case llvm::CmpInst::ICMP_UGE: return z3::uge(x, y);
    case llvm::CmpInst::ICMP_ULT: return z3::ult(x, y);
    case llvm::CmpInst::ICMP_ULE: return z3::ule(x, y);
    case llvm::CmpInst::ICMP_SGT: return x > y;
    case llvm::CmpInst::ICMP_SGE: return x >= y;
    case llvm::CmpInst::ICMP_SLT: return x < y;
    case llvm::CmpInst::ICMP_SLE: return x <= y;
    default: throw not_modelled("comparison not modelled: " + where);
  }
}

// Ordered predicates are false when either operand is NaN, unordered ones true.
inline z3::expr fcmp(llvm::CmpInst::Predicate pred, const z3::expr& x, const z3::expr& y, const std::string& where) {
  const z3::expr nan = x.mk_is_nan() || y.mk_is_nan();
  const z3::expr eq = smt::fp_eq(x, y), lt = smt::fp_lt(x, y), gt = smt::fp_gt(x, y);
  switch (pred) {
    case llvm::CmpInst::FCMP_OEQ: return eq;
    case llvm::CmpInst::FCMP_ONE: return !nan && !eq;
    case llvm::CmpInst::FCMP_OLT: return lt;
    case llvm::CmpInst::FCMP_OLE: return lt || eq;
    case llvm::CmpInst::FCMP_OGT: return gt;
    case llvm::CmpInst::FCMP_OGE: return gt || eq;
    case llvm::CmpInst::FCMP_ORD: return !nan;
    case llvm::CmpInst::FCMP_UNO: return nan;
    case llvm::CmpInst::FCMP_UEQ: return nan || eq;
    case llvm::CmpInst::FCMP_UNE: return nan || !eq;
    case llvm::CmpInst::FCMP_ULT: return nan || lt;
    case llvm::CmpInst::FCMP_ULE: return nan || lt || eq;
    case llvm::CmpInst::FCMP_UGT: return nan || gt;
    case llvm::CmpInst::FCMP_UGE: return nan || gt || eq;
    case llvm::CmpInst::FCMP_TRUE: return x.ctx().bool_val(true);
    case llvm::CmpInst::FCMP_FALSE: return x.ctx().bool_val(false);
    default: throw not_modelled("comparison not modelled: " + where);
  }
}

}  // namespace scanproof::proof
