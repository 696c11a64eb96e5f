#include "scanproof/judge.hpp"

#include <cstddef>
#include <cstring>
#include <istream>
#include <functional>
#include <map>
#include <ostream>
#include <sstream>
#include <tuple>

#include "scanproof/inputs.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/zero_policy.hpp"

namespace scanproof {

std::string outputs_claim(const descriptor& d, const check_outcome& r) {
  std::string outputs = "-";
  if (r.v != verdict::skip) {
    if (r.check == "zero" && r.seen.zero_result) outputs = std::to_string(*r.seen.zero_result);
    else if (r.seen.digest) outputs = hex(*r.seen.digest);
  }
  return d.name + " " + r.check + " " + std::string(name(r.v)) + " " + std::to_string(r.seen.inputs) + " " +
         outputs;
}

namespace {
// The verdicts the declaration of `d` allows `check` to end green with, here
// (the same decisions as run_check's: checks.cpp).
std::string allowed(const descriptor& d, const std::string& check) {
  if (unrunnable(d)) return "skip";
  const bool nonzero_xfail = active_expectation(d, scope::nonzero) != nullptr;
  if (check == "expected_failure") return nonzero_xfail ? "xfail" : "skip";
  if (check == "zero") {
    const zero_decision z = zero_policy(d);
    if (!z.call || !z.want) return "skip";
    return active_expectation(d, scope::zero) ? "xfail" : "pass";  // with one, a pass is an XPASS
  }
  return nonzero_xfail ? "pass,xfail" : "pass";  // xfail: only an input family that shows it
}
}  // namespace

std::string manifest_fields(const descriptor& d) {
  const zero_decision z = zero_policy(d);
  return std::string(name(d.operation)) + " " + std::to_string(d.sh.width) + " " + std::string(name(d.sh.arg)) +
         " " + std::to_string(d.sh.high_offset) + " " + std::to_string(d.sh.index_base) + " " +
         std::to_string(d.sh.domain.lo) + " " + std::to_string(d.sh.domain.hi) + " " +
         (d.sh.domain_declared ? "1" : "0") + " " + (z.want ? std::to_string(*z.want) : "-");
}

std::string judge_manifest(const descriptor& d) {
  const std::string fields = manifest_fields(d);
  std::string out;
  for (const std::string& check : check_names(d))
    out += d.name + " " + check + " " + allowed(d, check) + " " + fields + "\n";
  return out;
}

namespace {
std::optional<argument> argument_from_name(std::string_view s) {
  for (argument a : {argument::integer, argument::int128, argument::halves, argument::pair})
    if (name(a) == s) return a;
  return std::nullopt;
}

// (op, shape, check): implementations of one shape share their expected outputs.
using key = std::tuple<int, int, int, int, int, std::uint64_t, std::uint64_t, bool, std::string>;
}  // namespace

std::optional<manifest_line> parse_manifest_line(const std::string& line) {
  std::istringstream f(line);
  manifest_line m;
  std::string op_name, arg_name, zero, extra;
  int declared = 0;
  f >> m.impl >> m.check >> m.allowed >> op_name >> m.sh.width >> arg_name >> m.sh.high_offset >>
      m.sh.index_base >> m.sh.domain.lo >> m.sh.domain.hi >> declared >> zero;
  const auto o = op_from_name(op_name);
  const auto a = argument_from_name(arg_name);
  if (!f || !o || !a) return std::nullopt;
  if (f >> m.extra && (f >> extra)) return std::nullopt;
  m.operation = *o;
  m.sh.arg = *a;
  m.sh.domain_declared = declared != 0;
  if (zero != "-") {
    std::istringstream z(zero);
    std::int64_t v = 0;
    if (!(z >> v) || !z.eof()) return std::nullopt;
    m.zero = v;
  }
  return m;
}

int oracle_table(std::istream& in, std::ostream& out, std::ostream& err, further_oracle further) {
  std::map<key, std::pair<std::size_t, std::string>> known;  // -> (inputs, outputs)
  // The oracle's outputs of one check, from the cache.
  auto expected = [&](op o, const shape& sh, const std::string& check) -> std::pair<std::size_t, std::string> {
    const key k{static_cast<int>(o), sh.width, static_cast<int>(sh.arg), sh.high_offset, sh.index_base,
                sh.domain.lo, sh.domain.hi, sh.domain_declared, check};
    if (auto it = known.find(k); it != known.end()) return it->second;
    std::pair<std::size_t, std::string> e{0, "-"};
    if (check == "expected_failure") {  // every input set's digest, in order
      std::vector<std::uint64_t> digests;
      for (const input_set* s : input_sets(sh.width)) {
        const oracle_summary r = *oracle_digest(o, sh, s->name);
        e.first += r.inputs;
        digests.push_back(r.digest);
      }
      e.second = hex(digest_of_digests(digests));
    } else if (const auto r = oracle_digest(o, sh, check)) {
      e = {r->inputs, hex(r->digest)};
    }
    return known[k] = e;
  };
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    const std::optional<manifest_line> m = parse_manifest_line(line);
    const bool conformance = m && (m->check == "zero" || m->check == "expected_failure" ||
                                   m->check == "known_answers" || find_input_set(m->check));
    std::optional<std::pair<std::size_t, std::string>> e;
    std::string why;
    if (conformance && m->extra.empty())
      e = m->check == "zero" ? std::pair<std::size_t, std::string>{1, m->zero ? std::to_string(*m->zero) : "-"}
                             : expected(m->operation, m->sh, m->check);
    else if (m && !conformance && further)
      e = further(*m, why);
    if (!e) {
      err << "scanproof_oracle_table: line " << n << " is not a judge_manifest() line: '" << line << "'"
          << (why.empty() ? "" : ": " + why) << "\n";
      return 2;
    }
    out << m->impl << " " << m->check << " " << m->allowed << " " << e->first << " " << e->second << "\n";
  }
  return 0;
}

