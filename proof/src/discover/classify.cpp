#include "discover/classify.hpp"

#include <llvm/IR/IRBuilder.h>
#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>
#include <regex>

#include "scanproof/shape.hpp"
#include "translate/translate.hpp"

namespace scanproof::discover {
namespace {

// The function as the proof symbol has it (registry.hpp, SCANPROOF_PROOF_SYMBOL):
// i64 (i64 lo, i64 hi, ptr after), the board's halves in argument space; the
// board made the way the form passes it (the first half first in memory, in
// the first parameter, or in the low bits of an i128), the result widened by
// its C type's sign, and a board in memory read back into *after.
llvm::Function* make_wrapper(llvm::Module& m, llvm::Function& target, const found_function& f, bool high_first,
                             const std::string& name) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  auto* type = llvm::FunctionType::get(i64, {i64, i64, ptr}, false);
  if (llvm::Function* old = m.getFunction(name)) old->eraseFromParent();
  auto* w = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, name, m);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", w));
  llvm::Value* lo = w->getArg(0);
  llvm::Value* hi = w->getArg(1);
  llvm::Value* first = high_first ? hi : lo;
  llvm::Value* second = high_first ? lo : hi;
  const board_form& form = f.form;
  llvm::Type* narrow = llvm::Type::getIntNTy(ctx, std::min(form.bits, 64u));
  llvm::Value* memory = nullptr;
  llvm::CallInst* call = nullptr;
  switch (form.how) {
    case board_form::passing::value:
      if (form.bits == 128) {
        llvm::Type* i128 = llvm::Type::getInt128Ty(ctx);
        llvm::Value* x = b.CreateOr(b.CreateZExt(first, i128), b.CreateShl(b.CreateZExt(second, i128), 64));
        call = b.CreateCall(&target, {x});
      } else {
        call = b.CreateCall(&target, {b.CreateTrunc(lo, narrow)});
      }
      break;
    case board_form::passing::two_values:
      call = b.CreateCall(&target, {first, second});
      break;
    case board_form::passing::memory: {
      auto* slot = b.CreateAlloca(llvm::ArrayType::get(b.getInt8Ty(), 16));
      slot->setAlignment(llvm::Align(16));
      memory = slot;
      if (form.bits <= 64) {
        b.CreateStore(b.CreateTrunc(lo, narrow), memory);
      } else {
        b.CreateStore(first, memory);
        b.CreateStore(second, b.CreateConstGEP1_64(b.getInt8Ty(), memory, 8));
      }
      call = b.CreateCall(&target, {memory});
      break;
    }
  }
  call->setCallingConv(target.getCallingConv());
  call->setAttributes(target.getAttributes());
  llvm::Value* r = call;
  if (f.result_bits < 64) r = f.result_signed ? b.CreateSExt(r, i64) : b.CreateZExt(r, i64);
  if (memory) {
    llvm::Value* after = w->getArg(2);
    llvm::Value* after_hi = b.CreateConstGEP1_64(b.getInt8Ty(), after, 8);
    if (form.bits <= 64) {
      b.CreateStore(b.CreateZExt(b.CreateLoad(narrow, memory), i64), after);
      b.CreateStore(b.getInt64(0), after_hi);
    } else {
      llvm::Value* a = b.CreateLoad(i64, memory);
      llvm::Value* c = b.CreateLoad(i64, b.CreateConstGEP1_64(b.getInt8Ty(), memory, 8));
      b.CreateStore(high_first ? c : a, after);
      b.CreateStore(high_first ? a : c, after_hi);
    }
  }
  b.CreateRet(r);
  return w;
}

// What the function does at one argument (lo, hi).
struct run_at {
  enum class kind { value, undefined, stops, unknown } k = kind::unknown;
  std::int64_t value = 0;
  std::optional<word> after;  // a board in memory, read back (argument space)
  std::string what;           // undefined, stops: what happens
};

