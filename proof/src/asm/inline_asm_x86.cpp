// x86-64 inline asm: operands in general-purpose registers, straight-line
// code and forward branches to local labels (paths merged at each label),
// the flags ZF/CF/SF/OF. Semantics from the Intel SDM and AMD APM, vol. 3.
#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <regex>

#include "asm/asm_parse.hpp"
#include "base/bitops.hpp"
#include "asm/inline_asm.hpp"
#include "asm/inline_asm_operands.hpp"
#include "base/not_modelled.hpp"

namespace scanproof::proof {
namespace {

constexpr int gpr_count = 16;
const char* const gpr64[gpr_count] = {"RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI",
                                      "R8",  "R9",  "R10", "R11", "R12", "R13", "R14", "R15"};
const char* const gpr32[gpr_count] = {"EAX", "ECX", "EDX", "EBX", "ESP", "EBP", "ESI", "EDI",
                                      "R8D", "R9D", "R10D", "R11D", "R12D", "R13D", "R14D", "R15D"};
const char* const gpr16[gpr_count] = {"AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI",
                                      "R8W", "R9W", "R10W", "R11W", "R12W", "R13W", "R14W", "R15W"};
const char* const gpr8[gpr_count] = {"AL", "CL", "DL", "BL", "SPL", "BPL", "SIL", "DIL",
                                     "R8B", "R9B", "R10B", "R11B", "R12B", "R13B", "R14B", "R15B"};

struct reg_ref {
  int index;
  unsigned bits;
};

std::optional<reg_ref> find_reg(const std::string& name) {
  for (int i = 0; i < gpr_count; ++i) {
    if (name == gpr64[i]) return reg_ref{i, 64};
    if (name == gpr32[i]) return reg_ref{i, 32};
    if (name == gpr16[i]) return reg_ref{i, 16};
    if (name == gpr8[i]) return reg_ref{i, 8};
  }
  return std::nullopt;
}

std::string reg_name(int index, unsigned bits) {
  const char* n = bits == 64 ? gpr64[index] : bits == 32 ? gpr32[index] : bits == 16 ? gpr16[index] : gpr8[index];
  return llvm::StringRef(n).lower();
}

// The machine state on one path through the template.
struct state {
  z3::expr guard;  // this path is taken
  std::array<z3::expr, gpr_count> regs;
  // nullopt: set by an instruction whose flags are not modelled (reading it refuses).
  std::optional<z3::expr> zf, cf, sf, of;
};

class x86_machine {
 public:
  x86_machine(z3::context& c, std::string text, const std::function<z3::expr(unsigned)>& fresh,
              const cpu_choice_fn& choice)
      : c_(c), text_(std::move(text)), fresh_(fresh), choice_(choice) {}

  not_modelled refuse(const std::string& why) const { return not_modelled("asm \"" + text_ + "\": " + why); }

