// The start-up interpreter (startup.hpp says what it is for): its memory
// model (objects, values that may be unknown), the frame that visits a
// function's instructions (frame_exec: memory, calls, control flow; the
// arithmetic through semantics/lane_semantics.hpp) and the reader of the
// tables it fills. About 800 lines in one file because the three share
// private types (an anonymous namespace) that nothing else may see.
#include "startup/startup.hpp"

#include <llvm/ADT/MapVector.h>
#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstVisitor.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <bit>
#include <deque>
#include <optional>
#include <unordered_map>

#include "base/constant_layout.hpp"
#include "semantics/lane_semantics.hpp"
#include "base/not_modelled.hpp"

namespace scanproof::proof {

std::set<const llvm::Function*> startup_functions(const llvm::Module& m) {
  std::set<const llvm::Function*> out;
  std::vector<const llvm::Function*> todo;
  if (const llvm::GlobalVariable* ctors = m.getNamedGlobal("llvm.global_ctors"))
    if (auto* arr = llvm::dyn_cast<llvm::ConstantArray>(ctors->getInitializer()))
      for (const llvm::Use& u : arr->operands())
        if (auto* entry = llvm::dyn_cast<llvm::ConstantStruct>(u.get()))
          if (auto* f = llvm::dyn_cast<llvm::Function>(entry->getOperand(1))) todo.push_back(f);
  while (!todo.empty()) {
    const llvm::Function* f = todo.back();
    todo.pop_back();
    if (!out.insert(f).second) continue;
    for (const llvm::BasicBlock& bb : *f)
      for (const llvm::Instruction& i : bb)
        if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* callee = cb->getCalledFunction(); callee && !callee->isDeclaration())
            todo.push_back(callee);
  }
  return out;
}

namespace {

using llvm::dyn_cast;
using llvm::isa;

struct object {
  std::string name;
  bool writable = true;
  std::vector<std::uint8_t> bytes, unknown;  // unknown[i]: byte i is not known
  std::string why;  // why bytes are unknown (pointers stored in it: interpreter::pointers)
};

struct value {
  enum class kind { none, integer, pointer, function, vector } k = kind::none;
  std::uint64_t bits = 0;
  unsigned width = 0;
  object* obj = nullptr;
  std::int64_t off = 0;
  const llvm::Function* fn = nullptr;
  const std::string* unknown = nullptr;  // why the value is not known
  llvm::Constant* lanes = nullptr;       // a vector's value (kind::vector, when known)
};

// The interpreter stops with the reason (something it cannot follow).
struct stop {
  std::string why;
};

std::uint64_t mask(unsigned w) { return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1; }

// lane_semantics.hpp's value domain for start-up: numbers. A poison lane is
// one whose value is not known (poison, undef, or from outside the file);
// undefined behaviour stops the interpreter.
struct concrete_lanes {
  using term = llvm::APInt;
  using truth = bool;
  struct lane {
    llvm::APInt v;
    bool poison;
  };
  static constexpr bool has_fp = false;
  const char* made_poison = nullptr;  // the first poison source met: why a lane is poison

  static term num(const llvm::APInt& a) { return a; }
  void poison_source(bool cond, const char* what, const llvm::Value&) {
    if (cond && !made_poison) made_poison = what;
  }
  static void ub(bool cond, const char* what, const llvm::Value&) {
    if (cond) throw stop{std::string("has undefined behaviour (") + what + ")"};
  }
  [[noreturn]] static void fail(const char* what, const llvm::Value& where) {
    const auto* i = dyn_cast<llvm::Instruction>(&where);
    throw stop{std::string(what) + " (" + (i ? i->getOpcodeName() : "a constant") + ")"};
  }

  static unsigned width(const term& x) { return x.getBitWidth(); }
  static truth ult(const term& x, const term& y) { return x.ult(y); }
  static truth ule(const term& x, const term& y) { return x.ule(y); }
  static truth ugt(const term& x, const term& y) { return x.ugt(y); }
  static truth uge(const term& x, const term& y) { return x.uge(y); }
  static truth slt(const term& x, const term& y) { return x.slt(y); }
  static truth sle(const term& x, const term& y) { return x.sle(y); }
  static truth sgt(const term& x, const term& y) { return x.sgt(y); }
  static truth sge(const term& x, const term& y) { return x.sge(y); }
  static term ite(bool c, const term& a, const term& b) { return c ? a : b; }
  static truth ite(bool c, bool a, bool b) { return c ? a : b; }
  static term udiv(const term& x, const term& y) { return x.udiv(y); }
  static term urem(const term& x, const term& y) { return x.urem(y); }
  static term sdiv(const term& x, const term& y) { return x.sdiv(y); }
  static term srem(const term& x, const term& y) { return x.srem(y); }
  static term shl(const term& x, const term& y) { return x.shl(y); }
  static term lshr(const term& x, const term& y) { return x.lshr(y); }
  static term ashr(const term& x, const term& y) { return x.ashr(y); }
  static term zext(const term& x, unsigned by) { return x.zext(x.getBitWidth() + by); }
  static term sext(const term& x, unsigned by) { return x.sext(x.getBitWidth() + by); }
  static term extract(const term& x, unsigned hi, unsigned lo) { return x.extractBits(hi - lo + 1, lo); }
  static term concat(const term& hi, const term& lo) { return hi.concat(lo); }
  static truth add_wraps(const term& x, const term& y, bool s) { return wraps(x, y, s, &term::sadd_ov, &term::uadd_ov); }
  static truth sub_wraps(const term& x, const term& y, bool s) { return wraps(x, y, s, &term::ssub_ov, &term::usub_ov); }
  static truth mul_wraps(const term& x, const term& y, bool s) { return wraps(x, y, s, &term::smul_ov, &term::umul_ov); }
  static term popcount(const term& x) { return {x.getBitWidth(), x.popcount()}; }
  static term cttz(const term& x) { return {x.getBitWidth(), x.countr_zero()}; }
  static term ctlz(const term& x) { return {x.getBitWidth(), x.countl_zero()}; }
  static term bswap(const term& x) { return x.byteSwap(); }
  static term bitreverse(const term& x) { return x.reverseBits(); }

