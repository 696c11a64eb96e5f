// scanproof: the command-line face of the registry.
//   scanproof list [--json | --markdown]
//   scanproof check [--impl NAME[,NAME...]] [--op OP] [--json FILE] [--timeout S]
//   scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]
//   scanproof prove [--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] [--jobs N]
//   scanproof eval --impl NAME INPUT...
// Options are read as every command of the suite reads them (conformance/command/).
#include <unistd.h>

#include <cctype>
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

#include "scanproof/batch.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/command_line.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"

namespace {
using namespace scanproof;
using command_line::json;

std::string requirements_text(const descriptor& d) {
  std::string s = d.needs;
  for (const requirement& q : d.requires_cpu) {
    if (s.find(name(q.feature)) == std::string::npos && s.find("POPCNT") == std::string::npos)
      s += std::string(s.empty() ? "" : ", ") + name(q.feature);
  }
  return s;
}

std::string expectations_text(const descriptor& d) {
  std::string s;
  for (const expectation& e : d.expected)
    s += std::string(s.empty() ? "" : "; ") + "fails " +
         (e.on == scope::zero ? "on zero" : "on nonzero inputs") + " where " + e.when.name + ": " +
         e.reason;
  return s;
}

std::string availability(const descriptor& d) {
  if (!d.built()) return "not built: " + d.unavailable;
  for (const requirement& q : d.requires_cpu)
    if (!cpu_has(q.feature)) return std::string("skipped: CPU lacks ") + name(q.feature);
  return "built";
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

// A path relative to the source tree ("impl/lsb/debruijn.cpp"); candidates keep theirs.
std::string short_source(const descriptor& d) {
  if (d.candidate) return d.source;
  for (const char* top : {"/impl/"})
    if (auto p = d.source.rfind(top); p != std::string::npos) return d.source.substr(p + 1);
  return d.source;
}

// Where a kernel's code is, as a byte offset from scanproof::registry()'s own
// code: an offset survives the load address (PIE, an emulator) and names the
// function in the program's symbol table, which is how ci/matrixjob/speed.py
// finds the very batch/chain code the checks run (null when not built).
json kernel_offset(const void* fn) {
  if (!fn) return nullptr;
  const auto anchor = reinterpret_cast<std::intptr_t>(reinterpret_cast<const void*>(&registry));
  return reinterpret_cast<std::intptr_t>(fn) - anchor;
}

// One implementation in `scanproof list --json` (docs/contracts.md).
json listing(const descriptor& d) {
  const auto why = unrunnable(d);
  const zero_decision z = zero_policy(d);
  json j;
  j["name"] = d.name;
  j["op"] = std::string(name(d.operation));
  j["width"] = d.sh.width;
  j["op_label"] = op_label(d.operation, d.sh);
  j["argument"] = std::string(name(d.sh.arg));
  j["high_offset"] = d.sh.high_offset;
  j["index_base"] = d.sh.index_base;
  j["domain"] = domain_text(d.sh);
  j["shape"] = shape_text(d.sh);
  j["zero"] = zero_text(d);
  j["zero_note"] = d.zero.note;
  j["zero_called"] = z.call;
  j["zero_required"] = z.want ? json(*z.want) : json(nullptr);
  j["requirements"] = requirements_text(d);
  j["cpu_requirements"] = json::array();
  for (const requirement& q : d.requires_cpu) j["cpu_requirements"].push_back(name(q.feature));
  j["expectations"] = json::array();
  for (const expectation& e : d.expected) {
    json x;
    x["when"] = e.when.name;
    x["scope"] = e.on == scope::zero ? "zero" : "nonzero";
    x["active_here"] = e.when.holds();
    x["reason"] = e.reason;
    j["expectations"].push_back(std::move(x));
  }
  j["availability"] = availability(d);
  j["built"] = d.built();
  j["unavailable"] = d.unavailable;
  j["runnable"] = !why;
  j["skip_reason"] = why ? *why : "";
  j["candidate"] = d.candidate;
  j["provenance"] = d.provenance;
  j["source"] = short_source(d);
  j["language"] = d.language;
  j["same_listing"] = d.same_listing;
  j["kernel_offsets"]["batch"] = kernel_offset(reinterpret_cast<const void*>(d.batch));
  j["kernel_offsets"]["chain"] = kernel_offset(reinterpret_cast<const void*>(d.chain));
  return j;
}

int list(bool as_json) {
  auto reg = registry();
  if (as_json) {
    json head;
    head["target"] = command_line::target_facts();
    head["target"]["data_model"] = scanproof::data_model();
    std::vector<json> items;
    for (const descriptor& d : reg) items.push_back(listing(d));
    std::cout << command_line::json_document(head, "implementations", items);
    return 0;
  }
  std::printf("%-11s %-30s %-26s %-28s %s\n", "op", "name", "zero", "availability", "source");
  for (const descriptor& d : reg) {
    std::printf("%-11s %-30s %-26s %-28s %s\n", op_label(d.operation, d.sh).c_str(),
                d.name.c_str(), zero_text(d).c_str(), availability(d).c_str(), short_source(d).c_str());
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

// An argument of up to `width` bits: decimal (up to 64 bits) or 0x and hex digits.
std::optional<word> parse_argument(const std::string& in, int width) {
  if (in.empty() || in[0] == '-') return std::nullopt;
  word v;
  if (in.size() > 2 && in[0] == '0' && (in[1] == 'x' || in[1] == 'X')) {
    for (std::size_t i = 2; i < in.size(); ++i) {
      const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(in[i])));
      const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                        : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                                                                    : -1;
      if (digit < 0 || (v.hi >> 60)) return std::nullopt;
      v = (v << 4) | word{static_cast<std::uint64_t>(digit)};
    }
  } else {
    char* end = nullptr;
    errno = 0;
    v = word{std::strtoull(in.c_str(), &end, 10)};
    if (*end || errno) return std::nullopt;
  }
  if (v & ~word::ones(width)) return std::nullopt;
  return v;
}

// `scanproof eval --impl NAME INPUT...`: what one implementation returns for
// each input, one "<input hex> <result>" line each, each call in a child
// process from the default state. ci/matrix --prove replays a cross target's
// proof counterexamples with it under the target's emulator.
int eval(const std::string& impl, const std::vector<std::string>& inputs) {
  const descriptor* d = impl.empty() ? nullptr : find(impl);
  if (!d || impl.find(',') != std::string::npos) {
    std::fprintf(stderr, "scanproof eval: --impl wants one implementation's name (scanproof list), not '%s'\n",
                 impl.c_str());
    return 2;
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "scanproof eval: no input (scanproof eval --impl NAME 0x8000000000000000 ...)\n");
    return 2;
  }
  int failed = 0;
  for (const std::string& in : inputs) {
    const std::optional<word> b = parse_argument(in, d->sh.width);
    if (!b) {
      std::fprintf(stderr, "scanproof eval: '%s' is not a %d-bit unsigned input (decimal, or 0x and hex digits)\n",
                   in.c_str(), d->sh.width);
      return 2;
    }
    const isolated_result r = run_isolated(
        [d, b] {
          const fresh_process_state fresh;
          if (!d->pop_batch) return std::to_string(call_one(d->batch, *b));
          // A pop op: the index, then the board it left behind (docs/contracts.md, eval).
          std::int64_t i = 0;
          word after;
          d->pop_batch(&*b, &i, &after, 1);
          return std::to_string(i) + " " + (d->sh.width > 64 ? hex128(after) : hex(after.lo));
        },
        60);
    const std::string shown = d->sh.width > 64 ? hex128(*b) : hex(b->lo);
    if (r.completed) {
      std::printf("%s %s\n", shown.c_str(), r.output.c_str());
    } else {
      ++failed;
      std::printf("%s did-not-return %s\n", shown.c_str(), r.why.substr(0, r.why.find('\n')).c_str());
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
               "       scanproof eval --impl NAME INPUT...   (each input's result, one line each)\n");
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
  if (cmd == "eval") return eval(a->value("impl"), a->operands);
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
