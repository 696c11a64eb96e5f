#include "scanproof/command_line.hpp"

#include <getopt.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>

#if !defined(__wasi__)
#include <thread>  // --jobs: the number of CPUs (wasm32 has no threads)
#endif

#include "scanproof/registry.hpp"

namespace scanproof::command_line {

std::string arguments::value(const std::string& name, std::string otherwise) const {
  const auto it = values.find(name);
  return it == values.end() ? otherwise : it->second.back();
}

namespace {

void say(std::string_view program, const std::string& what) {
  std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(program.size()), program.data(), what.c_str());
}

}  // namespace

std::optional<arguments> parse(std::string_view program, int argc, char** argv, int first,
                               const std::vector<option_spec>& options, bool operands) {
  std::vector<option> table;
  for (const option_spec& o : options)
    table.push_back({o.name, o.takes_value ? required_argument : no_argument, nullptr, 0});
  table.push_back({"help", no_argument, nullptr, 'h'});
  table.push_back({nullptr, 0, nullptr, 0});
  // getopt_long reads argv[1..]: hand it the command's own arguments, with argv[first - 1] as its name.
  std::vector<char*> args(argv + first - 1, argv + argc);
  args.push_back(nullptr);
  const int n = static_cast<int>(args.size()) - 1;
  arguments out;
  opterr = 0;  // the messages below, not getopt's
  optind = 0;  // 0: a full reset (glibc, musl, mingw-w64), so the program can read more than one command line
  for (int index = -1;; index = -1) {
    // ':' first: a missing value is ':', an unknown option '?'.
    const int c = getopt_long(n, args.data(), ":h", table.data(), &index);
    if (c == -1) break;
    const std::string given = optind > 0 && optind <= n ? args[static_cast<std::size_t>(optind) - 1] : "";
    if (c == 'h') {
      out.help = true;
    } else if (c == 0 && index >= 0) {
      out.values[table[static_cast<std::size_t>(index)].name].push_back(optarg ? optarg : "");
    } else if (c == ':') {
      // optopt is 0 for a long option; argv[optind - 1] is the option then.
      say(program, (optopt ? "-" + std::string(1, static_cast<char>(optopt)) : given.substr(0, given.find('=')))
                       + " needs a value");
      return std::nullopt;
    } else {
      say(program, "unknown argument '" + (optopt ? "-" + std::string(1, static_cast<char>(optopt)) : given) + "'");
      return std::nullopt;
    }
  }
  for (int i = optind; i < n; ++i) out.operands.push_back(args[static_cast<std::size_t>(i)]);
  if (!operands && !out.operands.empty()) {
    say(program, "unknown argument '" + out.operands.front() + "'");
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<std::string>> implementation_names(std::string_view program, const std::string& text,
                                                             const std::function<bool(const std::string&)>& known) {
  std::vector<std::string> names;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string n = text.substr(at, comma - at);
    at = comma + 1;
    if (n.empty()) continue;
    if (known ? !known(n) : !find(n)) {
      say(program, "no implementation named '" + n + "' (see `scanproof list`)");
      return std::nullopt;
    }
    names.push_back(n);
  }
  return names;
}

std::optional<op> op_named(std::string_view program, const std::string& text) {
  if (const auto o = op_from_name(text)) return o;
  std::string known;
  for (op o : all_ops) known += (known.empty() ? "" : ", ") + std::string(name(o));
  say(program, "unknown op '" + text + "' (" + known + ")");
  return std::nullopt;
}

namespace {

// The whole text (strtod would skip leading blanks) as a finite number, or nullopt.
std::optional<double> number(const std::string& text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || errno || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

std::optional<double> timeout_seconds(std::string_view program, const std::string& text) {
  const auto t = number(text);
  if (t && *t > 0 && *t <= 86400) return t;
  say(program, "--timeout wants a positive number of seconds (at most 86400) for one check, not '" + text + "'");
  return std::nullopt;
}

std::optional<double> positive_number(std::string_view program, std::string_view option, const std::string& text) {
  const auto v = number(text);
  if (v && *v > 0) return v;
  say(program, std::string(option) + " wants a positive number, not '" + text + "'");
  return std::nullopt;
}

std::optional<int> positive_integer(std::string_view program, std::string_view option, const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (!text.empty() && !std::isspace(static_cast<unsigned char>(text[0])) && !*end && !errno && v >= 1 && v <= 1000000) return static_cast<int>(v);
  say(program, std::string(option) + " wants a positive whole number, not '" + text + "'");
  return std::nullopt;
}

std::optional<int> jobs(std::string_view program, const arguments& a) {
  if (a.has("jobs")) return positive_integer(program, "--jobs", a.value("jobs"));
#if defined(__wasi__)
  return 1;
#else
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
#endif
}

}  // namespace scanproof::command_line