  z3::expr read(const state& s, const asm_operand& o, unsigned* bits = nullptr) const {
    if (o.k == asm_operand::kind::imm) throw refuse("an immediate where a register is read");
    const auto r = find_reg(o.reg);
    if (!r) throw refuse("register " + o.reg + " is not modelled");
    if (bits) *bits = r->bits;
    return r->bits == 64 ? s.regs[r->index] : s.regs[r->index].extract(r->bits - 1, 0);
  }
  // A register or an immediate, at `bits`.
  z3::expr value(const state& s, const asm_operand& o, unsigned bits) const {
    if (o.k == asm_operand::kind::imm) return c_.bv_val(static_cast<std::uint64_t>(o.imm), 64).extract(bits - 1, 0);
    unsigned w = 0;
    z3::expr v = read(s, o, &w);
    if (w != bits) throw refuse("operand sizes differ");
    return v;
  }
  // Writing a 32-bit register clears the upper half; 8/16-bit writes merge.
  void write(state& s, const asm_operand& o, const z3::expr& v) const {
    const auto r = find_reg(o.reg);
    if (!r) throw refuse("register " + o.reg + " is not modelled");
    z3::expr& full = s.regs[r->index];
    if (r->bits == 64) full = v;
    else if (r->bits == 32) full = z3::zext(v, 32);
    else full = z3::concat(full.extract(63, r->bits), v);
  }
  z3::expr undefined_flag() const { return fresh_(1) == c_.bv_val(1, 1); }
  z3::expr flag(const std::optional<z3::expr>& f, const char* name) const {
    if (!f) throw refuse(std::string("reads ") + name + " after an instruction whose flags are not modelled");
    return *f;
  }
  z3::expr condition(const state& s, std::int64_t cc) const {
    switch (cc) {  // X86::CondCode
      case 0: return flag(s.of, "OF");
      case 1: return !flag(s.of, "OF");
      case 2: return flag(s.cf, "CF");
      case 3: return !flag(s.cf, "CF");
      case 4: return flag(s.zf, "ZF");
      case 5: return !flag(s.zf, "ZF");
      case 6: return flag(s.cf, "CF") || flag(s.zf, "ZF");
      case 7: return !flag(s.cf, "CF") && !flag(s.zf, "ZF");
      case 8: return flag(s.sf, "SF");
      case 9: return !flag(s.sf, "SF");
      case 12: return flag(s.sf, "SF") != flag(s.of, "OF");
      case 13: return flag(s.sf, "SF") == flag(s.of, "OF");
      case 14: return flag(s.zf, "ZF") || flag(s.sf, "SF") != flag(s.of, "OF");
      case 15: return !flag(s.zf, "ZF") && flag(s.sf, "SF") == flag(s.of, "OF");
      default: throw refuse("a condition on the parity flag");
    }
  }
  void result_flags(state& s, const z3::expr& r, unsigned w) const {
    s.zf = r == c_.bv_val(0, w);
    s.sf = r.extract(w - 1, w - 1) == c_.bv_val(1, 1);
  }

  // One instruction; `rep` is a preceding REP prefix. Returns the label
  // jumped to (with the condition) for a branch.
  void step(state& s, const asm_item& in, bool rep, std::string& jump, std::optional<z3::expr>& jump_if);

 private:
  z3::context& c_;
  std::string text_;
  const std::function<z3::expr(unsigned)>& fresh_;
  const cpu_choice_fn& choice_;

  const asm_operand& operand(const asm_item& in, std::size_t k) const {
    if (k >= in.operands.size()) throw refuse("unexpected operands of " + in.opcode);
    return in.operands[k];
  }
  z3::expr msb(const z3::expr& v, unsigned w) const { return v.extract(w - 1, w - 1) == c_.bv_val(1, 1); }
  void lea(state& s, const asm_item& in);
  void alu(state& s, const asm_item& in, const std::string& name, unsigned w);  // ADD SUB AND OR XOR CMP TEST
  void unary(state& s, const asm_item& in, const std::string& name, unsigned w);  // NEG NOT INC DEC
  // SHL SHR SAR by an immediate (`form` ri) or by one (r1).
  void shift(state& s, const asm_item& in, const std::string& name, const std::string& form, unsigned w);

