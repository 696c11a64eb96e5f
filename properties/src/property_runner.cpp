#include "scanproof/property_runner.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "scanproof/inputs.hpp"

namespace scanproof {

namespace {

bool reads_b(const property& p) { return p.args != uses::k; }
bool reads_a(const property& p) { return p.args == uses::b_and_a; }
bool reads_k(const property& p) { return p.args == uses::b_and_k || p.args == uses::k; }

// Every board of a canonical set masked into `mask` (the empty ones dropped),
// or an even sample of `quota` of them: the boards at positions i * n / quota
// of the n masked boards. Read from the stored values (inputs.hpp) as they
// are: no copy of the whole set, which a process of a few hundred cases does
// not need. With every square in the mask, only the sampled boards are read,
// and only their blocks are checked (sample_values_of); a narrower mask needs
// every board to count the masked ones, so the set is checked whole.
void sample(const input_set& s, int width, word mask, std::size_t quota, std::vector<word>& out) {
  if ((word::ones(width) & ~mask) == word{}) {
    const sampled_inputs v = sample_values_of(s, width);
    const std::size_t n = v.count();
    for (std::size_t i = 0; i < std::min(n, quota); ++i) out.push_back(v.at(n > quota ? i * n / quota : i));
    return;
  }
  const input_values& v = values_of(s, width);
  std::size_t n = 0;
  for (std::size_t i = 0; i < v.count; ++i) n += static_cast<bool>(v.at(i) & mask);
  std::size_t taken = 0, position = 0;  // samples taken; position among the masked boards
  for (std::size_t i = 0; i < v.count && taken < std::min(n, quota); ++i) {
    const word b = v.at(i) & mask;
    if (!b) continue;
    for (; taken < quota && (n <= quota ? taken : taken * n / quota) == position; ++taken) out.push_back(b);
    ++position;
  }
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
  std::optional<std::string> why = p.check(s, x);
  s.case_done();
  return why;
}

std::vector<property_args> arg_shrinks(const property& p, const arg_space& space,
                                       const property_args& x) {
  std::vector<property_args> v;
  if (reads_b(p))
    for (const word& c : board_shrinks(x.b, space.b_mask)) v.push_back({c, x.a, x.k});
  // b one bit lower, k one higher: the same shifted board from a smaller b
  // (without it, b=0x4, k=30 would be final where b=0x1, k=32 fails too).
  if (reads_b(p) && reads_k(p) && !x.b.test(0) && x.k < space.squares - 1 &&
      !((x.b >> 1) & ~space.b_mask))
    v.push_back({x.b >> 1, x.a, x.k + 1});
  if (reads_a(p))
    for (const word& c : board_shrinks(x.a, space.a_mask)) v.push_back({x.b, c, x.k});
  if (reads_k(p))
    for (int c : index_shrinks(x.k)) v.push_back({x.b, x.a, c});
  return v;
}

property_failure shrink(const property& p, const scanners& s, property_failure f) {
  const arg_space space = space_of(p, s.under_test()).space;
  return shrink_greedy(
      std::move(f), [&](const property_failure& g) { return arg_shrinks(p, space, g.x); },
      [&](const property_args& c) -> std::optional<property_failure> {
        if (auto why = evaluate(p, s, c)) return property_failure{c, *why};
        return std::nullopt;
      });
}

namespace {
// The boards for a budget of `cases`, a width and a mask, built once per
// process and key.
const std::vector<word>& canonical_sample(std::size_t cases, int width, word mask) {
  using key = std::tuple<std::size_t, int, std::uint64_t, std::uint64_t>;
  static std::map<key, std::vector<word>> cache;
  auto [it, fresh] = cache.try_emplace(key{cases, width, mask.lo, mask.hi});
  if (fresh) {
    const std::vector<const input_set*> sets = input_sets(width);
    const std::size_t quota = std::max<std::size_t>(1, cases / sets.size());
    for (const input_set* s : sets) sample(*s, width, mask, quota, it->second);
  }
  return it->second;
}
}  // namespace

void prepare_canonical(const descriptor& d, std::size_t cases) {
  for (const property& p : properties())
    if (!skip_reason(p, d)) canonical_sample(cases, d.sh.width, space_of(p, d).space.b_mask);
}

sweep_result sweep_canonical(const property& p, const scanners& s, std::size_t cases) {
  const descriptor& d = s.under_test();
  const arg_space space = space_of(p, d).space;
  const int width = d.sh.width;
  const std::vector<word>& boards = canonical_sample(cases, width, space.b_mask);

  xoshiro256ss rng(0x5ca9900f0100);  // partners: the same on every target
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const distribution dist = partner_distributions[i % std::size(partner_distributions)];
    const word a = into(draw(rng, dist, width), space.a_mask);
    const property_args x{boards[i], a, static_cast<int>(rng.below(static_cast<std::uint64_t>(space.squares)))};
    if (auto why = evaluate(p, s, x)) return {i + 1, boards.size(), shrink(p, s, {x, *why})};
  }
  return {boards.size(), boards.size(), std::nullopt};
}

std::string ctest_rerun(std::string_view test) {
  std::string escaped;
  for (char c : test) {
    if (c == '.') escaped += '\\';
    escaped += c;
  }
  return "ctest -R '^properties\\." + escaped + "$' --output-on-failure";
}

property_outcome run_logged(property_engine engine, const property& p, const descriptor& d, std::size_t cases) {
  if (auto skip = skip_reason(p, d)) return *skip;
  call_log calls;
  property_outcome o = engine(p, scanners(d, &calls), cases);
  o.calls = calls;
  return o;
}

property_outcome run_canonical(const property& p, const scanners& s, std::size_t cases) {
  const descriptor& d = s.under_test();
  const sweep_result r = sweep_canonical(p, s, cases);
  property_outcome o = judge(p, d, r.failure, ctest_rerun(implementation_test_name(d, canonical_check)),
                             std::to_string(r.cases) + " canonical inputs");
  o.planned = r.planned;
  return o;
}

property_outcome run_canonical(const property& p, const descriptor& d, std::size_t cases) {
  return run_logged(run_canonical, p, d, cases);
}

std::string test_name(const property& p, const descriptor& d, std::string_view driver) {
  return op_label(d.operation, d.sh) + "." + d.name + "." + p.name + "." + std::string(driver);
}

std::string implementation_test_name(const descriptor& d, std::string_view driver) {
  return op_label(d.operation, d.sh) + "." + d.name + "." + std::string(driver);
}

std::string describe_args(const property& p, const property_args& x) {
  return describe_args(p, integer_shape(64), x);
}

std::string describe_args(const property& p, const shape& sh, const property_args& x) {
  std::string s;
  if (reads_b(p)) s += "b=" + render(sh, x.b);
  if (reads_a(p)) s += ", a=" + render(sh, x.a);
  if (reads_k(p)) s += (s.empty() ? "" : ", ") + std::string("k=") + std::to_string(x.k);
  return s;
}

std::string failure_report(const property& p, const descriptor& d, const property_failure& f,
                           std::string_view reproduce) {
  std::string s = "property " + std::string(p.name) + " failed: " + statement(p, d.sh) + "\n";
  s += "  implementation: " + std::string(name(d.operation)) + " " + d.name +
       " (every other op in the property: the reference oracle)\n";
  if (!d.sh.plain_64()) s += "  shape: " + shape_text(d.sh) + "\n";
  if (d.sh.index_base && returns_square(d.operation))
    s += "  lsb/msb values below are square indices: the implementation's result minus its index base " +
         std::to_string(d.sh.index_base) + "\n";
  s += "  shrunk input: " + describe_args(p, d.sh, f.x) + "\n";
  s += "  observed: " + f.observed + "\n";
  s += "  reproduce: " + std::string(reproduce);
  return s;
}

std::optional<property_outcome> skip_reason(const property& p, const descriptor& d) {
  if (!applies(p, d))
    return property_outcome{verdict::skip, std::string(p.name) + " does not involve " +
                                               std::string(name(d.operation))};
  if (auto why = unrunnable(d)) return property_outcome{verdict::skip, *why};
  if (auto why = built_beyond_cpu(d)) return property_outcome{verdict::fail, *why};
  if (std::string why = space_of(p, d).skip; !why.empty())
    return property_outcome{verdict::skip, std::string(p.name) + " cannot be checked for " + d.name + ": " + why};
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
