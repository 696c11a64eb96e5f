// Contract exits: calls that stop the program instead of returning (a failed
// assert, abort, a trap, std::terminate, a Rust panic). The executor ends a
// path at one and records when it is reached (function_formula::exits):
// reached on a checked input it is a counterexample ("the scanner aborts on
// this input"), reached only outside them it is the scanner's precondition.
#pragma once
#include <optional>
#include <string>

namespace llvm {
class CallBase;
}

namespace scanproof::proof {

struct contract_exit {
  std::string what;  // "assert(b > 0) failed (lsb.cpp:12)", "abort()", "Rust panic (core::panicking::panic)"
  bool is_assert = false;  // from the assert macro: compiled out under -DNDEBUG
};

// The exit this call is, or nullopt for any other call.
std::optional<contract_exit> exit_call(const llvm::CallBase& cb);

}  // namespace scanproof::proof
