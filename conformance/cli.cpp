// scanproof: the command-line face of the registry.
//   scanproof list [--json | --markdown]
//   scanproof check [--impl NAME] [--op OP] [--json FILE]
//   scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>

#include "scanproof/checks.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/zero_policy.hpp"

namespace {
using namespace scanproof;

std::string json_string(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else {
          o += c;
        }
    }
  }
  return o + "\"";
}

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

// The README's catalogue table is this output (ci/update-readme writes it).
int list_markdown() {
  std::cout << "| op | name | zero input | needs | expected to fail | provenance |\n"
            << "|---|---|---|---|---|---|\n";
  for (const descriptor& d : registry()) {
    if (d.candidate) continue;
    std::string xf;
    for (const expectation& e : d.expected)
      xf += std::string(xf.empty() ? "" : "; ") + (e.on == scope::zero ? "zero, " : "") + e.when.name;
    std::cout << "| " << name(d.operation) << " | `" << d.name << "` | " << md_cell(zero_text(d))
              << " | " << md_cell(requirements_text(d)) << " | " << md_cell(xf) << " | "
              << md_cell(d.provenance) << " |\n";
  }
  return 0;
}

int list(bool json) {
  auto reg = registry();
  if (json) {
    std::cout << "{\n  \"target\": {\"arch\": " << json_string(arch_name())
              << ", \"compiler\": " << json_string(compiler_id())
              << ", \"big_endian\": " << (big_endian ? "true" : "false")
              << ", \"long_bits\": " << long_bits << ", \"pointer_bits\": " << pointer_bits
              << "},\n  \"implementations\": [\n";
    for (std::size_t i = 0; i < reg.size(); ++i) {
      const descriptor& d = reg[i];
      std::cout << "    {\"name\": " << json_string(d.name)
                << ", \"op\": " << json_string(name(d.operation))
                << ", \"zero\": " << json_string(zero_text(d))
                << ", \"zero_note\": " << json_string(d.zero.note)
                << ", \"requirements\": " << json_string(requirements_text(d))
                << ", \"expectations\": [";
      for (std::size_t k = 0; k < d.expected.size(); ++k) {
        const expectation& e = d.expected[k];
        std::cout << (k ? ", " : "") << "{\"when\": " << json_string(e.when.name)
                  << ", \"scope\": " << json_string(e.on == scope::zero ? "zero" : "nonzero")
                  << ", \"active_here\": " << (e.when.holds() ? "true" : "false")
                  << ", \"reason\": " << json_string(e.reason) << "}";
      }
      std::cout << "], \"availability\": " << json_string(availability(d))
                << ", \"candidate\": " << (d.candidate ? "true" : "false")
                << ", \"provenance\": " << json_string(d.provenance)
                << ", \"source\": " << json_string(d.source) << "}"
                << (i + 1 < reg.size() ? "," : "") << "\n";
    }
    std::cout << "  ]\n}\n";
    return 0;
  }
  std::printf("%-9s %-30s %-26s %-28s %s\n", "op", "name", "zero", "availability", "provenance");
  for (const descriptor& d : reg) {
    std::printf("%-9s %-30s %-26s %-28s %s\n", std::string(name(d.operation)).c_str(),
                d.name.c_str(), zero_text(d).c_str(), availability(d).c_str(), d.provenance.c_str());
    if (!d.expected.empty()) std::printf("%-9s %-30s expects: %s\n", "", "", expectations_text(d).c_str());
  }
  std::printf("%zu implementations on %s (%s)\n", reg.size(), arch_name(), compiler_id().c_str());
  return 0;
}

