// The check engine's results as JSON (checks.hpp: to_json, target_json): run
// once per implementation, so compiled for its compile time, not its speed
// (conformance/CMakeLists.txt), apart from the sweeps in checks.cpp.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "scanproof/checks.hpp"
#include "scanproof/json_style.hpp"
#include "scanproof/platform.hpp"
#include "scanproof/shape.hpp"

namespace scanproof {

namespace {
using json = json_style::json;

// A time in seconds as the suite has always written it: six significant
// digits (an ostream's default), so a result file reads the same as before.
// The value json::parse(text) would hold (an integer where "%g" printed one,
// else the double the text reads as), without instantiating nlohmann-json's
// parser for it: that was a second of this library's compile on every target.
json seconds_value(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  if (std::strpbrk(text, ".eE")) return json(std::strtod(text, nullptr));
  return text[0] == '-' ? json(std::strtoll(text, nullptr, 10)) : json(std::strtoull(text, nullptr, 10));
}

// A pop op's boards left behind (argument space, rendered as the input is);
// nothing for the other ops.
void add_after(json& j, const descriptor& d, const mismatch& m) {
  if (m.expected_after) j["expected_after"] = render_argument(d.sh, *m.expected_after);
  if (m.got_after) j["got_after"] = render_argument(d.sh, *m.got_after);
}

json mismatch_json(const descriptor& d, const mismatch& m) {
  json j;
  j["input"] = render(d.sh, m.input);
  j["expected"] = m.expected;
  j["got"] = m.got;
  add_after(j, d, m);
  j["reproduced"] = m.reproduced;
  j["replay_got"] = m.replay_got;
  j["position"] = m.position;
  return j;
}
}  // namespace

std::string target_json() {
  json j;
  j["arch"] = arch_name();
  j["compiler"] = compiler_id();
  j["cpu"] = cpu_model();
  j["big_endian"] = big_endian;
  j["long_bits"] = long_bits;
  j["pointer_bits"] = pointer_bits;
  // What requirements and expectations are phrased in, as this CPU answers it
  // (the matrix report explains failures by these facts).
  j["cpu_features"] = json::array();
  for (cpu_feature f : all_cpu_features)
    if (cpu_has(f)) j["cpu_features"].push_back(std::string(name(f)));
  return json_style::line(j);
}

std::string to_json(const impl_summary& s) {
  const descriptor& d = *s.d;
  json j;
  j["name"] = d.name;
  j["op"] = std::string(name(d.operation));
  j["width"] = d.sh.width;
  j["op_label"] = op_label(d.operation, d.sh);
  j["shape"] = shape_text(d.sh);
  j["domain"] = domain_text(d.sh);
  j["verdict"] = std::string(name(s.overall));
  j["ran_to_end"] = s.ran_to_end;
  j["zero_result"] = s.zero_result ? json(*s.zero_result) : json(nullptr);
  j["digest"] = s.digest ? json(hex(*s.digest)) : json(nullptr);
  j["seconds"] = seconds_value(s.seconds);
  j["counterexample"] = s.counterexample ? mismatch_json(d, *s.counterexample) : json(nullptr);
  j["headline"] = s.headline;
  j["expected_failures_observed"] = s.expected_failures_observed;
  json& checks = j["checks"] = json::array();
  for (const check_outcome& r : s.checks) {
    json c;
    c["check"] = r.check;
    c["verdict"] = std::string(name(r.v));
    c["seconds"] = seconds_value(r.seconds);
    c["inputs"] = r.seen.inputs;
    c["scanner_seconds"] = seconds_value(r.seen.scanner_seconds);
    if (const auto& m = r.seen.smallest) {
      c["input"] = render(d.sh, m->input);
      c["expected"] = m->expected;
      c["got"] = m->got;
      add_after(c, d, *m);
      c["reproduced"] = m->reproduced;
    }
    c["message"] = r.message;
    checks.push_back(std::move(c));
  }
  return json_style::line(j);
}

}  // namespace scanproof
