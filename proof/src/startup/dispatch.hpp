// Run-time dispatch: a function pointer in an internal global that only the
// translation unit's static initialisers write (a CPU check choosing the
// hardware or the software scanner). Every function it can hold is a path
// the proof must cover; the selector between them is left to the solver.
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Function;
class GlobalVariable;
}  // namespace llvm

namespace scanproof::proof {

struct dispatch_target {
  const llvm::Function* fn;
  std::string label;  // "popcount_hw (+popcnt)": the function and the CPU features it was compiled for beyond its caller's
};

// The functions `gv` can point to once the static initialisers have run.
// Throws not_modelled when another code writes it or a stored value is not a
// choice between functions of the module.
std::vector<dispatch_target> dispatch_targets(const llvm::GlobalVariable& gv);

}  // namespace scanproof::proof
