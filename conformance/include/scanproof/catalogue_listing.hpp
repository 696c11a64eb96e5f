// The catalogue as the suite's programs show it: `scanproof list` and
// `scanproof eval` (docs/contracts.md, Commands), which the conformance driver
// answers too, through the same table (catalogue_commands.hpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "scanproof/registry.hpp"

namespace scanproof {

// What `d` needs beyond the baseline instruction set, in words: its `needs`
// and each CPU requirement it does not already name.
std::string requirements_text(const descriptor& d);

// "built", "not built: <why>" or "skipped: CPU lacks <feature>" on the running CPU.
std::string availability(const descriptor& d);

// A catalogue entry's source relative to the source tree
// ("impl/lsb/debruijn.cpp"); a candidate's as it was given.
std::string source_path(const descriptor& d);

// `scanproof list --json`: the running target's facts, then one entry per
// implementation, with where its kernels are (docs/contracts.md).
std::string catalogue_json();

// `scanproof eval --impl NAME INPUT...`: one "<input> <result>" line per
// input on stdout, each call in a child process of its own from the default
// state. 0 if every call returned, 1 if one did not, 2 on a usage error
// (messages begin with `program`).
int eval_inputs(const std::string& program, const std::string& impl, const std::vector<std::string>& inputs);
// An argument of up to `width` bits as eval reads it (and prints a board
// left behind): decimal (up to 64 bits) or 0x and hex digits.
std::optional<word> parse_argument(const std::string& in, int width);

}  // namespace scanproof