int check(const std::string& impl, const std::string& op_name, const std::string& json_path) {
  std::optional<op> want_op;
  if (!op_name.empty() && !(want_op = op_from_name(op_name))) {
    std::fprintf(stderr, "scanproof: unknown op '%s' (lsb, msb, ctz, clz, popcount)\n", op_name.c_str());
    return 2;
  }
  if (!impl.empty() && !find(impl)) {
    std::fprintf(stderr, "scanproof: no implementation named '%s' (see `scanproof list`)\n", impl.c_str());
    return 2;
  }
  std::ostringstream js;
  js << "{\"target\": {\"arch\": " << json_string(arch_name())
     << ", \"compiler\": " << json_string(compiler_id()) << ", \"cpu\": " << json_string(cpu_model())
     << ", \"big_endian\": " << (big_endian ? "true" : "false") << ", \"long_bits\": " << long_bits
     << ", \"pointer_bits\": " << pointer_bits << ", \"cpu_features\": [";
  // What requirements and expectations are phrased in, as this CPU answers it
  // (the matrix report explains failures by these facts).
  bool first_feature = true;
  for (cpu_feature f : all_cpu_features)
    if (cpu_has(f)) js << (std::exchange(first_feature, false) ? "" : ", ") << json_string(name(f));
  js << "]}, \"implementations\": [";
  int failed = 0, total = 0;
  bool first_impl = true;
  for (const descriptor& d : registry()) {
    if (!impl.empty() && d.name != impl) continue;
    if (want_op && d.operation != *want_op) continue;
    ++total;
    double seconds = 0;
    verdict overall = verdict::pass;
    std::string detail;
    std::optional<std::int64_t> zero;
    std::string checks_json;
    int skipped = 0, n = 0;
    for (const std::string& c : check_names(d)) {
      const check_outcome r = run_check(d, c);
      ++n;
      seconds += r.seconds;
      if (r.seen.zero_result) zero = r.seen.zero_result;
      if (r.v == verdict::skip) ++skipped;
      if (is_failure(r.v) && !is_failure(overall)) {
        overall = r.v;
        detail = r.message;
      } else if (r.v == verdict::xfail && overall == verdict::pass) {
        overall = verdict::xfail;
        detail = r.message;
      }
      checks_json += std::string(checks_json.empty() ? "" : ", ") + "{\"check\": " +
                     json_string(c) + ", \"verdict\": " + json_string(name(r.v)) +
                     ", \"seconds\": " + std::to_string(r.seconds) +
                     (r.seen.smallest ? ", \"input\": " + json_string(hex(r.seen.smallest->input)) +
                                            ", \"expected\": " + std::to_string(r.seen.smallest->expected) +
                                            ", \"got\": " + std::to_string(r.seen.smallest->got)
                                      : "") +
                     ", \"message\": " + json_string(r.message) + "}";
    }
    if (skipped == n) overall = verdict::skip;
    if (is_failure(overall)) ++failed;
    const std::string first_line = detail.substr(0, detail.find('\n'));
    std::string counter;
    if (auto p = detail.find("smallest failing input: "); p != std::string::npos)
      counter = detail.substr(p + 24, detail.find('\n', p) - p - 24);
    else if (overall == verdict::skip)
      counter = run_check(d, "known_answers").message;
    else
      counter = first_line;
    std::printf("%-5s %-9s %-30s %7.3fs  %s\n", std::string(name(overall)).c_str(),
                std::string(name(d.operation)).c_str(), d.name.c_str(), seconds,
                overall == verdict::pass ? "" : counter.c_str());
    const bool digestable = !json_path.empty() && d.built() && overall != verdict::skip;
    js << (first_impl ? "" : ",") << "\n  {\"name\": " << json_string(d.name)
       << ", \"op\": " << json_string(name(d.operation)) << ", \"verdict\": "
       << json_string(name(overall)) << ", \"zero_result\": "
       << (zero ? std::to_string(*zero) : "null") << ", \"digest\": "
       << (digestable ? json_string(hex(output_digest(d))) : "null") << ", \"seconds\": " << seconds
       << ", \"checks\": [" << checks_json << "]}";
    first_impl = false;
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

// `scanproof bench ...` runs scanproof_bench (bench/), built next to this
// program when Google Benchmark is installed, with the same arguments.
int bench(int argc, char** argv) {
#if defined(_WIN32) || defined(__wasi__)
  // No readlink/execv on Windows and WASI, whose builds have no bench/ anyway.
  (void)argc;
  (void)argv;
  std::fprintf(stderr, "scanproof: bench is not available on this target (Windows, WASI)\n");
  return 2;
#else
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string exe = len > 0 ? std::string(self, static_cast<std::size_t>(len)) : std::string(argv[0]);
  exe = exe.substr(0, exe.find_last_of('/') + 1) + "scanproof_bench";
  std::vector<char*> args{exe.data()};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(exe.c_str(), args.data());
  std::fprintf(stderr,
               "scanproof: cannot run %s (%s): the benchmark is built only when Google Benchmark "
               "is installed (apt-get install libbenchmark-dev, then reconfigure)\n",
               exe.c_str(), std::strerror(errno));
  return 2;
#endif
}

int usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: scanproof list [--json | --markdown]\n"
               "       scanproof check [--impl NAME] [--op OP] [--json FILE]\n"
               "       scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]\n");
  return code;
}
}  // namespace

int main(int argc, char** argv) {
  if (!registry_ok()) return 2;
  if (argc < 2) return usage(2);
  if (std::string(argv[1]) == "bench") return bench(argc, argv);  // its own options
  const std::string cmd = argv[1];
  std::string impl, op_name, json_path;
  bool json = false, markdown = false;
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
    else if (a == "-h" || a == "--help") return usage(0);
    else {
      std::fprintf(stderr, "scanproof: unknown argument '%s'\n", a.c_str());
      return usage(2);
    }
  }
  if (cmd == "list") return markdown ? list_markdown() : list(json);
  if (cmd == "check") return check(impl, op_name, json_path);
  if (cmd == "-h" || cmd == "--help") return usage(0);
  std::fprintf(stderr, "scanproof: unknown command '%s'\n", cmd.c_str());
  return usage(2);
}
