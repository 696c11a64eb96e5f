#include "scanproof/judge.hpp"

#include <istream>
#include <map>
#include <ostream>
#include <sstream>
#include <tuple>

#include "scanproof/inputs.hpp"
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

std::string judge_manifest(const descriptor& d) {
  const zero_decision z = zero_policy(d);
  std::string out;
  for (const std::string& check : check_names(d))
    out += d.name + " " + check + " " + allowed(d, check) + " " + std::string(name(d.operation)) + " " +
           std::to_string(d.sh.width) + " " + std::string(name(d.sh.arg)) + " " +
           std::to_string(d.sh.high_offset) + " " + std::to_string(d.sh.index_base) + " " +
           std::to_string(d.sh.domain.lo) + " " + std::to_string(d.sh.domain.hi) + " " +
           (d.sh.domain_declared ? "1" : "0") + " " + (z.want ? std::to_string(*z.want) : "-") + "\n";
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

int oracle_table(std::istream& in, std::ostream& out, std::ostream& err) {
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
    std::istringstream f(line);
    std::string impl, check, allow, op_name, arg_name, zero_want, extra;
    shape sh;
    int declared = 0;
    f >> impl >> check >> allow >> op_name >> sh.width >> arg_name >> sh.high_offset >> sh.index_base >>
        sh.domain.lo >> sh.domain.hi >> declared >> zero_want;
    const auto o = op_from_name(op_name);
    const auto a = argument_from_name(arg_name);
    if (!f || (f >> extra) || !o || !a || !(check == "zero" || check == "expected_failure" ||
                                            check == "known_answers" || find_input_set(check))) {
      err << "scanproof_oracle_table: line " << n << " is not a judge_manifest() line: '" << line << "'\n";
      return 2;
    }
    sh.arg = *a;
    sh.domain_declared = declared != 0;
    const auto [inputs, outputs] =
        check == "zero" ? std::pair<std::size_t, std::string>{1, zero_want} : expected(*o, sh, check);
    out << impl << " " << check << " " << allow << " " << inputs << " " << outputs << "\n";
  }
  return 0;
}

}  // namespace scanproof
