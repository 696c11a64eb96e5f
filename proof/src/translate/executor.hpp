// The symbolic executor's state: the path walk and tables (translate.cpp),
// each instruction's meaning (semantics.cpp, one visit method per
// instruction class), vectors' lanes (translate_vector.cpp), locals
// (translate_memory.cpp), joins (translate_merge.cpp). Internal to the
// translator.
#pragma once
#include <llvm/ADT/StringExtras.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Operator.h>

#include "translate/exits.hpp"
#include <llvm/Support/raw_ostream.h>
#include <z3++.h>

#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <memory>
#include <string>
#include <vector>

#include "startup/startup.hpp"
#include "translate/translate.hpp"

namespace scanproof::proof::detail {

// Above this a table is "not provable" rather than a formula too big to solve.
constexpr std::uint64_t max_table_elements = 1 << 16;

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

struct val {
  z3::expr v;       // bit-vector, or floating point for float/double
  z3::expr poison;  // Bool
};
// A pointer: a global (a table) or a stack slot, plus a byte offset.
struct ptr {
  const llvm::Value* base;
  z3::expr off;  // 64-bit byte offset
  z3::expr poison;
};

inline std::string text(const llvm::Value& v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v.print(os);
  os.flush();
  s.erase(0, s.find_first_not_of(' '));
  if (s.size() > 140) s = s.substr(0, 137) + "...";
  return s;
}

inline std::string name_of(const llvm::Value& v) {
  return v.hasName() ? llvm::demangle(v.getName().str()) : text(v);
}

// Memory modelled byte by byte (translate_memory.cpp): a local (an alloca),
// or the board the proof symbol's pointer argument points at (translate():
// where a pop scanner's board is left).
inline bool local_memory(const llvm::Value* base) {
  return isa<llvm::AllocaInst>(base) || isa<llvm::Argument>(base);
}

// A vector: one term per lane (lane 0 first), and each lane's poison.
struct vec {
  std::vector<z3::expr> lanes, poison;
};

// A local variable's bytes (memory order) and each byte's poison; the
// pointers stored in it, by constant offset (a local's address kept in a
// local, as Rust and C++ leave them at -O2).
struct stack_slot {
  std::vector<z3::expr> bytes, poison;
  std::map<std::uint64_t, ptr> ptrs;
};
using stack_memory = std::map<const llvm::Value*, stack_slot>;  // by alloca

// A path that returned: its condition, value and local memory.
struct returned {
  z3::expr pc;
  val v;
  stack_memory stack;
};

struct path {
  const llvm::BasicBlock* bb;
  const llvm::BasicBlock* pred;
  std::map<const llvm::Value*, val> vals;
  std::map<const llvm::Value*, ptr> ptrs;
  std::map<const llvm::Value*, std::vector<val>> aggs;  // struct results of inline asm
  // Function pointers loaded from a dispatch global: (condition, target) each.
  std::map<const llvm::Value*, std::vector<std::pair<z3::expr, const llvm::Function*>>> fnptrs;
  std::map<const llvm::Value*, vec> vecs;
  stack_memory stack;
  z3::expr pc;
  std::map<const llvm::BasicBlock*, unsigned> visits;
};

class executor {
 public:
  executor(z3::context& c, const translate_options& o, const llvm::DataLayout& dl)
      : c_(c), opt_(o), dl_(dl) {}

  // Runs f in place. `caller`: the calling path, whose locals f may read and
  // write through the pointer arguments `ptr_args` (by argument number);
  // they come back as the paths that return leave them.
  val call(const llvm::Function& f, const std::vector<val>& args, const z3::expr& pc, path* caller = nullptr,
           const std::map<unsigned, ptr>& ptr_args = {});

  std::vector<ub_event> ub, sources;
  std::vector<exit_event> exits;
  std::vector<std::pair<z3::expr, std::string>> cpu_choices;
  std::vector<dispatch_choice> dispatch;
  std::vector<z3::expr> cpu_reads;
  bool uses_fp = false;
  unsigned max_unroll = 1;

 private:
  z3::context& c_;
  const translate_options& opt_;
  const llvm::DataLayout& dl_;
  unsigned depth_ = 0, fresh_ = 0;
  std::size_t states_ = 0;
  // The byte image of each table read, in the target's byte order.
  std::map<const llvm::GlobalVariable*, std::vector<std::uint8_t>> images_;
  // Each module's memory after its static initialisers ran (startup.hpp).
  std::map<const llvm::Module*, std::unique_ptr<startup_memory>> startup_;

