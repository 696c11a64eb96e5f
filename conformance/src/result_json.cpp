// The check engine's results as JSON (checks.hpp: to_json, target_json) and
// the catalogue's listing (catalogue_listing.hpp: catalogue_json): run once per
// implementation or command, so compiled for its compile time, not its speed
// (conformance/CMakeLists.txt), apart from the sweeps in checks.cpp. One unit:
// nlohmann-json's serializer is instantiated once.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "scanproof/catalogue_listing.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/json_style.hpp"
#include "scanproof/platform.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/zero_policy.hpp"

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

json target_facts() {
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
  return j;
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
  j["halves"] = d.sh.halves == half_order::low_first ? "low_first" : "high_first";
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
  j["source"] = source_path(d);
  j["language"] = d.language;
  j["same_listing"] = d.same_listing;
  j["kernel_offsets"]["batch"] = kernel_offset(reinterpret_cast<const void*>(d.batch));
  j["kernel_offsets"]["chain"] = kernel_offset(reinterpret_cast<const void*>(d.chain));
  return j;
}
}  // namespace

std::string target_json() { return json_style::line(target_facts()); }

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

// The op table (ops.def) as this build has it, in its order: what a reader of
// the listing needs to know about ops it has not met (unit.op_table.Catalogue).
json op_table() {
  json rows = json::array();
  for (const op o : all_ops)
    rows.push_back({{"name", std::string(name(o))},
                    {"c_name", std::string(c_name(o))},
                    {"kind", pops(o) ? "pop" : "scan"},
                    {"scan", std::string(name(scan_of(o)))}});
  return rows;
}

std::string catalogue_json() {
  json head;
  head["target"] = target_facts();
  head["target"]["data_model"] = data_model();
  head["ops"] = op_table();
  std::vector<json> items;
  for (const descriptor& d : registry()) items.push_back(listing(d));
  return json_style::document(head, "implementations", items);
}

}  // namespace scanproof
