#include "discover/functions.hpp"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

namespace scanproof::discover {
namespace {
namespace fs = std::filesystem;

// Typedefs, const and volatile removed: what the type is.
const llvm::DIType* bare(const llvm::DIType* t) {
  while (auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(t)) {
    const unsigned tag = d->getTag();
    if (tag != llvm::dwarf::DW_TAG_typedef && tag != llvm::dwarf::DW_TAG_const_type &&
        tag != llvm::dwarf::DW_TAG_volatile_type && tag != llvm::dwarf::DW_TAG_restrict_type)
      break;
    t = d->getBaseType();
  }
  return t;
}

// The scope of a declaration as C++ qualifies it ("engine::ShogiBoard::"),
// or nullopt inside a function.
std::optional<std::string> scope_prefix(const llvm::DIScope* s) {
  std::string out;
  for (; s && !llvm::isa<llvm::DIFile>(s) && !llvm::isa<llvm::DICompileUnit>(s); s = s->getScope()) {
    if (auto* ns = llvm::dyn_cast<llvm::DINamespace>(s)) {
      // An anonymous namespace adds nothing to the name (a file that includes
      // the source names its functions without it).
      if (!ns->getName().empty()) out = ns->getName().str() + "::" + out;
    } else if (auto* ct = llvm::dyn_cast<llvm::DICompositeType>(s)) {
      if (ct->getName().empty()) return std::nullopt;
      out = ct->getName().str() + "::" + out;
    } else {
      return std::nullopt;  // a function's local type
    }
  }
  return out;
}

// A type as C++ (or C) spells it, or "" where the debug information cannot say.
std::string type_text(const llvm::DIType* t) {
  if (!t) return "void";
  if (auto* b = llvm::dyn_cast<llvm::DIBasicType>(t)) return b->getName().str();
  if (auto* c = llvm::dyn_cast<llvm::DICompositeType>(t)) {
    const auto scope = scope_prefix(c->getScope());
    return scope && !c->getName().empty() ? *scope + c->getName().str() : "";
  }
  if (auto* d = llvm::dyn_cast<llvm::DIDerivedType>(t)) {
    const std::string base = type_text(d->getBaseType());
    if (base.empty()) return "";
    switch (d->getTag()) {
      case llvm::dwarf::DW_TAG_typedef: {
        const auto scope = scope_prefix(d->getScope());
        return scope ? *scope + d->getName().str() : "";
      }
      case llvm::dwarf::DW_TAG_const_type: return base + " const";
      case llvm::dwarf::DW_TAG_volatile_type: return base + " volatile";
      case llvm::dwarf::DW_TAG_pointer_type: return base + "*";
      case llvm::dwarf::DW_TAG_reference_type: return base + "&";
      case llvm::dwarf::DW_TAG_rvalue_reference_type: return base + "&&";
      default: return "";
    }
  }
  return "";
}

bool is_const_target(const llvm::DIType* pointer_or_reference) {
  auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(pointer_or_reference);
  for (const llvm::DIType* t = d ? d->getBaseType() : nullptr; t;) {
    auto* q = llvm::dyn_cast<llvm::DIDerivedType>(t);
    if (!q) return false;
    if (q->getTag() == llvm::dwarf::DW_TAG_const_type) return true;
    if (q->getTag() != llvm::dwarf::DW_TAG_typedef && q->getTag() != llvm::dwarf::DW_TAG_volatile_type) return false;
    t = q->getBaseType();
  }
  return false;
}

std::string file_of(const llvm::DIFile* f) {
  if (!f) return "";
  fs::path p(f->getFilename().str());
  if (p.is_relative()) p = fs::path(f->getDirectory().str()) / p;
  return fs::weakly_canonical(p).string();
}

bool is_header_file(const std::string& file) {
  const std::string e = fs::path(file).extension().string();
  return e == ".h" || e == ".hh" || e == ".hpp" || e == ".hxx" || e == ".inl";
}

bool under(const std::string& file, const std::string& root) {
  return file.size() > root.size() && file.compare(0, root.size(), root) == 0 && file[root.size()] == '/';
}

// The board form of f's parameters, or nullopt when they cannot be one board.
std::optional<board_form> form_of(const llvm::Function& f, const llvm::DISubroutineType* st) {
  const auto args = f.arg_size();
  auto di_param = [&](unsigned k) -> const llvm::DIType* {
    if (!st) return nullptr;
    auto types = st->getTypeArray();
    return k + 1 < types.size() ? types[k + 1] : nullptr;
  };
  board_form form;
  if (args == 1 && f.getArg(0)->getType()->isIntegerTy()) {
    const unsigned w = f.getArg(0)->getType()->getIntegerBitWidth();
    if (w != 8 && w != 16 && w != 32 && w != 64 && w != 128) return std::nullopt;
    form.bits = w;
    return form;
  }
  if (args == 2 && f.getArg(0)->getType()->isIntegerTy(64) && f.getArg(1)->getType()->isIntegerTy(64)) {
    form.how = board_form::passing::two_values;
    form.bits = 128;
    return form;
  }
  if (args == 1 && f.getArg(0)->getType()->isPointerTy()) {
    std::uint64_t bytes = f.getParamDereferenceableBytes(0);
    const llvm::DIType* p = di_param(0);
    auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(bare(p));
    const bool indirect = d && (d->getTag() == llvm::dwarf::DW_TAG_pointer_type ||
                                d->getTag() == llvm::dwarf::DW_TAG_reference_type);
    if (bytes == 0 && p) {
      if (indirect) {
        if (const llvm::DIType* pointee = bare(d->getBaseType())) bytes = pointee->getSizeInBits() / 8;
      } else if (const llvm::DIType* t = bare(p)) {
        bytes = t->getSizeInBits() / 8;  // an aggregate passed by value in memory (Rust's [u64; 2])
      }
    }
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) return std::nullopt;
    form.how = board_form::passing::memory;
    form.bits = static_cast<unsigned>(bytes * 8);
    // Rust spells the pointer's mutability in its name ("&Bitboard", "&mut Bitboard").
    const bool rust_shared = indirect && d->getName().starts_with("&") && !d->getName().starts_with("&mut ");
    form.writable = (indirect || !p) && !rust_shared && !is_const_target(p) && !f.onlyReadsMemory() &&
                    !f.hasParamAttribute(0, llvm::Attribute::ReadOnly);
    return form;
  }
  return std::nullopt;
}

void optimise(llvm::Module& m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  mpm.run(m, mam);
}

// What a unit defines and needs (by symbol), and its source file.
unit_symbols symbols_of(const llvm::Module& m) {
  unit_symbols unit;
  if (const llvm::NamedMDNode* cus = m.getNamedMetadata("llvm.dbg.cu"); cus && cus->getNumOperands())
    if (auto* cu = llvm::dyn_cast<llvm::DICompileUnit>(cus->getOperand(0))) unit.source = file_of(cu->getFile());
  for (const llvm::GlobalValue& g : m.global_values()) {
    if (g.hasLocalLinkage() || g.getName().starts_with("llvm.")) continue;
    if (auto* fn = llvm::dyn_cast<llvm::Function>(&g); fn && fn->isIntrinsic()) continue;
    // A definition the linker may merge (an inline function's, a template
    // instance's) is not one this unit supplies alone, nor a double one.
    if (!g.isDeclaration() && !g.isWeakForLinker() && !g.hasAvailableExternallyLinkage())
      unit.defines.push_back(g.getName().str());
    else if (g.isDeclaration() && !g.use_empty())
      unit.needs.push_back(g.getName().str());
  }
  unit.has_main = m.getFunction("main") && !m.getFunction("main")->isDeclaration();
  return unit;
}

// A symbol as its source names it (demangled; Rust's legacy mangling undone).
std::string shown_name(const std::string& symbol) {
  std::string shown = llvm::demangle(symbol);
  // Rust's legacy mangling ends in a hash: "fxrs::lsb::h464ef859ab331411".
  static const std::regex rust_hash("::h[0-9a-f]{16}$");
  shown = std::regex_replace(shown, rust_hash, "");
  // ... and spells <, >, spaces and braces as $LT$, $GT$, $u20$...: as Rust writes them.
  for (const auto& [from, to] : {std::pair<const char*, const char*>{"$LT$", "<"}, {"$GT$", ">"}, {"$u20$", " "},
                                 {"$u7b$", "{"}, {"$u7d$", "}"}, {"$RF$", "&"}, {"$BP$", "*"}, {"$C$", ","},
                                 {"$u27$", "'"}, {"$u5b$", "["}, {"$u5d$", "]"}, {"..", "::"}})
    for (std::size_t at; (at = shown.find(from)) != std::string::npos;) shown.replace(at, std::strlen(from), to);
  if (shown.rfind("_<", 0) == 0) shown.erase(0, 1);
  return shown;
}

const char* language_of(const llvm::DICompileUnit* cu) {
  const unsigned lang = cu ? cu->getSourceLanguage() : 0;
  return lang == llvm::dwarf::DW_LANG_Rust ? "Rust"
         : lang == llvm::dwarf::DW_LANG_C99 || lang == llvm::dwarf::DW_LANG_C11 || lang == llvm::dwarf::DW_LANG_C89 ||
                 lang == llvm::dwarf::DW_LANG_C || lang == llvm::dwarf::DW_LANG_C17
             ? "C"
             : "C++";
}

}  // namespace