// The formula of one wrapper and its evaluation at constant arguments.
class runner {
 public:
  runner(const proof::ir_set& ir, llvm::Function& w, double timeout_s)
      : lo_(c_.bv_const("lo", 64)), hi_(c_.bv_const("hi", 64)),
        deadline_(std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<long>(timeout_s * 1000))) {
    proof::translate_options t;
    t.loop_bound = 130;  // a loop over 128 squares runs to its end on a probe
    t.linked = [&ir](const llvm::GlobalVariable& gv, std::string& why) { return ir.linked_global(gv, why); };
    // Whether a path can be taken, each question bounded (2 s, or 0.2 s to
    // stop a short loop early) and within the function's own time.
    const auto check = [this](const z3::expr& path, unsigned cap_ms) {
      z3::solver s(c_);
      z3::params p(c_);
      p.set("timeout", std::max(1u, std::min(cap_ms, remaining_ms())));
      s.set(p);
      s.add(path);
      return s.check();
    };
    t.feasible = [check](const z3::expr& path) { return check(path, 2000); };
    t.quickly_infeasible = [check](const z3::expr& path) { return check(path, 200) == z3::unsat; };
    formula_.emplace(proof::translate(w, c_, {lo_, hi_}, t));
  }

  run_at at(word arg) {
    if (auto it = cache_.find(arg); it != cache_.end()) return it->second;
    ++evaluated;
    z3::expr_vector from(c_), to(c_);
    from.push_back(lo_);
    from.push_back(hi_);
    to.push_back(c_.bv_val(arg.lo, 64));
    to.push_back(c_.bv_val(arg.hi, 64));
    auto holds = [&](const z3::expr& e) { return z3::expr(e).substitute(from, to).simplify().is_true(); };
    run_at r;
    for (const proof::exit_event& e : formula_->exits)
      if (holds(e.when)) {
        r.k = run_at::kind::stops;
        r.what = e.what;
        return cache_[arg] = r;
      }
    for (const proof::ub_event& e : formula_->ub)
      if (holds(e.when)) {
        r.k = run_at::kind::undefined;
        r.what = e.what;
        return cache_[arg] = r;
      }
    const z3::expr v = z3::expr(formula_->result).substitute(from, to).simplify();
    if (!v.is_numeral()) {
      r.what = "its result depends on more than the board (memory or CPU state it reads)";
      return cache_[arg] = r;
    }
    r.k = run_at::kind::value;
    r.value = static_cast<std::int64_t>(v.get_numeral_uint64());
    if (formula_->after.size() == 2) {
      const z3::expr a = z3::expr(formula_->after[0]).substitute(from, to).simplify();
      const z3::expr c = z3::expr(formula_->after[1]).substitute(from, to).simplify();
      if (a.is_numeral() && c.is_numeral()) r.after = word{a.get_numeral_uint64(), c.get_numeral_uint64()};
    }
    return cache_[arg] = r;
  }

  int evaluated = 0;

 private:
  unsigned remaining_ms() const {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
    return left.count() > 0 ? static_cast<unsigned>(left.count()) : 0;
  }
  z3::context c_;
  z3::expr lo_, hi_;
  std::chrono::steady_clock::time_point deadline_;
  std::optional<proof::function_formula> formula_;
  std::map<word, run_at> cache_;
};

struct hypothesis {
  op o;
  int base;
};

std::string op_text(const hypothesis& h) {
  std::string s(name(h.o));
  if (h.base) s += " (squares from 1)";
  return s;
}