 private:
  using overflow = term (term::*)(const term&, bool&) const;
  static bool wraps(const term& x, const term& y, bool s, overflow signed_op, overflow unsigned_op) {
    bool out = false;
    [[maybe_unused]] const term r = (x.*(s ? signed_op : unsigned_op))(y, out);
    return out;
  }
};

class interpreter {
 public:
  explicit interpreter(const llvm::Module& m) : dl_(m.getDataLayout()) {}

  std::map<const llvm::GlobalVariable*, object*> globals;
  std::deque<object> objects;
  std::deque<std::string> reasons;
  std::map<std::pair<object*, std::uint64_t>, value> pointers;  // pointers stored in memory

  const std::string* reason(std::string s) {
    reasons.push_back(std::move(s));
    return &reasons.back();
  }

  object* global(const llvm::GlobalVariable& gv) {
    auto it = globals.find(&gv);
    if (it != globals.end()) return it->second;
    object& o = objects.emplace_back();
    o.name = llvm::demangle(gv.getName().str());
    o.writable = !gv.isConstant();
    const std::uint64_t size = dl_.getTypeAllocSize(gv.getValueType());
    o.bytes.assign(size, 0);
    o.unknown.assign(size, 0);
    if (!gv.hasDefinitiveInitializer()) {
      std::fill(o.unknown.begin(), o.unknown.end(), 1);
      o.why = "the contents of " + o.name + ", which are in another file";
    } else {
      fill(gv.getInitializer(), o, 0);
    }
    globals[&gv] = &o;
    return &o;
  }

  void fill(const llvm::Constant* k, object& o, std::uint64_t at) {
    for_each_leaf(k, dl_, at, [&](std::uint64_t to, const llvm::Constant* leaf) {
      if (auto* ci = dyn_cast<llvm::ConstantInt>(leaf)) {
        if (ci->getBitWidth() > 64) throw stop{"an integer wider than 64 bits"};
        return put(o, to, ci->getZExtValue(), ci->getBitWidth());
      }
      // Undef, pointers, floating point...: those bytes are not known as integers.
      std::fill_n(o.unknown.begin() + static_cast<std::ptrdiff_t>(to), dl_.getTypeAllocSize(leaf->getType()), 1);
      if (o.why.empty())
        o.why = isa<llvm::UndefValue>(leaf) ? "undefined initial contents of " + o.name
                                            : "an initialiser of " + o.name + " that is not an integer";
    });
  }

  void put(object& o, std::uint64_t at, std::uint64_t v, unsigned w) {
    const unsigned n = (w + 7) / 8;
    if (at + n > o.bytes.size()) throw stop{"a store outside " + o.name};
    for (unsigned i = 0; i < n; ++i) {
      o.bytes[at + (dl_.isBigEndian() ? n - 1 - i : i)] = static_cast<std::uint8_t>(v >> (8 * i));
      o.unknown[at + i] = 0;
    }
  }

  // Everything an external call may write: the objects it is given (and
  // those reachable from them), and every global other files can see.
  void clobber(object& o, const std::string* why, std::set<object*>& seen) {
    if (!o.writable || !seen.insert(&o).second) return;
    std::fill(o.unknown.begin(), o.unknown.end(), 1);
    if (o.why.empty()) o.why = *why;
    for (auto& [key, v] : pointers)
      if (key.first == &o && v.obj) clobber(*v.obj, why, seen);
  }

