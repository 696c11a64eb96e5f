// AArch64 inline asm, straight-line: rbit, clz, the NEON popcount idiom
// (fmov to a SIMD register, cnt, addv/uaddlv, fmov back), mov/movz,
// add/sub/and/orr/eor with a shifted register or an immediate, the
// lsl/lsr/ubfm bit-field moves and lslv/lsrv. Semantics from the Arm
// Architecture Reference Manual (A64); clz of zero is the width, as it is
// documented (no CPU differences to model).
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

constexpr int gprs = 31;   // X0..X30
constexpr int simds = 32;  // V0..V31 (128 bits)

struct reg_ref {
  bool simd;     // a V register viewed as B/H/S/D/Q
  int index;     // -1: the zero register
  unsigned bits;
};

std::optional<reg_ref> find_reg(const std::string& n) {
  if (n == "XZR") return reg_ref{false, -1, 64};
  if (n == "WZR") return reg_ref{false, -1, 32};
  static const std::regex re(R"(^([XWBHSDQ])([0-9]+)$)");
  std::smatch m;
  if (!std::regex_match(n, m, re)) return std::nullopt;
  const int i = std::stoi(m[2]);
  switch (m[1].str()[0]) {
    case 'X': return i < gprs ? std::optional<reg_ref>(reg_ref{false, i, 64}) : std::nullopt;
    case 'W': return i < gprs ? std::optional<reg_ref>(reg_ref{false, i, 32}) : std::nullopt;
    case 'B': return reg_ref{true, i, 8};
    case 'H': return reg_ref{true, i, 16};
    case 'S': return reg_ref{true, i, 32};
    case 'D': return reg_ref{true, i, 64};
    case 'Q': return reg_ref{true, i, 128};
  }
  return std::nullopt;
}

class a64_machine {
 public:
  a64_machine(z3::context& c, std::string text, const std::function<z3::expr(unsigned)>& fresh)
      : c_(c), text_(std::move(text)), fresh_(fresh) {}

  std::array<std::optional<z3::expr>, gprs> x;
  std::array<std::optional<z3::expr>, simds> v;

  not_modelled refuse(const std::string& why) const { return not_modelled("asm \"" + text_ + "\": " + why); }

  z3::expr read(const asm_operand& o, unsigned* bits = nullptr) {
    if (o.k != asm_operand::kind::reg) throw refuse("an immediate where a register is read");
    const auto r = find_reg(o.reg);
    if (!r) throw refuse("register " + o.reg + " is not modelled");
    if (bits) *bits = r->bits;
    if (r->index < 0) return c_.bv_val(0, r->bits);
    auto& slot = r->simd ? v[static_cast<std::size_t>(r->index)] : x[static_cast<std::size_t>(r->index)];
    if (!slot) slot = fresh_(r->simd ? 128 : 64);  // whatever the compiler left there
    return slot->extract(r->bits - 1, 0);
  }
  // A W write clears the upper half of X; a B/H/S/D write clears the rest of V.
  void write(const asm_operand& o, const z3::expr& val) {
    const auto r = find_reg(o.reg);
    if (!r) throw refuse("register " + o.reg + " is not modelled");
    if (r->index < 0) return;  // the zero register discards
    const unsigned full = r->simd ? 128 : 64;
    auto& slot = r->simd ? v[static_cast<std::size_t>(r->index)] : x[static_cast<std::size_t>(r->index)];
    slot = r->bits == full ? val : z3::zext(val, full - r->bits);
  }
  unsigned width(const asm_operand& o) {
    unsigned w = 0;
    read(o, &w);
    return w;
  }
  z3::expr shifted(const z3::expr& val, std::int64_t enc) {  // the Xrs/Wrs shift operand
    const unsigned w = val.get_sort().bv_size();
    const std::int64_t type = (enc >> 6) & 7;
    const auto amount = static_cast<unsigned>(enc & 63);
    if (amount >= w) throw refuse("a shift amount out of range");
    const z3::expr k = c_.bv_val(amount, w);
    switch (type) {
      case 0: return z3::shl(val, k);
      case 1: return z3::lshr(val, k);
      case 2: return z3::ashr(val, k);
      case 3: return amount == 0 ? val : z3::concat(val.extract(amount - 1, 0), val.extract(w - 1, amount));
    }
    throw refuse("a shift type that is not modelled");
  }

  void step(const asm_item& in);

 private:
  z3::context& c_;
  std::string text_;
  const std::function<z3::expr(unsigned)>& fresh_;
};

