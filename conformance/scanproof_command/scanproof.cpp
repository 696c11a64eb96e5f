// scanproof: the command-line face of the registry. The catalogue's
// subcommands (list, eval: catalogue_commands.hpp) and its own (check; bench,
// prove and discover run their programs), chosen and read by the suite's one
// dispatcher (impl/command_line/); their synopses are subcommands() below
// (`scanproof --help`).
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanproof/catalogue_commands.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/command_json.hpp"
#include "scanproof/command_line.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"

namespace {
using namespace scanproof;
using command_line::json;

// `scanproof check`'s options, read before the supervisor forks (main()).
struct check_options {
  std::vector<std::string> names;  // empty: every implementation
  std::optional<op> only_op;
  std::string json_path;
  unsigned timeout = SCANPROOF_CHECK_TIMEOUT;  // the build's SCANPROOF_TEST_TIMEOUT, as for ctest
};
check_options checking;

// The machine the checks run on, as the check engine reports it (checks.hpp,
// target_json: docs/contracts.md, Results of a run).
json target_facts() {
  const std::string text = target_json();
  if (auto v = command_line::parse_json(text)) return *v;
  std::fprintf(stderr, "scanproof: the target's facts are not valid JSON (a bug in the suite): %s\n", text.c_str());
  return json{{"error", text}};
}

// What a child running one implementation's checks returns to the parent:
// {"failed": bool, "line": the row as printed, "summary": the engine's
// results (checks.hpp to_json)}.
std::string checked(const descriptor& d) {
  const impl_summary s = run_implementation(d);
  char line[512];
  std::snprintf(line, sizeof line, "%-5s %-9s %-30s %7.3fs  %s", std::string(name(s.overall)).c_str(),
                op_label(d.operation, d.sh).c_str(), d.name.c_str(), s.seconds, s.headline.c_str());
  json r;
  r["failed"] = is_failure(s.overall);
  r["line"] = line;
  const std::string summary = to_json(s);
  r["summary"] = command_line::parse_json(summary).value_or(json(summary));
  return command_line::json_line(r);
}

// Each implementation runs in a child of its own where the platform can fork
// (supervise.hpp): a scanner that crashes, exits or hangs costs its own row.
// `timeout` bounds each check (the parent's deadline restarts as each begins), so the
// whole run takes at most checks x timeout, whatever one scanner does.
int check(int, char**) {
  const check_options& o = checking;
  std::vector<json> results;
  int failed = 0;
  for (const descriptor& d : registry()) {
    if (!o.names.empty() && std::find(o.names.begin(), o.names.end(), d.name) == o.names.end()) continue;
    if (o.only_op && d.operation != *o.only_op) continue;
    const isolated_result r = run_isolated([&d] { return checked(d); }, o.timeout, /*per_check=*/true);
    const auto back = r.completed ? command_line::parse_json(r.output) : std::nullopt;
    std::string line;
    json summary;
    bool fails = true;
    if (back && back->contains("line") && back->contains("summary") && (*back)["summary"].is_object()) {
      fails = (*back)["failed"] == true;
      line = (*back)["line"];
      summary = (*back)["summary"];
    } else {
      const std::string why = !r.completed       ? r.why
                              : r.output.empty() ? "the run returned no result"
                                                 : "its results are not valid JSON (a bug in the suite): " + r.output;
      const std::string label = op_label(d.operation, d.sh);
      line = "fail  " + label + std::string(label.size() < 10 ? 10 - label.size() : 1, ' ') +
             d.name + "  " + why.substr(0, why.find('\n'));
      const std::string early = to_json(ended_early(d, why));
      summary = command_line::parse_json(early).value_or(json(early));
      std::fprintf(stderr, "%s\n", why.c_str());
    }
    if (fails) ++failed;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    results.push_back(std::move(summary));
  }
  std::printf("%zu implementations checked, %d failed\n", results.size(), failed);
  if (!o.json_path.empty()) {
    json head;
    head["target"] = target_facts();
    // C stdio, not <fstream>: wasm32-wasi's libc++ is built without file streams.
    const std::string text = command_line::json_document(head, "implementations", results);
    std::FILE* out = std::fopen(o.json_path.c_str(), "w");
    bool written = out && std::fwrite(text.data(), 1, text.size(), out) == text.size();
    if (out) written = std::fclose(out) == 0 && written;
    if (!written) {
      std::fprintf(stderr, "scanproof: cannot write %s\n", o.json_path.c_str());
      return 2;
    }
  }
  return failed ? 1 : 0;
}

// `scanproof bench ...` runs scanproof_bench (bench/), built next to this
// program when Google Benchmark is installed, with the same arguments;
// `scanproof prove ...` runs scanproof_prove (proof/) the same way.
int run_sibling(const char* program, const char* built_when, const std::vector<std::string>& arguments,
                const char* argv0) {
#if defined(_WIN32) || defined(__wasi__)
  // No readlink/execv on Windows and WASI, whose builds have neither program.
  (void)built_when;
  (void)arguments;
  (void)argv0;
  std::fprintf(stderr, "scanproof: %s is not available on this target (Windows, WASI)\n", program);
  return 2;
#else
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string exe = len > 0 ? std::string(self, static_cast<std::size_t>(len)) : std::string(argv0);
  exe = exe.substr(0, exe.find_last_of('/') + 1) + program;
  std::vector<std::string> words = arguments;
  std::vector<char*> args{exe.data()};
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  execv(exe.c_str(), args.data());
  std::fprintf(stderr, "scanproof: cannot run %s (%s): %s\n", exe.c_str(), std::strerror(errno),
               built_when);
  return 2;
#endif
}

// `scanproof check`'s options into `checking`; false (after the message) on a usage error.
bool read_check_options(const command_line::arguments& a) {
  namespace cl = command_line;
  check_options& o = checking;
  const auto names = cl::implementation_names("scanproof", a.value("impl"));
  if (!names) return false;
  o.names = *names;
  if (a.has("op") && !(o.only_op = cl::op_named("scanproof", a.value("op")))) return false;
  o.json_path = a.value("json");
  if (a.has("timeout")) {
    // Whole seconds here (run_isolated's limit, as its messages name it), rounded up.
    const auto t = cl::timeout_seconds("scanproof", a.value("timeout"));
    if (!t) return false;
    o.timeout = static_cast<unsigned>(std::ceil(*t));
  }
  return true;
}

// The catalogue's subcommands (list, eval: catalogue_commands.hpp, as the
// conformance driver answers them) with the command's own, in the usage's order.
std::vector<command_line::subcommand> subcommands(int argc, char** argv) {
  using command_line::arguments;
  using command_line::subcommand;
  const auto sibling = [argv](const char* program, const char* built_when) {
    return [argv, program, built_when](std::string_view, const arguments& a) {
      return run_sibling(program, built_when, a.operands, argv[0]);
    };
  };
  std::vector<subcommand> table = catalogue_commands();
  const std::vector<subcommand> own = {
      {"check", "[--impl NAME[,NAME...]] [--op OP] [--json FILE] [--timeout S]",
       {{"impl", true}, {"op", true}, {"json", true}, {"timeout", true}}, false, false,
       [argc, argv](std::string_view, const arguments& a) {
         return read_check_options(a) ? supervised_main(check, argc, argv) : 2;
       }},
      {"bench", "[--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]", {}, false, true,
       sibling("scanproof_bench", "the benchmark is built only when Google Benchmark is installed "
                                  "(apt-get install libbenchmark-dev, then reconfigure)")},
      {"prove", "[--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] [--jobs N]", {}, false,
       true,
       sibling("scanproof_prove", "the prover is built only with clang-19, llvm-19-dev and libz3-dev "
                                  "(apt-get install them, then reconfigure; docs/proof.md)")},
  };
  table.insert(table.begin() + 1, own.begin(), own.end());  // after list
  table.push_back({"discover", "<dir | compile_commands.json> [--out DIR] [-- FLAGS...]", {}, false, true,
                   sibling("scanproof_discover",
                           "discovery is built only with clang-19, llvm-19-dev and libz3-dev, as the prover "
                           "(apt-get install them, then reconfigure; docs/discovery.md)")});
  return table;
}
}  // namespace

// `scanproof check` runs implementations: supervised, so a scanner that ends
// the process is named and fails (supervise.hpp); its options are read before,
// so a usage error is one, not a child that ended. list and eval only read the
// registry (eval runs each call in a child of its own); bench, prove and
// discover exec their own programs.
int main(int argc, char** argv) {
  // Run by hand, judged in this process: a candidate is judged as its source
  // declares, whatever its start-up code made of the registry's copy.
  for (const std::string& why : scanproof::restore_declarations())
    std::fprintf(stderr, "scanproof: warning: %s\n", why.c_str());
  if (!scanproof::registry_ok()) return 2;
  return scanproof::command_line::dispatch("scanproof", argc, argv, 1, subcommands(argc, argv));
}
