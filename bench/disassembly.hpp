// Does the compiled code use the hardware instruction? Answers from the
// running binary's own disassembly (objdump), per kernel function.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace scanproof::bench {

class disassembly {
 public:
  // Disassembles /proc/self/exe once. If objdump is missing or fails,
  // every answer says so.
  static disassembly of_this_program();

  // For the function at run-time address `fn`: the bit-scan/popcount
  // instructions it executes, followed through direct calls and tail calls
  // into this binary ("tzcnt", "popcnt via call", "none", "calls __popcountdi2",
  // "indirect call: not determined").
  std::string scan_instructions(const void* fn) const;

  const std::string& problem() const { return problem_; }

 private:
  struct insn {
    std::string mnemonic;
    std::string operands;
  };
  struct function {
    std::string symbol;
    std::vector<insn> code;
  };
  void walk(std::uintptr_t addr, int depth, std::vector<std::string>& found,
            std::vector<std::uintptr_t>& seen, bool& indirect, std::vector<std::string>& externals) const;

  std::map<std::uintptr_t, function> functions_;  // by link-time address
  std::uintptr_t load_bias_ = 0;
  std::string problem_;
};

}  // namespace scanproof::bench
