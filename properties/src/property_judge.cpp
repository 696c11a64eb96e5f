#include "scanproof/property_judge.hpp"

#include "scanproof/checks.hpp"

namespace scanproof {

namespace {
// "pass" where d runs here: a failure of an entry with an active nonzero
// expectation is its xfail (judge(), property_runner.hpp).
std::string allowed(const descriptor& d) {
  if (unrunnable(d)) return "skip";
  return active_expectation(d, scope::nonzero) ? "pass,xfail" : "pass";
}

void never_called(const word*, std::int64_t*, std::size_t) {}
void never_called_pop(const word*, std::int64_t*, word*, std::size_t) {}
}  // namespace

std::string canonical_manifest(const descriptor& d, std::size_t cases) {
  return d.name + " " + std::string(canonical_check) + " " + allowed(d) + " " + manifest_fields(d) + " " +
         std::to_string(cases) + "\n";
}

std::string canonical_declared(const descriptor& d, std::size_t cases) {
  return "test " + d.name + " properties." + op_label(d.operation, d.sh) + "." + d.name + "\n" +
         canonical_manifest(d, cases);
}

void canonical_claim::add(const property_outcome& r) {
  if (r.v == verdict::skip) return;  // skip_reason(): the oracle's run leaves it out too
  failed_ |= r.v == verdict::fail;
  xfailed_ |= r.v == verdict::xfail;
  planned_ += r.planned;
  digest_.add(r.calls.calls);
  digest_.add(r.calls.digest.value());
}

std::string canonical_claim::line(const descriptor& d) const {
  const char* v = failed_ ? "fail" : xfailed_ ? "xfail" : "pass";
  return d.name + " " + std::string(canonical_check) + " " + v + " " + std::to_string(planned_) + " " + outputs();
}

std::string canonical_claim::outputs() const { return hex(digest_.value()); }

std::string canonical_claim::skipped(const descriptor& d) {
  return d.name + " " + std::string(canonical_check) + " skip 0 -";
}

std::optional<std::pair<std::size_t, std::string>> canonical_oracle(const manifest_line& line, std::string& why) {
  if (line.check != canonical_check) return std::nullopt;
  std::size_t cases = 0;
  for (const char c : line.extra) {
    if (c < '0' || c > '9' || cases > 1'000'000'000) {
      why = "its budget of cases '" + line.extra + "' is not a number";
      return std::nullopt;
    }
    cases = cases * 10 + static_cast<std::size_t>(c - '0');
  }
  if (cases == 0) {
    why = "it has no budget of cases (canonical_manifest(): the last field)";
    return std::nullopt;
  }
  // The declaration the line states, with code that is never called: the
  // oracle plays the implementation (scanners::oracle_for).
  descriptor d;
  d.name = line.impl;
  d.operation = line.operation;
  d.sh = line.sh;
  d.batch = never_called;
  d.pop_batch = never_called_pop;
  d.zero = line.zero ? zero_spec::returns(*line.zero) : zero_spec::is_undefined("");
  canonical_claim claim;
  for (const property& p : properties()) {
    if (!applies(p, d) || skip_reason(p, d)) continue;
    property_outcome r;
    const sweep_result s = sweep_canonical(p, scanners::oracle_for(d, &r.calls), cases);
    if (s.failure) {
      why = "the oracle breaks " + std::string(p.name) + " at " + describe_args(p, d.sh, s.failure->x) +
            " (" + s.failure->observed + "): a bug in the suite";
      return std::nullopt;
    }
    r.planned = s.planned;
    claim.add(r);
  }
  return std::pair{claim.planned(), claim.outputs()};
}

}  // namespace scanproof
