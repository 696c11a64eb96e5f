// An inline asm template, once its operands are named, parsed by LLVM's MC
// assembler parser for the IR's target: the instructions and local labels it
// is made of, each operand a register name, an immediate or a label.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace scanproof::proof {

struct asm_operand {
  enum class kind { reg, imm, label } k = kind::imm;
  std::string reg;  // upper case as LLVM names it: "RAX", "EAX", "X0"
  std::int64_t imm = 0;
  std::string label;
};

struct asm_item {
  std::string label;   // a label here (the rest empty), or
  std::string opcode;  // an instruction: LLVM's name, e.g. "BSF64rr", "JCC_1"
  std::vector<asm_operand> operands;
};

// Throws not_modelled naming the text and the assembler's complaint.
std::vector<asm_item> parse_asm(const std::string& triple, const std::string& text, bool intel_syntax);

}  // namespace scanproof::proof
