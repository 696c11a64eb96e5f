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

void never_called(const word*, std::int64_t*, word*, std::size_t) {}

// "<budget>" as the manifest's last field, or 0.
std::size_t cases_of(const std::string& field) {
  if (field.empty() || field.size() > 9 || field.find_first_not_of("0123456789") != std::string::npos) return 0;
  std::size_t n = 0;
  for (const char c : field) n = n * 10 + static_cast<std::size_t>(c - '0');
  return n;
}
}  // namespace

std::string judged_check(const property* p, std::string_view driver) {
  return p ? std::string(p->name) + "." + std::string(driver) : std::string(driver);
}

std::string property_manifest(const descriptor& d, std::string_view driver, test_per cut, std::size_t cases) {
  const std::string tail = " " + allowed(d) + " " + manifest_fields(d) + " " + std::to_string(cases) + "\n";
  if (cut == test_per::implementation) return d.name + " " + judged_check(nullptr, driver) + tail;
  std::string lines;
  for (const property& p : properties())
    if (applies(p, d)) lines += d.name + " " + judged_check(&p, driver) + tail;
  return lines;
}

std::string property_declared(const descriptor& d, std::string_view driver, test_per cut, std::size_t cases) {
  return "test " + d.name + " properties." + op_label(d.operation, d.sh) + "." + d.name + "\n" +
         property_manifest(d, driver, cut, cases);
}

void property_claim::add(const property_outcome& r) {
  if (r.v == verdict::skip) return;  // skip_reason(): the oracle's run leaves it out too
  failed_ |= r.v == verdict::fail;
  xfailed_ |= r.v == verdict::xfail;
  planned_ += r.planned;
  digest_.add(r.calls.calls);
  digest_.add(r.calls.digest.value());
}

std::string property_claim::line(const descriptor& d) const {
  const char* v = failed_ ? "fail" : xfailed_ ? "xfail" : "pass";
  return d.name + " " + check_ + " " + v + " " + std::to_string(planned_) + " " + outputs();
}

std::string property_claim::outputs() const { return hex(digest_.value()); }

std::string property_claim::skipped(const descriptor& d) const { return d.name + " " + check_ + " skip 0 -"; }

std::optional<std::pair<std::size_t, std::string>> property_oracle(const manifest_line& line, std::string& why,
                                                                   std::span<const judged_engine> engines) {
  // "<driver>" or "<property>.<driver>"
  const std::size_t dot = line.check.rfind('.');
  const std::string driver = dot == std::string::npos ? line.check : line.check.substr(dot + 1);
  const judged_engine* e = nullptr;
  for (const judged_engine& j : engines)
    if (j.driver == driver) e = &j;
  const property* only = dot == std::string::npos ? nullptr : find_property(line.check.substr(0, dot));
  if (!e && driver == rapidcheck_check)  // a target's RapidCheck driver, judged by a program without it
    why = "this scanproof_oracle_table was built without RapidCheck, so it cannot judge the RapidCheck "
          "driver's tests: build it where RapidCheck is found (Debian's librapidcheck-dev)";
  if (!e || (dot != std::string::npos && !only)) return std::nullopt;
  const std::size_t cases = cases_of(line.extra);
  if (cases == 0) {
    why = "its budget of cases '" + line.extra + "' is not a positive number (property_manifest(): the last field)";
    return std::nullopt;
  }
  // The declaration the line states, with code that is never called: the
  // oracle plays the implementation (scanners::oracle_for).
  descriptor d;
  d.name = line.impl;
  d.operation = line.operation;
  d.sh = line.sh;
  d.batch = never_called;
  d.zero = line.zero ? zero_spec::returns(*line.zero) : zero_spec::is_undefined("");
  property_claim claim(line.check);
  for (const property& p : properties()) {
    if ((only && &p != only) || !applies(p, d) || skip_reason(p, d)) continue;
    call_log calls;
    property_outcome r = e->engine(p, scanners::oracle_for(d, &calls), cases);
    if (r.v != verdict::pass) {
      why = "the oracle breaks " + std::string(p.name) + " (" + r.message + "): a bug in the suite";
      return std::nullopt;
    }
    r.calls = calls;
    claim.add(r);
  }
  return std::pair{claim.planned(), claim.outputs()};
}

}  // namespace scanproof
