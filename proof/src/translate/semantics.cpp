// The meaning of each LLVM instruction on one path of the symbolic
// executor: one visit method per instruction class (llvm::InstVisitor), the
// list docs/proof.md's "What is modelled" follows. A lane-wise instruction
// computes a scalar and each lane of a vector with the same code
// (lane_semantics.hpp, on Z3 terms: z3_lanes), each lane with its own
// poison. Control flow (br, switch, ret, unreachable, phi) and contract exits
// are the path walk's (translate.cpp run_block, enter).
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InstVisitor.h>
#include <llvm/IR/IntrinsicInst.h>

#include "base/bitops.hpp"
#include "semantics/compare.hpp"
#include "translate/executor.hpp"
#include "semantics/lane_semantics.hpp"
#include "base/smt.hpp"

namespace scanproof::proof::detail {

// lane_semantics.hpp's value domain for the proof: Z3 terms; the poison it
// makes and the undefined behaviour are events of the path.
struct executor::z3_lanes {
  executor& ex;
  path& p;

  using term = z3::expr;
  using truth = z3::expr;
  using lane = val;
  static constexpr bool has_fp = true;

  term num(const llvm::APInt& a) { return ex.bv(a); }
  z3::sort sort_of(const llvm::Type* t) { return ex.sort_of(t); }
  void poison_source(const truth& cond, const char* what, const llvm::Value& where) {
    ex.event(ex.sources, p, cond, what + (": " + text(where)));
  }
  void ub(const truth& cond, const char* what, const llvm::Value& where) {
    ex.event(ex.ub, p, cond, what + (": " + text(where)));
  }
  [[noreturn]] void fail(const char* what, const llvm::Value& where) {
    throw not_modelled(what + (": " + text(where)));
  }

  static unsigned width(const term& x) { return x.get_sort().bv_size(); }
  static truth ult(const term& x, const term& y) { return z3::ult(x, y); }
  static truth ule(const term& x, const term& y) { return z3::ule(x, y); }
  static truth ugt(const term& x, const term& y) { return z3::ugt(x, y); }
  static truth uge(const term& x, const term& y) { return z3::uge(x, y); }
  static truth slt(const term& x, const term& y) { return x < y; }
  static truth sle(const term& x, const term& y) { return x <= y; }
  static truth sgt(const term& x, const term& y) { return x > y; }
  static truth sge(const term& x, const term& y) { return x >= y; }
  static term ite(const truth& c, const term& a, const term& b) { return z3::ite(c, a, b); }
  static term udiv(const term& x, const term& y) { return z3::udiv(x, y); }
  static term urem(const term& x, const term& y) { return z3::urem(x, y); }
  static term sdiv(const term& x, const term& y) { return x / y; }
  static term srem(const term& x, const term& y) { return z3::srem(x, y); }
  static term shl(const term& x, const term& y) { return z3::shl(x, y); }
  static term lshr(const term& x, const term& y) { return z3::lshr(x, y); }
  static term ashr(const term& x, const term& y) { return z3::ashr(x, y); }
  static term zext(const term& x, unsigned by) { return z3::zext(x, by); }
  static term sext(const term& x, unsigned by) { return z3::sext(x, by); }
  static term extract(const term& x, unsigned hi, unsigned lo) { return x.extract(hi, lo); }
  static term concat(const term& hi, const term& lo) { return z3::concat(hi, lo); }
  static truth add_wraps(const term& x, const term& y, bool s) { return smt::add_wraps(x, y, s); }
  static truth sub_wraps(const term& x, const term& y, bool s) { return smt::sub_wraps(x, y, s); }
  static truth mul_wraps(const term& x, const term& y, bool s) { return smt::mul_wraps(x, y, s); }
  static term popcount(const term& x) { return bv_popcount(x); }
  static term cttz(const term& x) { return bv_cttz(x); }
  static term ctlz(const term& x) { return bv_ctlz(x); }
  static term bswap(const term& x) { return bv_bswap(x); }
  static term bitreverse(const term& x) { return bv_bitreverse(x); }
};

class executor::semantics : public llvm::InstVisitor<executor::semantics> {
 public:
  semantics(executor& ex, path& p) : ex_(ex), p_(p) {}

  void visitBinaryOperator(llvm::BinaryOperator& b) {
    const std::vector<val> x = lanes(b.getOperand(0)), y = lanes(b.getOperand(1));
    std::vector<val> r;
    z3_lanes d{ex_, p_};
    for (std::size_t k = 0; k < x.size(); ++k) r.push_back(lanes::arith(d, b, x[k], y[k]));
    set(b, r);
  }
  void visitUnaryOperator(llvm::UnaryOperator& u) {
    if (u.getOpcode() != llvm::Instruction::FNeg) return visitInstruction(u);
    std::vector<val> r = lanes(u.getOperand(0));
    for (val& x : r) x.v = smt::fp_neg(x.v);
    set(u, r);
  }
  void visitICmpInst(llvm::ICmpInst& c) {
    const std::vector<val> x = lanes(c.getOperand(0)), y = lanes(c.getOperand(1));
    std::vector<val> r;
    z3_lanes d{ex_, p_};
    for (std::size_t k = 0; k < x.size(); ++k) r.push_back(lanes::compare(d, c, x[k], y[k]));
    set(c, r);
  }
  void visitFCmpInst(llvm::FCmpInst& c);
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
};

void executor::semantics::visitFCmpInst(llvm::FCmpInst& c) {
  const std::string where = text(c);
  const std::vector<val> x = lanes(c.getOperand(0)), y = lanes(c.getOperand(1));
  std::vector<val> r;
  for (std::size_t k = 0; k < x.size(); ++k)
    r.push_back({z3::ite(fcmp(c.getPredicate(), x[k].v, y[k].v, where), ex_.c_.bv_val(1, 1), ex_.c_.bv_val(0, 1)),
                 x[k].poison || y[k].poison});
  set(c, r);
}

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
  z3_lanes d{ex_, p_};
  for (std::size_t k = 0; k < a.size(); ++k)
    r.push_back(lanes::select(d, cond.size() == 1 ? cond[0] : cond[k], a[k], b[k]));  // one condition, or one per lane
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
  z3_lanes d{ex_, p_};
  for (val& x : r) x = lanes::cast(d, ci, x);
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
    default:
      if (lanes::lane_wise(id)) break;  // below
      throw not_modelled(std::string(cb.getType()->isVectorTy() ? "vector " : "") +
                         "intrinsic not modelled: " + cb.getCalledFunction()->getName().str());
  }
  std::vector<std::vector<val>> args;  // each argument's lanes (a scalar: one)
  for (const llvm::Use& a : cb.args()) args.push_back(lanes_of(p, a.get()));
  auto* vt = dyn_cast<FixedVectorType>(cb.getType());
  std::vector<val> out;
  z3_lanes d{*this, p};
  for (unsigned l = 0; l < (vt ? vt->getNumElements() : 1); ++l)
    out.push_back(lanes::intrinsic_lane<z3_lanes>(
        d, cb, id, [&](unsigned k) { return args.at(k).size() == 1 ? args[k][0] : args[k].at(l); }));
  set_lanes(p, cb, out);
}

}  // namespace scanproof::proof::detail
