// s390x inline asm, straight-line: flogr, popcnt (the z196 form: a count
// per byte), lgr, lghi/lgfi, agr/sgr/ngr/ogr/xgr, aghi. Semantics from the
// z/Architecture Principles of Operation: FLOGR writes the even register of
// a pair with the number of leading zeros (64 for zero) and the odd one with
// the source, its leftmost one bit cleared. The condition code is not
// modelled, so a branch on it is refused.
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

constexpr int gprs = 16;

struct reg_ref {
  int index;
  char view;  // 'D' 64-bit, 'L' low 32 bits, 'Q' the even/odd pair from index
};

// LLVM's names: R2D (64-bit), R2L (low word), R2Q (the pair r2, r3).
std::optional<reg_ref> find_reg(const std::string& n) {
  static const std::regex re(R"(^R([0-9]+)([DLQ])$)");
  std::smatch m;
  if (!std::regex_match(n, m, re)) return std::nullopt;
  const int i = std::stoi(m[1]);
  if (i >= gprs || (m[2] == "Q" && i % 2)) return std::nullopt;
  return reg_ref{i, m[2].str()[0]};
}

class systemz_machine {
 public:
  systemz_machine(std::string text, const std::function<z3::expr(unsigned)>& fresh)
      : text_(std::move(text)), fresh_(fresh) {}
  std::array<std::optional<z3::expr>, gprs> r;

  not_modelled refuse(const std::string& why) const { return not_modelled("asm \"" + text_ + "\": " + why); }
  z3::expr& at(int i) {
    auto& s = r[static_cast<std::size_t>(i)];
    if (!s) s = fresh_(64);  // whatever the compiler left there
    return *s;
  }
  reg_ref ref(const asm_operand& o, char view) {
    const auto x = o.k == asm_operand::kind::reg ? find_reg(o.reg) : std::nullopt;
    if (!x || x->view != view) throw refuse("operand " + (o.reg.empty() ? std::to_string(o.imm) : o.reg) + " is not modelled");
    return *x;
  }
  z3::expr& slot(const asm_operand& o) { return at(ref(o, 'D').index); }

  void step(const asm_item& in) {
    const std::string& o = in.opcode;
    const auto& ops = in.operands;
    z3::context& c = fresh_(1).ctx();
    auto imm = [&](std::size_t k) {
      if (ops.size() <= k || ops[k].k != asm_operand::kind::imm) throw refuse("operands of " + o);
      return c.bv_val(static_cast<std::int64_t>(ops[k].imm), 64);
    };
    if (o == "FLOGR") {
      const int pair = ref(ops[0], 'Q').index;
      const z3::expr x = slot(ops[1]);
      const z3::expr n = bv_ctlz(x);
      at(pair) = n;
      // The leftmost one cleared: x & ~(2^63 >> n); 0 stays 0.
      at(pair + 1) = z3::ite(x == 0, c.bv_val(0, 64), x & ~z3::lshr(c.bv_val(std::uint64_t{1} << 63, 64), n));
      return;
    }
    if (o == "POPCNT") {  // z196: each byte of the result counts its own byte
      const z3::expr x = slot(ops[1]);
      std::optional<z3::expr> v;
      for (int b = 7; b >= 0; --b) {
        const z3::expr byte = bv_popcount(x.extract(8 * b + 7, 8 * b));
        v = v ? z3::concat(*v, byte) : byte;
      }
      slot(ops[0]) = *v;
      return;
    }
    if (o == "LGR") {
      const z3::expr x = slot(ops[1]);
      slot(ops[0]) = x;
      return;
    }
    if (o == "LGHI" || o == "LGFI") {
      slot(ops[0]) = imm(1);
      return;
    }
    if (o == "AGHI") {  // two-operand: r1 += imm
      const z3::expr a = slot(ops[1]);
      slot(ops[0]) = a + imm(2);
      return;
    }
    static const std::regex rr(R"(^(AGR|SGR|NGR|OGR|XGR)$)");
    if (std::regex_match(o, rr)) {  // two-operand: r1 = r1 op r2 (LLVM lists r1 twice)
      const z3::expr a = slot(ops[1]);
      const z3::expr b = slot(ops[2]);
      slot(ops[0]) = o == "AGR" ? a + b : o == "SGR" ? a - b : o == "NGR" ? a & b : o == "OGR" ? a | b : a ^ b;
      return;
    }
    throw refuse("instruction " + o + " is not modelled");
  }

 private:
  std::string text_;
  const std::function<z3::expr(unsigned)>& fresh_;
};

}  // namespace

asm_effect run_systemz(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                       const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh) {
  asm_isa isa;
  isa.registers = gprs;
  isa.reserved = {0, 15};  // r0 (reads as 0 as an address), the stack pointer
  isa.general = {"r", "d", "a"};
  isa.named = [](const std::string& n) {
    const auto r = find_reg(llvm::StringRef(n).upper() + "D");
    return r ? r->index : -1;
  };
  isa.print = [](int reg, unsigned bits, char mod) -> std::string {
    if (mod != 0 || bits > 64) return "";
    return "%r" + std::to_string(reg);
  };
  const asm_operands plan = plan_operands(ia, inputs, output_bits, isa);
  systemz_machine mach(ia.getAsmString(), fresh);
  return run_straight_line(mach, plan, triple, 64, "s390x", fresh);
}

}  // namespace scanproof::proof
