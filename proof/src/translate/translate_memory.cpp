// Local memory (alloca): a small array of byte terms per stack slot, per
// path. Stores and loads at a symbolic offset select among the positions;
// memset and memcpy with constant lengths. Uninitialised bytes are undef
// (free values); an access outside the slot is undefined behaviour. A
// pointer stored at a constant offset is kept as a pointer, and a local
// passed by address to a function with a body is read and written there.
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>

#include "translate/executor.hpp"

namespace scanproof::proof::detail {

namespace {
constexpr std::uint64_t max_slot_bytes = 4096;  // above this: not modelled
}  // namespace

stack_slot& executor::slot(path& p, const llvm::Value* base) {
  auto it = p.stack.find(base);
  if (it != p.stack.end()) return it->second;
  auto* a = dyn_cast<llvm::AllocaInst>(base);
  if (!a) throw not_modelled("memory that is neither a table nor a local variable: " + text(*base));
  const auto size = a->getAllocationSize(dl_);
  if (!size || size->isScalable() || size->getFixedValue() > max_slot_bytes)
    throw not_modelled("local variable larger than " + std::to_string(max_slot_bytes) + " bytes: " + text(*a));
  stack_slot s;
  for (std::uint64_t k = 0; k < size->getFixedValue(); ++k) {
    s.bytes.push_back(fresh(c_.bv_sort(8)));  // uninitialised: undef
    s.poison.push_back(f());
  }
  return p.stack.emplace(base, std::move(s)).first->second;
}

// The bytes of a value in memory order, each with its poison.
std::vector<std::pair<z3::expr, z3::expr>> executor::to_bytes(const path& p, const llvm::Value* v) {
  std::vector<z3::expr> lanes, poison;
  if (v->getType()->isVectorTy()) {
    const vec x = getv(p, v);
    lanes = x.lanes;
    poison = x.poison;
  } else {
    const val x = get(p, v);
    if (!x.v.is_bv()) throw not_modelled("store of a floating-point value to a local variable not modelled");
    lanes = {x.v};
    poison = {x.poison};
  }
  std::vector<std::pair<z3::expr, z3::expr>> out;
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    const unsigned w = lanes[l].get_sort().bv_size();
    if (w % 8) throw not_modelled("store of a " + std::to_string(w) + "-bit value to a local variable");
    const unsigned n = w / 8;
    for (unsigned k = 0; k < n; ++k) {
      const unsigned b = dl_.isBigEndian() ? n - 1 - k : k;  // which byte of the value goes at +k
      out.push_back({lanes[l].extract(8 * b + 7, 8 * b), poison[l]});
    }
  }
  return out;
}

void executor::stack_store(path& p, const ptr& a, const llvm::Value* v, const std::string& where) {
  stack_slot& s = slot(p, a.base);
  const auto bytes = to_bytes(p, v);
  const std::uint64_t n = bytes.size(), size = s.bytes.size();
  event(ub, p, a.poison || z3::ugt(a.off, c_.bv_val(size >= n ? size - n : 0, 64)) ||
                   c_.bool_val(size < n),
        "store outside a local variable: " + where);
  if (size < n) return;
  const z3::expr off = a.off.simplify();
  for (std::uint64_t at = 0; at + n <= size; ++at) {
    const z3::expr here = (off == c_.bv_val(at, 64)).simplify();
    if (here.is_false()) continue;
    for (std::uint64_t k = 0; k < n; ++k) {
      s.bytes[at + k] = here.is_true() ? bytes[k].first : z3::ite(here, bytes[k].first, s.bytes[at + k]);
      s.poison[at + k] = here.is_true() ? bytes[k].second : z3::ite(here, bytes[k].second, s.poison[at + k]);
    }
  }
}

