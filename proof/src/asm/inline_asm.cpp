#include "asm/inline_asm.hpp"

#include <llvm/IR/InlineAsm.h>
#include <llvm/TargetParser/Triple.h>

#include "base/not_modelled.hpp"

namespace scanproof::proof {

// Each ISA's instructions (inline_asm_<isa>.cpp).
asm_effect run_x86_64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                      const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh,
                      const cpu_choice_fn& choice);
asm_effect run_aarch64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                       const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh);
asm_effect run_arm(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                   const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh);
asm_effect run_ppc64(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                     const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh);
asm_effect run_systemz(const llvm::InlineAsm& ia, const std::string& triple, const std::vector<z3::expr>& inputs,
                       const std::vector<unsigned>& output_bits, const std::function<z3::expr(unsigned)>& fresh);

asm_effect run_inline_asm(const llvm::InlineAsm& ia, const std::string& triple,
                          const std::vector<z3::expr>& inputs, const std::vector<unsigned>& output_bits,
                          const std::function<z3::expr(unsigned)>& fresh, const cpu_choice_fn& choice) {
  const llvm::Triple t(triple);
  if (t.getArch() == llvm::Triple::x86_64) return run_x86_64(ia, triple, inputs, output_bits, fresh, choice);
  if (t.isAArch64()) return run_aarch64(ia, triple, inputs, output_bits, fresh);
  if (t.isARM() || t.isThumb()) return run_arm(ia, triple, inputs, output_bits, fresh);
  if (t.isPPC64()) return run_ppc64(ia, triple, inputs, output_bits, fresh);
  if (t.getArch() == llvm::Triple::systemz) return run_systemz(ia, triple, inputs, output_bits, fresh);
  throw not_modelled("asm \"" + ia.getAsmString() + "\": instructions of " + triple + " are not modelled");
}

}  // namespace scanproof::proof
