// The meaning of each LLVM instruction on one path of the symbolic
// executor: one visit method per instruction class (llvm::InstVisitor), the
// list docs/proof.md's "What is modelled" follows. A lane-wise instruction
// computes a scalar and each lane of a vector with the same code (arith,
// cast_lane, intrinsic_lane; compare.hpp's tables), each lane with its own
// poison. Control flow (br, switch, ret, unreachable, phi) and contract exits
// are the path walk's (translate.cpp run_block, enter).
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InstVisitor.h>
#include <llvm/IR/IntrinsicInst.h>

#include "bitops.hpp"
#include "compare.hpp"
#include "executor.hpp"
#include "smt.hpp"

namespace scanproof::proof::detail {

class executor::semantics : public llvm::InstVisitor<executor::semantics> {
 public:
  semantics(executor& ex, path& p) : ex_(ex), p_(p) {}

  void visitBinaryOperator(llvm::BinaryOperator& b) {
    const std::vector<val> x = lanes(b.getOperand(0)), y = lanes(b.getOperand(1));
    std::vector<val> r;
    for (std::size_t k = 0; k < x.size(); ++k) r.push_back(ex_.arith(p_, b, x[k], y[k]));
    set(b, r);
  }
  void visitUnaryOperator(llvm::UnaryOperator& u) {
    if (u.getOpcode() != llvm::Instruction::FNeg) return visitInstruction(u);
    std::vector<val> r = lanes(u.getOperand(0));
    for (val& x : r) x.v = smt::fp_neg(x.v);
    set(u, r);
  }
  void visitICmpInst(llvm::ICmpInst& c) {
    const std::string where = text(c);
    compare(c, [&](const z3::expr& x, const z3::expr& y) { return icmp(c.getPredicate(), x, y, where); });
  }
  void visitFCmpInst(llvm::FCmpInst& c) {
    const std::string where = text(c);
    compare(c, [&](const z3::expr& x, const z3::expr& y) { return fcmp(c.getPredicate(), x, y, where); });
  }
  void visitSelectInst(llvm::SelectInst& s);
  void visitFreezeInst(llvm::FreezeInst& fr) {  // a poison lane becomes any value
    std::vector<val> r = lanes(fr.getOperand(0));
    for (val& x : r) x = {z3::ite(x.poison, ex_.fresh(x.v.get_sort()), x.v), ex_.f()};
    set(fr, r);
  }
  void visitCastInst(llvm::CastInst& ci);
  void visitExtractValueInst(llvm::ExtractValueInst& ev);
  void visitExtractElementInst(llvm::ExtractElementInst& i) { ex_.extract_element(p_, i); }
  void visitInsertElementInst(llvm::InsertElementInst& i) { ex_.insert_element(p_, i); }
  void visitShuffleVectorInst(llvm::ShuffleVectorInst& i) { ex_.shuffle(p_, i); }
  void visitGetElementPtrInst(llvm::GetElementPtrInst& g) {
    if (g.getType()->isVectorTy()) throw not_modelled("vector instruction not modelled: " + text(g));
    p_.ptrs.insert_or_assign(&g, ex_.gep(p_, *llvm::cast<llvm::GEPOperator>(&g)));
  }
  void visitAllocaInst(llvm::AllocaInst& a) { p_.ptrs.insert_or_assign(&a, ptr{&a, ex_.c_.bv_val(0, 64), ex_.f()}); }
  void visitLoadInst(llvm::LoadInst& l);
  void visitStoreInst(llvm::StoreInst& s);
  void visitCallBase(llvm::CallBase& cb) { ex_.call_inst(p_, cb); }
  void visitInstruction(llvm::Instruction& i) { throw not_modelled("instruction not modelled: " + text(i)); }

 private:
  executor& ex_;
  path& p_;

