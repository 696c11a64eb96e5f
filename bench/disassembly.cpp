#include "disassembly.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>

#if defined(__linux__)
#include <link.h>
#include <unistd.h>
#endif

namespace scanproof::bench {
namespace {

bool is_scan_instruction(const std::string& m) {
  static const char* const names[] = {
#include "scan_instructions.inc"
  };
  for (const char* n : names)
    if (m == n || (m.size() > std::string(n).size() && m.rfind(n, 0) == 0 &&
                   (m.back() == 'q' || m.back() == 'l')))  // AT&T size suffix: bsfq, popcntq
      return true;
  return false;
}

#if defined(__linux__)
int first_object(dl_phdr_info* info, std::size_t, void* data) {
  *static_cast<std::uintptr_t*>(data) = info->dlpi_addr;  // the main program comes first
  return 1;
}
#endif

}  // namespace

disassembly disassembly::of_this_program() {
  disassembly d;
#if defined(__linux__)
  dl_iterate_phdr(first_object, &d.load_bias_);
#endif
  // objdump's own /proc/self/exe would be objdump: resolve ours first.
  char exe[4096] = {};
  if (readlink("/proc/self/exe", exe, sizeof exe - 1) <= 0) {
    d.problem_ = "cannot resolve /proc/self/exe";
    return d;
  }
  const std::string cmd = "objdump -d --no-show-raw-insn '" + std::string(exe) + "' 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  if (!p) {
    d.problem_ = "cannot run objdump";
    return d;
  }
  char line[4096];
  function* cur = nullptr;
  while (std::fgets(line, sizeof line, p.get())) {
    std::string s(line);
    if (!s.empty() && s.back() == '\n') s.pop_back();
    unsigned long long addr = 0;
    char sym[2048];
    // "0000000000001234 <symbol>:"
    if (std::sscanf(s.c_str(), "%llx <%2047[^>]>:", &addr, sym) == 2 && s.back() == ':') {
      cur = &d.functions_[static_cast<std::uintptr_t>(addr)];
      cur->symbol = sym;
      continue;
    }
    // "    1234:\tmnemonic operands"
    const auto tab = s.find(":\t");
    if (!cur || tab == std::string::npos) continue;
    std::istringstream rest(s.substr(tab + 2));
    insn i;
    rest >> i.mnemonic;
    if (i.mnemonic == "rep" || i.mnemonic == "repz" || i.mnemonic == "notrack" || i.mnemonic == "bnd")
      rest >> i.mnemonic;  // prefixes: "rep bsf" is TZCNT's encoding on old objdumps
    std::getline(rest, i.operands);
    cur->code.push_back(std::move(i));
  }
  const int status = pclose(p.release());
  if (d.functions_.empty() || status != 0)
    d.problem_ = "objdump missing or failed (apt-get install binutils)";
  return d;
}

void disassembly::walk(std::uintptr_t addr, int depth, std::vector<std::string>& found,
                       std::vector<std::uintptr_t>& seen, bool& indirect,
                       std::vector<std::string>& externals) const {
  if (depth > 3 || std::find(seen.begin(), seen.end(), addr) != seen.end()) return;
  seen.push_back(addr);
  auto f = functions_.find(addr);
  if (f == functions_.end()) return;
  for (const insn& i : f->second.code) {
    if (is_scan_instruction(i.mnemonic)) {
      const std::string m = depth ? i.mnemonic + " via call" : i.mnemonic;
      if (std::find(found.begin(), found.end(), m) == found.end()) found.push_back(m);
    }
    const bool call = i.mnemonic.rfind("call", 0) == 0 || i.mnemonic == "bl" || i.mnemonic == "blr";
    const bool jump = i.mnemonic.rfind("jmp", 0) == 0 || i.mnemonic == "b";
    if (!call && !jump) continue;
    if (i.operands.find('*') != std::string::npos || i.mnemonic == "blr") {
      if (call) indirect = true;
      continue;
    }
    unsigned long long target = 0;
    char sym[2048];
    if (std::sscanf(i.operands.c_str(), " %llx <%2047[^>]>", &target, sym) != 2) continue;
    const std::string name(sym);
    if (name.find("@plt") != std::string::npos) {
      const std::string ext = name.substr(0, name.find("@plt"));
      if (std::find(externals.begin(), externals.end(), ext) == externals.end()) externals.push_back(ext);
      continue;
    }
    if (name.find('+') != std::string::npos) continue;  // a branch inside a function
    walk(static_cast<std::uintptr_t>(target), depth + 1, found, seen, indirect, externals);
  }
}

std::string disassembly::scan_instructions(const void* fn) const {
  if (!problem_.empty()) return "unknown: " + problem_;
  const auto addr = reinterpret_cast<std::uintptr_t>(fn) - load_bias_;
  if (functions_.find(addr) == functions_.end()) return "unknown: not found in the disassembly";
  std::vector<std::string> found, externals;
  std::vector<std::uintptr_t> seen;
  bool indirect = false;
  walk(addr, 0, found, seen, indirect, externals);
  std::string s;
  for (const std::string& m : found) s += (s.empty() ? "" : ", ") + m;
  for (const std::string& e : externals) s += (s.empty() ? "" : ", ") + ("calls " + e);
  if (indirect) s += (s.empty() ? "" : ", ") + std::string("indirect call");
  return s.empty() ? "none" : s;
}

}  // namespace scanproof::bench
