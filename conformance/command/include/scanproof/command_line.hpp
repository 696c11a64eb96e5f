// What the suite's three commands share -- `scanproof` (conformance/command/scanproof.cpp),
// the bench (bench/bench_main.cpp) and the prover (proof/src/prover/main.cpp): how
// a command line is read, what --impl, --op and --timeout mean, and the one
// style their JSON is written in.
//
// The options are read by the C library's getopt_long, not by CLI11: CLI11
// reports every error by throwing, and `scanproof` is also built for wasm32,
// whose libc++abi has no exceptions (toolchains/wasm32.cmake), while the
// target's `scanproof list --json` is what ci/matrix reads. getopt_long is in
// every C library the targets have (glibc, wasi-libc, mingw-w64).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/json_style.hpp"
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
// empty value means every implementation.
std::optional<std::vector<std::string>> implementation_names(std::string_view program,
                                                             const std::string& text);

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

using json = json_style::json;  // fields in the order they are set

// The suite's JSON style (json_style.hpp): one line, `{"name": "x", "op": "lsb", "checks": [1, 2]}`
// (what the docs and ci/matrixjob show); strings as UTF-8, a byte that is not
// UTF-8 replaced by U+FFFD rather than written as invalid JSON.
std::string json_line(const json& value);

// The one document layout of `scanproof list --json`, `scanproof check --json`
// and `scanproof prove --json`: `head`'s fields, then `list_key` with one item
// a line:
//   {"target": {...}, "implementations": [
//     {...},
//     {...}
//   ]}
std::string json_document(const json& head, std::string_view list_key, const std::vector<json>& items);

// The machine the program runs on, as the check engine reports it
// (checks.hpp, target_json: docs/contracts.md, Results of a run).
json target_facts();

// Text that should be JSON (a child process's result), or nullopt.
std::optional<json> parse_json(const std::string& text);

}  // namespace scanproof::command_line
