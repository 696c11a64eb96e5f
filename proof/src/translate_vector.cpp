// Vector idioms (SWAR written with vector types, or what the vectoriser
// makes of it): lane-wise arithmetic, comparisons, selects and casts,
// insertelement/extractelement/shufflevector, bitcasts between <N x iW> and
// integers (lane 0 in the low bits on a little-endian target, in the high
// bits on a big-endian one), lane-wise count intrinsics and reductions. Each
// lane carries its own poison, so a poison lane nobody reads is harmless.
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>

#include "bitops.hpp"
#include "compare.hpp"
#include "executor.hpp"

namespace scanproof::proof::detail {

bool executor::involves_vector(const llvm::Instruction& i) {
  if (i.getType()->isVectorTy()) return true;
  for (const llvm::Use& u : i.operands())
    if (u->getType()->isVectorTy()) return true;
  return false;
}

vec executor::getv(const path& p, const llvm::Value* v) {
  auto* vt = dyn_cast<llvm::FixedVectorType>(v->getType());
  if (!vt) throw not_modelled("vector type not modelled: " + text(*v));
  const unsigned n = vt->getNumElements();
  if (auto* k = dyn_cast<llvm::Constant>(v)) {
    vec out;
    for (unsigned i = 0; i < n; ++i) {
      const llvm::Constant* e = k->getAggregateElement(i);
      if (!e) throw not_modelled("vector constant not modelled: " + text(*v));
      const val x = constant(e);
      out.lanes.push_back(x.v);
      out.poison.push_back(x.poison);
    }
    return out;
  }
  auto it = p.vecs.find(v);
  if (it == p.vecs.end()) throw not_modelled("vector value not modelled: " + text(*v));
  return it->second;
}

namespace {

// The bits of a value in memory order folded into one integer, lane 0 in
// the low bits (little-endian) or the high bits (big-endian).
z3::expr flatten(const vec& v, bool big_endian) {
  z3::expr r = v.lanes.front();
  for (std::size_t k = 1; k < v.lanes.size(); ++k)
    r = big_endian ? z3::concat(r, v.lanes[k]) : z3::concat(v.lanes[k], r);
  return r;
}

}  // namespace

void executor::vector_exec(path& p, const llvm::Instruction& i) {
  const std::string where = text(i);
  auto* vt = dyn_cast<llvm::FixedVectorType>(i.getType());
  const unsigned n = vt ? vt->getNumElements() : 0;
  auto set = [&](vec v) { p.vecs.insert_or_assign(&i, std::move(v)); };

  if (auto* b = dyn_cast<llvm::BinaryOperator>(&i)) {
    const vec x = getv(p, b->getOperand(0)), y = getv(p, b->getOperand(1));
    vec r;
    for (unsigned k = 0; k < n; ++k) {
      const val lane = arith(p, *b, {x.lanes[k], x.poison[k]}, {y.lanes[k], y.poison[k]});
      r.lanes.push_back(lane.v);
      r.poison.push_back(lane.poison);
    }
    return set(r);
  }
  if (auto* c = dyn_cast<llvm::ICmpInst>(&i)) {
    const vec x = getv(p, c->getOperand(0)), y = getv(p, c->getOperand(1));
    vec r;
    for (unsigned k = 0; k < n; ++k) {
      r.lanes.push_back(z3::ite(icmp(c->getPredicate(), x.lanes[k], y.lanes[k], where), c_.bv_val(1, 1),
                                c_.bv_val(0, 1)));
      r.poison.push_back(x.poison[k] || y.poison[k]);
    }
    return set(r);
  }
  if (auto* s = dyn_cast<llvm::SelectInst>(&i)) {
    const vec t = getv(p, s->getTrueValue()), e = getv(p, s->getFalseValue());
    vec r;
    const bool lanewise = s->getCondition()->getType()->isVectorTy();
    const vec cv = lanewise ? getv(p, s->getCondition()) : vec{};
    const val cs = lanewise ? val{c_.bv_val(0, 1), f()} : get(p, s->getCondition());
    for (unsigned k = 0; k < n; ++k) {
      const z3::expr cond = (lanewise ? cv.lanes[k] : cs.v) == c_.bv_val(1, 1);
      const z3::expr cond_poison = lanewise ? cv.poison[k] : cs.poison;
      r.lanes.push_back(z3::ite(cond, t.lanes[k], e.lanes[k]));
      r.poison.push_back(cond_poison || z3::ite(cond, t.poison[k], e.poison[k]));
    }
    return set(r);
  }
  if (auto* fr = dyn_cast<llvm::FreezeInst>(&i)) {
    vec x = getv(p, fr->getOperand(0));
    for (unsigned k = 0; k < n; ++k) {
      x.lanes[k] = z3::ite(x.poison[k], fresh(x.lanes[k].get_sort()), x.lanes[k]);
      x.poison[k] = f();
    }
    return set(x);
  }
  if (auto* ci = dyn_cast<llvm::CastInst>(&i)) {
    const auto op = ci->getOpcode();
    if (op == llvm::Instruction::BitCast) {
      // Through the bits in memory order; a lane is poison where any of its
      // bits comes from a poison lane.
      const bool be = dl_.isBigEndian();
      unsigned lane_bits = 0;
      z3::expr whole(c_);
      std::vector<z3::expr> src_poison;
      if (ci->getSrcTy()->isVectorTy()) {
        const vec x = getv(p, ci->getOperand(0));
        if (!x.lanes.front().is_bv()) throw not_modelled("vector bitcast of floating point not modelled: " + where);
        whole = flatten(x, be);
        lane_bits = x.lanes.front().get_sort().bv_size();
        src_poison = x.poison;
      } else {
        const val x = get(p, ci->getOperand(0));
        if (!x.v.is_bv()) throw not_modelled("vector bitcast of floating point not modelled: " + where);
        whole = x.v;
        lane_bits = x.v.get_sort().bv_size();
        src_poison = {x.poison};
      }
      const unsigned total = whole.get_sort().bv_size();
      // Bit positions (in `whole`) of source lane j: little-endian lane j is
      // bits [j*w, (j+1)*w); big-endian it is counted from the top.
      auto src_lane_of_bit = [&](unsigned bit) {
        const unsigned j = bit / lane_bits;
        return be ? static_cast<unsigned>(src_poison.size()) - 1 - j : j;
      };
      auto poison_of = [&](unsigned lo, unsigned hi) {  // bits [lo, hi]
        z3::expr pz = f();
        for (unsigned b = lo; b <= hi; b += lane_bits) pz = pz || src_poison[src_lane_of_bit(b)];
        return pz || src_poison[src_lane_of_bit(hi)];
      };
      if (!vt) {
        if (!i.getType()->isIntegerTy()) throw not_modelled("vector bitcast not modelled: " + where);
        p.vals.insert_or_assign(&i, val{whole, poison_of(0, total - 1)});
        return;
      }
      const unsigned w = total / n;
      if (!vt->getElementType()->isIntegerTy()) throw not_modelled("vector bitcast not modelled: " + where);
      vec r;
      for (unsigned k = 0; k < n; ++k) {
        const unsigned lo = be ? total - (k + 1) * w : k * w;
        r.lanes.push_back(whole.extract(lo + w - 1, lo));
        r.poison.push_back(poison_of(lo, lo + w - 1));
      }
      return set(r);
    }
    if (op != llvm::Instruction::ZExt && op != llvm::Instruction::SExt && op != llvm::Instruction::Trunc)
      throw not_modelled("vector cast not modelled: " + where);
    const vec x = getv(p, ci->getOperand(0));
    const unsigned to = vt->getElementType()->getIntegerBitWidth();
    vec r;
    for (unsigned k = 0; k < n; ++k) {
      const unsigned from = x.lanes[k].get_sort().bv_size();
      r.lanes.push_back(op == llvm::Instruction::Trunc  ? x.lanes[k].extract(to - 1, 0)
                        : op == llvm::Instruction::ZExt ? z3::zext(x.lanes[k], to - from)
                                                        : z3::sext(x.lanes[k], to - from));
      r.poison.push_back(x.poison[k]);
    }
    return set(r);
  }
  if (auto* ie = dyn_cast<llvm::InsertElementInst>(&i)) {
    vec r = getv(p, ie->getOperand(0));
    const val e = get(p, ie->getOperand(1)), idx = get(p, ie->getOperand(2));
    const unsigned iw = idx.v.get_sort().bv_size();
    for (unsigned k = 0; k < n; ++k) {
      const z3::expr here = idx.v == c_.bv_val(k, iw);
      r.lanes[k] = z3::ite(here, e.v, r.lanes[k]);
      // An index out of range makes the whole vector poison.
      r.poison[k] = idx.poison || z3::uge(idx.v, c_.bv_val(n, iw)) || z3::ite(here, e.poison, r.poison[k]);
    }
    return set(r);
  }
  if (auto* ee = dyn_cast<llvm::ExtractElementInst>(&i)) {
    const vec x = getv(p, ee->getVectorOperand());
    const val idx = get(p, ee->getIndexOperand());
    const unsigned iw = idx.v.get_sort().bv_size();
    const std::size_t m = x.lanes.size();
    z3::expr v = x.lanes[m - 1], pz = x.poison[m - 1];
    for (std::size_t k = m - 1; k-- > 0;) {
      const z3::expr here = idx.v == c_.bv_val(static_cast<unsigned>(k), iw);
      v = z3::ite(here, x.lanes[k], v);
      pz = z3::ite(here, x.poison[k], pz);
    }
    pz = pz || idx.poison || z3::uge(idx.v, c_.bv_val(static_cast<unsigned>(m), iw));
    p.vals.insert_or_assign(&i, val{v, pz});
    return;
  }
  if (auto* sv = dyn_cast<llvm::ShuffleVectorInst>(&i)) {
    const vec a = getv(p, sv->getOperand(0)), b = getv(p, sv->getOperand(1));
    vec r;
    for (const int m : sv->getShuffleMask()) {
      if (m < 0) {  // a poison lane
        r.lanes.push_back(fresh(a.lanes.front().get_sort()));
        r.poison.push_back(c_.bool_val(true));
        continue;
      }
      const vec& from = static_cast<std::size_t>(m) < a.lanes.size() ? a : b;
      const std::size_t at = static_cast<std::size_t>(m) % a.lanes.size();
      r.lanes.push_back(from.lanes[at]);
      r.poison.push_back(from.poison[at]);
    }
    return set(r);
  }
  if (auto* cb = dyn_cast<llvm::CallBase>(&i)) {
    const llvm::Function* callee = cb->getCalledFunction();
    if (callee && callee->isIntrinsic()) return vector_intrinsic(p, *cb, callee->getIntrinsicID());
    throw not_modelled("call with vector values not modelled: " + where);
  }
  throw not_modelled("vector instruction not modelled: " + where);
}

void executor::vector_intrinsic(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id) {
  using namespace llvm;
  const std::string where = text(cb);
  auto set = [&](vec v) { p.vecs.insert_or_assign(&cb, std::move(v)); };
  switch (id) {
    case Intrinsic::ctpop:
    case Intrinsic::cttz:
    case Intrinsic::ctlz:
    case Intrinsic::bswap:
    case Intrinsic::bitreverse: {
      vec x = getv(p, cb.getArgOperand(0));
      const bool zero_poison = (id == Intrinsic::cttz || id == Intrinsic::ctlz) &&
                               cast<ConstantInt>(cb.getArgOperand(1))->isOne();
      for (std::size_t k = 0; k < x.lanes.size(); ++k) {
        const z3::expr v = x.lanes[k];
        if (zero_poison) {
          const z3::expr zero = v == c_.bv_val(0, v.get_sort().bv_size());
          x.poison[k] = x.poison[k] || zero;
          event(sources, p, zero, "zero-is-poison count of zero: " + where);
        }
        x.lanes[k] = id == Intrinsic::ctpop  ? bv_popcount(v)
                     : id == Intrinsic::cttz ? bv_cttz(v)
                     : id == Intrinsic::ctlz ? bv_ctlz(v)
                     : id == Intrinsic::bswap ? bv_bswap(v)
                                              : bv_bitreverse(v);
      }
      return set(x);
    }
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax: {
      const vec a = getv(p, cb.getArgOperand(0)), b = getv(p, cb.getArgOperand(1));
      vec r;
      for (std::size_t k = 0; k < a.lanes.size(); ++k) {
        const z3::expr& x = a.lanes[k];
        const z3::expr& y = b.lanes[k];
        const z3::expr pick = id == Intrinsic::umin   ? z3::ule(x, y)
                              : id == Intrinsic::umax ? z3::uge(x, y)
                              : id == Intrinsic::smin ? x <= y
                                                      : x >= y;
        r.lanes.push_back(z3::ite(pick, x, y));
        r.poison.push_back(a.poison[k] || b.poison[k]);
      }
      return set(r);
    }
    case Intrinsic::vector_reduce_add:
    case Intrinsic::vector_reduce_and:
    case Intrinsic::vector_reduce_or:
    case Intrinsic::vector_reduce_xor: {
      const vec x = getv(p, cb.getArgOperand(0));
      z3::expr r = x.lanes.front(), pz = x.poison.front();
      for (std::size_t k = 1; k < x.lanes.size(); ++k) {
        r = id == Intrinsic::vector_reduce_add   ? r + x.lanes[k]
            : id == Intrinsic::vector_reduce_and ? r & x.lanes[k]
            : id == Intrinsic::vector_reduce_or  ? r | x.lanes[k]
                                                 : r ^ x.lanes[k];
        pz = pz || x.poison[k];
      }
      p.vals.insert_or_assign(&cb, val{r, pz});
      return;
    }
    default:
      throw not_modelled("vector intrinsic not modelled: " + cb.getCalledFunction()->getName().str());
  }
}

}  // namespace scanproof::proof::detail
