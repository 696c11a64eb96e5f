// The part of inline asm every ISA shares: a register for each operand
// ($0, $1, ... count the outputs, then the inputs; tied operands share one),
// and the template with each operand written as the ISA prints that register.
#pragma once
#include <z3++.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "asm/asm_parse.hpp"
#include "asm/inline_asm.hpp"

namespace llvm {
class InlineAsm;
}

namespace scanproof::proof {

struct asm_isa {
  int registers = 0;                      // general-purpose registers, numbered 0..registers-1
  std::vector<int> reserved;              // never given to an operand (stack pointer...)
  std::map<std::string, int> letters;     // constraint letters naming one register ("a": rax)
  std::set<std::string> general;          // constraint codes any free register satisfies
  std::function<int(const std::string&)> named;  // "{x0}" without braces: the register, or -1
  // The register as the template must name it, for an operand of `bits` and
  // the modifier (0 if none); empty: not modelled.
  std::function<std::string(int reg, unsigned bits, char modifier)> print;
  int alternative = 0;  // which of "$( a $| b $)" to keep
};

struct asm_operands {
  std::string text;                                // the template with the registers named
  std::vector<std::pair<int, z3::expr>> inputs;    // register, value
  std::vector<std::pair<int, unsigned>> outputs;   // register, width
};

// Throws not_modelled: asm "<text>": why.
asm_operands plan_operands(const llvm::InlineAsm& ia, const std::vector<z3::expr>& inputs,
                           const std::vector<unsigned>& output_bits, const asm_isa& isa);

// The rest of a straight-line ISA whose general registers are all `width`
// bits (ARM, PowerPC, s390x): each input loaded into its register (a narrower
// value's upper bits are whatever was there), the template's instructions
// stepped in order (a label: refused), each output read back. `Machine` has
// `r` (its registers), `step(const asm_item&)` and `refuse(why)`.
template <class Machine>
asm_effect run_straight_line(Machine& mach, const asm_operands& plan, const std::string& triple, unsigned width,
                             const char* isa_name, const std::function<z3::expr(unsigned)>& fresh) {
  const std::string wide = "a " + std::to_string(2 * width) + "-bit ";
  for (const auto& [reg, val] : plan.inputs) {
    const unsigned w = val.get_sort().bv_size();
    if (w > width) throw mach.refuse(wide + "operand in one register");
    mach.r[static_cast<std::size_t>(reg)] = w == width ? val : z3::concat(fresh(width - w), val);
  }
  for (const asm_item& in : parse_asm(triple, plan.text, false)) {
    if (!in.label.empty()) throw mach.refuse(std::string("labels and branches on ") + isa_name + " are not modelled");
    mach.step(in);
  }
  asm_effect out;
  for (const auto& [reg, w] : plan.outputs) {
    auto& s = mach.r[static_cast<std::size_t>(reg)];
    if (!s) s = fresh(width);
    if (w > width) throw mach.refuse(wide + "output in one register");
    out.outputs.push_back(w == width ? *s : s->extract(w - 1, 0));
  }
  return out;
}

}  // namespace scanproof::proof
