// A counterexample replayed on the host: the classified function's IR (the
// same module the proof read) compiled to host code by LLVM's JIT and called
// at the input, in a child process of its own, so a crash or hang there is
// the function's, not discover's.
#pragma once
#include <llvm/IR/Module.h>

#include <string>

#include "scanproof/word.hpp"

namespace scanproof::discover {

// What the host run of `function` (i64 (i64 lo, i64 hi, ptr after), the
// classified form: classify.hpp) at `argument` returned, as text: "returns 5",
// "returns 5 leaving {lo=..., hi=...}", or why it did not return.
struct replayed {
  bool returned = false;
  std::int64_t value = 0;
  word after;
  std::string why;  // when it did not return (or could not be compiled)
};
replayed replay_on_host(const llvm::Module& m, const std::string& function, word argument);

}  // namespace scanproof::discover
