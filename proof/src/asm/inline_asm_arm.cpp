// 32-bit ARM inline asm (ARM and Thumb-2), straight-line and unconditional:
// clz, rbit, mov, and add/sub/and/orr/eor with a register or an immediate,
// none setting flags. Semantics from the Arm Architecture Reference Manual
// (ARMv7-A): clz of zero is 32.
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

constexpr int gprs = 13;  // r0..r12 (sp, lr, pc are not operands)
constexpr std::int64_t always = 14;  // ARMCC::AL

std::optional<int> find_reg(const std::string& n) {
  static const std::regex re(R"(^R([0-9]+)$)");
  std::smatch m;
  if (!std::regex_match(n, m, re)) return std::nullopt;
  const int i = std::stoi(m[1]);
  return i < gprs ? std::optional<int>(i) : std::nullopt;
}

class arm_machine {
 public:
  arm_machine(std::string text, const std::function<z3::expr(unsigned)>& fresh) : text_(std::move(text)), fresh_(fresh) {}
  std::array<std::optional<z3::expr>, gprs> r;

  not_modelled refuse(const std::string& why) const { return not_modelled("asm \"" + text_ + "\": " + why); }
  z3::expr& slot(const asm_operand& o) {
    const auto i = o.k == asm_operand::kind::reg ? find_reg(o.reg) : std::nullopt;
    if (!i) throw refuse("operand " + (o.reg.empty() ? std::to_string(o.imm) : o.reg) + " is not modelled");
    auto& s = r[static_cast<std::size_t>(*i)];
    if (!s) s = fresh_(32);
    return *s;
  }

  void step(const asm_item& in) {
    // Strip the Thumb-2 prefix: t2CLZ is CLZ.
    std::string o = in.opcode.rfind("t2", 0) == 0 ? in.opcode.substr(2) : in.opcode;
    const auto& ops = in.operands;
    // Operands: dst, sources..., then the predicate (condition, CPSR) and,
    // for data processing, the optional flag-setting register.
    auto predicate_at = [&](std::size_t k) {
      if (ops.size() <= k + 1 || ops[k].k != asm_operand::kind::imm) throw refuse("operands of " + in.opcode);
      if (ops[k].imm != always) throw refuse("a conditional instruction");
      if (ops.size() > k + 2 && !ops[k + 2].reg.empty()) throw refuse("an instruction that sets the flags");
    };
    z3::context& c = fresh_(1).ctx();
    if (o == "CLZ" || o == "RBIT") {
      predicate_at(2);
      const z3::expr x = slot(ops[1]);
      slot(ops[0]) = o == "CLZ" ? bv_ctlz(x) : bv_bitreverse(x);
      return;
    }
    if (o == "MOVr") {
      predicate_at(2);
      slot(ops[0]) = slot(ops[1]);
      return;
    }
    if (o == "MOVi" || o == "MOVi16") {
      predicate_at(2);
      slot(ops[0]) = c.bv_val(static_cast<std::uint32_t>(ops[1].imm), 32);
      return;
    }
    static const std::regex dp(R"(^(ADD|SUB|AND|ORR|EOR)(rr|ri)$)");
    std::smatch m;
    if (std::regex_match(o, m, dp)) {
      predicate_at(3);
      const z3::expr a = slot(ops[1]);
      const z3::expr b = m[2] == "rr" ? slot(ops[2]) : c.bv_val(static_cast<std::uint32_t>(ops[2].imm), 32);
      const std::string n = m[1];
      slot(ops[0]) = n == "ADD" ? a + b : n == "SUB" ? a - b : n == "AND" ? a & b : n == "ORR" ? a | b : a ^ b;
      return;
    }
    throw refuse("instruction " + in.opcode + " is not modelled");
  }

 private:
  std::string text_;
  const std::function<z3::expr(unsigned)>& fresh_;
};

}  // namespace

asm_effect run_arm(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                   const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh) {
  asm_isa isa;
  isa.registers = gprs;
  isa.reserved = {7, 9, 11};  // frame pointer (Thumb / ARM) and the platform register
  isa.general = {"r", "l"};
  isa.named = [](const std::string& n) { return find_reg(llvm::StringRef(n).upper()).value_or(-1); };
  isa.print = [](int reg, unsigned bits, char mod) -> std::string {
    if (mod != 0 || bits > 32) return "";
    return "r" + std::to_string(reg);
  };
  const asm_operands plan = plan_operands(ia, inputs, output_bits, isa);
  arm_machine mach(ia.getAsmString(), fresh);
  return run_straight_line(mach, plan, triple, 32, "ARM", fresh);
}

}  // namespace scanproof::proof