void a64_machine::step(const asm_item& in) {
  const auto& ops = in.operands;
  auto op = [&](std::size_t k) -> const asm_operand& {
    if (k >= ops.size()) throw refuse("unexpected operands of " + in.opcode);
    return ops[k];
  };
  auto imm = [&](std::size_t k) {
    if (op(k).k != asm_operand::kind::imm) throw refuse("an operand of " + in.opcode + " that is not modelled");
    return op(k).imm;
  };
  const std::string& o = in.opcode;
  if (o == "RBITXr" || o == "RBITWr") return write(op(0), bv_bitreverse(read(op(1))));
  if (o == "CLZXr" || o == "CLZWr") return write(op(0), bv_ctlz(read(op(1))));
  if (o == "FMOVXDr" || o == "FMOVDXr" || o == "FMOVWSr" || o == "FMOVSWr") return write(op(0), read(op(1)));
  if (o == "CNTv8i8" || o == "CNTv16i8") {  // each byte's population count
    const unsigned w = o == "CNTv8i8" ? 64 : 128;
    const z3::expr src = read(op(1));
    if (src.get_sort().bv_size() != w) throw refuse("cnt on a register of another width");
    z3::expr r = bv_popcount(src.extract(7, 0)).extract(7, 0);
    for (unsigned b = 1; b < w / 8; ++b) r = z3::concat(bv_popcount(src.extract(8 * b + 7, 8 * b)).extract(7, 0), r);
    return write(op(0), r);
  }
  if (o == "ADDVv8i8v" || o == "ADDVv16i8v" || o == "UADDLVv8i8v" || o == "UADDLVv16i8v") {
    const unsigned w = o.find("v16") != std::string::npos ? 128 : 64;
    const bool wide = o.rfind("UADDLV", 0) == 0;  // the sum in 16 bits, else modulo 256
    const z3::expr src = read(op(1));
    if (src.get_sort().bv_size() != w) throw refuse(in.opcode + " on a register of another width");
    z3::expr sum = c_.bv_val(0, 16);
    for (unsigned b = 0; b < w / 8; ++b) sum = sum + z3::zext(src.extract(8 * b + 7, 8 * b), 8);
    return write(op(0), wide ? sum : sum.extract(7, 0));
  }
  static const std::regex arith(R"(^(ADD|SUB|AND|ORR|EOR)(X|W)(rs|ri)$)");
  std::smatch m;
  if (std::regex_match(o, m, arith)) {
    const z3::expr a = read(op(1));
    const unsigned w = a.get_sort().bv_size();
    z3::expr b(c_);
    if (m[3] == "rs") {
      b = shifted(read(op(2)), imm(3));
    } else {
      if (m[1] != "ADD" && m[1] != "SUB") throw refuse("a logical immediate (bitmask encoding) is not modelled");
      b = c_.bv_val(static_cast<std::uint64_t>(imm(2)) << imm(3), w);
    }
    const std::string name = m[1];
    return write(op(0), name == "ADD" ? a + b : name == "SUB" ? a - b : name == "AND" ? a & b : name == "ORR" ? a | b : a ^ b);
  }
  if (o == "MOVZXi" || o == "MOVZWi") {
    const unsigned w = width(op(0));
    return write(op(0), c_.bv_val(static_cast<std::uint64_t>(imm(1)) << imm(2), w));
  }
  if (o == "UBFMXri" || o == "UBFMWri") {  // lsl/lsr/ubfx by an immediate
    const z3::expr src = read(op(1));
    const unsigned w = src.get_sort().bv_size();
    const auto immr = static_cast<unsigned>(imm(2)), imms = static_cast<unsigned>(imm(3));
    if (immr >= w || imms >= w) throw refuse("a bit-field out of range");
    if (imms >= immr) return write(op(0), z3::zext(src.extract(imms, immr), w - (imms - immr + 1)));
    const z3::expr field = src.extract(imms, 0);  // moved up to bit w - immr
    const unsigned lo = w - immr;
    z3::expr r = z3::concat(field, c_.bv_val(0, lo));
    const unsigned have = imms + 1 + lo;
    return write(op(0), have < w ? z3::zext(r, w - have) : r);
  }
  if (o == "LSLVXr" || o == "LSRVXr" || o == "ASRVXr" || o == "LSLVWr" || o == "LSRVWr" || o == "ASRVWr") {
    const z3::expr a = read(op(1)), s = read(op(2));
    const unsigned w = a.get_sort().bv_size();
    const z3::expr k = z3::urem(s, c_.bv_val(w, w));
    return write(op(0), o.rfind("LSLV", 0) == 0 ? z3::shl(a, k) : o.rfind("LSRV", 0) == 0 ? z3::lshr(a, k) : z3::ashr(a, k));
  }
  throw refuse("instruction " + o + " is not modelled");
}

}  // namespace

asm_effect run_aarch64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                       const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh) {
  asm_isa isa;
  isa.registers = 18;  // x0..x17: x18 is the platform register, x29/x30 frame and link
  isa.general = {"r"};
  isa.named = [](const std::string& n) {
    const auto r = find_reg(llvm::StringRef(n).upper());
    return r && !r->simd && r->index >= 0 ? r->index : -1;
  };
  isa.print = [](int reg, unsigned bits, char mod) -> std::string {
    const char kind = mod ? mod : bits == 64 ? 'x' : bits <= 32 ? 'w' : 0;
    if (kind != 'x' && kind != 'w') return "";
    return kind + std::to_string(reg);
  };
  const asm_operands plan = plan_operands(ia, inputs, output_bits, isa);
  a64_machine mach(fresh(1).ctx(), ia.getAsmString(), fresh);
  for (const auto& [reg, val] : plan.inputs) {
    const unsigned w = val.get_sort().bv_size();
    auto& slot = mach.x[static_cast<std::size_t>(reg)];
    slot = w >= 64 ? val.extract(63, 0) : z3::concat(fresh(64 - w), val);
  }
  for (const asm_item& in : parse_asm(triple, plan.text, false)) {
    if (!in.label.empty()) throw mach.refuse("labels and branches on AArch64 are not modelled");
    mach.step(in);
  }
  asm_effect out;
  for (const auto& [reg, w] : plan.outputs) {
    auto& slot = mach.x[static_cast<std::size_t>(reg)];
    if (!slot) slot = fresh(64);
    out.outputs.push_back(w >= 64 ? *slot : slot->extract(w - 1, 0));
  }
  return out;
}

}  // namespace scanproof::proof