// `n` bytes at a's offset: (bytes in memory order, poison of each).
std::pair<std::vector<z3::expr>, std::vector<z3::expr>> executor::stack_bytes(path& p, const ptr& a, std::uint64_t n,
                                                                            const std::string& where) {
  stack_slot& s = slot(p, a.base);
  const std::uint64_t size = s.bytes.size();
  event(ub, p, a.poison || z3::ugt(a.off, c_.bv_val(size >= n ? size - n : 0, 64)) || c_.bool_val(size < n),
        "load outside a local variable: " + where);
  std::vector<z3::expr> bytes, poison;
  if (size < n) {
    for (std::uint64_t k = 0; k < n; ++k) {
      bytes.push_back(fresh(c_.bv_sort(8)));
      poison.push_back(c_.bool_val(true));
    }
    return {bytes, poison};
  }
  const z3::expr off = a.off.simplify();
  for (std::uint64_t k = 0; k < n; ++k) {
    z3::expr b = s.bytes[size - n + k], pz = s.poison[size - n + k];
    for (std::uint64_t at = size - n; at-- > 0;) {
      const z3::expr here = (off == c_.bv_val(at, 64)).simplify();
      if (here.is_false()) continue;
      b = here.is_true() ? s.bytes[at + k] : z3::ite(here, s.bytes[at + k], b);
      pz = here.is_true() ? s.poison[at + k] : z3::ite(here, s.poison[at + k], pz);
    }
    bytes.push_back(b);
    poison.push_back(pz);
  }
  return {bytes, poison};
}

void executor::stack_load(path& p, const llvm::LoadInst& l, const ptr& a) {
  const std::string where = text(l);
  llvm::Type* t = l.getType();
  auto* vt = dyn_cast<llvm::FixedVectorType>(t);
  llvm::Type* et = vt ? vt->getElementType() : t;
  if (!et->isIntegerTy() || et->getIntegerBitWidth() % 8)
    throw not_modelled("load of this type from a local variable not modelled: " + where);
  const unsigned lanes = vt ? vt->getNumElements() : 1, n = et->getIntegerBitWidth() / 8;
  const auto [bytes, poison] = stack_bytes(p, a, std::uint64_t{lanes} * n, where);
  vec out;
  for (unsigned l2 = 0; l2 < lanes; ++l2) {
    std::optional<z3::expr> v;
    z3::expr pz = f();
    for (unsigned k = 0; k < n; ++k) {  // the byte at +k is byte b of the value
      const z3::expr& byte = bytes[l2 * n + k];
      pz = pz || poison[l2 * n + k];
      if (!v) v = byte;
      else v = dl_.isBigEndian() ? z3::concat(*v, byte) : z3::concat(byte, *v);
    }
    out.lanes.push_back(*v);
    out.poison.push_back(pz);
  }
  if (vt) p.vecs.insert_or_assign(&l, out);
  else p.vals.insert_or_assign(&l, val{out.lanes.front(), out.poison.front()});
}

// memset/memcpy/memmove into a local variable, with a constant length.
void executor::stack_memop(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id) {
  const std::string where = text(cb);
  auto* len = dyn_cast<llvm::ConstantInt>(cb.getArgOperand(2));
  if (!len || len->getZExtValue() > max_slot_bytes) throw not_modelled("memory operation of a computed length: " + where);
  const std::uint64_t n = len->getZExtValue();
  const ptr dst = get_ptr(p, cb.getArgOperand(0));
  std::vector<z3::expr> bytes, poison;
  if (id == llvm::Intrinsic::memset) {
    const val v = get(p, cb.getArgOperand(1));
    bytes.assign(n, v.v);
    poison.assign(n, v.poison);
  } else {
    const ptr src = get_ptr(p, cb.getArgOperand(1));
    if (auto* gv = dyn_cast<llvm::GlobalVariable>(src.base)) {  // a copy of (part of) a table
      const std::vector<std::uint8_t>& image_bytes = image(*gv);
      const z3::expr off = src.off.simplify();
      if (!off.is_numeral() || off.get_numeral_uint64() + n > image_bytes.size())
        throw not_modelled("copy from a table at a computed or out-of-range offset: " + where);
      for (std::uint64_t k = 0; k < n; ++k) {
        bytes.push_back(c_.bv_val(image_bytes[off.get_numeral_uint64() + k], 8));
        poison.push_back(f());
      }
    } else {
      std::tie(bytes, poison) = stack_bytes(p, src, n, where);
    }
  }
  stack_slot& s = slot(p, dst.base);
  const z3::expr off = dst.off.simplify();
  if (!off.is_numeral() || off.get_numeral_uint64() + n > s.bytes.size())
    throw not_modelled("memory operation at a computed or out-of-range offset: " + where);
  for (std::uint64_t k = 0; k < n; ++k) {
    s.bytes[off.get_numeral_uint64() + k] = bytes[k];
    s.poison[off.get_numeral_uint64() + k] = poison[k];
  }
}

