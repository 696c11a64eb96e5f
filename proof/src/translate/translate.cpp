// Symbolic execution of LLVM IR into Z3 terms. Each path through the
// function is followed with its path condition (loops are unrolled, each
// iteration a fork); calls to functions with a body are executed in place and
// their paths merged into one value. Every value carries a poison condition
// (LLVM's deferred UB); poison that reaches a return, a branch or an address
// becomes a UB event, as do division by zero and reads outside a table.
// Its 650 lines are the executor's control: forking paths, executing calls
// in place and merging them, which share one path state; memory, merging
// and vectors are in translate_memory/merge/vector.cpp, each instruction's
// meaning in semantics.cpp and semantics/lane_semantics.hpp.
#include "translate/translate.hpp"

#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <map>
#include <memory>
#include <set>
#include <variant>

#include "base/bitops.hpp"
#include "base/constant_layout.hpp"
#include "startup/dispatch.hpp"
#include "startup/startup.hpp"
#include "translate/exits.hpp"
#include "asm/inline_asm.hpp"
#include "translate/executor.hpp"
#include "base/smt.hpp"

namespace scanproof::proof {
namespace detail {

// Every function the global can hold after start-up, each under a condition
// on one free selector: the proof covers every path the dispatcher can take.
std::vector<std::pair<z3::expr, const llvm::Function*>> executor::dispatch_load(const llvm::GlobalVariable& gv) {
  auto it = dispatch_.find(&gv);
  if (it != dispatch_.end()) return it->second;
  const std::vector<dispatch_target> targets = dispatch_targets(gv);
  const z3::expr sel = c_.bv_const(("dispatch!" + gv.getName().str()).c_str(), 8);
  std::vector<std::pair<z3::expr, const llvm::Function*>> out;
  dispatch_choice d{sel, name_of(gv), {}};
  for (std::size_t k = 0; k < targets.size(); ++k) {
    out.push_back({sel == c_.bv_val(static_cast<unsigned>(k), 8), targets[k].fn});
    d.labels.push_back(targets[k].label);
  }
  dispatch.push_back(d);
  return dispatch_.emplace(&gv, out).first->second;
}

z3::sort executor::sort_of(const llvm::Type* t) {
  if (t->isIntegerTy()) return c_.bv_sort(t->getIntegerBitWidth());
  if (t->isDoubleTy()) {
    uses_fp = true;
    return c_.fpa_sort(11, 53);
  }
  if (t->isFloatTy()) {
    uses_fp = true;
    return c_.fpa_sort(8, 24);
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  throw not_modelled("values of type " + os.str() + " are not modelled");
}

val executor::constant(const llvm::Constant* k) {
  if (auto* ci = dyn_cast<llvm::ConstantInt>(k)) return {bv(ci->getValue()), f()};
  if (auto* cf = dyn_cast<llvm::ConstantFP>(k)) {
    const z3::sort s = sort_of(k->getType());
    return {smt::fp_of_bits(bv(cf->getValueAPF().bitcastToAPInt()), s), f()};
  }
  if (isa<llvm::PoisonValue>(k)) return {fresh(sort_of(k->getType())), c_.bool_val(true)};
  if (isa<llvm::UndefValue>(k)) return {fresh(sort_of(k->getType())), f()};
  throw not_modelled("constant expression not modelled: " + text(*k));
}

val executor::get(const path& p, const llvm::Value* v) {
  if (auto* k = dyn_cast<llvm::Constant>(v)) return constant(k);
  auto it = p.vals.find(v);
  if (it == p.vals.end()) throw not_modelled("value not modelled: " + text(*v));
  return it->second;
}

ptr executor::get_ptr(const path& p, const llvm::Value* v) {
  if (auto* gv = dyn_cast<llvm::GlobalVariable>(v)) return {gv, c_.bv_val(0, 64), f()};
  if (auto* g = dyn_cast<llvm::GEPOperator>(v); g && isa<llvm::Constant>(v)) return gep(p, *g);
  auto it = p.ptrs.find(v);
  if (it == p.ptrs.end()) throw not_modelled("pointer not modelled: " + text(*v));
  return it->second;
}

ptr executor::gep(const path& p, const llvm::GEPOperator& g) {
  ptr base = get_ptr(p, g.getPointerOperand());
  const unsigned iw = dl_.getIndexTypeSizeInBits(g.getType());
  llvm::MapVector<llvm::Value*, llvm::APInt> vars;
  llvm::APInt k(iw, 0);
  if (!g.collectOffset(dl_, iw, vars, k)) throw not_modelled("address computation not modelled: " + text(g));
  z3::expr off = base.off + bv(k.sextOrTrunc(64));
  z3::expr poison = base.poison;
  for (auto& [v, scale] : vars) {
    val i = get(p, v);
    const unsigned w = i.v.get_sort().bv_size();
    z3::expr i64 = w < 64 ? z3::sext(i.v, 64 - w) : i.v.extract(63, 0);
    off = off + i64 * bv(scale.sextOrTrunc(64));
    poison = poison || i.poison;
  }
  return {base.base, off, poison};
}

void executor::fill(const llvm::Constant* k, std::vector<std::uint8_t>& out, std::uint64_t at) {
  auto put = [&](std::uint64_t to, const llvm::APInt& a) {
    const unsigned n = (a.getBitWidth() + 7) / 8;
    for (unsigned i = 0; i < n; ++i) {
      const auto byte = static_cast<std::uint8_t>(a.extractBitsAsZExtValue(
          std::min(8u, a.getBitWidth() - 8 * i), 8 * i));
      out.at(to + (dl_.isBigEndian() ? n - 1 - i : i)) = byte;
    }
  };
  for_each_leaf(k, dl_, at, [&](std::uint64_t to, const llvm::Constant* leaf) {
    if (isa<llvm::UndefValue>(leaf)) return;  // already zero
    if (auto* ci = dyn_cast<llvm::ConstantInt>(leaf)) return put(to, ci->getValue());
    if (auto* cf = dyn_cast<llvm::ConstantFP>(leaf)) return put(to, cf->getValueAPF().bitcastToAPInt());
    throw not_modelled("table initialiser not modelled: " + text(*leaf));
  });
}

// Is the global stored to anywhere in its module (a static initialiser)?
bool written(const llvm::Value* v) {
  for (const llvm::User* u : v->users()) {
    if (auto* s = dyn_cast<llvm::StoreInst>(u)) {
      if (s->getPointerOperand() == v) return true;
    } else if (isa<llvm::CallBase>(u)) {
      return true;  // memcpy/memset into it, or passed to a function that may write it
    } else if (isa<llvm::GEPOperator>(u) || isa<llvm::BitCastOperator>(u)) {
      if (written(u)) return true;
    }
  }
  return false;
}

// Is the global written by an instruction of a function outside `allowed`?
bool written_outside(const llvm::Value* v, const std::set<const llvm::Function*>& allowed) {
  for (const llvm::User* u : v->users()) {
    if (isa<llvm::GEPOperator>(u) || isa<llvm::BitCastOperator>(u)) {
      if (written_outside(u, allowed)) return true;
    } else if (auto* i = dyn_cast<llvm::Instruction>(u)) {
      if (isa<llvm::LoadInst>(i)) continue;
      if (!allowed.count(i->getFunction())) return true;
    } else {
      return true;  // a constant expression elsewhere: not followed
    }
  }
  return false;
}

// A table other files or a template's initialiser may write, read in the
// run's linked module (ir_set::linked_global), or nullptr with why not.
const llvm::GlobalVariable* executor::linked_global(const llvm::GlobalVariable& gv, std::string& why) {
  return opt_.linked ? opt_.linked(gv, why) : nullptr;
}

const std::vector<std::uint8_t>& executor::image(const llvm::GlobalVariable& gv) {
  auto it = images_.find(&gv);
  if (it != images_.end()) return it->second;
  // Defined in another file, written by other files or another instance of
  // a template, or by code of this file that another file's start-up runs:
  // read in the run's linked module.
  if ((!gv.hasLocalLinkage() && !gv.isConstant()) || !gv.hasDefinitiveInitializer() ||
      (!gv.isConstant() && written(&gv) && written_outside(&gv, startup_functions(*gv.getParent())))) {
    std::string why;
    if (const llvm::GlobalVariable* lg = linked_global(gv, why)) {
      if (lg->getValueType()->isPointerTy() && written(lg))
        throw not_modelled("function pointer " + name_of(gv) + " is chosen at run time (run-time dispatch)");
      if (written(lg)) {
        if (written_outside(lg, startup_functions(*lg->getParent())))
          throw not_modelled("table written at run time: " + name_of(gv) +
                             " is written outside the static initialisers of the files of this run");
        auto& mem = startup_[lg->getParent()];
        if (!mem) mem = std::make_unique<startup_memory>(*lg->getParent());
        return images_.emplace(&gv, mem->contents(*lg)).first->second;
      }
      std::vector<std::uint8_t> bytes(dl_.getTypeAllocSize(lg->getValueType()), 0);
      fill(lg->getInitializer(), bytes, 0);
      return images_.emplace(&gv, std::move(bytes)).first->second;
    }
    if (!gv.hasDefinitiveInitializer())
      throw not_modelled("reads " + name_of(gv) + ", whose contents are not in this file's IR" +
                         (why.empty() ? "" : " (" + why + ")"));
  }
  if (!gv.hasDefinitiveInitializer())
    throw not_modelled("reads " + name_of(gv) + ", whose contents are not in this file's IR");
  if (!gv.isConstant()) {
    if (written(&gv) && gv.getValueType()->isPointerTy())
      throw not_modelled("function pointer " + name_of(gv) +
                         " is chosen at run time by a static initialiser (run-time dispatch)");
    if (written(&gv)) {
      if (written_outside(&gv, startup_functions(*gv.getParent())))
        throw not_modelled("table written at run time: " + name_of(gv) +
                           " is written outside the static initialisers");
      if (!gv.hasLocalLinkage())
        throw not_modelled("table written at run time: " + name_of(gv) + ", which other files may write too");
      auto& mem = startup_[gv.getParent()];
      if (!mem) mem = std::make_unique<startup_memory>(*gv.getParent());
      return images_.emplace(&gv, mem->contents(gv)).first->second;
    }
    if (!gv.hasLocalLinkage())
      throw not_modelled("reads " + name_of(gv) + ", which other files may write");
  }
  std::vector<std::uint8_t> bytes(dl_.getTypeAllocSize(gv.getValueType()), 0);
  fill(gv.getInitializer(), bytes, 0);
  return images_.emplace(&gv, std::move(bytes)).first->second;
}

val executor::load(path& p, const llvm::LoadInst& l) {
  if (l.isVolatile()) throw not_modelled("volatile load: " + text(l));
  ptr a = get_ptr(p, l.getPointerOperand());
  event(ub, p, a.poison, "load from a poison address: " + text(l));
  auto* gv = dyn_cast<llvm::GlobalVariable>(a.base);
  if (!gv) throw not_modelled("load from stack memory: " + text(l));
  if (gv->isDeclaration() && (gv->getName() == "__cpu_model" || gv->getName() == "__cpu_features2")) {
    // The CPU's features (libgcc/compiler-rt fill them at start-up): any value.
    const z3::expr off = a.off.simplify();
    if (!off.is_numeral()) throw not_modelled("read of " + gv->getName().str() + " at a computed offset: " + text(l));
    const std::string n = "cpu!" + gv->getName().str() + "+" + std::to_string(off.get_numeral_uint64()) + ":" +
                          std::to_string(dl_.getTypeSizeInBits(l.getType()).getFixedValue());
    const z3::expr v = c_.bv_const(n.c_str(), static_cast<unsigned>(dl_.getTypeSizeInBits(l.getType()).getFixedValue()));
    if (std::none_of(cpu_reads.begin(), cpu_reads.end(), [&](const z3::expr& e) { return z3::eq(e, v); }))
      cpu_reads.push_back(v);
    return {v, f()};
  }
  const std::vector<std::uint8_t>& bytes = image(*gv);
  const std::uint64_t n = dl_.getTypeStoreSize(l.getType());
  const unsigned bits = static_cast<unsigned>(dl_.getTypeSizeInBits(l.getType()));
  const z3::sort s = sort_of(l.getType());
  if (bytes.size() < n) throw not_modelled("load wider than its table: " + text(l));
  // One word per aligned position, selected by the offset.
  auto word = [&](std::uint64_t at) {
    llvm::APInt a(static_cast<unsigned>(8 * n), 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t b = bytes[at + (dl_.isBigEndian() ? i : n - 1 - i)];
      a = a.shl(8) | llvm::APInt(static_cast<unsigned>(8 * n), b);
    }
    return bv(a.trunc(bits));
  };
  const std::uint64_t last = bytes.size() - n;
  if (bytes.size() / n > max_table_elements)
    throw not_modelled("table " + name_of(*gv) + " has more than " +
                       std::to_string(max_table_elements) + " elements");
  // A binary tree on the element index's bits: log2(size) levels of one-bit
  // selects, far smaller for the SAT solver than comparing the offset with
  // every position.
  unsigned bits_needed = 0;
  while ((std::uint64_t{1} << bits_needed) * n <= last) ++bits_needed;
  const z3::expr index = z3::udiv(a.off, c_.bv_val(n, 64));
  std::function<z3::expr(std::uint64_t, unsigned)> tree = [&](std::uint64_t first, unsigned level) {
    if (level == 0 || (first + (std::uint64_t{1} << (level - 1))) * n > last) {
      return level == 0 ? word(first * n) : tree(first, level - 1);
    }
    const std::uint64_t upper = first + (std::uint64_t{1} << (level - 1));
    return z3::ite(index.extract(level - 1, level - 1) == c_.bv_val(1, 1), tree(upper, level - 1),
                   tree(first, level - 1));
  };
  z3::expr r = tree(0, bits_needed);
  event(ub, p, z3::ugt(a.off, c_.bv_val(last, 64)) || z3::urem(a.off, c_.bv_val(n, 64)) != 0,
        "reads outside the table " + name_of(*gv) + " (" + std::to_string(bytes.size()) +
            " bytes; or at an offset that is not a multiple of the " + std::to_string(n) +
            "-byte element, which is not modelled): " + text(l));
  if (s.is_fpa()) r = smt::fp_of_bits(r, s);
  return {r, f()};
}

// A pointer loaded: a function pointer for run-time dispatch (from a
// global), or a local's address kept in a local.
void executor::load_pointer(path& p, const llvm::LoadInst& l) {
  auto* gv = dyn_cast<llvm::GlobalVariable>(l.getPointerOperand()->stripPointerCasts());
  if (!gv && !l.isVolatile()) {
    const ptr a = get_ptr(p, l.getPointerOperand());
    if (local_memory(a.base)) {
      p.ptrs.insert_or_assign(&l, stack_load_ptr(p, a, text(l)));
      return;
    }
  }
  if (!gv) throw not_modelled("load of a pointer not modelled: " + text(l));
  p.fnptrs.insert_or_assign(&l, dispatch_load(*gv));
}

// Paths are not checked for feasibility at each fork: a loop's exits add one
// path per iteration. Only a path that reaches the loop bound is checked.
void executor::go(path p, const llvm::BasicBlock* to, const z3::expr& pc, std::vector<path>& work) {
  if (pc.is_false()) return;
  p.pred = p.bb;
  p.bb = to;
  p.pc = pc;
  work.push_back(std::move(p));
}

bool executor::enter(path& p) {
  if (++states_ > opt_.max_paths)
    throw not_modelled("more than " + std::to_string(opt_.max_paths) + " blocks on paths to follow");
  // Iterations are counted per entry into a loop: entering it from outside
  // starts its blocks' counts afresh (an inner loop in an outer one).
  if (const llvm::Loop* l = cfg(*p.bb->getParent()).li->getLoopFor(p.bb);
      l && l->getHeader() == p.bb && (!p.pred || !l->contains(p.pred)))
    for (const llvm::BasicBlock* b : l->blocks()) p.visits.erase(b);
  const unsigned n = ++p.visits[p.bb];
  if (n > max_unroll) max_unroll = n;
  if (n > opt_.loop_bound) {
    const z3::check_result more = opt_.feasible ? opt_.feasible(p.pc) : z3::unknown;
    if (more == z3::sat)
      throw not_modelled("loop not bounded within " + std::to_string(opt_.loop_bound) +
                         " iterations (--loop-bound)");
    if (more == z3::unknown)
      throw not_modelled("loop not bounded within " + std::to_string(opt_.loop_bound) +
                         " iterations: the solver could not show that more are impossible "
                         "in the time limit");
    return false;  // this many iterations cannot happen: the bound was enough here
  }
  // Paths are not checked at each fork, but a loop whose trip count is
  // small (a loop over the 8 bits of a byte) should not be followed to the
  // bound: at 8, 16, 32... iterations, ask whether this many can happen.
  // (Not when the bound itself comes before the next doubling.)
  if (n >= 8 && (n & (n - 1)) == 0 && 2 * n <= opt_.loop_bound && opt_.quickly_infeasible &&
      opt_.quickly_infeasible(p.pc))
    return false;
  // Phis read their incoming values all at once.
  std::vector<std::pair<const llvm::PHINode*, std::variant<val, ptr, vec>>> phis;
  for (const llvm::PHINode& phi : p.bb->phis()) {
    const llvm::Value* in = phi.getIncomingValueForBlock(p.pred);
    if (phi.getType()->isPointerTy()) phis.emplace_back(&phi, get_ptr(p, in));
    else if (phi.getType()->isVectorTy()) phis.emplace_back(&phi, getv(p, in));
    else phis.emplace_back(&phi, get(p, in));
  }
  for (auto& [phi, v] : phis) {
    if (auto* pv = std::get_if<ptr>(&v)) p.ptrs.insert_or_assign(phi, *pv);
    else if (auto* vv = std::get_if<vec>(&v)) p.vecs.insert_or_assign(phi, *vv);
    else p.vals.insert_or_assign(phi, std::get<val>(v));
  }
  return true;
}

namespace {
// The exit a block ends in when everything before it only prepares the exit's
// arguments in local memory: a Rust panic's core::fmt::Arguments (allocas,
// stores of pointers to other locals, GEPs, casts, lifetime markers), which
// nothing of the contract reads. Reaching the block is then reaching the exit;
// its preparation is not modelled (a panic is the Rust engine's assert).
std::optional<contract_exit> exit_after_preparation(const llvm::BasicBlock& bb) {
  for (const llvm::Instruction& i : bb) {
    if (isa<llvm::PHINode>(i)) continue;
    if (auto* cb = dyn_cast<llvm::CallBase>(&i)) {
      if (std::optional<contract_exit> e = exit_call(*cb)) return e;
      if (auto* ii = dyn_cast<llvm::IntrinsicInst>(&i);
          ii && (ii->isLifetimeStartOrEnd() || isa<llvm::DbgInfoIntrinsic>(ii)))
        continue;
      return std::nullopt;
    }
    if (isa<llvm::AllocaInst>(i) || isa<llvm::StoreInst>(i) || isa<llvm::GetElementPtrInst>(i) ||
        isa<llvm::CastInst>(i) || isa<llvm::InsertValueInst>(i) || isa<llvm::ExtractValueInst>(i))
      continue;
    return std::nullopt;
  }
  return std::nullopt;
}
}  // namespace

// A path reaches an exit (exits.hpp): it stops there, and when is recorded.
void executor::reach_exit(const path& p, const contract_exit& e) {
  const z3::expr when = p.pc.simplify();
  if (when.is_false()) return;
  auto same = std::find_if(exits.begin(), exits.end(), [&](const exit_event& x) { return x.what == e.what; });
  if (same == exits.end()) exits.push_back({when, e.what, e.is_assert});
  else same->when = same->when || when;
}

void executor::run_block(path p, std::vector<path>& work,
                         std::vector<returned>& rets) {
  if (const std::optional<contract_exit> e = exit_after_preparation(*p.bb)) return reach_exit(p, *e);
  for (const llvm::Instruction& i : *p.bb) {
    if (isa<llvm::PHINode>(i)) continue;
    if (auto* r = dyn_cast<llvm::ReturnInst>(&i)) {
      if (!r->getReturnValue()) {  // a callee that returns through memory (an out-parameter)
        if (depth_ == 1) throw not_modelled("returns void");
        rets.push_back({p.pc, val{c_.bv_val(0, 1), f()}, std::move(p.stack)});
        return;
      }
      val v = get(p, r->getReturnValue());
      // The scanner's result is poison (a callee's poison result flows on).
      if (depth_ == 1) event(ub, p, v.poison, "returns poison");
      rets.push_back({p.pc, v, std::move(p.stack)});
      return;
    }
    if (auto* b = dyn_cast<llvm::BranchInst>(&i)) {
      const z3::expr pc = p.pc;
      if (b->isUnconditional()) return go(std::move(p), b->getSuccessor(0), pc, work);
      val cond = get(p, b->getCondition());
      event(ub, p, cond.poison, "branches on poison: " + text(i));
      const z3::expr t = (cond.v == c_.bv_val(1, 1)).simplify();
      if (t.is_true()) return go(std::move(p), b->getSuccessor(0), pc, work);
      if (t.is_false()) return go(std::move(p), b->getSuccessor(1), pc, work);
      go(p, b->getSuccessor(0), pc && t, work);
      go(std::move(p), b->getSuccessor(1), pc && !t, work);
      return;
    }
    if (auto* s = dyn_cast<llvm::SwitchInst>(&i)) {
      val cond = get(p, s->getCondition());
      event(ub, p, cond.poison, "switches on poison: " + text(i));
      z3::expr none = c_.bool_val(true);
      const z3::expr pc = p.pc;
      for (auto& cs : s->cases()) {
        const z3::expr hit = (cond.v == bv(cs.getCaseValue()->getValue())).simplify();
        go(p, cs.getCaseSuccessor(), (pc && none && hit).simplify(), work);
        none = none && !hit;
      }
      go(std::move(p), s->getDefaultDest(), (pc && none).simplify(), work);
      return;
    }
    if (isa<llvm::UnreachableInst>(i)) {
      event(ub, p, c_.bool_val(true), "reaches `unreachable` (undefined behaviour in the source)");
      return;
    }
    if (i.isTerminator()) throw not_modelled("terminator not modelled: " + text(i));
    if (auto* cb = dyn_cast<llvm::CallBase>(&i))
      if (const std::optional<contract_exit> e = exit_call(*cb)) return reach_exit(p, *e);  // the path stops here
    exec(p, i);
  }
}

val executor::call(const llvm::Function& fn, const std::vector<val>& args, const z3::expr& pc, path* caller,
                   const std::map<unsigned, ptr>& ptr_args) {
  if (fn.isDeclaration()) throw not_modelled("calls " + name_of(fn) + ", whose body is not in this file's IR");
  if (++depth_ > 32) throw not_modelled("call depth above 32 (recursion?) in " + name_of(fn));
  path start{&fn.getEntryBlock(), nullptr, {}, {}, {}, {}, {}, {}, pc, {}};
  if (caller) start.stack = caller->stack;
  for (const llvm::Argument& a : fn.args()) {
    const unsigned k = a.getArgNo();
    if (a.getType()->isPointerTy()) {
      auto it = ptr_args.find(k);
      if (it == ptr_args.end()) throw not_modelled("pointer argument of " + name_of(fn));
      start.ptrs.emplace(&a, it->second);
    } else {
      start.vals.emplace(&a, args.at(k));
    }
  }
  std::vector<path> work{std::move(start)};
  std::vector<returned> rets;
  // Paths meet again where they join: the earliest block in reverse
  // post-order goes first, so every path that reaches a block in the same
  // iteration of its loops is there when it runs, and they run it as one
  // (their values merged under their path conditions). A loop over bytes with
  // a branch in its body is then one path per iteration, not 2^iterations.
  const cfg_info& g = cfg(fn);
  while (!work.empty()) {
    std::size_t first = 0;
    for (std::size_t i = 1; i < work.size(); ++i)
      if (g.rpo.at(work[i].bb) < g.rpo.at(work[first].bb)) first = i;
    path p = std::move(work[first]);
    work.erase(work.begin() + static_cast<std::ptrdiff_t>(first));
    const std::vector<unsigned> key = loop_key(p);
    std::vector<path> same;
    for (std::size_t i = 0; i < work.size();) {
      if (work[i].bb == p.bb && loop_key(work[i]) == key) {
        same.push_back(std::move(work[i]));
        work.erase(work.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        ++i;
      }
    }
    if (!enter(p)) p.pc = c_.bool_val(false);
    for (path& q : same) {
      if (!enter(q)) continue;
      if (p.pc.is_false()) p = std::move(q);
      else if (!merge(p, q)) run_block(std::move(q), work, rets);  // not mergeable: on its own
    }
    if (!p.pc.is_false()) run_block(std::move(p), work, rets);
  }
  --depth_;
  if (rets.empty()) {  // every path ends in UB: any value
    if (fn.getReturnType()->isVoidTy()) return {c_.bv_val(0, 1), f()};
    const z3::sort s = sort_of(fn.getReturnType());
    return {fresh(s), f()};
  }
  val r = rets.back().v;
  for (std::size_t i = rets.size() - 1; i-- > 0;) {
    r.v = z3::ite(rets[i].pc, rets[i].v.v, r.v);
    r.poison = z3::ite(rets[i].pc, rets[i].v.poison, r.poison);
  }
  if (caller) caller->stack = join_stacks(rets, fn);
  return r;
}

void executor::call_inst(path& p, const llvm::CallBase& cb) {
  if (cb.isInlineAsm()) {
    auto* ia = cast<llvm::InlineAsm>(cb.getCalledOperand());
    std::vector<z3::expr> inputs;
    z3::expr poison = f();
    for (const llvm::Use& a : cb.args()) {
      if (!a->getType()->isIntegerTy())
        throw not_modelled("asm \"" + ia->getAsmString() + "\": a memory or non-integer operand");
      const val v = get(p, a.get());
      inputs.push_back(v.v);
      poison = poison || v.poison;
    }
    std::vector<unsigned> outputs;
    auto* st = dyn_cast<llvm::StructType>(cb.getType());
    if (st) {
      for (llvm::Type* e : st->elements()) {
        if (!e->isIntegerTy()) throw not_modelled("asm \"" + ia->getAsmString() + "\": a non-integer output");
        outputs.push_back(e->getIntegerBitWidth());
      }
    } else if (cb.getType()->isIntegerTy()) {
      outputs.push_back(cb.getType()->getIntegerBitWidth());
    } else if (!cb.getType()->isVoidTy()) {
      throw not_modelled("asm \"" + ia->getAsmString() + "\": a non-integer output");
    }
    const asm_effect e = run_inline_asm(
        *ia, cb.getModule()->getTargetTriple(), inputs, outputs,
        [this](unsigned bits) { return fresh(c_.bv_sort(bits)); },
        [this](const std::string& name, const std::string& what) {
          for (const auto& [var, w] : cpu_choices)
            if (var.decl().name().str() == name) return var;
          cpu_choices.push_back({c_.bool_const(name.c_str()), what});
          return cpu_choices.back().first;
        });
    std::vector<val> results;
    for (const z3::expr& o : e.outputs) results.push_back({o, poison});
    if (st) p.aggs.insert_or_assign(&cb, results);
    else if (!results.empty()) p.vals.insert_or_assign(&cb, results.front());
    return;
  }
  const llvm::Function* callee = cb.getCalledFunction();
  if (auto fp = p.fnptrs.find(cb.getCalledOperand()); !callee && fp != p.fnptrs.end()) {
    std::vector<val> args;
    for (const llvm::Use& a : cb.args()) {
      if (a->getType()->isPointerTy()) throw not_modelled("call with a pointer argument: " + text(cb));
      args.push_back(get(p, a.get()));
    }
    // The last target is taken when no earlier condition holds.
    const auto& targets = fp->second;
    std::optional<val> r;
    for (std::size_t k = targets.size(); k-- > 0;) {
      const bool last = k + 1 == targets.size();
      const val v = call(*targets[k].second, args, last ? p.pc : p.pc && targets[k].first);
      r = last ? v : val{z3::ite(targets[k].first, v.v, r->v), z3::ite(targets[k].first, v.poison, r->poison)};
    }
    if (!cb.getType()->isVoidTy()) p.vals.insert_or_assign(&cb, *r);
    return;
  }
  if (!callee) {
    std::string via = text(*cb.getCalledOperand());
    if (auto* l = dyn_cast<llvm::LoadInst>(cb.getCalledOperand()))
      via = name_of(*l->getPointerOperand()->stripPointerCasts());
    throw not_modelled("indirect call through a function pointer (" + via +
                       ") chosen at run time");
  }
  if (callee->isIntrinsic()) return intrinsic(p, cb, callee->getIntrinsicID());
  if (involves_vector(cb)) throw not_modelled("call with vector values not modelled: " + text(cb));
  if (callee->isDeclaration()) {
    if (std::any_of(cb.arg_begin(), cb.arg_end(), [](const llvm::Use& a) { return a->getType()->isPointerTy(); }))
      throw not_modelled("call with a pointer argument: " + text(cb));
    throw not_modelled("calls " + name_of(*callee) + ", whose body is not in this file's IR");
  }
  // Pointer arguments (a local's or a table's address) are passed as
  // pointers; the callee's writes to the caller's locals come back.
  std::vector<val> args;
  std::map<unsigned, ptr> ptr_args;
  for (const llvm::Use& a : cb.args()) {
    if (a->getType()->isPointerTy()) {
      ptr_args.emplace(static_cast<unsigned>(args.size()), get_ptr(p, a.get()));
      args.push_back({c_.bv_val(0, 1), f()});  // a placeholder: the argument is in ptr_args
    } else {
      args.push_back(get(p, a.get()));
    }
  }
  val r = call(*callee, args, p.pc, &p, ptr_args);
  if (!cb.getType()->isVoidTy()) p.vals.insert_or_assign(&cb, r);
}


}  // namespace detail

namespace {
// The proof symbol's `after` (a scanproof::word: lo, hi) as the bytes of its
// slot leave it, in the target's byte order; poison in it is undefined
// behaviour where the board left behind is compared.
std::vector<z3::expr> word_in_slot(const detail::stack_slot& s, bool big_endian, z3::expr& poison) {
  std::vector<z3::expr> halves;
  for (unsigned h = 0; h < 2; ++h) {
    std::optional<z3::expr> v;
    for (unsigned k = 0; k < 8; ++k) {  // the byte at +8h+k
      const z3::expr& byte = s.bytes[8 * h + k];
      poison = poison || s.poison[8 * h + k];
      v = !v ? byte : big_endian ? z3::concat(*v, byte) : z3::concat(byte, *v);
    }
    halves.push_back(v->simplify());
  }
  return halves;
}
}  // namespace

function_formula translate(const llvm::Function& fn, z3::context& c, const std::vector<z3::expr>& inputs,
                           const translate_options& opt) {
  bool ints = fn.arg_size() == inputs.size() || fn.arg_size() == inputs.size() + 1;
  for (const llvm::Argument& a : fn.args())
    ints = ints && (a.getArgNo() < inputs.size() ? a.getType()->isIntegerTy() : a.getType()->isPointerTy());
  if (!ints || !fn.getReturnType()->isIntegerTy(64))
    throw not_modelled("expected i64 " + fn.getName().str() + "(" + std::to_string(inputs.size()) +
                       " integer argument" + (inputs.size() == 1 ? "" : "s") + "[, ptr after])");
  const llvm::DataLayout& dl = fn.getParent()->getDataLayout();
  detail::executor ex(c, opt, dl);
  std::vector<detail::val> args;
  for (unsigned k = 0; k < inputs.size(); ++k) {
    const unsigned w = fn.getArg(k)->getType()->getIntegerBitWidth();
    const z3::expr& in = inputs[k];
    const unsigned iw = in.get_sort().bv_size();
    args.push_back({w == iw ? in : w < iw ? in.extract(w - 1, 0) : z3::zext(in, w - iw), c.bool_val(false)});
  }
  // `after`: 16 bytes the caller owns, as pop_batch's `after[i]` is
  // (uninitialised: free bytes), keyed by the argument (local_memory()).
  detail::path caller{nullptr, nullptr, {}, {}, {}, {}, {}, {}, c.bool_val(true), {}};
  std::map<unsigned, detail::ptr> ptr_args;
  const llvm::Argument* after = fn.arg_size() > inputs.size() ? fn.getArg(static_cast<unsigned>(inputs.size())) : nullptr;
  if (after) {
    detail::stack_slot s;
    for (unsigned k = 0; k < 16; ++k) {
      s.bytes.push_back(c.bv_const(("after!" + std::to_string(k)).c_str(), 8));
      s.poison.push_back(c.bool_val(false));
    }
    caller.stack.emplace(after, std::move(s));
    ptr_args.emplace(after->getArgNo(), detail::ptr{after, c.bv_val(0, 64), c.bool_val(false)});
    args.push_back({c.bv_val(0, 1), c.bool_val(false)});  // a placeholder: the argument is in ptr_args
  }
  const detail::val r = ex.call(fn, args, c.bool_val(true), &caller, ptr_args);
  function_formula out{r.v, ex.ub, ex.exits, ex.sources, ex.cpu_choices, ex.dispatch, ex.cpu_reads, {}, ex.uses_fp, ex.max_unroll};
  if (after) {
    z3::expr poison = c.bool_val(false);
    out.after = word_in_slot(caller.stack.at(after), dl.isBigEndian(), poison);
    if (const z3::expr p = poison.simplify(); !p.is_false())
      out.ub.push_back({p, "poison in the board left behind at " + fn.getName().str() + "'s `after`"});
  }
  return out;
}

}  // namespace scanproof::proof
