// The one dispatcher (command_line.hpp): `scanproof` and the conformance
// driver's command mode choose and read a subcommand here, so the same words
// mean the same in both.
#include <cstdio>

#include "scanproof/command_line.hpp"

namespace scanproof::command_line {

const subcommand* find_subcommand(const std::vector<subcommand>& table, std::string_view word) {
  for (const subcommand& c : table)
    if (c.name == word) return &c;
  return nullptr;
}

std::string usage(std::string_view program, const std::vector<subcommand>& table) {
  std::string text;
  for (const subcommand& c : table)
    text += (text.empty() ? "usage: " : "       ") + std::string(program) + " " + c.name +
            (c.synopsis.empty() ? "" : " " + c.synopsis) + "\n";
  return text;
}

namespace {

// The usage, on stdout when asked for (status 0), else on stderr.
int usage_status(std::string_view program, const std::vector<subcommand>& table, int status) {
  std::fputs(usage(program, table).c_str(), status ? stderr : stdout);
  return status;
}

}  // namespace

int dispatch(std::string_view program, int argc, char** argv, int first, const std::vector<subcommand>& table) {
  if (argc <= first) return usage_status(program, table, 2);
  const std::string_view word = argv[first];
  const subcommand* c = find_subcommand(table, word);
  if (c && c->passed_on) {
    arguments a;
    a.operands.assign(argv + first + 1, argv + argc);
    return c->run(program, a);
  }
  if (word == "-h" || word == "--help") return usage_status(program, table, 0);
  if (!c) {
    std::fprintf(stderr, "%.*s: unknown command '%.*s'\n", static_cast<int>(program.size()), program.data(),
                 static_cast<int>(word.size()), word.data());
    return usage_status(program, table, 2);
  }
  const auto a = parse(program, argc, argv, first + 1, c->options, c->operands);
  if (!a) return usage_status(program, table, 2);
  if (a->help) return usage_status(program, table, 0);
  return c->run(program, *a);
}

}  // namespace scanproof::command_line