// The probe boards of a domain (square space): every square, each with the
// domain's top and bottom square, seeded random boards dense and sparse,
// and the domain itself. Single squares first: they rule most functions out.
std::vector<word> probes(word domain, int squares) {
  std::vector<word> out;
  std::vector<int> in;
  for (int i = 0; i < squares; ++i)
    if (domain.test(i)) in.push_back(i);
  if (in.empty()) return out;
  for (int i : in) out.push_back(word::bit(i));
  const int top = in.back(), bottom = in.front();
  for (int i : in) {
    if (i != top) out.push_back(word::bit(i) | word::bit(top));
    if (i != bottom) out.push_back(word::bit(i) | word::bit(bottom));
  }
  std::mt19937_64 rng(0x5ca9'9f00'd15c'0e1ULL);
  for (int k = 0; k < 48; ++k) {
    const word dense{rng(), rng()};
    const word sparse{rng() & rng() & rng(), rng() & rng() & rng()};
    out.push_back(dense & domain);
    out.push_back(sparse & domain);
  }
  out.push_back(domain);
  out.erase(std::remove(out.begin(), out.end(), word{}), out.end());
  return out;
}

// Does the function's run at `board` match the hypothesis? `why` says how not.
bool matches(const hypothesis& h, const shape& sh, const found_function& f, word board, const run_at& r,
             std::string& why) {
  const std::int64_t want = oracle_result(h.o, sh, board);
  if (r.k != run_at::kind::value) {
    why = "at " + render(sh, board) + " " + (r.k == run_at::kind::unknown ? r.what : "it " + r.what);
    return false;
  }
  if (r.value != want) {
    why = "at " + render(sh, board) + " " + op_text(h) + " is " + std::to_string(want) + ", it returns " +
          std::to_string(r.value);
    return false;
  }
  if (f.form.how == board_form::passing::memory && f.form.writable) {
    const word left = to_argument(sh, pops(h.o) ? oracle_after(h.o, sh, board) : board);
    if (!r.after || !(*r.after == left)) {
      why = "at " + render(sh, board) + " it leaves " + (r.after ? render_argument(sh, *r.after) : "an unreadable board") +
            " where " + op_text(h) + " leaves " + render_argument(sh, left);
      return false;
    }
  }
  return true;
}

struct layout {
  int offset;
  bool high_first;
};

shape shape_of(const found_function& f, layout l, int base, std::optional<int> domain_squares) {
  shape sh = integer_shape(static_cast<int>(f.form.bits));
  if (f.form.bits == 128) {
    // An __int128 reaches the function as two 64-bit registers (x86-64) or
    // one i128: it is one number either way.
    const bool int128 = f.board_type.find("__int128") != std::string::npos ||
                        (f.language == "Rust" && f.board_type.find("u128") != std::string::npos);
    sh.arg = int128 ? argument::int128
             : f.form.how == board_form::passing::two_values ? argument::halves
             : f.form.how == board_form::passing::memory  ? argument::pair
                                                          : argument::int128;
    sh.high_offset = l.offset;
    sh.halves = l.high_first ? half_order::high_first : half_order::low_first;
    sh.domain = sh.all_squares();
  }
  sh.index_base = base;
  if (domain_squares) {
    sh.domain = word::ones(*domain_squares);
    sh.domain_declared = true;
  }
  return sh;
}

// An engine's ctz or clz (by its name) rather than its lsb or msb with the
// same result at zero.
bool named_as_count(const std::string& qualified) {
  static const std::regex count(R"((ctz|clz|tzcnt|lzcnt|trailing|leading|count_?zero|zero_?count))", std::regex::icase);
  const std::size_t colon = qualified.rfind("::");
  return std::regex_search(colon == std::string::npos ? qualified : qualified.substr(colon + 2), count);
}

// What the function may compute, in the order a tie is settled: popcount,
// then lsb, msb, clz (squares from 0 or 1), and the pops when it may write the board.
std::vector<hypothesis> hypotheses(const found_function& f) {
  std::vector<hypothesis> all{{op::popcount, 0}, {op::lsb, 0}, {op::lsb, 1}, {op::msb, 0}, {op::msb, 1}, {op::clz, 0}};
  if (f.form.how == board_form::passing::memory && f.form.writable)
    all.insert(all.end(), {{op::pop_lsb, 0}, {op::pop_lsb, 1}, {op::pop_msb, 0}, {op::pop_msb, 1}});
  return all;
}

// What the function returns at 0 (`zero`), as the classification declares
// or reports it. False: a popcount that is not 0 there is no popcount (`out` says so).
bool read_zero(classification& out, const run_at& zero, const hypothesis& h, const found_function& f) {
  const int squares = out.sh.squares();
  if (zero.k == run_at::kind::value) {
    out.zero_text = std::to_string(zero.value);
    const bool empty_left = !(f.form.how == board_form::passing::memory && f.form.writable) ||
                            (zero.after && *zero.after == word{});
    if (h.o == op::popcount) {
      if (zero.value != 0 || !empty_left) {
        out.k = classification::kind::unmatched;
        out.reason = "popcount on every nonzero probe, but at 0 it returns " + std::to_string(zero.value) +
                     (empty_left ? "" : " and changes the board");
        return false;
      }
    } else {
      // A sentinel (SQ_NONE, -1, 0 from squares numbered from 1) is declared,
      // so every target checks it. A square's own index at 0 is what this
      // code happens to give (a De Bruijn table's entry, BSF's unchanged
      // register): declaring it would fail a correct scanner on a CPU that
      // gives another, so it is reported, not declared.
      const bool count = out.operation == op::ctz || out.operation == op::clz;
      const int first = count ? 0 : h.base, end = count ? squares : squares + h.base;
      if (count && zero.value == squares) {
        // the op's own result at 0
      } else if (zero.value >= first && zero.value < end) {
        out.zero_text += " (a square's index: not declared)";
        if (count) out.zero = zero_spec::is_undefined("its result at 0 is a square's index");
      } else {
        out.zero = zero_spec::returns(zero.value, "the result at 0, as the engine's code returns it");
      }
    }
    if (!empty_left && pops(h.o)) out.zero_text += " (and it changes the empty board)";
  } else {
    out.zero_text = "undefined: " + (zero.k == run_at::kind::unknown ? zero.what : "it " + zero.what);
    if (h.o == op::popcount) {
      out.k = classification::kind::unmatched;
      out.reason = "popcount on every nonzero probe, but at 0 " + out.zero_text.substr(11);
      return false;
    }
    out.zero = zero_spec::is_undefined("its IR has no result at 0");
  }
  return true;
}

}  // namespace