  value operand(std::unordered_map<const llvm::Value*, value>& frame, const llvm::Value* v) {
    if (auto* ci = dyn_cast<llvm::ConstantInt>(v)) {
      if (ci->getBitWidth() > 64) throw stop{"an integer wider than 64 bits"};
      return {value::kind::integer, ci->getZExtValue(), ci->getBitWidth()};
    }
    if (isa<llvm::ConstantPointerNull>(v)) return {value::kind::pointer};
    if (auto* k = dyn_cast<llvm::Constant>(v); k && v->getType()->isVectorTy()) {
      if (v->getType()->getScalarType()->isPointerTy()) throw stop{"a vector of pointers"};
      value r = integer_or_vector(v->getType());
      r.lanes = const_cast<llvm::Constant*>(k);  // constants are never changed
      return r;
    }
    if (auto* gv = dyn_cast<llvm::GlobalVariable>(v)) return {value::kind::pointer, 0, 64, global(*gv)};
    if (auto* f = dyn_cast<llvm::Function>(v)) return {value::kind::function, 0, 64, nullptr, 0, f};
    if (isa<llvm::UndefValue>(v)) {
      value u{value::kind::integer, 0, v->getType()->isIntegerTy() ? v->getType()->getIntegerBitWidth() : 64};
      u.unknown = reason("an undefined value");
      return u;
    }
    if (auto* g = dyn_cast<llvm::GEPOperator>(v); g && isa<llvm::Constant>(v)) return gep(frame, *g);
    auto it = frame.find(v);
    if (it == frame.end()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      v->print(os);
      text.erase(0, text.find_first_not_of(' '));
      if (text.size() > 80) text = text.substr(0, 77) + "...";
      throw stop{"uses a value it does not model (" + text + ")"};
    }
    return it->second;
  }

  value gep(std::unordered_map<const llvm::Value*, value>& frame, const llvm::GEPOperator& g) {
    value base = operand(frame, g.getPointerOperand());
    const unsigned iw = dl_.getIndexTypeSizeInBits(g.getType());
    llvm::MapVector<llvm::Value*, llvm::APInt> vars;
    llvm::APInt k(iw, 0);
    if (!g.collectOffset(dl_, iw, vars, k)) throw stop{"an address computation it does not model"};
    base.off += k.getSExtValue();
    for (auto& [v, scale] : vars) {
      const value i = operand(frame, v);
      if (i.unknown) throw stop{"an address computed from " + *i.unknown};
      base.off += llvm::APInt(i.width, i.bits).getSExtValue() * scale.getSExtValue();
    }
    return base;
  }

  value call(const llvm::Function& f, const std::vector<value>& args, unsigned depth);

  const llvm::DataLayout& layout() const { return dl_; }

  // A value of an integer or integer-vector type, not yet set.
  value integer_or_vector(const llvm::Type* t) {
    if (t->isVectorTy()) {
      if (!t->getScalarType()->isIntegerTy()) throw stop{"a vector that is not of integers"};
      return {value::kind::vector, 0, static_cast<unsigned>(dl_.getTypeSizeInBits(const_cast<llvm::Type*>(t)))};
    }
    return {value::kind::integer, 0, t->isIntegerTy() ? t->getIntegerBitWidth() : 64};
  }

  // Between the interpreter's values and LLVM's constants (constant folding).
  llvm::Constant* as_constant(const value& x, llvm::Type* t) {
    if (x.k == value::kind::vector) return x.lanes;
    if (x.k == value::kind::function) return const_cast<llvm::Function*>(x.fn);
    if (x.k != value::kind::integer || !t->isIntegerTy()) throw stop{"folds a value that is not an integer"};
    return llvm::ConstantInt::get(t, x.bits);
  }
  value from_constant(llvm::Constant* k, const char* what) {
    if (isa<llvm::UndefValue>(k)) {  // poison too
      value r = integer_or_vector(k->getType());
      r.unknown = reason(std::string("a poison or undefined value (") + what + ")");
      return r;
    }
    if (auto* ci = dyn_cast<llvm::ConstantInt>(k); ci && ci->getBitWidth() <= 64)
      return {value::kind::integer, ci->getZExtValue(), ci->getBitWidth()};
    if (k->getType()->isVectorTy() && k->getType()->getScalarType()->isIntegerTy()) {
      value r = integer_or_vector(k->getType());
      r.lanes = k;
      return r;
    }
    throw stop{std::string("a folded value it does not model (") + what + ")"};
  }

  // A load's value from memory: an integer or a vector of integers.
  value read(object& o, std::uint64_t at, llvm::Type* t) {
    const std::uint64_t n = dl_.getTypeStoreSize(t);
    value r = integer_or_vector(t);
    const unsigned lane = t->getScalarSizeInBits();
    if (!t->getScalarType()->isIntegerTy() || lane > 64 || (t->isVectorTy() && lane % 8))
      throw stop{"loads a value that is not an integer"};
    for (std::uint64_t k = 0; k < n; ++k)
      if (o.unknown[at + k]) r.unknown = reason(o.why);
    if (r.unknown) return r;
    auto word = [&](std::uint64_t from, unsigned bits) {  // one integer of `bits` at byte `from`
      const std::uint64_t bytes = (bits + 7) / 8;
      std::uint64_t v = 0;
      for (std::uint64_t k = 0; k < bytes; ++k)
        v |= std::uint64_t{o.bytes[from + (dl_.isBigEndian() ? bytes - 1 - k : k)]} << (8 * k);
      return v & mask(bits);
    };
    if (!t->isVectorTy()) {
      r.bits = word(at, lane);
      return r;
    }
    std::vector<llvm::Constant*> lanes;
    const unsigned count = llvm::cast<llvm::FixedVectorType>(t)->getNumElements();
    for (unsigned k = 0; k < count; ++k)
      lanes.push_back(llvm::ConstantInt::get(t->getScalarType(), word(at + k * lane / 8, lane)));
    r.lanes = llvm::ConstantVector::get(lanes);
    return r;
  }