  std::vector<val> lanes(const llvm::Value* v) { return ex_.lanes_of(p_, v); }
  void set(const llvm::Instruction& i, const std::vector<val>& r) { ex_.set_lanes(p_, i, r); }
  template <class Table>
  void compare(const llvm::CmpInst& c, Table&& table) {
    const std::vector<val> x = lanes(c.getOperand(0)), y = lanes(c.getOperand(1));
    std::vector<val> r;
    for (std::size_t k = 0; k < x.size(); ++k)
      r.push_back({z3::ite(table(x[k].v, y[k].v), ex_.c_.bv_val(1, 1), ex_.c_.bv_val(0, 1)), x[k].poison || y[k].poison});
    set(c, r);
  }
};

void executor::semantics::visitSelectInst(llvm::SelectInst& s) {
  if (s.getType()->isPointerTy()) {
    const val cond = ex_.get(p_, s.getCondition());
    const z3::expr t = cond.v == ex_.c_.bv_val(1, 1);
    const ptr a = ex_.get_ptr(p_, s.getTrueValue()), b = ex_.get_ptr(p_, s.getFalseValue());
    if (a.base != b.base) throw not_modelled("select between two tables: " + text(s));
    p_.ptrs.insert_or_assign(&s, ptr{a.base, z3::ite(t, a.off, b.off), cond.poison || z3::ite(t, a.poison, b.poison)});
    return;
  }
  const std::vector<val> cond = lanes(s.getCondition()), a = lanes(s.getTrueValue()), b = lanes(s.getFalseValue());
  std::vector<val> r;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const val& c = cond.size() == 1 ? cond[0] : cond[k];  // one condition, or one per lane
    const z3::expr t = c.v == ex_.c_.bv_val(1, 1);
    r.push_back({z3::ite(t, a[k].v, b[k].v), c.poison || z3::ite(t, a[k].poison, b[k].poison)});
  }
  set(s, r);
}

void executor::semantics::visitCastInst(llvm::CastInst& ci) {
  const auto op = ci.getOpcode();
  if (op == llvm::Instruction::PtrToInt || op == llvm::Instruction::IntToPtr || op == llvm::Instruction::AddrSpaceCast)
    throw not_modelled("pointer/integer cast not modelled: " + text(ci));
  // A bitcast to or from a vector moves bits between lanes.
  if (op == llvm::Instruction::BitCast && (ci.getType()->isVectorTy() || ci.getSrcTy()->isVectorTy()))
    return ex_.vector_bitcast(p_, ci);
  std::vector<val> r = lanes(ci.getOperand(0));
  for (val& x : r) x = ex_.cast_lane(p_, ci, x);
  set(ci, r);
}

void executor::semantics::visitExtractValueInst(llvm::ExtractValueInst& ev) {  // of an inline asm's outputs
  auto it = p_.aggs.find(ev.getAggregateOperand());
  if (it == p_.aggs.end() || ev.getNumIndices() != 1 || ev.getIndices()[0] >= it->second.size())
    throw not_modelled("aggregate value not modelled: " + text(ev));
  p_.vals.insert_or_assign(&ev, it->second[ev.getIndices()[0]]);
}

// A table (a global), a local (an alloca: scalars and vectors), or a pointer:
// a function pointer for run-time dispatch, or a local's address kept in a local.
void executor::semantics::visitLoadInst(llvm::LoadInst& l) {
  if (l.getType()->isPointerTy()) return ex_.load_pointer(p_, l);
  if (l.isVolatile()) throw not_modelled("volatile load: " + text(l));
  const ptr a = ex_.get_ptr(p_, l.getPointerOperand());
  if (local_memory(a.base)) return ex_.stack_load(p_, l, a);
  if (l.getType()->isVectorTy()) throw not_modelled("vector load from a table not modelled: " + text(l));
  p_.vals.insert_or_assign(&l, ex_.load(p_, l));
}

// Only locals are written. A volatile store to a local is an observable side
// effect the returned value does not depend on (serialization's `volatile int square`).
void executor::semantics::visitStoreInst(llvm::StoreInst& s) {
  const bool vector = s.getValueOperand()->getType()->isVectorTy();
  const ptr a = ex_.get_ptr(p_, s.getPointerOperand());
  if (!local_memory(a.base))
    throw not_modelled(std::string(vector ? "vector store" : "store to memory") + " not modelled: " + text(s));
  if (s.isVolatile() && !vector) return;
  if (s.getValueOperand()->getType()->isPointerTy())
    return ex_.stack_store_ptr(p_, a, ex_.get_ptr(p_, s.getValueOperand()), text(s));
  ex_.stack_store(p_, a, s.getValueOperand(), text(s));
}

void executor::exec(path& p, const llvm::Instruction& i) {
  semantics(*this, p).visit(const_cast<llvm::Instruction&>(i));  // InstVisitor takes non-const; nothing is changed
}

