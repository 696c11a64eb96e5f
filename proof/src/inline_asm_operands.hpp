// The part of inline asm every ISA shares: a register for each operand
// ($0, $1, ... count the outputs, then the inputs; tied operands share one),
// and the template with each operand written as the ISA prints that register.
#pragma once
#include <z3++.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

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

}  // namespace scanproof::proof
