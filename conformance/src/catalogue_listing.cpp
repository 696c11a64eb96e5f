// The catalogue as `scanproof list` and `scanproof eval` show it
// (catalogue_listing.hpp); its JSON is in result_json.cpp, beside the rest of
// the engine's. Run once per command: cold code (conformance/CMakeLists.txt).
#include "scanproof/catalogue_listing.hpp"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "scanproof/batch.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/platform.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/supervise.hpp"

namespace scanproof {

std::string requirements_text(const descriptor& d) {
  std::string s = d.needs;
  for (const requirement& q : d.requires_cpu) {
    if (s.find(name(q.feature)) == std::string::npos && s.find("POPCNT") == std::string::npos)
      s += std::string(s.empty() ? "" : ", ") + name(q.feature);
  }
  return s;
}

std::string availability(const descriptor& d) {
  if (!d.built()) return "not built: " + d.unavailable;
  for (const requirement& q : d.requires_cpu)
    if (!cpu_has(q.feature))
      return q.option ? std::string("built with ") + q.option + ": CPU lacks " + name(q.feature)
                      : std::string("skipped: CPU lacks ") + name(q.feature);
  return "built";
}

std::string source_path(const descriptor& d) {
  if (d.candidate) return d.source;
  if (auto p = d.source.rfind("/impl/"); p != std::string::npos) return d.source.substr(p + 1);
  return d.source;
}

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

// ci/matrix --prove replays a cross target's proof counterexamples with this
// under the target's emulator.
int eval_inputs(const std::string& program, const std::string& impl, const std::vector<std::string>& inputs) {
  const descriptor* d = impl.empty() ? nullptr : find(impl);
  if (!d || impl.find(',') != std::string::npos) {
    std::fprintf(stderr, "%s: --impl wants one implementation's name (scanproof list), not '%s'\n",
                 program.c_str(), impl.c_str());
    return 2;
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "%s: no input (scanproof eval --impl NAME 0x8000000000000000 ...)\n", program.c_str());
    return 2;
  }
  int failed = 0;
  for (const std::string& in : inputs) {
    const std::optional<word> b = parse_argument(in, d->sh.width);
    if (!b) {
      std::fprintf(stderr, "%s: '%s' is not a %d-bit unsigned input (decimal, or 0x and hex digits)\n",
                   program.c_str(), in.c_str(), d->sh.width);
      return 2;
    }
    const isolated_result r = run_isolated(
        [d, b] {
          const fresh_process_state fresh;
          word after;
          const std::int64_t i = call_one(d->batch, *b, after);
          if (!pops(d->operation)) return std::to_string(i);
          // A pop op: the index, then the board it left behind (docs/contracts.md, eval).
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

}  // namespace scanproof
