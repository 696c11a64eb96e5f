// Vectors (SWAR written with vector types, or what the vectoriser makes of
// it): a value's lanes, as the lane-wise visit methods (semantics.cpp) see
// them; what only vectors do: insertelement/extractelement/shufflevector,
// bitcasts between <N x iW> and integers (lane 0 in the low bits on a
// little-endian target, in the high bits on a big-endian one), reductions.
// Each lane carries its own poison, so a poison lane nobody reads is harmless.
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>

#include "translate/executor.hpp"

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

// A value as its lanes (a scalar: one lane), and an instruction's result
// from its lanes: how the lane-wise visit methods see scalars and vectors alike.
std::vector<val> executor::lanes_of(const path& p, const llvm::Value* v) {
  if (!v->getType()->isVectorTy()) return {get(p, v)};
  const vec x = getv(p, v);
  std::vector<val> out;
  for (std::size_t k = 0; k < x.lanes.size(); ++k) out.push_back({x.lanes[k], x.poison[k]});
  return out;
}

void executor::set_lanes(path& p, const llvm::Instruction& i, const std::vector<val>& lanes) {
  if (!i.getType()->isVectorTy()) {
    p.vals.insert_or_assign(&i, lanes.front());
    return;
  }
  vec r;
  for (const val& l : lanes) {
    r.lanes.push_back(l.v);
    r.poison.push_back(l.poison);
  }
  p.vecs.insert_or_assign(&i, std::move(r));
}

// A bitcast to or from a vector, through the bits in memory order; a lane
// is poison where any of its bits comes from a poison lane.
void executor::vector_bitcast(path& p, const llvm::CastInst& ci) {
  const std::string where = text(ci);
  auto* vt = dyn_cast<llvm::FixedVectorType>(ci.getType());
  const bool be = dl_.isBigEndian();
  unsigned lane_bits = 0;
  z3::expr whole(c_);
  std::vector<z3::expr> src_poison;
  if (ci.getSrcTy()->isVectorTy()) {
    const vec x = getv(p, ci.getOperand(0));
    if (!x.lanes.front().is_bv()) throw not_modelled("vector bitcast of floating point not modelled: " + where);
    whole = flatten(x, be);
    lane_bits = x.lanes.front().get_sort().bv_size();
    src_poison = x.poison;
  } else {
    const val x = get(p, ci.getOperand(0));
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
    if (!ci.getType()->isIntegerTy()) throw not_modelled("vector bitcast not modelled: " + where);
    p.vals.insert_or_assign(&ci, val{whole, poison_of(0, total - 1)});
    return;
  }
  const unsigned n = vt->getNumElements(), w = total / n;
  if (!vt->getElementType()->isIntegerTy()) throw not_modelled("vector bitcast not modelled: " + where);
  vec r;
  for (unsigned k = 0; k < n; ++k) {
    const unsigned lo = be ? total - (k + 1) * w : k * w;
    r.lanes.push_back(whole.extract(lo + w - 1, lo));
    r.poison.push_back(poison_of(lo, lo + w - 1));
  }
  p.vecs.insert_or_assign(&ci, std::move(r));
}

void executor::insert_element(path& p, const llvm::InsertElementInst& ie) {
  vec r = getv(p, ie.getOperand(0));
  const val e = get(p, ie.getOperand(1)), idx = get(p, ie.getOperand(2));
  const unsigned iw = idx.v.get_sort().bv_size(), n = static_cast<unsigned>(r.lanes.size());
  for (unsigned k = 0; k < n; ++k) {
    const z3::expr here = idx.v == c_.bv_val(k, iw);
    r.lanes[k] = z3::ite(here, e.v, r.lanes[k]);
    // An index out of range makes the whole vector poison.
    r.poison[k] = idx.poison || z3::uge(idx.v, c_.bv_val(n, iw)) || z3::ite(here, e.poison, r.poison[k]);
  }
  p.vecs.insert_or_assign(&ie, std::move(r));
}

void executor::extract_element(path& p, const llvm::ExtractElementInst& ee) {
  const vec x = getv(p, ee.getVectorOperand());
  const val idx = get(p, ee.getIndexOperand());
  const unsigned iw = idx.v.get_sort().bv_size();
  const std::size_t m = x.lanes.size();
  z3::expr v = x.lanes[m - 1], pz = x.poison[m - 1];
  for (std::size_t k = m - 1; k-- > 0;) {
    const z3::expr here = idx.v == c_.bv_val(static_cast<unsigned>(k), iw);
    v = z3::ite(here, x.lanes[k], v);
    pz = z3::ite(here, x.poison[k], pz);
  }
  pz = pz || idx.poison || z3::uge(idx.v, c_.bv_val(static_cast<unsigned>(m), iw));
  p.vals.insert_or_assign(&ee, val{v, pz});
}

void executor::shuffle(path& p, const llvm::ShuffleVectorInst& sv) {
  const vec a = getv(p, sv.getOperand(0)), b = getv(p, sv.getOperand(1));
  vec r;
  for (const int m : sv.getShuffleMask()) {
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
  p.vecs.insert_or_assign(&sv, std::move(r));
}

// vector.reduce.{add,and,or,xor}: the lanes folded into one scalar.
void executor::reduce(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id) {
  using namespace llvm;
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
}

}  // namespace scanproof::proof::detail