classification classify(const proof::ir_set& ir, llvm::Module& m, const found_function& f,
                        const std::string& wrapper_name, double timeout_s) {
  classification out;
  llvm::Function* target = m.getFunction(f.symbol);
  if (!target || target->isDeclaration()) {
    out.reason = "its body is not in the IR after -O2";
    return out;
  }
  const bool two_halves = f.form.bits == 128;
  const std::vector<layout> layouts =
      two_halves ? std::vector<layout>{{64, false}, {64, true}, {63, false}, {63, true}} : std::vector<layout>{{64, false}};
  const std::vector<std::optional<int>> domains =
      two_halves ? std::vector<std::optional<int>>{std::nullopt, 120, 90, 81} : std::vector<std::optional<int>>{std::nullopt};
  const std::vector<hypothesis> all = hypotheses(f);

  // One formula per half order (the order changes the function run).
  std::map<bool, std::unique_ptr<runner>> runners;
  std::map<bool, std::string> names;
  auto runner_for = [&](bool high_first) -> runner& {
    auto& r = runners[high_first];
    if (!r) {
      names[high_first] = wrapper_name + (high_first ? ".high_first" : ".low_first");
      llvm::Function* w = make_wrapper(m, *target, f, high_first, names[high_first]);
      r = std::make_unique<runner>(ir, *w, timeout_s);
    }
    return *r;
  };

  struct survivor {
    layout l;
    std::optional<int> domain;
    std::vector<hypothesis> alive;
  };
  std::vector<survivor> survivors;
  // The nearest miss: the hypothesis that matched the most probes.
  int best_matched = -1;
  std::string nearest;
  try {
    for (const layout& l : layouts) {
      runner& run = runner_for(l.high_first);
      for (const auto& d : domains) {
        const shape all_sq = shape_of(f, l, 0, d);
        std::vector<hypothesis> alive = all;
        std::vector<int> matched(alive.size(), 0);
        for (const word board : probes(all_sq.domain, all_sq.squares())) {
          const run_at r = run.at(to_argument(all_sq, board));
          for (std::size_t k = 0; k < alive.size();) {
            std::string why;
            if (matches(alive[k], shape_of(f, l, alive[k].base, d), f, board, r, why)) {
              ++matched[k++];
              continue;
            }
            if (matched[k] > best_matched) {
              best_matched = matched[k];
              nearest = op_text(alive[k]) + " on " + shape_text(shape_of(f, l, alive[k].base, d)) + ": " + why;
            }
            alive.erase(alive.begin() + static_cast<long>(k));
            matched.erase(matched.begin() + static_cast<long>(k));
          }
          if (alive.empty()) break;
        }
        if (!alive.empty()) {
          survivors.push_back({l, d, alive});
          break;  // the largest domain this layout is right on
        }
      }
    }
  } catch (const proof::not_modelled& e) {
    out.reason = std::string("cannot run its IR: ") + e.what();
    return out;
  } catch (const z3::exception& e) {
    out.reason = std::string("the solver failed while running its IR: ") + e.msg();
    return out;
  }
  for (auto& [hf, r] : runners) out.probes += r->evaluated;
  if (survivors.empty()) {
    out.k = classification::kind::unmatched;
    out.reason = nearest.empty() ? "no probe ran" : "nearest " + nearest;
    out.matched = std::max(best_matched, 0);
    return out;
  }
  // The widest claim: the most squares, then the plain 64 offset, then the low half first.
  auto squares_of = [&](const survivor& s) { return popcount(shape_of(f, s.l, 0, s.domain).domain); };
  std::stable_sort(survivors.begin(), survivors.end(), [&](const survivor& a, const survivor& b) {
    if (squares_of(a) != squares_of(b)) return squares_of(a) > squares_of(b);
    if (a.l.offset != b.l.offset) return a.l.offset > b.l.offset;
    return !a.l.high_first && b.l.high_first;
  });
  const survivor& s = survivors.front();
  runner& run = runner_for(s.l.high_first);
  const run_at zero = run.at(word{});
  hypothesis h = s.alive.front();  // the order of `all`: popcount, then lsb, msb, clz, the pops
  out.k = classification::kind::classified;
  out.sh = shape_of(f, s.l, h.base, s.domain);
  out.operation = h.o;
  if (h.o == op::lsb && h.base == 0 && named_as_count(f.qualified)) out.operation = op::ctz;
  if (!read_zero(out, zero, h, f)) return out;
  out.wrapper = names[s.l.high_first];
  return out;
}

}  // namespace scanproof::discover
