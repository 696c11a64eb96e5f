// Tables filled at start-up: the translation unit's static initialisers
// (llvm.global_ctors) executed on concrete values, so a table a constructor
// computes is read like a constant one. Whatever comes from outside the unit
// (an external call's result or what it may write, a volatile read, another
// file's global) is unknown, and a table with unknown bytes is not used.
// LLVM's own Evaluator (TransformUtils) stops at the first external call,
// and every candidate's initialiser calls the registry, hence this one: an
// llvm::InstVisitor (startup.cpp frame_exec) with that memory model, which
// computes with the proof's own instruction semantics (lane_semantics.hpp)
// on numbers: poison there is unknown here, undefined behaviour stops it.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class DataLayout;
class Function;
class GlobalVariable;
class Module;
}  // namespace llvm

namespace scanproof::proof {

// llvm.global_ctors of `m` and every function they call.
std::set<const llvm::Function*> startup_functions(const llvm::Module& m);

class startup_memory {
 public:
  explicit startup_memory(const llvm::Module& m);
  ~startup_memory();
  // The bytes of `gv` once the static initialisers have run (the target's
  // byte order). Throws not_modelled with the reason when they are not known.
  const std::vector<std::uint8_t>& contents(const llvm::GlobalVariable& gv);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace scanproof::proof