// One operation on scalars (or one lane of a vector operation).
val executor::arith(path& p, const llvm::BinaryOperator& b, const val& x, const val& y) {
  z3::expr poison = x.poison || y.poison;
  const std::string where = text(b);
  auto source = [&](const z3::expr& cond, const std::string& what) {
    poison = poison || cond;
    event(sources, p, cond, what + ": " + where);
  };
  if (x.v.is_fpa()) {
    const auto op = b.getOpcode();
    if (op != llvm::Instruction::FAdd && op != llvm::Instruction::FSub && op != llvm::Instruction::FMul &&
        op != llvm::Instruction::FDiv)
      throw not_modelled("floating-point instruction not modelled: " + where);
    const smt::fp_op f = op == llvm::Instruction::FAdd   ? smt::fp_op::add
                         : op == llvm::Instruction::FSub ? smt::fp_op::sub
                         : op == llvm::Instruction::FMul ? smt::fp_op::mul
                                                         : smt::fp_op::div;
    return val{smt::fp_arith(f, x.v, y.v), poison};
  }
  const unsigned w = x.v.get_sort().bv_size();
  const z3::expr zero = c_.bv_val(0, w), width = c_.bv_val(w, w);
  const bool nuw = isa<llvm::OverflowingBinaryOperator>(b) && b.hasNoUnsignedWrap();
  const bool nsw = isa<llvm::OverflowingBinaryOperator>(b) && b.hasNoSignedWrap();
  const bool exact = isa<llvm::PossiblyExactOperator>(b) && b.isExact();
  z3::expr r(c_);
  switch (b.getOpcode()) {
    case llvm::Instruction::Add:
      r = x.v + y.v;
      if (nuw) source(smt::add_wraps(x.v, y.v, false), "add nuw wraps");
      if (nsw) source(smt::add_wraps(x.v, y.v, true), "add nsw overflows");
      break;
    case llvm::Instruction::Sub:
      r = x.v - y.v;
      if (nuw) source(smt::sub_wraps(x.v, y.v, false), "sub nuw wraps");
      if (nsw) source(smt::sub_wraps(x.v, y.v, true), "sub nsw overflows");
      break;
    case llvm::Instruction::Mul:
      r = x.v * y.v;
      if (nuw) source(smt::mul_wraps(x.v, y.v, false), "mul nuw wraps");
      if (nsw) source(smt::mul_wraps(x.v, y.v, true), "mul nsw overflows");
      break;
    case llvm::Instruction::UDiv:
    case llvm::Instruction::URem:
    case llvm::Instruction::SDiv:
    case llvm::Instruction::SRem: {
      const auto op = b.getOpcode();
      const bool is_signed = op == llvm::Instruction::SDiv || op == llvm::Instruction::SRem;
      z3::expr bad = y.poison || y.v == zero;
      if (is_signed)
        bad = bad || (x.v == bv(llvm::APInt::getSignedMinValue(w)) && y.v == c_.bv_val(-1, w));
      event(ub, p, bad, "division by zero (or overflow, or a poison divisor): " + where);
      if (op == llvm::Instruction::UDiv) r = z3::udiv(x.v, y.v);
      else if (op == llvm::Instruction::URem) r = z3::urem(x.v, y.v);
      else if (op == llvm::Instruction::SDiv) r = x.v / y.v;
      else r = z3::srem(x.v, y.v);
      if (exact) source(op == llvm::Instruction::UDiv ? z3::urem(x.v, y.v) != zero
                                                      : z3::srem(x.v, y.v) != zero,
                        "exact division has a remainder");
      break;
    }
    case llvm::Instruction::Shl:
    case llvm::Instruction::LShr:
    case llvm::Instruction::AShr: {
      const auto op = b.getOpcode();
      source(z3::uge(y.v, width), "shift by the width or more (LLVM poison)");
      r = op == llvm::Instruction::Shl    ? z3::shl(x.v, y.v)
          : op == llvm::Instruction::LShr ? z3::lshr(x.v, y.v)
                                          : z3::ashr(x.v, y.v);
      if (op == llvm::Instruction::Shl) {
        if (nuw) source(z3::lshr(r, y.v) != x.v, "shl nuw shifts out a one");
        if (nsw) source(z3::ashr(r, y.v) != x.v, "shl nsw changes the sign");
      } else if (exact) {
        source(z3::shl(r, y.v) != x.v, "exact shift drops a one");
      }
      break;
    }
    case llvm::Instruction::And: r = x.v & y.v; break;
    case llvm::Instruction::Or:
      r = x.v | y.v;
      if (auto* d = dyn_cast<llvm::PossiblyDisjointInst>(&b); d && d->isDisjoint())
        source((x.v & y.v) != zero, "or disjoint has a common one");
      break;
    case llvm::Instruction::Xor: r = x.v ^ y.v; break;
    default: throw not_modelled("instruction not modelled: " + where);
  }
  return val{r, poison};
}

