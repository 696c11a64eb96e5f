#include "discover/replay.hpp"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>

#include <cstring>

#include "scanproof/supervise.hpp"

namespace scanproof::discover {
namespace {

std::string text_of(llvm::Error e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << e;
  return os.str();
}

// In the child: compile and call. Returns the record "<value> <after.lo> <after.hi>".
std::string run(const llvm::Module& m, const std::string& function, word argument) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  // The JIT owns its module and context: a copy through bitcode.
  llvm::SmallVector<char, 0> bytes;
  llvm::raw_svector_ostream os(bytes);
  llvm::WriteBitcodeToFile(m, os);
  auto context = std::make_unique<llvm::LLVMContext>();
  auto copy = llvm::parseBitcodeFile(llvm::MemoryBufferRef(llvm::StringRef(bytes.data(), bytes.size()), "replay"), *context);
  if (!copy) return "!cannot copy its IR: " + text_of(copy.takeError());
  llvm::Function* f = (*copy)->getFunction(function);
  if (!f) return "!no " + function + " in its IR";
  f->setLinkage(llvm::GlobalValue::ExternalLinkage);
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit) return "!no JIT for this host: " + text_of(jit.takeError());
  // libc and libm (what the IR calls that it does not define) from this process.
  auto libc = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess((*jit)->getDataLayout().getGlobalPrefix());
  if (!libc) return "!" + text_of(libc.takeError());
  (*jit)->getMainJITDylib().addGenerator(std::move(*libc));
  if (auto e = (*jit)->addIRModule(llvm::orc::ThreadSafeModule(std::move(*copy), std::move(context))))
    return "!cannot compile its IR: " + text_of(std::move(e));
  auto address = (*jit)->lookup(function);
  if (!address) return "!cannot link its IR on the host: " + text_of(address.takeError());
  auto* call = address->toPtr<std::int64_t (*)(std::uint64_t, std::uint64_t, word*)>();
  word after{};
  const std::int64_t v = call(argument.lo, argument.hi, &after);
  return std::to_string(v) + " " + std::to_string(after.lo) + " " + std::to_string(after.hi);
}

}  // namespace

replayed replay_on_host(const llvm::Module& m, const std::string& function, word argument) {
  replayed r;
  const isolated_result child = run_isolated([&] { return run(m, function, argument); }, 30);
  if (!child.completed) {
    r.why = "the host run did not return: " + child.why;
    return r;
  }
  if (!child.output.empty() && child.output[0] == '!') {
    r.why = child.output.substr(1);
    return r;
  }
  unsigned long long lo = 0, hi = 0;
  long long v = 0;
  if (std::sscanf(child.output.c_str(), "%lld %llu %llu", &v, &lo, &hi) != 3) {
    r.why = "unreadable host run: " + child.output;
    return r;
  }
  r.returned = true;
  r.value = v;
  r.after = word{lo, hi};
  return r;
}

}  // namespace scanproof::discover
