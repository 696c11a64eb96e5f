// 64-bit PowerPC inline asm (ppc64, ppc64le), straight-line: cntlzd, cnttzd,
// popcntd and their word forms, mr, li/addi, subfic, neg, add, subf, and,
// or, xor. Semantics from the Power ISA (v3.0): cntlzd/cnttzd of zero are
// 64, cntlzw/cnttzw of zero 32 (no CPU differences to model); popcntw
// counts each word on its own. XER[CA] (subfic's carry) is not modelled, so
// an instruction that reads it is refused.
#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/InlineAsm.h>

#include <array>
#include <optional>
#include <regex>

#include "asm/asm_parse.hpp"
#include "base/bitops.hpp"
#include "asm/inline_asm.hpp"
#include "asm/inline_asm_operands.hpp"
#include "base/not_modelled.hpp"

namespace scanproof::proof {
namespace {

constexpr int gprs = 32;

// LLVM's names: X3 (64-bit view), R3 (32-bit view), ZERO8/ZERO (r0 read as 0 by addi).
std::optional<int> find_reg(const std::string& n) {
  static const std::regex re(R"(^[XR]([0-9]+)$)");
  std::smatch m;
  if (!std::regex_match(n, m, re)) return std::nullopt;
  const int i = std::stoi(m[1]);
  return i < gprs ? std::optional<int>(i) : std::nullopt;
}

class ppc_machine {
 public:
  ppc_machine(std::string text, const std::function<z3::expr(unsigned)>& fresh)
      : text_(std::move(text)), fresh_(fresh) {}
  std::array<std::optional<z3::expr>, gprs> r;

  not_modelled refuse(const std::string& why) const { return not_modelled("asm \"" + text_ + "\": " + why); }
  z3::expr& slot(const asm_operand& o) {
    const auto i = o.k == asm_operand::kind::reg ? find_reg(o.reg) : std::nullopt;
    if (!i) throw refuse("operand " + (o.reg.empty() ? std::to_string(o.imm) : o.reg) + " is not modelled");
    auto& s = r[static_cast<std::size_t>(*i)];
    if (!s) s = fresh_(64);  // whatever the compiler left there
    return *s;
  }
  // addi's base: r0 there reads as 0 (LLVM names it ZERO8).
  z3::expr base(const asm_operand& o, z3::context& c) {
    if (o.k == asm_operand::kind::reg && (o.reg == "ZERO8" || o.reg == "ZERO")) return c.bv_val(0, 64);
    return slot(o);
  }

  void step(const asm_item& in) {
    const std::string& o = in.opcode;
    const auto& ops = in.operands;
    z3::context& c = fresh_(1).ctx();
    auto imm = [&](std::size_t k) {
      if (ops.size() <= k || ops[k].k != asm_operand::kind::imm) throw refuse("operands of " + o);
      return c.bv_val(static_cast<std::int64_t>(ops[k].imm), 64);
    };
    auto per_word = [&](const z3::expr& x, bool leading, bool count) {
      const z3::expr lo = x.extract(31, 0);
      if (!count) return z3::zext(leading ? bv_ctlz(lo) : bv_cttz(lo), 32);  // cntlzw/cnttzw: the low word
      const z3::expr hi = x.extract(63, 32);  // popcntw: each word counted on its own
      return z3::concat(bv_popcount(hi), bv_popcount(lo));
    };
    if (o == "CNTLZD" || o == "CNTTZD" || o == "POPCNTD") {
      const z3::expr x = slot(ops[1]);
      slot(ops[0]) = o == "CNTLZD" ? bv_ctlz(x) : o == "CNTTZD" ? bv_cttz(x) : bv_popcount(x);
      return;
    }
    if (o == "CNTLZW" || o == "CNTLZW8" || o == "CNTTZW" || o == "CNTTZW8" || o == "POPCNTW") {
      const z3::expr x = slot(ops[1]);
      slot(ops[0]) = per_word(x, o.rfind("CNTLZ", 0) == 0, o == "POPCNTW");
      return;
    }
    if (o == "ADDI8" || o == "ADDI") {  // li rD, imm is addi rD, 0, imm
      const z3::expr b = base(ops[1], c);
      slot(ops[0]) = b + imm(2);
      return;
    }
    if (o == "SUBFIC8" || o == "SUBFIC") {  // imm - rA (the carry into XER[CA] is not kept)
      const z3::expr a = slot(ops[1]);
      slot(ops[0]) = imm(2) - a;
      return;
    }
    if (o == "NEG8" || o == "NEG") {
      const z3::expr a = slot(ops[1]);
      slot(ops[0]) = -a;
      return;
    }
    static const std::regex rr(R"(^(ADD4|ADD8|SUBF|SUBF8|AND|AND8|OR|OR8|XOR|XOR8|ANDC|ANDC8)$)");
    if (std::regex_match(o, rr)) {  // mr rD, rS is or rD, rS, rS
      const z3::expr a = slot(ops[1]);
      const z3::expr b = slot(ops[2]);
      const std::string n = o.substr(0, o.find_first_of("48"));
      slot(ops[0]) = n == "ADD" ? a + b : n == "SUBF" ? b - a : n == "AND" ? a & b : n == "OR" ? a | b
                   : n == "XOR" ? a ^ b : a & ~b;
      return;
    }
    throw refuse("instruction " + o + " is not modelled");
  }

 private:
  std::string text_;
  const std::function<z3::expr(unsigned)>& fresh_;
};

}  // namespace

asm_effect run_ppc64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                     const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh) {
  asm_isa isa;
  isa.registers = gprs;
  isa.reserved = {0, 1, 2, 13};  // r0 (reads as 0 in addressing), stack, TOC, thread pointer
  isa.general = {"r", "b"};
  isa.named = [](const std::string& n) { return find_reg(llvm::StringRef(n).upper()).value_or(-1); };
  isa.print = [](int reg, unsigned bits, char mod) -> std::string {
    if (mod != 0 || bits > 64) return "";
    return std::to_string(reg);  // the template names a GPR by its number
  };
  const asm_operands plan = plan_operands(ia, inputs, output_bits, isa);
  ppc_machine mach(ia.getAsmString(), fresh);
  return run_straight_line(mach, plan, triple, 64, "PowerPC", fresh);
}

}  // namespace scanproof::proof