  // A store of an integer or a vector of integers (unknown: its bytes are).
  void write(object& o, std::uint64_t at, const value& v, llvm::Type* t) {
    if (v.k != value::kind::integer && v.k != value::kind::vector) throw stop{"stores a value that is not an integer"};
    const std::uint64_t n = dl_.getTypeStoreSize(t);
    if (at + n > o.bytes.size()) throw stop{"a store outside " + o.name};
    if (v.k == value::kind::integer) {
      put(o, at, v.bits, v.width);
    } else if (!v.unknown) {
      if (t->getScalarSizeInBits() % 8) throw stop{"stores a vector of lanes narrower than a byte"};
      std::fill_n(o.bytes.begin() + static_cast<std::ptrdiff_t>(at), n, 0);
      std::fill_n(o.unknown.begin() + static_cast<std::ptrdiff_t>(at), n, 0);
      fill(v.lanes, o, at);
    }
    if (v.unknown) {
      std::fill_n(o.unknown.begin() + static_cast<std::ptrdiff_t>(at), n, 1);
      if (o.why.empty() || o.why == "uninitialised stack memory") o.why = *v.unknown;
    }
  }

  // memcpy/memmove of `len` bytes from `src` into `o` at `at`, with the
  // pointers stored in them.
  void copy(object& o, std::uint64_t at, const value& src, std::uint64_t len) {
    if (!src.obj || src.unknown || src.off < 0 || static_cast<std::uint64_t>(src.off) + len > src.obj->bytes.size())
      throw stop{"a memory copy it cannot follow"};
    const auto from = static_cast<std::uint64_t>(src.off);
    const std::vector<std::uint8_t> b(src.obj->bytes.begin() + src.off, src.obj->bytes.begin() + src.off + static_cast<std::ptrdiff_t>(len));
    const std::vector<std::uint8_t> u(src.obj->unknown.begin() + src.off, src.obj->unknown.begin() + src.off + static_cast<std::ptrdiff_t>(len));
    std::copy(b.begin(), b.end(), o.bytes.begin() + static_cast<std::ptrdiff_t>(at));
    std::copy(u.begin(), u.end(), o.unknown.begin() + static_cast<std::ptrdiff_t>(at));
    if (std::find(u.begin(), u.end(), 1) != u.end() && o.why.empty()) o.why = src.obj->why;
    std::vector<std::pair<std::uint64_t, value>> moved;
    for (auto& [key, pv] : pointers)
      if (key.first == src.obj && key.second >= from && key.second < from + len) moved.push_back({key.second - from + at, pv});
    for (auto& [where, pv] : moved) pointers[{&o, where}] = pv;
  }

  std::uint64_t steps = 0;
  // Where each active call is: when the interpreter stops, what may still run.
  std::vector<const llvm::BasicBlock*> stack;

 private:
  const llvm::DataLayout& dl_;
};

// One call's instructions, each a visit method (llvm::InstVisitor). What an
// arithmetic instruction means (binary operators, casts, icmp, select, the
// lane-wise intrinsics) is lane_semantics.hpp's, the proof's own, on
// llvm::APInt lanes; this class keeps what the proof has no counterpart for:
// the memory of objects, calls into and out of the file, control flow.
// Moving lanes (insertelement, shufflevector, vector bitcasts) and the
// intrinsics the proof does not compute lane by lane go through LLVM's
// constant folding.
class frame_exec : public llvm::InstVisitor<frame_exec> {
 public:
  frame_exec(interpreter& in, unsigned depth) : in_(in), depth_(depth) {}

  std::unordered_map<const llvm::Value*, value> frame;
  const llvm::BasicBlock* next = nullptr;  // set by a terminator (or an invoke)
  std::optional<value> ret;                // set by `ret`

  void visitBinaryOperator(llvm::BinaryOperator& b);
  void visitICmpInst(llvm::ICmpInst& c);
  void visitCastInst(llvm::CastInst& ci);
  void visitSelectInst(llvm::SelectInst& s);
  void visitFreezeInst(llvm::FreezeInst& fr) { set(fr, operand(fr.getOperand(0))); }
  void visitExtractElementInst(llvm::ExtractElementInst& i) { set(i, fold(i)); }
  void visitInsertElementInst(llvm::InsertElementInst& i) { set(i, fold(i)); }
  void visitShuffleVectorInst(llvm::ShuffleVectorInst& i) { set(i, fold(i)); }
  void visitGetElementPtrInst(llvm::GetElementPtrInst& g) { set(g, in_.gep(frame, *llvm::cast<llvm::GEPOperator>(&g))); }
  void visitAllocaInst(llvm::AllocaInst& al);
  void visitLoadInst(llvm::LoadInst& l);
  void visitStoreInst(llvm::StoreInst& st);
  void visitMemIntrinsic(llvm::MemIntrinsic& m);
  void visitCallBase(llvm::CallBase& cb);
  void visitBranchInst(llvm::BranchInst& br);
  void visitSwitchInst(llvm::SwitchInst& sw);
  void visitReturnInst(llvm::ReturnInst& r) {
    ret = r.getReturnValue() ? operand(r.getReturnValue()) : value{};
  }
  void visitInstruction(llvm::Instruction& i) {
    throw stop{"an instruction it does not model (" + std::string(i.getOpcodeName()) + ")"};
  }

