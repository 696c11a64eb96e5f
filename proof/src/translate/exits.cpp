// Which calls are contract exits, by the callee's (demangled) name: the C
// and C++ run-times' assert and abort entry points on glibc/musl, Android,
// macOS, MSVC and mingw, LLVM's trap intrinsics, and Rust's panic path.
#include "translate/exits.hpp"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstrTypes.h>

#include <array>
#include <string_view>

namespace scanproof::proof {
namespace {

// An assert entry point and where its arguments are: (expression, file, line).
struct assert_fn {
  std::string_view name;
  int expr, file, line;  // argument positions, -1: not passed
};
constexpr std::array<assert_fn, 6> assert_fns{{
    {"__assert_fail", 0, 1, 2},        // glibc, musl, uClibc: (expr, file, line, function)
    {"__assert", 0, 1, 2},             // older BSD/Solaris spelling
    {"__assert2", 3, 0, 1},            // Android bionic: (file, line, function, expr)
    {"__assert_rtn", 3, 1, 2},         // macOS: (function, file, line, expr)
    {"_assert", 0, 1, 2},              // mingw, MSVC (narrow): (expr, file, line)
    {"_wassert", -1, -1, 2},           // MSVC, mingw-w64 (wide strings: not read)
}};

// Other calls that end the program: (name, how it reads in a verdict).
constexpr std::array<std::string_view, 12> abort_fns{{
    "abort", "_Exit", "__builtin_trap", "llvm.trap", "llvm.ubsantrap", "std::terminate()",
    "__report_rangecheckfailure", "__fastfail", "__stack_chk_fail", "__chk_fail", "__cxa_pure_virtual",
    "_invalid_parameter_noinfo_noreturn",
}};

// Rust's panic path: everything a panic, a failed unwrap/expect or a bounds
// check calls (core's and std's; the hash suffix is part of the mangled name).
constexpr std::array<std::string_view, 8> rust_panic_prefixes{{
    "core::panicking::", "std::panicking::", "core::option::unwrap_failed", "core::option::expect_failed",
    "core::result::unwrap_failed", "core::slice::index::", "core::str::slice_error_fail", "rust_panic",
}};

std::string c_string(const llvm::Value* v) {
  auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(v->stripPointerCasts());
  if (!gv || !gv->hasInitializer()) return "";
  auto* s = llvm::dyn_cast<llvm::ConstantDataSequential>(gv->getInitializer());
  if (!s || !s->isCString()) return "";
  return s->getAsCString().str();
}

std::string int_text(const llvm::Value* v) {
  auto* k = llvm::dyn_cast<llvm::ConstantInt>(v);
  return k ? std::to_string(k->getZExtValue()) : "?";
}

}  // namespace

std::optional<contract_exit> exit_call(const llvm::CallBase& cb) {
  const llvm::Function* fn = cb.getCalledFunction();
  if (!fn || !fn->isDeclaration()) return std::nullopt;  // a body is executed, its exits found inside
  const std::string raw = fn->getName().str();
  for (const assert_fn& a : assert_fns) {
    if (raw != a.name) continue;
    auto arg = [&](int k) -> const llvm::Value* {
      return k >= 0 && static_cast<unsigned>(k) < cb.arg_size() ? cb.getArgOperand(static_cast<unsigned>(k)) : nullptr;
    };
    std::string expr = arg(a.expr) ? c_string(arg(a.expr)) : "";
    std::string file = arg(a.file) ? c_string(arg(a.file)) : "";
    if (const auto slash = file.find_last_of("/\\"); slash != std::string::npos) file.erase(0, slash + 1);
    const std::string line = arg(a.line) ? int_text(arg(a.line)) : "?";
    std::string what = "assert(" + (expr.empty() ? std::string("...") : expr) + ") failed";
    if (!file.empty()) what += " (" + file + ":" + line + ")";
    return contract_exit{what + " [" + raw + "]", true};
  }
  const std::string name = llvm::demangle(raw);
  for (std::string_view f : abort_fns)
    if (name == f || raw == f) return contract_exit{name + (name.back() == ')' ? "" : "()"), false};
  for (std::string_view f : rust_panic_prefixes)
    if (std::string_view(name).substr(0, f.size()) == f) {
      std::string shown = name;
      if (const auto h = shown.rfind("::h"); h != std::string::npos && shown.size() - h == 19) shown.erase(h);
      return contract_exit{"Rust panic (" + shown + ")", false};
    }
  return std::nullopt;
}

}  // namespace scanproof::proof
