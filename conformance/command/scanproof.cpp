// scanproof: the command-line face of the registry.
//   scanproof list [--json | --markdown]
//   scanproof check [--impl NAME[,NAME...]] [--op OP] [--json FILE] [--timeout S]
//   scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]
//   scanproof prove [--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] [--jobs N]
//   scanproof eval --impl NAME INPUT...
// Options are read as every command of the suite reads them (conformance/command/).
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "scanproof/catalogue_listing.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/command_line.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"

namespace {
using namespace scanproof;
using command_line::json;

std::string expectations_text(const descriptor& d) {
  std::string s;
  for (const expectation& e : d.expected)
    s += std::string(s.empty() ? "" : "; ") + "fails " +
         (e.on == scope::zero ? "on zero" : "on nonzero inputs") + " where " + e.when.name + ": " +
         e.reason;
  return s;
}

std::string md_cell(std::string s) {
  for (std::size_t p = 0; (p = s.find('|', p)) != std::string::npos; p += 2) s.replace(p, 1, "\\|");
  return s;
}

// docs/catalogue.md's table is this output (ci/update-catalogue writes it).
int list_markdown() {
  std::cout << "| op | name | shape | zero input | needs | expected to fail | provenance |\n"
            << "|---|---|---|---|---|---|---|\n";
  for (const descriptor& d : registry()) {
    if (d.candidate) continue;
    std::string xf;
    for (const expectation& e : d.expected)
      xf += std::string(xf.empty() ? "" : "; ") + (e.on == scope::zero ? "zero, " : "") + e.when.name;
    const std::string lang = d.language == "C++" ? "" : " (" + d.language + ")";
    std::cout << "| " << op_label(d.operation, d.sh) << " | `" << d.name << "`" << lang << " | "
              << md_cell(d.sh.plain_64() ? "" : shape_text(d.sh)) << " | " << md_cell(zero_text(d))
              << " | " << md_cell(requirements_text(d)) << " | " << md_cell(xf) << " | "
              << md_cell(d.provenance) << " |\n";
  }
  return 0;
}

int list(bool as_json) {
  if (as_json) {
    std::cout << catalogue_json();
    return 0;
  }
  auto reg = registry();
  std::printf("%-11s %-30s %-26s %-28s %s\n", "op", "name", "zero", "availability", "source");
  for (const descriptor& d : reg) {
    std::printf("%-11s %-30s %-26s %-28s %s\n", op_label(d.operation, d.sh).c_str(),
                d.name.c_str(), zero_text(d).c_str(), availability(d).c_str(), source_path(d).c_str());
    if (!d.sh.plain_64()) std::printf("%-11s %-30s shape: %s\n", "", "", shape_text(d.sh).c_str());
    if (!d.expected.empty()) std::printf("%-11s %-30s expects: %s\n", "", "", expectations_text(d).c_str());
  }
  std::printf("%zu implementations on %s (%s); provenance: scanproof list --json\n", reg.size(),
              arch_name(), compiler_id().c_str());
  return 0;
}

// `scanproof check`'s options, read before the supervisor forks (main()).
struct check_options {
  std::vector<std::string> names;  // empty: every implementation
  std::optional<op> only_op;
  std::string json_path;
  unsigned timeout = SCANPROOF_CHECK_TIMEOUT;  // the build's SCANPROOF_TEST_TIMEOUT, as for ctest
};
check_options checking;

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
    head["target"] = command_line::target_facts();
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
int run_sibling(const char* program, const char* built_when, int argc, char** argv) {
#if defined(_WIN32) || defined(__wasi__)
  // No readlink/execv on Windows and WASI, whose builds have neither program.
  (void)built_when;
  (void)argc;
  (void)argv;
  std::fprintf(stderr, "scanproof: %s is not available on this target (Windows, WASI)\n", program);
  return 2;
#else
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string exe = len > 0 ? std::string(self, static_cast<std::size_t>(len)) : std::string(argv[0]);
  exe = exe.substr(0, exe.find_last_of('/') + 1) + program;
  std::vector<char*> args{exe.data()};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(exe.c_str(), args.data());
  std::fprintf(stderr, "scanproof: cannot run %s (%s): %s\n", exe.c_str(), std::strerror(errno),
               built_when);
  return 2;
#endif
}

int usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: scanproof list [--json | --markdown]\n"
               "       scanproof check [--impl NAME[,NAME...]] [--op OP] [--json FILE] [--timeout S]\n"
               "       scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]\n"
               "       scanproof prove [--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] [--jobs N]\n"
               "       scanproof eval --impl NAME INPUT...   (each input's result, one line each)\n"
               "       scanproof discover <dir | compile_commands.json> [--out DIR] [-- FLAGS...]\n");
  return code;
}
}  // namespace

// `scanproof check` runs implementations: supervised, so a scanner that ends
// the process is named and fails (supervise.hpp); its options are read before,
// so a usage error is one, not a child that ended. list and eval only read the
// registry (eval runs each call in a child of its own); bench and prove exec
// their own programs.
int main(int argc, char** argv) {
  using namespace scanproof;
  namespace cl = scanproof::command_line;
  if (!registry_ok()) return 2;
  if (argc < 2) return usage(2);
  const std::string cmd = argv[1];
  if (cmd == "bench")  // its own options
    return run_sibling("scanproof_bench",
                       "the benchmark is built only when Google Benchmark is installed "
                       "(apt-get install libbenchmark-dev, then reconfigure)",
                       argc, argv);
  if (cmd == "prove")
    return run_sibling("scanproof_prove",
                       "the prover is built only with clang-19, llvm-19-dev and libz3-dev "
                       "(apt-get install them, then reconfigure; docs/proof.md)",
                       argc, argv);
  if (cmd == "discover")
    return run_sibling("scanproof_discover",
                       "discovery is built only with clang-19, llvm-19-dev and libz3-dev, as the prover "
                       "(apt-get install them, then reconfigure; docs/discovery.md)",
                       argc, argv);
  if (cmd == "-h" || cmd == "--help") return usage(0);
  std::vector<cl::option_spec> options;
  if (cmd == "list") options = {{"json", false}, {"markdown", false}};
  else if (cmd == "check") options = {{"impl", true}, {"op", true}, {"json", true}, {"timeout", true}};
  else if (cmd == "eval") options = {{"impl", true}};
  else {
    std::fprintf(stderr, "scanproof: unknown command '%s'\n", cmd.c_str());
    return usage(2);
  }
  const auto a = cl::parse("scanproof", argc, argv, 2, options, /*operands=*/cmd == "eval");
  if (!a) return usage(2);
  if (a->help) return usage(0);
  if (cmd == "list") return a->has("markdown") ? list_markdown() : list(a->has("json"));
  if (cmd == "eval") return eval_inputs("scanproof eval", a->value("impl"), a->operands);
  check_options& o = checking;
  const auto names = cl::implementation_names("scanproof", a->value("impl"));
  if (!names) return 2;
  o.names = *names;
  if (a->has("op") && !(o.only_op = cl::op_named("scanproof", a->value("op")))) return 2;
  o.json_path = a->value("json");
  if (a->has("timeout")) {
    // Whole seconds here (run_isolated's limit, as its messages name it), rounded up.
    const auto t = cl::timeout_seconds("scanproof", a->value("timeout"));
    if (!t) return 2;
    o.timeout = static_cast<unsigned>(std::ceil(*t));
  }
  return supervised_main(check, argc, argv);
}
