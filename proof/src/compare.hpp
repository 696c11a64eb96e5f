// The one integer-compare table of the symbolic executor (scalars and each
// vector lane). The start-up interpreter, on concrete values, uses LLVM's
// own (llvm::ICmpInst::compare).
#pragma once
#include <llvm/IR/InstrTypes.h>
#include <z3++.h>

#include <string>

#include "not_modelled.hpp"

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

}  // namespace scanproof::proof
