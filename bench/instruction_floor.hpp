// The floor: each op done by the CPU's own instruction (TZCNT, LZCNT, POPCNT
// on x86-64), run through the same kernels (batch, chain, serialize) as every
// implementation. Every row's time is shown as a ratio to it.
#pragma once
#include <optional>
#include <string>

#include "scanproof/batch.hpp"
#include "scanproof/op.hpp"

namespace scanproof::bench {

struct instruction_floor {
  std::string instruction;  // "popcnt", "tzcnt", "lzcnt" (or the compiler's builtin elsewhere)
  kernels k;
};

// nullopt, with `why` set, when this CPU lacks the instruction.
std::optional<instruction_floor> floor_for(op o, std::string& why);

}  // namespace scanproof::bench