// One cast of a scalar (or of one lane of a vector).
val executor::cast_lane(path& p, const llvm::CastInst& ci, const val& x) {
  const std::string where = text(ci);
  const auto op = ci.getOpcode();
  z3::expr poison = x.poison;
  auto source = [&](const z3::expr& cond, const std::string& what) {
    poison = poison || cond;
    event(sources, p, cond, what + ": " + where);
  };
  const z3::sort to = sort_of(ci.getType()->getScalarType());
  z3::expr r(c_);
  switch (op) {
    case llvm::Instruction::Trunc: {
      const unsigned w = to.bv_size();
      r = x.v.extract(w - 1, 0);
      auto* t = cast<llvm::TruncInst>(&ci);
      const unsigned sw = x.v.get_sort().bv_size();
      if (t->hasNoUnsignedWrap()) source(z3::zext(r, sw - w) != x.v, "trunc nuw drops a one");
      if (t->hasNoSignedWrap()) source(z3::sext(r, sw - w) != x.v, "trunc nsw changes the value");
      break;
    }
    case llvm::Instruction::ZExt:
      r = z3::zext(x.v, to.bv_size() - x.v.get_sort().bv_size());
      if (ci.hasNonNeg()) source(x.v < c_.bv_val(0, x.v.get_sort().bv_size()), "zext nneg of a negative value");
      break;
    case llvm::Instruction::SExt: r = z3::sext(x.v, to.bv_size() - x.v.get_sort().bv_size()); break;
    case llvm::Instruction::BitCast:
      if (to.is_fpa() && x.v.is_bv()) r = smt::fp_of_bits(x.v, to);
      else if (to.is_bv() && x.v.is_fpa()) r = smt::bits_of_fp(x.v);
      else r = x.v;
      break;
    case llvm::Instruction::UIToFP:
      r = smt::fp_of_int(x.v, to, false);
      if (ci.hasNonNeg()) source(x.v < c_.bv_val(0, x.v.get_sort().bv_size()), "uitofp nneg of a negative value");
      break;
    case llvm::Instruction::SIToFP: r = smt::fp_of_int(x.v, to, true); break;
    case llvm::Instruction::FPToUI:
    case llvm::Instruction::FPToSI: {
      const bool s = op == llvm::Instruction::FPToSI;
      r = smt::int_of_fp(x.v, to.bv_size(), s);
      // Poison unless the truncated value fits: converting the result back gives it exactly.
      const z3::expr back = smt::fp_of_int(r, x.v.get_sort(), s);
      source(x.v.mk_is_nan() || x.v.mk_is_inf() || !smt::fp_eq(smt::fp_truncate(x.v), back),
             "floating-point to integer conversion out of range");
      break;
    }
    case llvm::Instruction::FPExt:
    case llvm::Instruction::FPTrunc: r = smt::fp_convert(x.v, to); break;
    default: throw not_modelled("cast not modelled: " + where);
  }
  return val{r, poison};
}

