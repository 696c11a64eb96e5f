#include "startup/dispatch.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <set>

#include "startup/startup.hpp"  // startup_functions
#include "base/not_modelled.hpp"

namespace scanproof::proof {
namespace {

// The functions a stored value can be: through selects and phis.
void functions_of(const llvm::Value* v, std::vector<const llvm::Function*>& out,
                  llvm::SmallPtrSet<const llvm::Value*, 8>& seen, const std::string& global) {
  if (!seen.insert(v).second) return;
  v = v->stripPointerCasts();
  if (auto* f = llvm::dyn_cast<llvm::Function>(v)) {
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  } else if (auto* s = llvm::dyn_cast<llvm::SelectInst>(v)) {
    functions_of(s->getTrueValue(), out, seen, global);
    functions_of(s->getFalseValue(), out, seen, global);
  } else if (auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
    for (const llvm::Value* in : phi->incoming_values()) functions_of(in, out, seen, global);
  } else {
    throw not_modelled("function pointer " + global + " is set at start-up to a value that is not a choice "
                       "between functions of this file (run-time dispatch not modelled)");
  }
}

std::set<std::string> features(const llvm::Function& f) {
  std::set<std::string> out;
  const llvm::Attribute a = f.getFnAttribute("target-features");
  if (!a.isValid()) return out;
  llvm::SmallVector<llvm::StringRef, 16> parts;
  a.getValueAsString().split(parts, ',', -1, false);
  for (llvm::StringRef p : parts) out.insert(p.str());
  return out;
}

}  // namespace

std::vector<dispatch_target> dispatch_targets(const llvm::GlobalVariable& gv) {
  const std::string name = llvm::demangle(gv.getName().str());
  if (!gv.hasLocalLinkage())
    throw not_modelled("function pointer " + name + " may be set by other files (run-time dispatch)");
  const std::set<const llvm::Function*> startup = startup_functions(*gv.getParent());
  std::vector<const llvm::Function*> fns;
  llvm::SmallPtrSet<const llvm::Value*, 8> seen;
  bool stored = false;
  for (const llvm::User* u : gv.users()) {
    if (auto* l = llvm::dyn_cast<llvm::LoadInst>(u); l && l->getPointerOperand() == &gv) continue;
    auto* s = llvm::dyn_cast<llvm::StoreInst>(u);
    if (auto* call = llvm::dyn_cast<llvm::CallBase>(u);
        call && call->getCalledFunction() && call->getCalledFunction()->getIntrinsicID() == llvm::Intrinsic::invariant_start)
      continue;
    if (!s || s->getPointerOperand() != &gv || !startup.count(s->getFunction()))
      throw not_modelled("function pointer " + name + " is written outside the static initialisers "
                         "(run-time dispatch not modelled)");
    stored = true;
    functions_of(s->getValueOperand(), fns, seen, name);
  }
  if (!stored && gv.hasInitializer()) functions_of(gv.getInitializer(), fns, seen, name);
  if (fns.empty()) throw not_modelled("function pointer " + name + " never points to a function");
  // The features each one was compiled for beyond the others': "+popcnt".
  std::set<std::string> common = features(*fns.front());
  for (const llvm::Function* f : fns) {
    std::set<std::string> keep;
    for (const std::string& x : features(*f))
      if (common.count(x)) keep.insert(x);
    common = keep;
  }
  std::vector<dispatch_target> out;
  for (const llvm::Function* f : fns) {
    std::string label = llvm::demangle(f->getName().str());
    const std::size_t paren = label.rfind('(');  // the parameters, not "(anonymous namespace)"
    if (paren != std::string::npos) label.erase(paren);
    const std::size_t colon = label.rfind("::");
    if (colon != std::string::npos) label.erase(0, colon + 2);
    std::vector<std::string> extra;
    for (const std::string& x : features(*f))
      if (!common.count(x)) extra.push_back(x);
    if (!extra.empty()) label += " (" + llvm::join(extra, ",") + ")";
    out.push_back({f, label});
  }
  return out;
}

}  // namespace scanproof::proof
