// scanproof: the command-line face of the registry.
//   scanproof list [--json | --markdown]
//   scanproof check [--impl NAME[,NAME...]] [--op OP] [--json FILE] [--timeout S]
//   scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]
//   scanproof prove [--impl NAME] [--op OP] [--json] [--target NAME] [--timeout S]
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
#include "scanproof/isolation.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"

namespace {
using namespace scanproof;

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
// finds the very batch/chain code the checks run ("null" when not built).
std::string kernel_offset(const void* fn) {
  if (!fn) return "null";
  const auto anchor = reinterpret_cast<std::intptr_t>(reinterpret_cast<const void*>(&registry));
  return std::to_string(reinterpret_cast<std::intptr_t>(fn) - anchor);
}

int list(bool json) {
  auto reg = registry();
  if (json) {
    std::string t = target_json();
    t.insert(t.size() - 1, ", \"data_model\": " + json_string(scanproof::data_model()));
    std::cout << "{\n  \"target\": " << t << ",\n  \"implementations\": [\n";
    for (std::size_t i = 0; i < reg.size(); ++i) {
      const descriptor& d = reg[i];
      const auto why = unrunnable(d);
      const zero_decision z = zero_policy(d);
      std::cout << "    {\"name\": " << json_string(d.name)
                << ", \"op\": " << json_string(name(d.operation))
                << ", \"width\": " << d.sh.width
                << ", \"op_label\": " << json_string(op_label(d.operation, d.sh))
                << ", \"argument\": " << json_string(name(d.sh.arg))
                << ", \"high_offset\": " << d.sh.high_offset << ", \"index_base\": " << d.sh.index_base
                << ", \"domain\": " << json_string(domain_text(d.sh))
                << ", \"shape\": " << json_string(shape_text(d.sh))
                << ", \"zero\": " << json_string(zero_text(d))
                << ", \"zero_note\": " << json_string(d.zero.note)
                << ", \"zero_called\": " << (z.call ? "true" : "false")
                << ", \"zero_required\": " << (z.want ? std::to_string(*z.want) : "null")
                << ", \"requirements\": " << json_string(requirements_text(d))
                << ", \"cpu_requirements\": [";
      for (std::size_t k = 0; k < d.requires_cpu.size(); ++k)
        std::cout << (k ? ", " : "") << json_string(name(d.requires_cpu[k].feature));
      std::cout << "], \"expectations\": [";
      for (std::size_t k = 0; k < d.expected.size(); ++k) {
        const expectation& e = d.expected[k];
        std::cout << (k ? ", " : "") << "{\"when\": " << json_string(e.when.name)
                  << ", \"scope\": " << json_string(e.on == scope::zero ? "zero" : "nonzero")
                  << ", \"active_here\": " << (e.when.holds() ? "true" : "false")
                  << ", \"reason\": " << json_string(e.reason) << "}";
      }
      std::cout << "], \"availability\": " << json_string(availability(d))
                << ", \"built\": " << (d.built() ? "true" : "false")
                << ", \"unavailable\": " << json_string(d.unavailable)
                << ", \"runnable\": " << (why ? "false" : "true")
                << ", \"skip_reason\": " << json_string(why ? *why : "")
                << ", \"candidate\": " << (d.candidate ? "true" : "false")
                << ", \"provenance\": " << json_string(d.provenance)
                << ", \"source\": " << json_string(short_source(d))
                << ", \"language\": " << json_string(d.language)
                << ", \"same_listing\": " << json_string(d.same_listing)
                << ", \"kernel_offsets\": {\"batch\": "
                << kernel_offset(reinterpret_cast<const void*>(d.batch))
                << ", \"chain\": " << kernel_offset(reinterpret_cast<const void*>(d.chain)) << "}}"
                << (i + 1 < reg.size() ? "," : "") << "\n";
    }
    std::cout << "  ]\n}\n";
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

// --impl a,b,c: every name must exist (a typo is an error, not an empty run).
std::optional<std::vector<std::string>> impl_list(const std::string& arg) {
  std::vector<std::string> names;
  std::istringstream in(arg);
  for (std::string n; std::getline(in, n, ',');) {
    if (n.empty()) continue;
    if (!find(n)) {
      std::fprintf(stderr, "scanproof: no implementation named '%s' (see `scanproof list`)\n", n.c_str());
      return std::nullopt;
    }
    names.push_back(n);
  }
  return names;
}

// Each implementation runs in a child of its own where the platform can fork
// (supervise.hpp): a scanner that crashes, exits or hangs costs its own row.
// `timeout` bounds each check (the alarm is re-armed as each begins), so the
// whole run takes at most checks x timeout, whatever one scanner does.
int check(const std::string& impl, const std::string& op_name, const std::string& json_path,
          unsigned timeout) {
  std::optional<op> want_op;
  if (!op_name.empty() && !(want_op = op_from_name(op_name))) {
    std::fprintf(stderr, "scanproof: unknown op '%s' (lsb, msb, ctz, clz, popcount)\n", op_name.c_str());
    return 2;
  }
  const auto names = impl_list(impl);
  if (!names) return 2;
  std::ostringstream js;
  js << "{\"target\": " << target_json() << ", \"implementations\": [";
  int failed = 0, total = 0;
  for (const descriptor& d : registry()) {
    if (!names->empty() && std::find(names->begin(), names->end(), d.name) == names->end()) continue;
    if (want_op && d.operation != *want_op) continue;
    const isolated_result r = run_isolated(
        [&d] {
          const impl_summary s = run_implementation(d);
          char line[512];
          std::snprintf(line, sizeof line, "%-5s %-9s %-30s %7.3fs  %s",
                        std::string(name(s.overall)).c_str(), op_label(d.operation, d.sh).c_str(),
                        d.name.c_str(), s.seconds, s.headline.c_str());
          return std::string(is_failure(s.overall) ? "F" : "-") + line + "\n" + to_json(s);
        },
        timeout, /*per_check=*/true);
    std::string line, json;
    bool fails = true;
    if (r.completed && r.output.size() > 1) {
      const std::size_t nl = r.output.find('\n');
      fails = r.output[0] == 'F';
      line = r.output.substr(1, nl - 1);
      json = r.output.substr(nl + 1);
    } else {
      const std::string why = r.completed ? "the run returned no result" : r.why;
      const std::string label = op_label(d.operation, d.sh);
      line = "fail  " + label + std::string(label.size() < 10 ? 10 - label.size() : 1, ' ') +
             d.name + "  " + why.substr(0, why.find('\n'));
      json = to_json(ended_early(d, why));
      std::fprintf(stderr, "%s\n", why.c_str());
    }
    if (fails) ++failed;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    js << (total++ ? "," : "") << "\n  " << json;
  }
  js << "\n]}\n";
  std::printf("%d implementations checked, %d failed\n", total, failed);
  if (!json_path.empty()) {
    // C stdio, not <fstream>: wasm32-wasi's libc++ is built without file streams.
    const std::string text = js.str();
    std::FILE* out = std::fopen(json_path.c_str(), "w");
    bool written = out && std::fwrite(text.data(), 1, text.size(), out) == text.size();
    if (out) written = std::fclose(out) == 0 && written;
    if (!written) {
      std::fprintf(stderr, "scanproof: cannot write %s\n", json_path.c_str());
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

int run(int argc, char** argv) {
  if (!registry_ok()) return 2;
  if (argc < 2) return usage(2);
  if (std::string(argv[1]) == "bench")  // its own options
    return run_sibling("scanproof_bench",
                       "the benchmark is built only when Google Benchmark is installed "
                       "(apt-get install libbenchmark-dev, then reconfigure)",
                       argc, argv);
  if (std::string(argv[1]) == "prove")
    return run_sibling("scanproof_prove",
                       "the prover is built only with clang-19, llvm-19-dev and libz3-dev "
                       "(apt-get install them, then reconfigure; docs/proof.md)",
                       argc, argv);
  const std::string cmd = argv[1];
  std::string impl, op_name, json_path;
  unsigned timeout = SCANPROOF_CHECK_TIMEOUT;  // the build's SCANPROOF_TEST_TIMEOUT, as for ctest
  bool json = false, markdown = false;
  std::vector<std::string> inputs;  // eval's
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* flag) -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "scanproof: %s needs a value\n", flag);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--json" && cmd == "list") json = true;
    else if (a == "--markdown" && cmd == "list") markdown = true;
    else if (a == "--json") json_path = value("--json");
    else if (a == "--impl") impl = value("--impl");
    else if (a == "--op") op_name = value("--op");
    else if (a == "--timeout") {
      // As `scanproof prove --timeout`: a positive number of seconds for one
      // check of one implementation (whole seconds here, rounded up).
      const std::string v = value("--timeout");
      char* end = nullptr;
      const double t = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || !(t > 0) || t > 86400) {
        std::fprintf(stderr, "scanproof: --timeout wants a positive number of seconds (at most 86400) for one check, not '%s'\n",
                     v.c_str());
        return 2;
      }
      timeout = static_cast<unsigned>(std::ceil(t));
    }
    else if (a == "-h" || a == "--help") return usage(0);
    else if (cmd == "eval" && !a.empty() && a[0] != '-') inputs.push_back(a);
    else {
      std::fprintf(stderr, "scanproof: unknown argument '%s'\n", a.c_str());
      return usage(2);
    }
  }
  if (cmd == "list") return markdown ? list_markdown() : list(json);
  if (cmd == "check") return check(impl, op_name, json_path, timeout);
  if (cmd == "eval") return eval(impl, inputs);
  if (cmd == "-h" || cmd == "--help") return usage(0);
  std::fprintf(stderr, "scanproof: unknown command '%s'\n", cmd.c_str());
  return usage(2);
}

// `scanproof check` runs implementations: supervised, so a scanner that ends
// the process is named and fails (supervise.hpp); list only reads the
// registry; bench and prove exec their own programs (run()).
int main(int argc, char** argv) {
  const std::string cmd = argc >= 2 ? argv[1] : "";
  return cmd == "check" ? scanproof::supervised_main(run, argc, argv) : run(argc, argv);
}