 private:
  interpreter& in_;
  unsigned depth_;

  value operand(const llvm::Value* v) { return in_.operand(frame, v); }
  void set(const llvm::Instruction& i, value v) { frame[&i] = v; }
  value fold(llvm::Instruction& i);
  template <class Meaning>
  void lane_wise(llvm::Instruction& i, const std::vector<const llvm::Value*>& ops, Meaning&& meaning);
  void external_call(const llvm::CallBase& cb, const llvm::Function& callee, const std::vector<value>& args);
};

// LLVM's constant folding on the operands' values; an unknown operand makes
// the result unknown, a poison or undefined result is unknown with that reason.
value frame_exec::fold(llvm::Instruction& i) {
  std::vector<llvm::Constant*> ops;
  for (const llvm::Use& u : i.operands()) {
    const value x = operand(u.get());
    if (x.unknown) {
      value r = in_.integer_or_vector(i.getType());
      r.unknown = x.unknown;
      return r;
    }
    ops.push_back(in_.as_constant(x, u->getType()));
  }
  llvm::Constant* r = llvm::ConstantFoldInstOperands(&i, ops, in_.layout());
  if (!r) throw stop{"an instruction it does not fold (" + std::string(i.getOpcodeName()) + ")"};
  return in_.from_constant(r, i.getOpcodeName());
}

// An integer or integer-vector operand as lane_semantics.hpp's lanes: a
// value not known is poison in every lane, and so is a poison or undefined
// vector element.
std::vector<concrete_lanes::lane> lanes_of(const value& x, llvm::Type* t) {
  if (!t->isVectorTy()) return {{llvm::APInt(t->getIntegerBitWidth(), x.bits), x.unknown != nullptr}};
  const unsigned n = llvm::cast<llvm::FixedVectorType>(t)->getNumElements();
  std::vector<concrete_lanes::lane> out;
  for (unsigned k = 0; k < n; ++k) {
    const llvm::Constant* e = x.unknown ? nullptr : x.lanes->getAggregateElement(k);
    if (auto* ci = llvm::dyn_cast_or_null<llvm::ConstantInt>(e)) out.push_back({ci->getValue(), false});
    else out.push_back({llvm::APInt(t->getScalarSizeInBits(), 0), true});
  }
  return out;
}

// A lane-wise instruction: `meaning(d, arg)` on each lane, arg(k) being
// operand k's lane (a scalar operand is every lane's). A result not known
// says why: the first operand not known, or the poison the lane made.
template <class Meaning>
void frame_exec::lane_wise(llvm::Instruction& i, const std::vector<const llvm::Value*>& ops, Meaning&& meaning) {
  llvm::Type* t = i.getType();
  if (t->isIntegerTy() && t->getIntegerBitWidth() > 64) throw stop{"an integer wider than 64 bits"};
  std::vector<std::vector<concrete_lanes::lane>> args;
  const std::string* why = nullptr;
  for (const llvm::Value* v : ops) {
    const value x = operand(v);
    if (!why) why = x.unknown;
    args.push_back(lanes_of(x, v->getType()));
  }
  concrete_lanes d;
  std::vector<concrete_lanes::lane> r;
  const unsigned n = t->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(t)->getNumElements() : 1;
  for (unsigned l = 0; l < n; ++l)
    r.push_back(meaning(d, [&](unsigned k) { return args.at(k).size() == 1 ? args[k][0] : args[k].at(l); }));
  value out = in_.integer_or_vector(t);
  if (!t->isVectorTy()) {
    if (!r[0].poison) out.bits = r[0].v.getZExtValue();
    else out.unknown = why ? why : in_.reason(std::string("a poison value (") + (d.made_poison ? d.made_poison : "") + ")");
    return set(i, out);
  }
  if (why) {  // a vector is known or not as a whole
    out.unknown = why;
    return set(i, out);
  }
  std::vector<llvm::Constant*> elements;
  for (const concrete_lanes::lane& x : r)
    elements.push_back(x.poison ? llvm::PoisonValue::get(t->getScalarType())
                                : static_cast<llvm::Constant*>(llvm::ConstantInt::get(t->getScalarType(), x.v)));
  out.lanes = llvm::ConstantVector::get(elements);
  set(i, out);
}

void frame_exec::visitBinaryOperator(llvm::BinaryOperator& b) {
  lane_wise(b, {b.getOperand(0), b.getOperand(1)},
            [&](concrete_lanes& d, const auto& arg) { return lanes::arith(d, b, arg(0), arg(1)); });
}

// Pointers compare by their offsets into one object; distinct objects (or
// one null) are never equal.
void frame_exec::visitICmpInst(llvm::ICmpInst& c) {
  if (c.getOperand(0)->getType()->isPointerTy()) {
    const value x = operand(c.getOperand(0)), y = operand(c.getOperand(1));
    const std::string* why = x.unknown ? x.unknown : y.unknown;
    if (why) return set(c, {value::kind::integer, 0, 1, nullptr, 0, nullptr, why});
    if (x.obj != y.obj && !c.isEquality()) throw stop{"compares pointers into different objects"};
    if (x.obj != y.obj) return set(c, {value::kind::integer, c.getPredicate() == llvm::CmpInst::ICMP_NE ? 1u : 0u, 1});
    concrete_lanes d;
    const concrete_lanes::lane r = lanes::compare(d, c, {llvm::APInt(64, static_cast<std::uint64_t>(x.off)), false},
                                                  {llvm::APInt(64, static_cast<std::uint64_t>(y.off)), false});
    return set(c, {value::kind::integer, r.v.getZExtValue(), 1});
  }
  lane_wise(c, {c.getOperand(0), c.getOperand(1)},
            [&](concrete_lanes& d, const auto& arg) { return lanes::compare(d, c, arg(0), arg(1)); });
}

void frame_exec::visitCastInst(llvm::CastInst& ci) {
  const bool bitcast = ci.getOpcode() == llvm::Instruction::BitCast;
  if (bitcast && (ci.getType()->isVectorTy() || ci.getSrcTy()->isVectorTy()))
    return set(ci, fold(ci));  // the bits move between lanes: LLVM's folding lays them out
  if (!ci.getType()->isIntOrIntVectorTy() || !ci.getSrcTy()->isIntOrIntVectorTy()) {
    if (bitcast) return set(ci, operand(ci.getOperand(0)));
    throw stop{"a cast it does not model (" + std::string(ci.getOpcodeName()) + ")"};
  }
  lane_wise(ci, {ci.getOperand(0)}, [&](concrete_lanes& d, const auto& arg) { return lanes::cast(d, ci, arg(0)); });
}

// Between pointers (or functions): the one the condition picks.
void frame_exec::visitSelectInst(llvm::SelectInst& s) {
  if (s.getType()->isIntOrIntVectorTy())
    return lane_wise(s, {s.getCondition(), s.getTrueValue(), s.getFalseValue()},
                     [&](concrete_lanes& d, const auto& arg) { return lanes::select(d, arg(0), arg(1), arg(2)); });
  if (s.getCondition()->getType()->isVectorTy()) throw stop{"a select between vectors of pointers"};
  const value c = operand(s.getCondition());
  value r = operand(c.unknown || c.bits ? s.getTrueValue() : s.getFalseValue());
  if (c.unknown) r.unknown = c.unknown;  // either value: not known
  set(s, r);
}

void frame_exec::visitAllocaInst(llvm::AllocaInst& al) {
  object& o = in_.objects.emplace_back();
  o.name = "a local variable";
  const std::uint64_t size = al.getAllocationSize(in_.layout()).value_or(llvm::TypeSize::getFixed(0)).getFixedValue();
  o.bytes.assign(size, 0);
  o.unknown.assign(size, 1);
  o.why = "uninitialised stack memory";
  set(al, {value::kind::pointer, 0, 64, &o});
}

void frame_exec::visitLoadInst(llvm::LoadInst& l) {
  const value p = operand(l.getPointerOperand());
  if (p.unknown || !p.obj) throw stop{"loads through a pointer it does not know"};
  object& o = *p.obj;
  if (l.getType()->isPointerTy()) {
    auto it = in_.pointers.find({&o, static_cast<std::uint64_t>(p.off)});
    value q{value::kind::pointer};
    if (it != in_.pointers.end()) q = it->second;
    else q.unknown = in_.reason("a pointer it does not know, read from " + o.name);
    return set(l, q);
  }
  const std::uint64_t n = in_.layout().getTypeStoreSize(l.getType());
  if (p.off < 0 || static_cast<std::uint64_t>(p.off) + n > o.bytes.size()) throw stop{"reads outside " + o.name};
  const auto at = static_cast<std::uint64_t>(p.off);
  if (l.isVolatile()) {
    value r = in_.integer_or_vector(l.getType());
    r.unknown = in_.reason("a volatile read of " + o.name);
    return set(l, r);
  }
  set(l, in_.read(o, at, l.getType()));
}

void frame_exec::visitStoreInst(llvm::StoreInst& st) {
  const value p = operand(st.getPointerOperand());
  const value v = operand(st.getValueOperand());
  if (p.unknown || !p.obj) throw stop{"stores through a pointer it does not know"};
  object& o = *p.obj;
  if (!o.writable) throw stop{"writes the constant " + o.name};
  if (p.off < 0) throw stop{"writes outside " + o.name};
  const auto at = static_cast<std::uint64_t>(p.off);
  if (v.k == value::kind::pointer || v.k == value::kind::function) {
    in_.pointers[{&o, at}] = v;
    return;
  }
  in_.write(o, at, v, st.getValueOperand()->getType());
}

void frame_exec::visitMemIntrinsic(llvm::MemIntrinsic& m) {
  std::vector<value> args;
  for (const llvm::Use& u : m.args()) args.push_back(operand(u.get()));
  const value& dst = args.at(0);
  const value& len = args.at(2);
  if (!dst.obj || dst.unknown || len.unknown) throw stop{"a memory operation it cannot follow"};
  object& o = *dst.obj;
  if (!o.writable || dst.off < 0 || static_cast<std::uint64_t>(dst.off) + len.bits > o.bytes.size())
    throw stop{"a memory operation outside " + o.name};
  const auto at = static_cast<std::uint64_t>(dst.off);
  if (llvm::isa<llvm::MemSetInst>(m)) {
    for (std::uint64_t k = 0; k < len.bits; ++k) {
      o.bytes[at + k] = static_cast<std::uint8_t>(args[1].bits);
      o.unknown[at + k] = args[1].unknown ? 1 : 0;
    }
  } else {
    in_.copy(o, at, args.at(1), len.bits);
  }
  set(m, {});
}

void frame_exec::visitCallBase(llvm::CallBase& cb) {
  const llvm::Function* callee = cb.getCalledFunction();
  if (!callee) {
    const value fp = operand(cb.getCalledOperand());
    if (fp.k != value::kind::function) throw stop{"calls through a pointer it does not know"};
    callee = fp.fn;
  }
  if (auto* inv = llvm::dyn_cast<llvm::InvokeInst>(&cb)) next = inv->getNormalDest();  // no exception is thrown here
  const llvm::Intrinsic::ID id = callee->getIntrinsicID();
  if (id == llvm::Intrinsic::lifetime_start || id == llvm::Intrinsic::lifetime_end ||
      id == llvm::Intrinsic::invariant_start || id == llvm::Intrinsic::invariant_end || id == llvm::Intrinsic::assume ||
      id == llvm::Intrinsic::experimental_noalias_scope_decl || id == llvm::Intrinsic::dbg_value ||
      id == llvm::Intrinsic::dbg_declare)
    return set(cb, {});
  if (lanes::lane_wise(id)) {
    const std::vector<const llvm::Value*> args(cb.arg_begin(), cb.arg_end());
    return lane_wise(cb, args, [&](concrete_lanes& d, const auto& arg) {
      return lanes::intrinsic_lane<concrete_lanes>(d, cb, id, arg);
    });
  }
  if (id != llvm::Intrinsic::not_intrinsic) {
    // What the proof does not compute lane by lane (vector reductions,
    // saturating arithmetic...) on known values: LLVM folds them.
    if (!cb.getType()->isIntOrIntVectorTy() || !llvm::canConstantFoldCallTo(&cb, callee))
      throw stop{"calls " + callee->getName().str()};
    return set(cb, fold(cb));
  }
  std::vector<value> args;
  for (const llvm::Use& u : cb.args()) args.push_back(operand(u.get()));
  if (!callee->isDeclaration()) return set(cb, in_.call(*callee, args, depth_ + 1));
  if (callee->getName() == "__cxa_atexit") return set(cb, {value::kind::integer, 0, 32});  // registers a destructor: writes nothing now
  external_call(cb, *callee, args);
}

// In another file: it may write what it is given and every global other
// files see; its result is not known.
void frame_exec::external_call(const llvm::CallBase& cb, const llvm::Function& callee, const std::vector<value>& args) {
  const std::string* why = in_.reason("what " + llvm::demangle(callee.getName().str()) + " (in another file) may write");
  std::set<object*> seen;
  for (unsigned k = 0; k < args.size(); ++k)
    if (args[k].obj && !cb.paramHasAttr(k, llvm::Attribute::ByVal) && !cb.paramHasAttr(k, llvm::Attribute::ReadOnly))
      in_.clobber(*args[k].obj, why, seen);
  for (auto& [gv, o] : in_.globals)
    if (!gv->hasLocalLinkage()) in_.clobber(*o, why, seen);
  value r{value::kind::integer, 0, cb.getType()->isIntegerTy() ? cb.getType()->getIntegerBitWidth() : 64};
  r.unknown = in_.reason("the result of " + llvm::demangle(callee.getName().str()) + ", in another file");
  set(cb, r);
}

void frame_exec::visitBranchInst(llvm::BranchInst& br) {
  if (br.isUnconditional()) {
    next = br.getSuccessor(0);
    return;
  }
  const value c = operand(br.getCondition());
  if (c.unknown) throw stop{"branches on " + *c.unknown};
  next = br.getSuccessor(c.bits ? 0 : 1);
}

void frame_exec::visitSwitchInst(llvm::SwitchInst& sw) {
  const value c = operand(sw.getCondition());
  if (c.unknown) throw stop{"branches on " + *c.unknown};
  next = sw.getDefaultDest();
  for (auto& cs : sw.cases())
    if (cs.getCaseValue()->getZExtValue() == c.bits) next = cs.getCaseSuccessor();
}

value interpreter::call(const llvm::Function& f, const std::vector<value>& args, unsigned depth) {
  if (depth > 64) throw stop{"calls nested more than 64 deep"};
  frame_exec run(*this, depth);
  unsigned a = 0;
  for (const llvm::Argument& arg : f.args()) run.frame[&arg] = args.at(a++);
  const llvm::BasicBlock* bb = &f.getEntryBlock();
  const llvm::BasicBlock* pred = nullptr;
  stack.push_back(bb);
  for (;;) {
    stack.back() = bb;
    // Phis read their inputs all at once.
    std::vector<std::pair<const llvm::PHINode*, value>> phis;
    for (const llvm::PHINode& phi : bb->phis())
      phis.push_back({&phi, operand(run.frame, phi.getIncomingValueForBlock(pred))});
    for (auto& [phi, v] : phis) run.frame[phi] = v;
    run.next = nullptr;
    for (const llvm::Instruction& i : *bb) {
      if (llvm::isa<llvm::PHINode>(i)) continue;
      if (++steps > 50'000'000) throw stop{"runs for more than 50 million steps"};
      run.visit(const_cast<llvm::Instruction&>(i));  // InstVisitor takes non-const; nothing is changed
      if (run.ret) {
        stack.pop_back();
        return *run.ret;
      }
      if (run.next) break;
    }
    if (!run.next) throw stop{"falls off a block"};
    pred = bb;
    bb = run.next;
  }
}

}  // namespace

