#include "ir/ir.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <stdexcept>

namespace scanproof::proof {

const llvm::Function* ir_set::find(std::string_view impl) const {
  const std::string symbol = "scanproof_scalar__" + std::string(impl);
  for (const auto& m : modules) {
    if (const llvm::Function* f = m->getFunction(symbol); f && !f->isDeclaration()) return f;
    // Inside a namespace Clang mangles the static extern "C" function and
    // gives it its C name through an internal alias.
    if (const llvm::GlobalAlias* a = m->getNamedAlias(symbol))
      if (auto* f = llvm::dyn_cast<llvm::Function>(a->getAliaseeObject()); f && !f->isDeclaration())
        return f;
  }
  return nullptr;
}

std::unique_ptr<llvm::Module> copy_to_link(const llvm::Module& unit, const llvm::Module& into) {
  std::unique_ptr<llvm::Module> c = llvm::CloneModule(unit);
  for (llvm::GlobalObject& g : c->global_objects()) {
    if (g.isDeclaration() || g.hasLocalLinkage() || g.hasAppendingLinkage()) continue;
    const llvm::GlobalValue* theirs = into.getNamedValue(g.getName());
    if (!theirs || theirs->isDeclaration()) continue;
    if (auto* f = llvm::dyn_cast<llvm::Function>(&g)) f->deleteBody();
    if (auto* v = llvm::dyn_cast<llvm::GlobalVariable>(&g)) v->setInitializer(nullptr);
    g.setComdat(nullptr);
    g.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  return c;
}

namespace {
std::string local_name(std::size_t module, llvm::StringRef name) {
  return "scanproof.file" + std::to_string(module) + "." + name.str();
}
}  // namespace

const llvm::Module* ir_set::linked(const std::vector<std::size_t>& files, std::string& why) const {
  auto it = linked_.find(files);
  if (it == linked_.end()) {
    auto all = std::make_unique<llvm::Module>("scanproof-startup", const_cast<llvm::LLVMContext&>(context));
    all->setDataLayout(modules.front()->getDataLayout());
    all->setTargetTriple(modules.front()->getTargetTriple());
    llvm::Linker linker(*all);
    for (std::size_t k : files) {
      std::unique_ptr<llvm::Module> copy = copy_to_link(*modules[k], *all);
      // Each file's own (internal) globals keep a name of their own.
      for (llvm::GlobalVariable& gv : copy->globals())
        if (gv.hasLocalLinkage()) gv.setName(local_name(k, gv.getName()));
      if (linker.linkInModule(std::move(copy))) {
        all.reset();
        break;
      }
    }
    if (all) {
      for (llvm::GlobalVariable& gv : all->globals())
        if (!gv.isDeclaration() && !gv.getName().starts_with("llvm.")) {
          gv.setComdat(nullptr);
          gv.setLinkage(llvm::GlobalValue::InternalLinkage);
        }
      // A function nothing in these files refers to is not called at run
      // time (the suite's libraries call the run's code only through the
      // pointers its static initialisers register): its writes are not
      // run-time writes (Cfish's bitboards_init, once a static initialiser
      // has inlined it).
      for (bool removed = true; removed;) {
        removed = false;
        for (llvm::Function& f : llvm::make_early_inc_range(*all))
          if (!f.isDeclaration() && f.use_empty()) {
            f.eraseFromParent();
            removed = true;
          }
      }
    }
    it = linked_.emplace(files, std::move(all)).first;
  }
  if (!it->second) why = "the IR files that define and write it do not link";
  return it->second.get();
}

const llvm::GlobalVariable* ir_set::linked_global(const llvm::GlobalVariable& gv, std::string& why) const {
  std::size_t own = 0;
  while (own < modules.size() && modules[own].get() != gv.getParent()) ++own;
  if (own == modules.size()) {
    why = "not a global of this run's IR";
    return nullptr;
  }
  // The files that mention the table (a local one: its own file), then
  // every file that defines a function they call, until none is added.
  std::vector<std::size_t> files{own};
  std::vector<bool> in(modules.size(), false);
  in[own] = true;
  if (!gv.hasLocalLinkage())
    for (std::size_t k = 0; k < modules.size(); ++k)
      if (!in[k] && modules[k]->getNamedGlobal(gv.getName())) {
        files.push_back(k);
        in[k] = true;
      }
  for (std::size_t i = 0; i < files.size(); ++i)
    for (const llvm::Function& f : *modules[files[i]])
      if (f.isDeclaration() && !f.isIntrinsic())
        for (std::size_t k = 0; k < modules.size(); ++k)
          if (const llvm::Function* def = modules[k]->getFunction(f.getName());
              !in[k] && def && !def->isDeclaration() && !def->hasLocalLinkage()) {
            files.push_back(k);
            in[k] = true;
          }
  std::sort(files.begin(), files.end());
  const llvm::Module* all = linked(files, why);
  if (!all) return nullptr;
  const std::string name = gv.hasLocalLinkage() ? local_name(own, gv.getName()) : gv.getName().str();
  const llvm::GlobalVariable* lg = all->getNamedGlobal(name);
  if (!lg || !lg->hasDefinitiveInitializer()) {
    why = "no file of this run defines it";
    return nullptr;
  }
  return lg;
}

namespace {
// "Debian clang version 19.1.7 (3~deb12u1)" -> "clang 19.1.7"
std::string compiler_of(const llvm::Module& m) {
  const llvm::NamedMDNode* ident = m.getNamedMetadata("llvm.ident");
  if (!ident || ident->getNumOperands() == 0) return "unknown compiler";
  const auto* node = ident->getOperand(0);
  const auto* s = node->getNumOperands() ? llvm::dyn_cast<llvm::MDString>(node->getOperand(0)) : nullptr;
  if (!s) return "unknown compiler";
  const std::string text = s->getString().str();
  std::smatch v;
  if (std::regex_search(text, v, std::regex(R"(clang version ([0-9][0-9.]*))"))) return "clang " + v[1].str();
  return text;
}
}  // namespace

std::unique_ptr<ir_set> load_ir(const std::string& dir, const std::string& target) {
  const std::string manifest = dir + "/proof-ir.txt";
  std::ifstream in(manifest);
  if (!in) throw std::runtime_error("no IR for target '" + target + "': " + manifest + " does not exist");
  auto ir = std::make_unique<ir_set>();
  ir->target = target;
  std::getline(in, ir->flags);
  for (std::string file; std::getline(in, file);) {
    if (file.empty()) continue;
    llvm::SMDiagnostic err;
    std::unique_ptr<llvm::Module> m = llvm::parseIRFile(file, err, ir->context);
    if (!m) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      err.print("scanproof prove", os);
      throw std::runtime_error("cannot read the IR " + file + " (build the proof_ir_" + target +
                               " target first): " + os.str());
    }
    ir->modules.push_back(std::move(m));
  }
  if (ir->modules.empty()) throw std::runtime_error(manifest + " lists no IR files");
  read_target_facts(*ir);
  return ir;
}

void read_target_facts(ir_set& ir) {
  const llvm::Module& first = *ir.modules.front();
  ir.triple = first.getTargetTriple();
  ir.compiler = compiler_of(first);
  ir.big_endian = first.getDataLayout().isBigEndian();
  const llvm::Triple t(ir.triple);
  // LP64 everywhere but Windows (LLP64); ILP32 on 32-bit targets.
  ir.long_bits = t.isArch64Bit() && !t.isOSWindows() ? 64 : 32;
}

}  // namespace scanproof::proof