namespace {
std::uint64_t constant_offset(const ptr& a, const std::string& where) {
  const z3::expr off = a.off.simplify();
  if (!off.is_numeral()) throw not_modelled("a pointer kept in a local variable at a computed offset: " + where);
  return off.get_numeral_uint64();
}
}  // namespace

void executor::stack_store_ptr(path& p, const ptr& a, const ptr& v, const std::string& where) {
  stack_slot& s = slot(p, a.base);
  const std::uint64_t at = constant_offset(a, where), n = dl_.getPointerSize();
  event(ub, p, a.poison, "store to a poison address: " + where);
  if (at + n > s.bytes.size()) throw not_modelled("store of a pointer outside a local variable: " + where);
  for (std::uint64_t k = at; k < at + n; ++k) {  // its bytes as an integer: not modelled, any value
    s.bytes[k] = fresh(c_.bv_sort(8));
    s.poison[k] = f();
  }
  for (auto it = s.ptrs.begin(); it != s.ptrs.end();)  // pointers it overwrites
    it = it->first + n > at && it->first < at + n ? s.ptrs.erase(it) : std::next(it);
  s.ptrs.insert_or_assign(at, v);
}

ptr executor::stack_load_ptr(path& p, const ptr& a, const std::string& where) {
  stack_slot& s = slot(p, a.base);
  event(ub, p, a.poison, "load from a poison address: " + where);
  auto it = s.ptrs.find(constant_offset(a, where));
  if (it == s.ptrs.end()) throw not_modelled("load of a pointer that was not stored as one: " + where);
  return it->second;
}

stack_memory executor::join_stacks(const std::vector<returned>& rets, const llvm::Function& callee) {
  stack_memory out = rets.back().stack;
  for (std::size_t i = rets.size() - 1; i-- > 0;) {
    const z3::expr& c = rets[i].pc;
    for (const auto& [k, s] : rets[i].stack) {
      auto it = out.find(k);
      if (it == out.end()) {
        out.emplace(k, s);
        continue;
      }
      stack_slot& o = it->second;
      for (std::size_t b = 0; b < s.bytes.size(); ++b) {
        o.bytes[b] = z3::eq(s.bytes[b], o.bytes[b]) ? o.bytes[b] : z3::ite(c, s.bytes[b], o.bytes[b]);
        o.poison[b] = z3::eq(s.poison[b], o.poison[b]) ? o.poison[b] : z3::ite(c, s.poison[b], o.poison[b]);
      }
      for (auto pt = o.ptrs.begin(); pt != o.ptrs.end();) {
        auto other = s.ptrs.find(pt->first);
        if (other == s.ptrs.end() || other->second.base != pt->second.base) {
          pt = o.ptrs.erase(pt);  // not the same object on both: a later load of it is not modelled
          continue;
        }
        pt->second = {pt->second.base, z3::ite(c, other->second.off, pt->second.off),
                      z3::ite(c, other->second.poison, pt->second.poison)};
        ++pt;
      }
    }
  }
  // The callee's own locals end with it.
  for (auto it = out.begin(); it != out.end();) {
    auto* a = dyn_cast<llvm::AllocaInst>(it->first);
    it = a && a->getFunction() == &callee ? out.erase(it) : std::next(it);
  }
  return out;
}

}  // namespace scanproof::proof::detail