struct startup_memory::impl {
  explicit impl(const llvm::Module& m) : in(m) {
    try {
      std::vector<std::pair<std::uint64_t, const llvm::Function*>> ctors;
      if (const llvm::GlobalVariable* list = m.getNamedGlobal("llvm.global_ctors"))
        if (auto* arr = llvm::dyn_cast<llvm::ConstantArray>(list->getInitializer()))
          for (const llvm::Use& u : arr->operands())
            if (auto* e = llvm::dyn_cast<llvm::ConstantStruct>(u.get()))
              if (auto* f = llvm::dyn_cast<llvm::Function>(e->getOperand(1)))
                ctors.push_back({llvm::cast<llvm::ConstantInt>(e->getOperand(0))->getZExtValue(), f});
      std::stable_sort(ctors.begin(), ctors.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t k = 0; k < ctors.size(); ++k) {
        pending.assign(ctors.begin() + static_cast<std::ptrdiff_t>(k) + 1, ctors.end());
        in.call(*ctors[k].second, {}, 0);
      }
      pending.clear();
    } catch (const stop& s) {
      failed = s.why;
      still_to_run();
    }
  }

  // The blocks that may still run after the interpreter stopped: the rest of
  // every active call, the constructors not run yet, and what they call.
  void still_to_run() {
    std::vector<const llvm::BasicBlock*> todo(in.stack.begin(), in.stack.end());
    for (const auto& c : pending)
      for (const llvm::BasicBlock& bb : *c.second) todo.push_back(&bb);
    while (!todo.empty()) {
      const llvm::BasicBlock* bb = todo.back();
      todo.pop_back();
      if (!later.insert(bb).second) continue;
      for (const llvm::BasicBlock* next : llvm::successors(bb)) todo.push_back(next);
      for (const llvm::Instruction& i : *bb)
        if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* f = cb->getCalledFunction(); f && !f->isDeclaration())
            for (const llvm::BasicBlock& b : *f) todo.push_back(&b);
    }
  }

  // Is `v` (a global, or an address in it) written by code that may still run?
  bool written_later(const llvm::Value* v) const {
    for (const llvm::User* u : v->users()) {
      if (auto* i = llvm::dyn_cast<llvm::Instruction>(u)) {
        if (llvm::isa<llvm::LoadInst>(i)) continue;
        if (later.count(i->getParent())) return true;
        if (llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::BitCastInst>(i)) {
          if (written_later(i)) return true;
        }
      } else if (written_later(u)) {
        return true;
      }
    }
    return false;
  }

  interpreter in;
  std::string failed;
  std::vector<std::pair<std::uint64_t, const llvm::Function*>> pending;
  std::set<const llvm::BasicBlock*> later;
  std::map<const llvm::GlobalVariable*, std::vector<std::uint8_t>> done;
};

startup_memory::startup_memory(const llvm::Module& m) : impl_(std::make_unique<impl>(m)) {}
startup_memory::~startup_memory() = default;

const std::vector<std::uint8_t>& startup_memory::contents(const llvm::GlobalVariable& gv) {
  auto it = impl_->done.find(&gv);
  if (it != impl_->done.end()) return it->second;
  std::string raw = gv.getName().str();
  if (raw.rfind("scanproof.file", 0) == 0) raw.erase(0, raw.find('.', 14) + 1);  // a file's own, in ir_set::linked_global
  const std::string name = llvm::demangle(raw);
  // Stopped before the end: the table is known only if nothing still to
  // run writes it.
  if (!impl_->failed.empty() && impl_->written_later(&gv))
    throw not_modelled("table written at run time: " + name + " is filled by a static initialiser that " +
                       impl_->failed + ", which the prover does not follow");
  object* o = impl_->in.global(gv);
  if (std::find(o->unknown.begin(), o->unknown.end(), 1) != o->unknown.end())
    throw not_modelled("table written at run time: " + name + " is filled at start-up from " + o->why +
                       ", which is not known before the program runs");
  return impl_->done.emplace(&gv, o->bytes).first->second;
}

}  // namespace scanproof::proof