  // BSF/BSR: a zero source sets ZF and leaves the destination unchanged
  // (AMD) or undefined (Intel).
  void bit_scan(state& s, const asm_operand& dst, const z3::expr& x, unsigned w, bool forward) const {
    const z3::expr z = x == c_.bv_val(0, w);
    state found = s, intel = s;
    write(found, dst, forward ? bv_cttz(x) : c_.bv_val(w - 1, w) - bv_ctlz(x));
    write(intel, dst, fresh_(w));
    const z3::expr amd = choice_("cpu!bsf-zero-unchanged",
                                 "BSF/BSR with a zero source leave the destination unchanged (AMD's "
                                 "documentation; false: undefined, Intel's)");
    for (int i = 0; i < gpr_count; ++i)
      s.regs[i] = z3::ite(z, z3::ite(amd, s.regs[i], intel.regs[i]), found.regs[i]);
    s.zf = z;
    s.cf = undefined_flag();
    s.sf = undefined_flag();
    s.of = undefined_flag();
  }
  // TZCNT/LZCNT, or BSF/BSR on CPUs without them (the F3 prefix is ignored).
  void count(state& s, const asm_operand& dst, const z3::expr& x, unsigned w, bool trailing) const {
    const z3::expr zero = c_.bv_val(0, w);
    state old = s;
    bit_scan(old, dst, x, w, trailing);
    const z3::expr r = trailing ? bv_cttz(x) : bv_ctlz(x);
    write(s, dst, r);
    s.cf = x == zero;
    s.zf = r == zero;
    s.sf = undefined_flag();
    s.of = undefined_flag();
    const z3::expr has = trailing ? choice_("cpu!bmi1", "TZCNT (and rep bsf) count trailing zeros (CPUs with "
                                                        "BMI1; false: they execute as BSF)")
                                  : choice_("cpu!lzcnt", "LZCNT (and rep bsr) count leading zeros (CPUs with "
                                                         "LZCNT/ABM; false: they execute as BSR)");
    for (int i = 0; i < gpr_count; ++i) s.regs[i] = z3::ite(has, s.regs[i], old.regs[i]);
    s.zf = z3::ite(has, *s.zf, *old.zf);
    s.cf = z3::ite(has, *s.cf, *old.cf);
  }
};

void x86_machine::lea(state& s, const asm_item& in) {
  const auto op = [&](std::size_t k) -> const asm_operand& { return operand(in, k); };
  // dst, base, scale, index, displacement, segment
  if (in.operands.size() != 6 || op(2).k != asm_operand::kind::imm || op(4).k != asm_operand::kind::imm ||
      !op(5).reg.empty())
    throw refuse("an address form of lea that is not modelled");
  z3::expr a = c_.bv_val(static_cast<std::uint64_t>(op(4).imm), 64);
  if (!op(1).reg.empty()) a = a + read(s, op(1));
  if (!op(3).reg.empty()) a = a + read(s, op(3)) * c_.bv_val(static_cast<std::uint64_t>(op(2).imm), 64);
  unsigned w = 0;
  read(s, op(0), &w);
  write(s, op(0), a.extract(w - 1, 0));
}

void x86_machine::alu(state& s, const asm_item& in, const std::string& name, unsigned w) {
  const auto op = [&](std::size_t k) -> const asm_operand& { return operand(in, k); };
  const bool two = name == "CMP" || name == "TEST";  // no destination: src1, src2
  const z3::expr a = value(s, op(two ? 0 : 1), w), b = value(s, op(two ? 1 : 2), w);
  z3::expr r = name == "ADD" ? a + b : (name == "SUB" || name == "CMP") ? a - b
               : (name == "AND" || name == "TEST") ? a & b : name == "OR" ? a | b : a ^ b;
  if (!two) write(s, op(0), r);
  result_flags(s, r, w);
  if (name == "ADD") {
    s.cf = z3::ult(r, a);
    s.of = msb(a, w) == msb(b, w) && msb(r, w) != msb(a, w);
  } else if (name == "SUB" || name == "CMP") {
    s.cf = z3::ult(a, b);
    s.of = msb(a, w) != msb(b, w) && msb(r, w) != msb(a, w);
  } else {
    s.cf = s.of = c_.bool_val(false);
  }
}

void x86_machine::unary(state& s, const asm_item& in, const std::string& name, unsigned w) {
  const z3::expr a = value(s, operand(in, 1), w);
  const z3::expr one = c_.bv_val(1, w);
  const z3::expr r = name == "NEG" ? -a : name == "NOT" ? ~a : name == "INC" ? a + one : a - one;
  write(s, operand(in, 0), r);
  if (name == "NOT") return;  // no flags
  result_flags(s, r, w);
  if (name == "NEG") {
    s.cf = a != c_.bv_val(0, w);
    s.of = a == c_.bv_val(std::uint64_t{1} << (w - 1), w);
  } else {
    s.of = name == "INC" ? !msb(a, w) && msb(r, w) : msb(a, w) && !msb(r, w);
  }
}

void x86_machine::shift(state& s, const asm_item& in, const std::string& name, const std::string& form, unsigned w) {
  const z3::expr a = value(s, operand(in, 1), w);
  const unsigned count = static_cast<unsigned>((form == "r1" ? 1 : operand(in, 2).imm) & (w == 64 ? 63 : 31));
  if (count == 0) return;  // flags unchanged
  if (count >= w) throw refuse("a shift by the operand width or more");
  const z3::expr k = c_.bv_val(count, w);
  const z3::expr r = name == "SHL" ? z3::shl(a, k) : name == "SHR" ? z3::lshr(a, k) : z3::ashr(a, k);
  write(s, operand(in, 0), r);
  result_flags(s, r, w);
  const unsigned out = name == "SHL" ? w - count : count - 1;  // the last bit shifted out
  s.cf = a.extract(out, out) == c_.bv_val(1, 1);
  s.of = count != 1 ? undefined_flag()
         : name == "SHL" ? msb(r, w) != *s.cf
         : name == "SHR" ? msb(a, w)
                         : c_.bool_val(false);
}

void x86_machine::step(state& s, const asm_item& in, bool rep, std::string& jump,
                       std::optional<z3::expr>& jump_if) {
  static const std::regex shape(R"(^([A-Z]+?)(8|16|32|64)(rr|ri|ri8|ri32|r|r1|rr_REV)?$)");
  const auto& ops = in.operands;
  const auto op = [&](std::size_t k) -> const asm_operand& { return operand(in, k); };
  if (in.opcode == "JMP_1" || in.opcode == "JMP_4" || in.opcode == "JCC_1" || in.opcode == "JCC_4") {
    if (op(0).k != asm_operand::kind::label) throw refuse("an indirect jump");
    jump = op(0).label;
    if (in.opcode[1] == 'C') jump_if = condition(s, op(1).imm);
    return;
  }
  if (in.opcode == "LEA64r" || in.opcode == "LEA32r" || in.opcode == "LEA64_32r") return lea(s, in);
  std::smatch m;
  if (!std::regex_match(in.opcode, m, shape)) throw refuse("instruction " + in.opcode + " is not modelled");
  const std::string name = m[1];
  const unsigned w = static_cast<unsigned>(std::stoi(m[2]));
  if (name == "BSF" || name == "BSR") {
    // LLVM 19: dst, src (later versions add the destination as a tied input).
    const asm_operand& src = ops.size() == 3 ? op(2) : op(1);
    const z3::expr x = value(s, src, w);
    if (rep) count(s, op(0), x, w, name == "BSF");  // F3 BSF/BSR is TZCNT/LZCNT
    else bit_scan(s, op(0), x, w, name == "BSF");
    return;
  }
  if (name == "TZCNT" || name == "LZCNT") return count(s, op(0), value(s, op(1), w), w, name == "TZCNT");
  if (name == "POPCNT") {
    const z3::expr x = value(s, op(1), w);
    write(s, op(0), bv_popcount(x));
    s.zf = x == c_.bv_val(0, w);
    s.cf = s.sf = s.of = c_.bool_val(false);
    return;
  }
  if (name == "MOV") return write(s, op(0), value(s, op(1), w));
  if (name == "CMOV")  // dst, src1 (= dst), src2, condition
    return write(s, op(0), z3::ite(condition(s, op(3).imm), value(s, op(2), w), value(s, op(1), w)));
  if (name == "ADD" || name == "SUB" || name == "AND" || name == "OR" || name == "XOR" || name == "CMP" ||
      name == "TEST")
    return alu(s, in, name, w);
  if (name == "NEG" || name == "NOT" || name == "INC" || name == "DEC") return unary(s, in, name, w);
  if ((name == "SHL" || name == "SHR" || name == "SAR") && (m[3] == "ri" || m[3] == "r1"))
    return shift(s, in, name, m[3], w);
  throw refuse("instruction " + in.opcode + " is not modelled");
}

state merge(const state& a, const state& b) {
  state r = a;
  r.guard = a.guard || b.guard;
  for (int i = 0; i < gpr_count; ++i) r.regs[i] = z3::ite(a.guard, a.regs[i], b.regs[i]);
  auto flag = [&](const std::optional<z3::expr>& x, const std::optional<z3::expr>& y) -> std::optional<z3::expr> {
    if (!x || !y) return std::nullopt;
    return z3::ite(a.guard, *x, *y);
  };
  r.zf = flag(a.zf, b.zf);
  r.cf = flag(a.cf, b.cf);
  r.sf = flag(a.sf, b.sf);
  r.of = flag(a.of, b.of);
  return r;
}

}  // namespace

asm_effect run_x86_64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                      const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh,
                      const cpu_choice_fn& choice) {
  const std::string& tmpl = ia.getAsmString();
  z3::context& c = fresh(1).ctx();
  x86_machine mach(c, tmpl, fresh, choice);
  const bool intel = ia.getDialect() == llvm::InlineAsm::AD_Intel;

  asm_isa isa;
  isa.registers = gpr_count;
  isa.reserved = {4, 5};  // never rsp/rbp
  isa.letters = {{"a", 0}, {"c", 1}, {"d", 2}, {"b", 3}, {"S", 6}, {"D", 7}};
  isa.general = {"r", "q", "R", "Q", "g", "mr", "rm", "m"};  // memory-or-register: given a register
  isa.named = [](const std::string& n) {
    const auto r = find_reg(llvm::StringRef(n).upper());
    return r ? r->index : -1;
  };
  isa.print = [intel](int reg, unsigned bits, char mod) -> std::string {
    unsigned w = bits;
    if (mod == 'q') w = 64;
    else if (mod == 'k') w = 32;
    else if (mod == 'w') w = 16;
    else if (mod == 'b') w = 8;
    else if (mod != 0) return "";
    if (w != 8 && w != 16 && w != 32 && w != 64) return "";
    return (intel ? "" : "%") + reg_name(reg, w);
  };
  isa.alternative = intel ? 1 : 0;
  const asm_operands plan = plan_operands(ia, inputs, output_bits, isa);
  const std::string& text = plan.text;
  const auto& initial = plan.inputs;
  const auto& outputs = plan.outputs;

  const std::vector<asm_item> items = parse_asm(triple, text, intel);
  std::array<z3::expr, gpr_count> regs{
      fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64),
      fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64), fresh(64)};
  for (const auto& [reg, v] : initial) {
    const unsigned w = v.get_sort().bv_size();
    z3::expr& r = regs[static_cast<std::size_t>(reg)];
    r = w >= 64 ? v.extract(63, 0) : z3::concat(r.extract(63, w), v);
  }
  asm_effect out;
  std::optional<state> cur = state{c.bool_val(true), regs, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  cur->zf = mach.undefined_flag();  // flags on entry: whatever the compiler left
  cur->cf = mach.undefined_flag();
  cur->sf = mach.undefined_flag();
  cur->of = mach.undefined_flag();
  std::map<std::string, std::vector<state>> pending;  // forward jumps waiting for their label
  std::map<std::string, bool> passed;
  bool rep = false;
  for (const asm_item& in : items) {
    if (!in.label.empty()) {
      passed[in.label] = true;
      auto it = pending.find(in.label);
      if (it != pending.end()) {
        for (const state& s : it->second) cur = cur ? merge(*cur, s) : s;
        pending.erase(it);
      }
      continue;
    }
    if (in.opcode == "REP_PREFIX") {
      rep = true;
      continue;
    }
    if (!cur) continue;  // after an unconditional jump: unreachable until a label
    std::string jump;
    std::optional<z3::expr> jump_if;
    mach.step(*cur, in, rep, jump, jump_if);
    rep = false;
    if (jump.empty()) continue;
    if (passed.count(jump)) throw mach.refuse("a backward branch (a loop)");
    state taken = *cur;
    if (jump_if) {
      taken.guard = cur->guard && *jump_if;
      cur->guard = cur->guard && !*jump_if;
      pending[jump].push_back(taken);
    } else {
      pending[jump].push_back(taken);
      cur.reset();
    }
  }
  if (!pending.empty()) throw mach.refuse("a branch out of the asm statement (to " + pending.begin()->first + ")");
  if (!cur) throw mach.refuse("no path reaches the end of the asm statement");
  for (const auto& [reg, w] : outputs)
    out.outputs.push_back(w == 64 ? cur->regs[static_cast<std::size_t>(reg)]
                                  : cur->regs[static_cast<std::size_t>(reg)].extract(w - 1, 0));
  return out;
}

}  // namespace scanproof::proof
