#include "asm/inline_asm_operands.hpp"

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/InlineAsm.h>

#include <algorithm>
#include <cctype>

#include "base/not_modelled.hpp"

namespace scanproof::proof {

asm_operands plan_operands(const llvm::InlineAsm& ia, const std::vector<z3::expr>& inputs,
                           const std::vector<unsigned>& output_bits, const asm_isa& isa) {
  const std::string& tmpl = ia.getAsmString();
  auto refuse = [&](const std::string& why) { return not_modelled("asm \"" + tmpl + "\": " + why); };
  asm_operands out;

  // One register per operand ($0, $1, ... count outputs, then inputs).
  std::vector<int> reg_of;        // operand -> register index
  std::vector<unsigned> bits_of;  // operand -> width
  std::vector<bool> used(static_cast<std::size_t>(isa.registers), false);
  for (const int r : isa.reserved) used[static_cast<std::size_t>(r)] = true;
  std::size_t out_k = 0, in_k = 0;
  for (const auto& ci : ia.ParseConstraints()) {
    if (ci.Type == llvm::InlineAsm::isClobber) continue;
    if (ci.isIndirect) throw refuse("a memory operand");
    int reg = -1;
    for (const std::string& code : ci.Codes) {
      if (auto f = isa.letters.find(code); f != isa.letters.end()) reg = f->second;
      if (code.size() > 2 && code.front() == '{') {
        reg = isa.named(code.substr(1, code.size() - 2));
        if (reg < 0) throw refuse("register constraint " + code + " is not modelled");
      }
      if (!code.empty() && std::isdigit(static_cast<unsigned char>(code[0]))) {
        const unsigned tied = static_cast<unsigned>(std::stoi(code));
        if (tied >= reg_of.size()) throw refuse("a tied operand that is not an output");
        reg = reg_of[tied];
      }
    }
    const bool any = std::any_of(ci.Codes.begin(), ci.Codes.end(),
                                 [&](const std::string& code) { return isa.general.count(code) > 0; });
    if (reg < 0 && !any) throw refuse("operand constraint \"" + llvm::join(ci.Codes, ",") + "\" is not modelled");
    if (reg < 0) {
      for (int i = 0; i < isa.registers && reg < 0; ++i)
        if (!used[static_cast<std::size_t>(i)]) reg = i;
      if (reg < 0) throw refuse("more operands than registers");
    }
    used[static_cast<std::size_t>(reg)] = true;
    reg_of.push_back(reg);
    if (ci.Type == llvm::InlineAsm::isOutput) {
      if (out_k >= output_bits.size()) throw refuse("more output constraints than results");
      bits_of.push_back(output_bits[out_k++]);
      out.outputs.push_back({reg, bits_of.back()});
    } else {
      if (in_k >= inputs.size()) throw refuse("more input constraints than arguments");
      const z3::expr& v = inputs[in_k++];
      bits_of.push_back(v.get_sort().bv_size());
      out.inputs.push_back({reg, v});
    }
  }

  // The template with each operand named: $N, ${N:mod}, $$, $( | ).
  std::string& text = out.text;
  int alt = -1;
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    const char ch = tmpl[i];
    if (ch != '$' || i + 1 == tmpl.size()) {
      if (alt < 0 || alt == isa.alternative) text += ch;
      continue;
    }
    const char n = tmpl[++i];
    if (n == '$') {
      if (alt < 0 || alt == isa.alternative) text += '$';
    } else if (n == '(') {
      alt = 0;
    } else if (n == '|') {
      ++alt;
    } else if (n == ')') {
      alt = -1;
    } else {
      std::size_t k = 0;
      char mod = 0;
      if (std::isdigit(static_cast<unsigned char>(n))) {
        std::size_t end = i;
        while (end < tmpl.size() && std::isdigit(static_cast<unsigned char>(tmpl[end]))) ++end;
        k = std::stoul(tmpl.substr(i, end - i));
        i = end - 1;
      } else if (n == '{') {
        const std::size_t close = tmpl.find('}', i);
        if (close == std::string::npos) throw refuse("an unterminated ${ in the template");
        const std::string inside = tmpl.substr(i + 1, close - i - 1);
        const std::size_t colon = inside.find(':');
        if (inside.empty() || !std::isdigit(static_cast<unsigned char>(inside[0])))
          throw refuse("template operand ${" + inside + "} is not modelled");
        k = std::stoul(inside.substr(0, colon));
        if (colon != std::string::npos) mod = inside.size() == colon + 2 ? inside[colon + 1] : '?';
        i = close;
      } else {
        throw refuse(std::string("template escape $") + n + " is not modelled");
      }
      if (k >= reg_of.size()) throw refuse("template names operand " + std::to_string(k) + ", which does not exist");
      const std::string name = isa.print(reg_of[k], bits_of[k], mod);
      if (name.empty())
        throw refuse("a " + std::to_string(bits_of[k]) + "-bit register operand" +
                     (mod ? std::string(" with modifier ") + mod : std::string()));
      if (alt < 0 || alt == isa.alternative) text += name;
    }
  }
  return out;
}

}  // namespace scanproof::proof
