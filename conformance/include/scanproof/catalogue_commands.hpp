// The catalogue's subcommands, `list [--json | --markdown]` and `eval --impl
// NAME INPUT...` (docs/contracts.md, Commands), as one table for the suite's
// dispatcher (command_line.hpp): `scanproof` adds its own to it, and the
// conformance driver answers exactly these (`conformance_test list --json`),
// so ci/matrix asks the very program a target's checks run in and builds no
// command for a cross target.
#pragma once
#include <vector>

#include "scanproof/command_line.hpp"

namespace scanproof {

std::vector<command_line::subcommand> catalogue_commands();

}  // namespace scanproof
