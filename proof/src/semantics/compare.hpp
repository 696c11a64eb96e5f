// The floating-point compare table of the symbolic executor (a scalar or one
// vector lane); icmp's is lane_semantics.hpp's.
#pragma once
#include <llvm/IR/InstrTypes.h>
#include <z3++.h>

#include <string>

#include "base/not_modelled.hpp"
#include "base/smt.hpp"

namespace scanproof::proof {

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