std::vector<found_function> load_and_find(proof::ir_set& ir, const std::vector<std::string>& bitcode,
                                          const std::string& root, std::vector<std::string>& unreadable,
                                          std::map<std::string, std::string>& out_of_line,
                                          std::vector<unit_symbols>& symbols) {
  std::vector<found_function> all;
  std::set<std::string> seen;  // an inline function is in every unit that includes its header: once
  for (const std::string& file : bitcode) {
    llvm::SMDiagnostic err;
    std::unique_ptr<llvm::Module> m = llvm::parseIRFile(file, err, ir.context);
    if (!m) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      err.print("scanproof discover", os);
      unreadable.push_back(file + ": " + os.str());
      continue;
    }
    symbols.push_back(symbols_of(*m));
    const std::size_t index = ir.modules.size();
    std::vector<llvm::GlobalValue*> keep;
    for (llvm::Function& f : *m) {
      if (f.isDeclaration() || f.isIntrinsic()) continue;
      const llvm::DISubprogram* sp = f.getSubprogram();
      if (!sp) continue;
      const std::string where = file_of(sp->getFile());
      if (!under(where, root)) continue;
      if (auto* cls = llvm::dyn_cast_or_null<llvm::DICompositeType>(sp->getScope()); cls && !is_header_file(where))
        if (const auto scope = scope_prefix(cls->getScope())) out_of_line.emplace(*scope + cls->getName().str(), where);
      llvm::Type* rt = f.getReturnType();
      if (!rt->isIntegerTy() || rt->getIntegerBitWidth() < 8 || rt->getIntegerBitWidth() > 64) continue;
      const llvm::DISubroutineType* st = sp->getType();
      auto types = st ? st->getTypeArray() : llvm::DITypeRefArray(nullptr);
      bool member = false;
      if (types.size() > 1 && types[1] && (types[1]->getFlags() & llvm::DINode::FlagArtificial)) member = true;
      const auto form = form_of(f, st);
      if (!form) continue;
      if (!seen.insert(f.getName().str()).second) continue;
      found_function fn;
      fn.module = index;
      fn.symbol = f.getName().str();
      fn.shown = shown_name(fn.symbol);
      const auto scope = scope_prefix(sp->getScope());
      fn.qualified = (scope ? *scope : "") + sp->getName().str();
      fn.internal = f.hasLocalLinkage();
      fn.file = where;
      fn.line = sp->getLine();
      fn.language = language_of(sp->getUnit());
      fn.member = member;
      fn.form = *form;
      fn.result_bits = rt->getIntegerBitWidth();
      const llvm::DIType* result = types.size() > 0 ? types[0] : nullptr;
      fn.result_type = type_text(result);
      if (auto* b = llvm::dyn_cast_or_null<llvm::DIBasicType>(bare(result))) {
        const unsigned enc = b->getEncoding();
        fn.result_signed = enc == llvm::dwarf::DW_ATE_signed || enc == llvm::dwarf::DW_ATE_signed_char;
      } else if (auto* c = llvm::dyn_cast_or_null<llvm::DICompositeType>(bare(result));
                 c && c->getTag() == llvm::dwarf::DW_TAG_enumeration_type && c->getBaseType()) {
        if (auto* b2 = llvm::dyn_cast<llvm::DIBasicType>(bare(c->getBaseType()))) {
          const unsigned enc = b2->getEncoding();
          fn.result_signed = enc == llvm::dwarf::DW_ATE_signed || enc == llvm::dwarf::DW_ATE_signed_char;
        }
      }
      if (types.size() > 1) {
        const llvm::DIType* board = types[1];
        fn.board_type = type_text(board);
        const llvm::DIType* b = bare(board);
        if (auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(b);
            d && (d->getTag() == llvm::dwarf::DW_TAG_pointer_type || d->getTag() == llvm::dwarf::DW_TAG_reference_type))
          b = bare(d->getBaseType());
        if (auto* c = llvm::dyn_cast_or_null<llvm::DICompositeType>(b)) fn.board_type_file = file_of(c->getFile());
      }
      all.push_back(std::move(fn));
      keep.push_back(&f);
    }
    // rustc's unoptimised IR says optnone and noinline: -O2 here must run.
    for (llvm::Function& f : *m) {
      f.removeFnAttr(llvm::Attribute::OptimizeNone);
      if (!f.hasFnAttribute(llvm::Attribute::Cold)) f.removeFnAttr(llvm::Attribute::NoInline);
    }
    // Every unit is kept: a function may call another unit's (link_callees).
    if (!keep.empty()) llvm::appendToUsed(*m, keep);
    optimise(*m);
    llvm::StripDebugInfo(*m);
    ir.modules.push_back(std::move(m));
  }
  // An overload set needs a cast to name one of its functions.
  // A function template's instance and a plain function of one name are an
  // overload set too (YaneuraOu's pop_lsb(u64&) beside template pop_lsb<T>).
  const auto plain = [](const std::string& q) { return q.substr(0, q.find('<')); };
  std::map<std::string, int> names;
  for (const found_function& f : all) ++names[plain(f.qualified)];
  for (found_function& f : all) f.overloaded = names[plain(f.qualified)] > 1;
  if (!ir.modules.empty()) {
    proof::read_target_facts(ir);
    ir.flags = "-O2, with the engine's flags";
  }
  return all;
}

