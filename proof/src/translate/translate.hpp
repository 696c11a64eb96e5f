// LLVM IR -> a Z3 bit-vector formula of the function's inputs (the proof
// symbol's (lo, hi), as functions of the board: prove.cpp).
// What is modelled (and what is "not provable") is listed in docs/proof.md.
#pragma once
#include <z3++.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "base/not_modelled.hpp"

namespace llvm {
class Function;
class GlobalVariable;
}

namespace scanproof::proof {

// A condition on the input under which the function has undefined behaviour
// (LLVM poison reaching a return, branch or address, division by zero, a
// table read out of bounds), with what happened.
struct ub_event {
  z3::expr when;
  std::string what;
};

// A function pointer chosen at start-up (dispatch.hpp): `selector` (a free
// bit-vector) picks labels[k] for k < size - 1, and the last label otherwise.
struct dispatch_choice {
  z3::expr selector;
  std::string global;
  std::vector<std::string> labels;
};

// A path that stops the program (exits.hpp: a failed assert, abort, a trap,
// a Rust panic), the condition under which it is taken, and what it is.
struct exit_event {
  z3::expr when;
  std::string what;
  bool is_assert;  // compiled out under -DNDEBUG
};

struct function_formula {
  z3::expr result;  // 64-bit value the function returns (when no UB event holds)
  std::vector<ub_event> ub;
  std::vector<exit_event> exits;  // contract exits: counterexamples on checked inputs, preconditions elsewhere
  // Where poison is made (an over-wide shift, a wrapping nsw add...): explains
  // a "poison reaches ..." UB event at a counterexample.
  std::vector<ub_event> poison_sources;
  // Where CPUs differ in what an instruction does (inline asm: BSF on a zero
  // source...): a Boolean in the formula per difference, and what it means.
  // The proof is of the formula with each one true (the documented or newer
  // behaviour); prove.cpp then asks whether it being false changes the result.
  std::vector<std::pair<z3::expr, std::string>> cpu_choices;
  std::vector<dispatch_choice> dispatch;
  // Reads of the CPU's feature words (__builtin_cpu_supports: __cpu_model,
  // __cpu_features2), each a free bit-vector: the proof is for every value.
  std::vector<z3::expr> cpu_reads;
  // The 16 bytes the function leaves at its pointer argument, read as the
  // proof symbol's `scanproof::word* after` (lo, hi; 64 bits each): the
  // board a pop scanner leaves behind. Empty when it takes no pointer.
  std::vector<z3::expr> after;
  bool uses_fp = false;    // the formula needs Z3's floating-point theory
  unsigned max_unroll = 0;  // most visits of one block on one path (1 = no loop)
};

struct translate_options {
  unsigned loop_bound = 66;    // most iterations of one loop followed on one path
  unsigned max_paths = 20000;  // paths through the function before giving up
  // Is this path condition satisfiable? Asked of a path that reaches the loop
  // bound: unsat shows the bound is enough. unknown counts as yes.
  std::function<z3::check_result(const z3::expr&)> feasible;
  // Is this path condition shown unsatisfiable within a short time? Asked
  // of a loop at 8, 16, 32... iterations to stop a short loop early; false
  // when not shown (the path goes on).
  std::function<bool(const z3::expr&)> quickly_infeasible;
  // A global in every file of the run linked into one module
  // (ir_set::linked_global): where a table that other files or a template's
  // initialiser may write is read. nullptr and a reason when there is none.
  std::function<const llvm::GlobalVariable*(const llvm::GlobalVariable&, std::string& why)> linked;
};

// f must take one integer argument per input (each zero-extended or truncated
// to the argument's width), optionally then one pointer to 16 bytes of its
// own (the proof symbol's `after`, registry.hpp), and return an i64.
function_formula translate(const llvm::Function& f, z3::context& c, const std::vector<z3::expr>& inputs,
                           const translate_options& opt);

}  // namespace scanproof::proof
