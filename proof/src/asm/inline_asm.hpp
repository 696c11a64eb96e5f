// Inline asm with its instructions' meaning: the template's operands are
// given registers, LLVM's MC parses it (asm_parse.hpp), and the instructions
// are executed over Z3 terms with the ISA's documented semantics. Only the
// instructions listed in docs/proof.md are modelled; anything else is
// not_modelled: asm "<text>".
#pragma once
#include <z3++.h>

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class InlineAsm;
}

namespace scanproof::proof {

struct asm_effect {
  std::vector<z3::expr> outputs;  // one per output operand, of its width
};

// Where CPUs differ (BSF on a zero source: unchanged on AMD, undefined on
// Intel; TZCNT without BMI1 executes as BSF...), the semantics is
// ite(choice, documented-or-newer behaviour, the other one); `choice(name,
// what)` gives the Boolean for one such difference (the same one for the
// same name), `what` saying what true and false mean.
using cpu_choice_fn = std::function<z3::expr(const std::string& name, const std::string& what)>;

// `inputs`: one bit-vector per input operand (in constraint order);
// `output_bits`: the width of each output operand; `fresh` makes an
// unconstrained bit-vector (a register's undefined contents).
asm_effect run_inline_asm(const llvm::InlineAsm& ia, const std::string& triple,
                          const std::vector<z3::expr>& inputs, const std::vector<unsigned>& output_bits,
                          const std::function<z3::expr(unsigned bits)>& fresh, const cpu_choice_fn& choice);

}  // namespace scanproof::proof