void link_callees(const proof::ir_set& ir, llvm::Module& m) {
  std::set<const llvm::Module*> linked;
  for (bool added = true; added;) {
    added = false;
    std::vector<std::string> missing;
    for (const llvm::Function& f : m)
      if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty()) missing.push_back(f.getName().str());
    for (const std::string& name : missing)
      for (const auto& other : ir.modules) {
        if (other.get() == &m) continue;
        const llvm::Function* def = other->getFunction(name);
        if (!def || def->isDeclaration() || def->hasLocalLinkage()) continue;
        // Only what is needed of the other unit; its globals become this module's.
        std::unique_ptr<llvm::Module> part = proof::copy_to_link(*other, m);
        // A unit linked before (another of its functions is needed now) has run its constructors once already.
        if (!linked.insert(other.get()).second)
          for (const char* list : {"llvm.global_ctors", "llvm.global_dtors"})
            if (llvm::GlobalVariable* v = part->getNamedGlobal(list)) v->eraseFromParent();
        if (!llvm::Linker::linkModules(m, std::move(part), llvm::Linker::Flags::LinkOnlyNeeded) &&
            m.getFunction(name) && !m.getFunction(name)->isDeclaration())
          added = true;
        break;
      }
  }
}

}  // namespace scanproof::discover
