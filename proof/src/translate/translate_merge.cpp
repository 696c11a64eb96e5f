// Joining paths: two paths at the same block in the same iteration of every
// loop around it become one, each value an ite on the first path's
// condition. Only what both paths define is kept: a value used after the
// join dominates it, so both have it.
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/CFG.h>

#include "translate/executor.hpp"

namespace scanproof::proof::detail {

executor::cfg_info& executor::cfg(const llvm::Function& f) {
  auto it = cfgs_.find(&f);
  if (it != cfgs_.end()) return it->second;
  cfg_info g;
  unsigned k = 0;
  for (const llvm::BasicBlock* bb : llvm::ReversePostOrderTraversal<const llvm::Function*>(&f)) g.rpo[bb] = k++;
  for (const llvm::BasicBlock& bb : f)  // unreachable blocks: last
    g.rpo.emplace(&bb, k++);
  // The analyses take a mutable function; they only read it.
  auto& mf = const_cast<llvm::Function&>(f);
  g.dt = std::make_unique<llvm::DominatorTree>(mf);
  g.li = std::make_unique<llvm::LoopInfo>(*g.dt);
  return cfgs_.emplace(&f, std::move(g)).first->second;
}

std::vector<unsigned> executor::loop_key(const path& p) {
  std::vector<unsigned> key;
  for (const llvm::Loop* l = cfg(*p.bb->getParent()).li->getLoopFor(p.bb); l; l = l->getParentLoop()) {
    const llvm::BasicBlock* h = l->getHeader();
    auto it = p.visits.find(h);
    unsigned n = it == p.visits.end() ? 0 : it->second;
    if (h == p.bb) n = p.pred && l->contains(p.pred) ? n + 1 : 1;  // what enter() will count
    key.push_back(n);
  }
  return key;
}

bool executor::merge(path& a, path& b) {
  const z3::expr& ca = a.pc;
  for (const auto& [k, pb] : b.ptrs) {
    auto it = a.ptrs.find(k);
    if (it != a.ptrs.end() && it->second.base != pb.base) return false;  // two tables: not one pointer
  }
  for (const auto& [k, sb] : b.stack) {  // a pointer kept in a local must be to one object on both
    auto it = a.stack.find(k);
    if (it == a.stack.end()) continue;
    for (const auto& [at, pb] : sb.ptrs)
      if (auto jt = it->second.ptrs.find(at); jt != it->second.ptrs.end() && jt->second.base != pb.base) return false;
  }
  for (const auto& [k, fb] : b.fnptrs) {
    auto it = a.fnptrs.find(k);
    if (it != a.fnptrs.end() && it->second.size() != fb.size()) return false;
  }
  auto pick = [&](const z3::expr& x, const z3::expr& y) { return z3::eq(x, y) ? x : z3::ite(ca, x, y); };
  for (auto it = a.vals.begin(); it != a.vals.end();) {
    auto jt = b.vals.find(it->first);
    if (jt == b.vals.end()) {
      it = a.vals.erase(it);
      continue;
    }
    it->second = {pick(it->second.v, jt->second.v), pick(it->second.poison, jt->second.poison)};
    ++it;
  }
  for (auto it = a.ptrs.begin(); it != a.ptrs.end();) {
    auto jt = b.ptrs.find(it->first);
    if (jt == b.ptrs.end()) {
      it = a.ptrs.erase(it);
      continue;
    }
    it->second = {it->second.base, pick(it->second.off, jt->second.off), pick(it->second.poison, jt->second.poison)};
    ++it;
  }
  for (auto it = a.vecs.begin(); it != a.vecs.end();) {
    auto jt = b.vecs.find(it->first);
    if (jt == b.vecs.end()) {
      it = a.vecs.erase(it);
      continue;
    }
    for (std::size_t k = 0; k < it->second.lanes.size(); ++k) {
      it->second.lanes[k] = pick(it->second.lanes[k], jt->second.lanes[k]);
      it->second.poison[k] = pick(it->second.poison[k], jt->second.poison[k]);
    }
    ++it;
  }
  for (auto it = a.aggs.begin(); it != a.aggs.end();) {
    auto jt = b.aggs.find(it->first);
    if (jt == b.aggs.end()) {
      it = a.aggs.erase(it);
      continue;
    }
    for (std::size_t k = 0; k < it->second.size(); ++k)
      it->second[k] = {pick(it->second[k].v, jt->second[k].v), pick(it->second[k].poison, jt->second[k].poison)};
    ++it;
  }
  // Stack memory: a slot one path never touched is undefined (fresh) there.
  for (auto& [k, sb] : b.stack) {
    auto it = a.stack.find(k);
    if (it == a.stack.end()) {
      slot(a, k);
      it = a.stack.find(k);
    }
    for (std::size_t i = 0; i < sb.bytes.size(); ++i) {
      it->second.bytes[i] = pick(it->second.bytes[i], sb.bytes[i]);
      it->second.poison[i] = pick(it->second.poison[i], sb.poison[i]);
    }
    auto& ptrs = it->second.ptrs;
    for (auto pt = ptrs.begin(); pt != ptrs.end();) {
      auto other = sb.ptrs.find(pt->first);
      if (other == sb.ptrs.end()) {  // stored on one path only: not modelled if loaded
        pt = ptrs.erase(pt);
        continue;
      }
      pt->second = {pt->second.base, pick(pt->second.off, other->second.off),
                    pick(pt->second.poison, other->second.poison)};
      ++pt;
    }
  }
  for (const auto& [bb, n] : b.visits) {
    unsigned& m = a.visits[bb];
    m = std::max(m, n);
  }
  a.pc = (a.pc || b.pc).simplify();
  return true;
}

}  // namespace scanproof::proof::detail
