// What the suite's commands share -- `scanproof` (conformance/scanproof_command/),
// the conformance driver's command mode (conformance/conformance_test.cpp),
// the bench (bench/bench_main.cpp) and the prover (proof/src/prover/main.cpp): how a
// command line is read, how a subcommand is chosen (dispatch), and what
// --impl, --op and --timeout mean. Their JSON is command_json.hpp.
//
// The options are read by the C library's getopt_long, not by CLI11: CLI11
// reports every error by throwing, and `scanproof` is also built for wasm32,
// whose libc++abi has no exceptions (toolchains/wasm32.cmake), while the
// target's `list --json` is what ci/matrix reads. getopt_long is in every C
// library the targets have (glibc, wasi-libc, mingw-w64).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/op.hpp"

namespace scanproof::command_line {

struct option_spec {
  const char* name;  // without the "--"
  bool takes_value;
};

// A command line as read: each option's values in order (a flag has one ""
// per use), the operands, and whether -h/--help was asked for.
struct arguments {
  std::map<std::string, std::vector<std::string>> values;
  std::vector<std::string> operands;
  bool help = false;

  bool has(const std::string& name) const { return values.count(name) != 0; }
  // The option's last value (a repeated option: the last one counts), or `otherwise`.
  std::string value(const std::string& name, std::string otherwise = "") const;
};

// Reads argv[first..argc) as GNU programs do (`--name VALUE`, `--name=VALUE`,
// a unique prefix of a name, options and operands in any order, `--` ends
// the options). A name not in `options`, a value missing, or an operand where
// `operands` is false is an error: "<program>: unknown argument '--x'" or
// "<program>: --x needs a value" on stderr, and nullopt (the caller's usage
// and exit status 2 follow).
std::optional<arguments> parse(std::string_view program, int argc, char** argv, int first,
                               const std::vector<option_spec>& options, bool operands = false);

// --impl a,b,c: the names, each of a registered implementation (a typo is
// an error naming it, not an empty run); empty items are skipped, so an
// empty value means every implementation. `known`, if given, says which
// names there are instead of the registry (the prover's: it also knows
// candidates it reads from their declarations).
std::optional<std::vector<std::string>> implementation_names(
    std::string_view program, const std::string& text,
    const std::function<bool(const std::string&)>& known = nullptr);

// --op OP: one of the ops (op.hpp), or an error listing them.
std::optional<op> op_named(std::string_view program, const std::string& text);

// --timeout S (docs/contracts.md, Commands): the most seconds one check of one
// implementation may take, the same in every command: a positive number of
// seconds, at most a day.
std::optional<double> timeout_seconds(std::string_view program, const std::string& text);

// A positive number (--min-time) and a positive whole number (--repetitions,
// --jobs, --loop-bound); the error names the option and the value.
std::optional<double> positive_number(std::string_view program, std::string_view option,
                                      const std::string& text);
std::optional<int> positive_integer(std::string_view program, std::string_view option,
                                    const std::string& text);

// --jobs N (`scanproof prove`, `scanproof discover`): N, else the number of CPUs.
std::optional<int> jobs(std::string_view program, const arguments& a);

// One subcommand of a program (`list`, `eval`, `check`): the options it
// reads, whether it takes operands, and what runs it. A subcommand whose
// arguments are another program's (`scanproof bench`) has `passed_on`: its
// words are not read here but handed over as operands.
struct subcommand {
  std::string name;
  std::string synopsis;  // after "<program> <name> " in the usage
  std::vector<option_spec> options;
  bool operands = false;
  bool passed_on = false;
  // The program's name for messages ("scanproof") and the command line as read.
  std::function<int(std::string_view program, const arguments&)> run;
};

// The subcommand `word` names, or nullptr.
const subcommand* find_subcommand(const std::vector<subcommand>& table, std::string_view word);

// The one dispatcher: argv[first] names a subcommand of `table`, whose
// arguments argv[first + 1..] are read by parse() and given to its run().
// No subcommand, an unknown one ("<program>: unknown command 'x'") or bad
// arguments: the usage on stderr and 2; -h/--help: the usage on stdout and 0.
int dispatch(std::string_view program, int argc, char** argv, int first, const std::vector<subcommand>& table);

// "usage: <program> <name> <synopsis>", one line per subcommand of `table`.
std::string usage(std::string_view program, const std::vector<subcommand>& table);

}  // namespace scanproof::command_line