  z3::expr f() { return c_.bool_val(false); }
  z3::expr bv(const llvm::APInt& a) {
    const unsigned w = a.getBitWidth();
    if (w <= 64) return c_.bv_val(static_cast<std::uint64_t>(a.getZExtValue()), w);
    return c_.bv_val(llvm::toString(a, 10, false).c_str(), w);
  }
  z3::expr fresh(const z3::sort& s) { return c_.constant(("fresh!" + std::to_string(fresh_++)).c_str(), s); }
  z3::sort sort_of(const llvm::Type* t);
  void event(std::vector<ub_event>& to, const path& p, const z3::expr& cond, std::string what) {
    z3::expr w = (p.pc && cond).simplify();
    if (!w.is_false()) to.push_back({w, std::move(what)});
  }

  val get(const path& p, const llvm::Value* v);
  ptr get_ptr(const path& p, const llvm::Value* v);
  val constant(const llvm::Constant* k);
  ptr gep(const path& p, const llvm::GEPOperator& g);
  val load(path& p, const llvm::LoadInst& l);
  void load_pointer(path& p, const llvm::LoadInst& l);
  const std::vector<std::uint8_t>& image(const llvm::GlobalVariable& gv);
  const llvm::GlobalVariable* linked_global(const llvm::GlobalVariable& gv, std::string& why);
  void fill(const llvm::Constant* k, std::vector<std::uint8_t>& out, std::uint64_t at);
  void run_block(path p, std::vector<path>& work, std::vector<returned>& rets);
  void reach_exit(const path& p, const contract_exit& e);
  bool enter(path& p);  // counts the visit, checks the loop bound, reads the phis; false: infeasible here
  // Joining paths (translate_merge.cpp).
  struct cfg_info {
    std::map<const llvm::BasicBlock*, unsigned> rpo;  // reverse post-order
    std::unique_ptr<llvm::DominatorTree> dt;
    std::unique_ptr<llvm::LoopInfo> li;
  };
  std::map<const llvm::Function*, cfg_info> cfgs_;
  cfg_info& cfg(const llvm::Function& f);
  std::vector<unsigned> loop_key(const path& p);  // the iteration of each loop around p.bb, once entered
  bool merge(path& into, path& from);              // false: the states cannot be merged
  // One instruction on one path (semantics.cpp: an llvm::InstVisitor).
  class semantics;
  void exec(path& p, const llvm::Instruction& i);
  void call_inst(path& p, const llvm::CallBase& cb);
  void intrinsic(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id);
  // A scalar, or one lane of a vector: lane_semantics.hpp on Z3 terms.
  struct z3_lanes;
  // Vectors (translate_vector.cpp).
  static bool involves_vector(const llvm::Instruction& i);
  vec getv(const path& p, const llvm::Value* v);
  std::vector<val> lanes_of(const path& p, const llvm::Value* v);
  void set_lanes(path& p, const llvm::Instruction& i, const std::vector<val>& lanes);
  void vector_bitcast(path& p, const llvm::CastInst& ci);
  void insert_element(path& p, const llvm::InsertElementInst& ie);
  void extract_element(path& p, const llvm::ExtractElementInst& ee);
  void shuffle(path& p, const llvm::ShuffleVectorInst& sv);
  void reduce(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id);
  // Local variables (translate_memory.cpp).
  stack_slot& slot(path& p, const llvm::Value* alloca);
  std::vector<std::pair<z3::expr, z3::expr>> to_bytes(const path& p, const llvm::Value* v);
  void stack_store(path& p, const ptr& a, const llvm::Value* v, const std::string& where);
  std::pair<std::vector<z3::expr>, std::vector<z3::expr>> stack_bytes(path& p, const ptr& a, std::uint64_t n,
                                                                      const std::string& where);
  void stack_load(path& p, const llvm::LoadInst& l, const ptr& a);
  void stack_store_ptr(path& p, const ptr& a, const ptr& v, const std::string& where);
  ptr stack_load_ptr(path& p, const ptr& a, const std::string& where);
  // The locals after a call: each slot as the returning paths leave it.
  stack_memory join_stacks(const std::vector<returned>& rets, const llvm::Function& callee);
  void stack_memop(path& p, const llvm::CallBase& cb, llvm::Intrinsic::ID id);
  void go(path p, const llvm::BasicBlock* to, const z3::expr& pc, std::vector<path>& work);
  std::vector<std::pair<z3::expr, const llvm::Function*>> dispatch_load(const llvm::GlobalVariable& gv);
  std::map<const llvm::GlobalVariable*, std::vector<std::pair<z3::expr, const llvm::Function*>>> dispatch_;
};

}  // namespace scanproof::proof::detail
