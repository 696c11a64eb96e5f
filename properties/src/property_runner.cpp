#include "scanproof/property_runner.hpp"

#include <algorithm>
#include <map>

#include "scanproof/inputs.hpp"

namespace scanproof {

namespace {

bool reads_b(const property& p) { return p.args != uses::k; }
bool reads_a(const property& p) { return p.args == uses::b_and_a; }
bool reads_k(const property& p) { return p.args == uses::b_and_k || p.args == uses::k; }

// Every board of every canonical set, or an even sample of `quota` of them.
void sample(const input_set& s, std::size_t quota, std::vector<std::uint64_t>& out) {
  const std::vector<word>& all = words_of(s, 64);
  if (all.size() <= quota) {
    for (const word& w : all) out.push_back(w.lo);
    return;
  }
  for (std::size_t i = 0; i < quota; ++i) out.push_back(all[i * all.size() / quota].lo);
}

constexpr distribution partner_distributions[] = {distribution::uniform, distribution::sparse,
                                                  distribution::dense, distribution::above_lsb,
                                                  distribution::below_msb};
}  // namespace

std::vector<int> index_shrinks(int k) {
  std::vector<int> v;
  for (int c : {0, k / 2, k - 1})
    if (c >= 0 && c < k && std::find(v.begin(), v.end(), c) == v.end()) v.push_back(c);
  return v;
}

std::optional<std::string> evaluate(const property& p, const scanners& s, const property_args& x) {
  return p.check(s, x);
}

std::vector<property_args> arg_shrinks(const property& p, const property_args& x) {
  std::vector<property_args> v;
  if (reads_b(p))
    for (std::uint64_t c : board_shrinks(x.b)) v.push_back({c, x.a, x.k});
  // b one bit lower, k one higher: the same shifted board from a smaller b
  // (without it, b=0x4, k=30 would be final where b=0x1, k=32 fails too).
  if (reads_b(p) && reads_k(p) && !(x.b & 1) && x.k < 63) v.push_back({x.b >> 1, x.a, x.k + 1});
  if (reads_a(p))
    for (std::uint64_t c : board_shrinks(x.a)) v.push_back({x.b, c, x.k});
  if (reads_k(p))
    for (int c : index_shrinks(x.k)) v.push_back({x.b, x.a, c});
  return v;
}

property_failure shrink(const property& p, const scanners& s, property_failure f) {
  return shrink_greedy(
      std::move(f), [&p](const property_failure& g) { return arg_shrinks(p, g.x); },
      [&](const property_args& c) -> std::optional<property_failure> {
        if (auto why = evaluate(p, s, c)) return property_failure{c, *why};
        return std::nullopt;
      });
}

namespace {
// The boards for a budget of `cases`, built once per process and budget.
const std::vector<std::uint64_t>& canonical_sample(std::size_t cases) {
  static std::map<std::size_t, std::vector<std::uint64_t>> cache;
  auto [it, fresh] = cache.try_emplace(cases);
  if (fresh) {
    const std::vector<const input_set*> sets = input_sets(64);
    const std::size_t quota = std::max<std::size_t>(1, cases / sets.size());
    for (const input_set* s : sets) sample(*s, quota, it->second);
  }
  return it->second;
}
}  // namespace

sweep_result sweep_canonical(const property& p, const descriptor& d, std::size_t cases) {
  const std::vector<std::uint64_t>& boards = canonical_sample(cases);

  const scanners s(d);
  xoshiro256ss rng(0x5ca9900f0100);  // partners: the same on every target
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const distribution dist = partner_distributions[i % std::size(partner_distributions)];
    const property_args x{boards[i], draw(rng, dist), static_cast<int>(rng.below(64))};
    if (auto why = evaluate(p, s, x)) return {i + 1, shrink(p, s, {x, *why})};
  }
  return {boards.size(), std::nullopt};
}

std::string test_name(const property& p, const descriptor& d, std::string_view driver) {
  return std::string(name(d.operation)) + "." + d.name + "." + p.name + "." + std::string(driver);
}

std::string implementation_test_name(const descriptor& d, std::string_view driver) {
  return std::string(name(d.operation)) + "." + d.name + "." + std::string(driver);
}

std::string describe_args(const property& p, const property_args& x) {
  std::string s;
  if (reads_b(p)) s += "b=" + hex(x.b);
  if (reads_a(p)) s += ", a=" + hex(x.a);
  if (reads_k(p)) s += (s.empty() ? "" : ", ") + std::string("k=") + std::to_string(x.k);
  return s;
}

std::string failure_report(const property& p, const descriptor& d, const property_failure& f,
                           std::string_view reproduce) {
  std::string s = "property " + std::string(p.name) + " failed: " + p.statement + "\n";
  s += "  implementation: " + std::string(name(d.operation)) + " " + d.name +
       " (every other op in the property: the reference oracle)\n";
  s += "  shrunk input: " + describe_args(p, f.x) + "\n";
  s += "  observed: " + f.observed + "\n";
  s += "  reproduce: " + std::string(reproduce);
  return s;
}

std::optional<property_outcome> skip_reason(const property& p, const descriptor& d) {
  if (!applies(p, d))
    return property_outcome{verdict::skip, std::string(p.name) + " does not involve " +
                                               std::string(name(d.operation))};
  if (auto why = unrunnable(d)) return property_outcome{verdict::skip, *why};
  return std::nullopt;
}

property_outcome judge(const property& p, const descriptor& d,
                       const std::optional<property_failure>& f, std::string_view reproduce,
                       std::string_view ran) {
  const expectation* e = active_expectation(d, scope::nonzero);
  if (!f) {
    std::string m = std::string(p.name) + " holds for " + d.name + " on " + std::string(ran);
    if (e) m += " (expected failure '" + std::string(e->reason) + "' not triggered by this law)";
    return {verdict::pass, m};
  }
  const std::string report = failure_report(p, d, *f, reproduce);
  if (e)
    return {verdict::xfail, "XFAIL (" + std::string(e->when.name) + "): " + e->reason + "\n" + report};
  return {verdict::fail, report};
}

}  // namespace scanproof
