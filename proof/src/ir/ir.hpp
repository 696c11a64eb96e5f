// The IR of one target: every module the build generated for it (the
// catalogue's and the candidates' translation units) and the target's facts.
#pragma once
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace scanproof::proof {

struct ir_set {
  std::string target;    // "host", "s390x", ... (toolchains/<target>.cmake)
  std::string triple;    // from the modules
  std::string compiler;  // "clang 19.1.7", from the modules' llvm.ident
  std::string flags;     // how the IR was generated (proof-ir.txt)
  bool big_endian = false;  // the DataLayout's byte order
  int long_bits = 64;       // C `long` for this triple
  llvm::LLVMContext context;
  std::vector<std::unique_ptr<llvm::Module>> modules;

  // The proof symbol of an implementation (registry.hpp, SCANPROOF_PROOF_SYMBOL),
  // or nullptr if no module defines it (not built for this target).
  const llvm::Function* find(std::string_view impl) const;

  // `gv` (of one of `modules`) in the run's start-up code linked into one
  // module (llvm-link's Linker, on copies): the files that define, declare
  // or write a global of its name, and every file defining a function they
  // call, their globals then internal (only the suite's libraries are
  // outside them, and those do not write the run's tables). A table another
  // file or a template's instance fills is seen there with everything that
  // writes it. nullptr with why not.
  const llvm::GlobalVariable* linked_global(const llvm::GlobalVariable& gv, std::string& why) const;

 private:
  const llvm::Module* linked(const std::vector<std::size_t>& files, std::string& why) const;
  mutable std::map<std::vector<std::size_t>, std::unique_ptr<llvm::Module>> linked_;
};

// Reads <dir>/proof-ir.txt (written by proof/CMakeLists.txt: the flags, then
// one .ll file per line) and parses every listed file. Throws
// std::runtime_error naming the file and what is wrong.
std::unique_ptr<ir_set> load_ir(const std::string& dir, const std::string& target);

// The target's facts (triple, compiler, byte order, `long`) from the first of
// ir.modules, which must not be empty: load_ir's, and `scanproof discover`'s.
void read_target_facts(ir_set& ir);

// A copy of `unit` to link into `into`: what `into` already defines (from
// its own unit, or from this unit linked in before) is a declaration in the
// copy, so the Linker does not meet one strong symbol twice ("symbol
// multiply defined"; weiss's FileBB once discover had linked bitboard.c in).
std::unique_ptr<llvm::Module> copy_to_link(const llvm::Module& unit, const llvm::Module& into);

}  // namespace scanproof::proof
