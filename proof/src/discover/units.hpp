// `scanproof discover`'s first step: an engine's translation units as its
// build compiles them (compile_commands.json: its flags, defines and include
// directories), or, without one, every source and header file of the tree,
// each compiled to IR by clang-19 (docs/discovery.md).
#pragma once
#include <string>
#include <vector>

namespace scanproof::discover {

struct unit {
  std::string source;             // absolute path
  std::string language;           // "C++" or "C"
  std::vector<std::string> flags;  // the engine's: -D, -U, -I, -isystem, -include, -std, -m
  bool header = false;             // a header compiled on its own (no compile_commands.json)
};

// How the engine is built, where the tree does not say it in a compilation database.
struct build_hints {
  std::vector<std::string> extra;  // flags for every unit (the command line's after `--`)
  std::string make_args;           // `make -n -B <make_args>` lists a Makefile project's commands
  std::string work;                // where a CMake project is configured (its compile_commands.json)
};

// The units of `path`, by the first route that gives them: a
// compile_commands.json file, or a directory holding one (there or in
// build/); a CMake project (configured in hints.work with
// CMAKE_EXPORT_COMPILE_COMMANDS); a Makefile project (its `make -n -B`
// commands); or every source and header of the tree. `how` says which
// route was taken and why an earlier one was not. Throws
// std::runtime_error naming what is wrong (no such path, no sources).
std::vector<unit> find_units(const std::string& path, const build_hints& hints, std::string& how);

struct compiled {
  unit u;
  std::string ir;     // the bitcode file, when compiled
  std::string error;  // the compiler's first error line and its log, when not
};

// Compiles each unit to bitcode in `work` (jobs at once): clang-19 with the
// unit's flags, -O2 IR before LLVM's passes (discover runs them once it has
// kept every function it may classify), full debug information (file, line,
// types), and every inline function emitted, used or not (-femit-all-decls).
std::vector<compiled> compile_units(const std::vector<unit>& units, const std::string& work, int jobs);

// The directory the tree's files are under: the path, or a compile_commands.json's directory.
std::string tree_root(const std::string& path);

}  // namespace scanproof::discover