// An intrinsic call: lane-wise ones (counts, byte and bit reversal, funnel
// shifts, min/max, abs) on a scalar or each lane of a vector, with the same
// code; reductions fold a vector's lanes; memory ones act on locals.
void executor::intrinsic(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id) {
  using namespace llvm;
  switch (id) {
    case Intrinsic::lifetime_start:
    case Intrinsic::lifetime_end:
    case Intrinsic::assume:
    case Intrinsic::experimental_noalias_scope_decl:
    case Intrinsic::donothing: return;  // no effect on the value computed
    case Intrinsic::memset:
    case Intrinsic::memcpy:
    case Intrinsic::memmove: return stack_memop(p, cb, id);
    case Intrinsic::vector_reduce_add:
    case Intrinsic::vector_reduce_and:
    case Intrinsic::vector_reduce_or:
    case Intrinsic::vector_reduce_xor: return reduce(p, cb, id);
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
    case Intrinsic::abs: break;  // lane-wise: below
    default:
      throw not_modelled(std::string(cb.getType()->isVectorTy() ? "vector " : "") +
                         "intrinsic not modelled: " + cb.getCalledFunction()->getName().str());
  }
  std::vector<std::vector<val>> args;  // each argument's lanes (a scalar: one)
  for (const llvm::Use& a : cb.args()) args.push_back(lanes_of(p, a.get()));
  auto* vt = dyn_cast<FixedVectorType>(cb.getType());
  std::vector<val> out;
  for (unsigned l = 0; l < (vt ? vt->getNumElements() : 1); ++l)
    out.push_back(intrinsic_lane(p, cb, id, [&](unsigned k) { return args.at(k).size() == 1 ? args[k][0] : args[k].at(l); }));
  set_lanes(p, cb, out);
}

val executor::intrinsic_lane(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id,
                             const std::function<val(unsigned)>& arg) {
  using namespace llvm;
  const std::string where = text(cb);
  auto flag = [&](unsigned k) { return cast<ConstantInt>(cb.getArgOperand(k))->isOne(); };
  auto set = [](const z3::expr& v, const z3::expr& poison) { return val{v, poison}; };
  switch (id) {
    case Intrinsic::expect: {
      const val x = arg(0);
      return set(x.v, x.poison);
    }
    case Intrinsic::ctpop: {
      const val x = arg(0);
      return set(bv_popcount(x.v), x.poison);
    }
    case Intrinsic::cttz:
    case Intrinsic::ctlz: {
      const val x = arg(0);
      z3::expr poison = x.poison;
      if (flag(1)) {
        const z3::expr zero = x.v == c_.bv_val(0, x.v.get_sort().bv_size());
        poison = poison || zero;
        event(sources, p, zero, "zero-is-poison count of zero: " + where);
      }
      return set(id == Intrinsic::cttz ? bv_cttz(x.v) : bv_ctlz(x.v), poison);
    }
    case Intrinsic::bswap: {
      const val x = arg(0);
      return set(bv_bswap(x.v), x.poison);
    }
    case Intrinsic::bitreverse: {
      const val x = arg(0);
      return set(bv_bitreverse(x.v), x.poison);
    }
    case Intrinsic::fshl:
    case Intrinsic::fshr: {
      const val a = arg(0), b = arg(1), s = arg(2);
      const unsigned w = a.v.get_sort().bv_size();
      const z3::expr sh = z3::zext(z3::urem(s.v, c_.bv_val(w, w)), w);
      const z3::expr both = z3::concat(a.v, b.v);
      const z3::expr r = id == Intrinsic::fshl ? z3::shl(both, sh).extract(2 * w - 1, w)
                                               : z3::lshr(both, sh).extract(w - 1, 0);
      return set(r, a.poison || b.poison || s.poison);
    }
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax: {
      const val a = arg(0), b = arg(1);
      const z3::expr pick_a = id == Intrinsic::umin   ? z3::ule(a.v, b.v)
                              : id == Intrinsic::umax ? z3::uge(a.v, b.v)
                              : id == Intrinsic::smin ? a.v <= b.v
                                                      : a.v >= b.v;
      return set(z3::ite(pick_a, a.v, b.v), a.poison || b.poison);
    }
    case Intrinsic::abs: {
      const val a = arg(0);
      const unsigned w = a.v.get_sort().bv_size();
      z3::expr poison = a.poison;
      if (flag(1)) {
        const z3::expr min = a.v == bv(APInt::getSignedMinValue(w));
        poison = poison || min;
        event(sources, p, min, "abs of the minimum value: " + where);
      }
      return set(z3::ite(a.v < c_.bv_val(0, w), -a.v, a.v), poison);
    }
    default:  // not lane-wise: intrinsic() says so before
      throw not_modelled("intrinsic not modelled: " + cb.getCalledFunction()->getName().str());
  }
}

}  // namespace scanproof::proof::detail