namespace {
// A record's 8-byte field at `p`, in the byte order `big`.
std::uint64_t field(const char* p, bool big) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= std::uint64_t{static_cast<unsigned char>(p[big ? 7 - i : i])} << (8 * i);
  return v;
}
void no_candidate_code(const word*, std::int64_t*, word*, std::size_t) {}
}  // namespace

std::vector<scanproof_declaration> declarations_in(std::string_view bytes) {
  std::vector<scanproof_declaration> found;
  char magic[sizeof(scanproof_declaration::magic)] = {};
  std::memcpy(magic, SCANPROOF_DECLARATION_MAGIC, sizeof SCANPROOF_DECLARATION_MAGIC);
  const std::string_view needle(magic, sizeof magic);
  constexpr std::size_t text = offsetof(scanproof_declaration, byte_order);
  for (std::size_t at = bytes.find(needle); at != std::string_view::npos; at = bytes.find(needle, at + 1)) {
    if (bytes.size() - at < sizeof(scanproof_declaration)) break;
    const char* p = bytes.data() + at;
    const std::uint64_t order = field(p + text, false);
    if (order != SCANPROOF_DECLARATION_BYTE_ORDER && field(p + text, true) != SCANPROOF_DECLARATION_BYTE_ORDER)
      continue;  // the magic's text elsewhere (a string literal), not a record
    const bool big = order != SCANPROOF_DECLARATION_BYTE_ORDER;
    scanproof_declaration r{};
    std::memcpy(&r, p, text);
    std::uint64_t fields[(sizeof r - text) / 8];
    for (std::size_t i = 0; i < std::size(fields); ++i) fields[i] = field(p + text + 8 * i, big);
    std::memcpy(reinterpret_cast<char*>(&r) + text, fields, sizeof fields);
    if (r.end != SCANPROOF_DECLARATION_END) continue;
    found.push_back(r);
  }
  return found;
}

std::string conformance_declared(const descriptor& d) {
  return "test " + d.name + " conformance." + op_label(d.operation, d.sh) + "." + d.name + "\n" +
         judge_manifest(d);
}

int declared_manifest(std::string_view program, std::ostream& out, std::ostream& err,
                      const std::function<std::string(const descriptor&)>& lines) {
  std::map<std::string, int> seen;
  for (const scanproof_declaration& r : declarations_in(program)) {
    if (const std::string why = declaration_problem(r); !why.empty()) {
      err << "scanproof_oracle_table: a candidate's declaration in the program: " << why << "\n";
      return 2;
    }
    descriptor d = declared_descriptor(r);
    if (seen[d.name]++ != 0) {
      err << "scanproof_oracle_table: the program holds two declarations of '" << d.name
          << "' (SCANPROOF_CANDIDATE makes one per candidate)\n";
      return 2;
    }
    d.batch = no_candidate_code;  // built: the program was linked with it
    out << lines(d);
  }
  return 0;
}

}  // namespace scanproof
