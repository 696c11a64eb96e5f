#include "differential.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "input_files.hpp"

#include "scanproof/batch.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/reference.hpp"
#include "scanproof/registry.hpp"

namespace scanproof::fuzz {

namespace {

word same(const shape&, word b) { return b; }
// b ^ (b - 1): ones from square 0 up to and including the LS1B.
word through_ls1b(const shape& sh, word b) { return (b ^ (b - word{1})) & sh.all_squares(); }
// (b & -b) - 1: ones strictly below the LS1B (every square when b == 0).
word below_ls1b(const shape& sh, word b) { return ((b & (word{0} - b)) - word{1}) & sh.all_squares(); }

std::int64_t ref_lsb(const shape& sh, word b) { return oracle_result(op::lsb, sh, b); }
std::int64_t ref_msb(const shape& sh, word b) { return oracle_result(op::msb, sh, b); }
std::int64_t ref_ctz(const shape& sh, word b) { return oracle_result(op::ctz, sh, b); }
std::int64_t ref_clz(const shape& sh, word b) { return oracle_result(op::clz, sh, b); }
std::int64_t ref_popcount(const shape& sh, word b) { return oracle_result(op::popcount, sh, b); }
std::int64_t ref_pop_lsb(const shape& sh, word b) { return oracle_result(op::pop_lsb, sh, b); }
std::int64_t ref_pop_msb(const shape& sh, word b) { return oracle_result(op::pop_msb, sh, b); }

// Each comparison is written once here; a target runs those of its ops.
constexpr relation relations[] = {
    {"lsb(b) == reference lsb(b)", op::lsb, same, ref_lsb, true},
    {"msb(b) == reference msb(b)", op::msb, same, ref_msb, true},
    {"ctz(b) == reference ctz(b)", op::ctz, same, ref_ctz, false},
    {"clz(b) == reference clz(b)", op::clz, same, ref_clz, false},
    {"popcount(b) == reference popcount(b)", op::popcount, same, ref_popcount, false},
    // DarkThought's FIND_LSB(b) = FIND_MSB(b ^ (b - 1)) (seeds 000/001).
    {"lsb(b) == msb(b ^ (b - 1))", op::msb, through_ls1b, ref_lsb, true},
    // CPW 'Index of LS1B by Popcount' (seed 003); at b == 0 both sides are the
    // width when lsb is read as ctz, so zero is in the domain.
    {"popcount((b & -b) - 1) == lsb(b)", op::popcount, below_ls1b, ref_ctz, false},
    // Pop ops (CPW 'Bitscan with Reset', seed 003): the index, and the board
    // left behind is b without that square (run_boards compares both).
    {"pop_lsb(b) == reference lsb(b), leaving b & (b - 1)", op::pop_lsb, same, ref_pop_lsb, true},
    {"pop_msb(b) == reference msb(b), leaving b without its highest square", op::pop_msb, same,
     ref_pop_msb, true},
};

// The zero result `d` must give, if it is compared at all: the zero policy's,
// unless an expected failure on zero is active here.
std::optional<std::int64_t> zero_result(const descriptor& d) {
  if (active_expectation(d, scope::zero)) return std::nullopt;
  const zero_decision z = zero_policy(d);
  return z.call ? z.want : std::nullopt;
}

constexpr op bitscan_ops[] = {op::lsb, op::msb, op::ctz, op::clz, op::pop_lsb, op::pop_msb};
constexpr op popcount_ops[] = {op::popcount};
constexpr fuzz_target targets[] = {
    {"bitscan_fuzzer", bitscan_ops},
    {"popcount_fuzzer", popcount_ops},
};

bool has_op(const fuzz_target& t, op o) { return std::find(t.ops.begin(), t.ops.end(), o) != t.ops.end(); }

const char* how_name(participation::how h) {
  switch (h) {
    case participation::how::skip: return "skip";
    case participation::how::zero_only: return "zero";
    case participation::how::all: return "all";
  }
  return "?";
}

std::vector<const differential*>& made() {
  static std::vector<const differential*> all;
  return all;
}

std::vector<std::string> skip_list() {
  std::vector<std::string> names;
  const char* env = std::getenv("SCANPROOF_FUZZ_SKIP");
  if (!env) return names;
  std::istringstream in(env);
  for (std::string n; std::getline(in, n, ',');) {
    if (n.empty()) continue;
    if (!find(n)) {
      std::fprintf(stderr,
                   "scanproof-fuzz: error: SCANPROOF_FUZZ_SKIP names '%s', which is not a "
                   "registered implementation (see `scanproof list`)\n",
                   n.c_str());
      std::exit(2);
    }
    names.push_back(n);
  }
  return names;
}

bool listed(const std::vector<std::string>& names, const std::string& n) {
  for (const std::string& s : names)
    if (s == n) return true;
  return false;
}

struct finding {
  std::string_view target;
  const descriptor* d;
  const relation* r;  // nullptr: the zero contract
  word b;             // the fuzz board
  word x;             // the board the implementation was called with (to_argument() of it)
  std::int64_t expected;
  std::int64_t got;
  // Pop ops: the board left behind (argument space), wanted and written.
  std::optional<word> expected_after{}, got_after{};
};

// A board as a file name part: the hex digits render() shows, or for a
// 128-bit board its 32 digits (high half first).
std::string file_digits(const shape& sh, word b) {
  return (sh.width < 128 ? render(sh, b) : hex128(b)).substr(2);
}

void print_finding(const finding& f, const char* op_name) {
  const descriptor& d = *f.d;
  const std::string label = op_label(d.operation, d.sh);  // op_name at 64 bits
  const char* op_shown = d.sh.width == 64 ? op_name : label.c_str();
  // The MISMATCH line is read by ci/fuzz (space-separated key=value): the
  // input there is the board's hex digits; its shape's own form follows.
  const std::string digits = file_digits(d.sh, f.b);
  const std::string file = std::string("fuzz/regressions/") + op_shown + "-" + d.name + "-" + digits;
  std::fprintf(stderr,
               "\n==scanproof-fuzz== MISMATCH op=%s impl=%s input=0x%s expected=%lld got=%lld\n"
               "  target:         %.*s\n"
               "  implementation: %s (%s, %s)\n",
               op_shown, d.name.c_str(), digits.c_str(), static_cast<long long>(f.expected),
               static_cast<long long>(f.got), static_cast<int>(f.target.size()), f.target.data(),
               d.name.c_str(), d.candidate ? "candidate" : "catalogue", d.source.c_str());
  if (!d.sh.plain_64()) {
    std::fprintf(stderr, "  shape:          %s\n", shape_text(d.sh).c_str());
    std::fprintf(stderr, "  input:          %s (as the implementation is passed it)\n", render(d.sh, f.b).c_str());
  }
  if (f.r)
    std::fprintf(stderr, "  relation:       %s\n", f.r->text);
  else
    std::fprintf(stderr, "  relation:       zero contract of %s: %s(0) must be %lld%s%s\n",
                 d.name.c_str(), op_shown, static_cast<long long>(f.expected),
                 *d.zero.note ? ", declared: " : "", d.zero.note);
  if (!(f.x == f.b))
    std::fprintf(stderr, "  called with:    %s(%s), derived from b = %s\n", op_shown,
                 render(d.sh, f.x).c_str(), render(d.sh, f.b).c_str());
  // A pop op's board before the call, and after it as wanted and as left.
  const auto leaving = [&](const std::optional<word>& after) {
    return after ? " leaving " + render_argument(d.sh, *after) : std::string();
  };
  if (f.got_after)
    std::fprintf(stderr, "  board before:   %s\n", render(d.sh, f.x).c_str());
  std::fprintf(stderr,
               "  expected:       %lld%s\n"
               "  got:            %lld%s\n"
               "  regression (paste at the repository root):\n"
               "    printf '%s' > %s\n",
               static_cast<long long>(f.expected), leaving(f.expected_after).c_str(),
               static_cast<long long>(f.got), leaving(f.got_after).c_str(),
               printf_bytes(d.sh, f.b).c_str(), file.c_str());
  std::fflush(stderr);
}

// One non-inlined failure function per op: the op is then a frame of every
// crash stack, so stack-based deduplication (libFuzzer's DEDUP_TOKEN,
// ClusterFuzz crash states) keeps the ops apart; the implementation is on the
// MISMATCH line. The op name argument also keeps identical-code folding from
// merging them.
[[gnu::noinline, noreturn]] void report_lsb_mismatch(const finding& f) {
  print_finding(f, "lsb");
  std::abort();
}
[[gnu::noinline, noreturn]] void report_msb_mismatch(const finding& f) {
  print_finding(f, "msb");
  std::abort();
}
[[gnu::noinline, noreturn]] void report_ctz_mismatch(const finding& f) {
  print_finding(f, "ctz");
  std::abort();
}
[[gnu::noinline, noreturn]] void report_clz_mismatch(const finding& f) {
  print_finding(f, "clz");
  std::abort();
}
[[gnu::noinline, noreturn]] void report_popcount_mismatch(const finding& f) {
  print_finding(f, "popcount");
  std::abort();
}

[[gnu::noinline, noreturn]] void report_pop_lsb_mismatch(const finding& f) {
  print_finding(f, "pop_lsb");
  std::abort();
}
[[gnu::noinline, noreturn]] void report_pop_msb_mismatch(const finding& f) {
  print_finding(f, "pop_msb");
  std::abort();
}

[[noreturn]] void report(const finding& f) {
  switch (f.d->operation) {
    case op::lsb: report_lsb_mismatch(f);
    case op::msb: report_msb_mismatch(f);
    case op::ctz: report_ctz_mismatch(f);
    case op::clz: report_clz_mismatch(f);
    case op::popcount: report_popcount_mismatch(f);
    case op::pop_lsb: report_pop_lsb_mismatch(f);
    case op::pop_msb: report_pop_msb_mismatch(f);
  }
  std::abort();
}

constexpr std::size_t chunk_words = 64;
constexpr std::size_t max_probes = chunk_words * (sizeof relations / sizeof relations[0]);

}  // namespace

std::size_t decode_words(const std::uint8_t* data, std::size_t size, std::uint64_t* out,
                         std::size_t max_words) {
  std::size_t n = 0;
  for (std::size_t at = 0; at < size && n < max_words; at += 8, ++n) {
    std::uint64_t w = 0;
    for (std::size_t i = 0; i < 8 && at + i < size; ++i)
      w |= static_cast<std::uint64_t>(data[at + i]) << (8 * i);
    out[n] = w;
  }
  return n;
}

std::size_t board_bytes(const shape& sh) { return sh.width == 128 ? 16 : 8; }

std::size_t decode_boards(const std::uint8_t* data, std::size_t size, const shape& sh, word* out,
                          std::size_t max_boards) {
  const std::size_t per = board_bytes(sh);
  std::uint64_t halves[2];
  std::size_t n = 0;
  for (std::size_t at = 0; at < size && n < max_boards; at += per, ++n) {
    const std::size_t got = decode_words(data + at, std::min(per, size - at), halves, per / 8);
    const word raw = per == 16 ? word{halves[0], got > 1 ? halves[1] : 0} : word{halves[0]};
    out[n] = raw & word::ones(sh.width) & sh.domain;
  }
  return n;
}

std::string printf_bytes(const shape& sh, word b) {
  return board_bytes(sh) == 16 ? printf_bytes(b.lo) + printf_bytes(b.hi) : printf_bytes(b.lo);
}

std::string printf_bytes(std::uint64_t b) {
  // Octal escapes: understood by every POSIX printf (dash's too), unlike \x.
  std::string s;
  for (int i = 0; i < 8; ++i) {
    const unsigned v = (b >> (8 * i)) & 0xFFu;
    s += '\\';
    s += static_cast<char>('0' + ((v >> 6) & 7));
    s += static_cast<char>('0' + ((v >> 3) & 7));
    s += static_cast<char>('0' + (v & 7));
  }
  return s;
}

namespace {
bool no_candidate_compared = false;
bool restore_before_each = false;  // restore_kernels_before_each_implementation

// The group of shape `sh` in `groups`, made with a plan per op of `ops`.
// Implementations share a group where the boards they see are the same:
// width, layout, index base and domain.
template <class Group>
Group& group_in(std::vector<Group>& groups, const shape& sh, std::span<const op> ops) {
  for (Group& g : groups)
    if (g.sh.width == sh.width && g.sh.high_offset == sh.high_offset && g.sh.index_base == sh.index_base &&
        g.sh.domain == sh.domain)
      return g;
  Group g{sh, {}};
  for (op o : ops) {
    typename decltype(g.plans)::value_type p{o, {}, {}};
    for (const relation& r : relations)
      if (r.checked == o) p.relations.push_back(&r);
    g.plans.push_back(std::move(p));
  }
  groups.push_back(std::move(g));
  return groups.back();
}
}  // namespace

bool nothing_to_compare() { return no_candidate_compared; }

void restore_kernels_before_each_implementation(bool on) { restore_before_each = on; }

const fuzz_target* find_target(std::string_view name) {
  for (const fuzz_target& t : targets)
    if (t.name == name) return &t;
  return nullptr;
}

std::span<const differential* const> differentials() { return made(); }

participation participation_of(const descriptor& d) {
  participation p;
  if (auto why = unrunnable(d)) return {participation::how::skip, std::nullopt, *why};
  if (auto why = built_beyond_cpu(d))  // its conformance checks fail with this
    return {participation::how::skip, std::nullopt, *why};
  p.on_zero = zero_result(d);
  if (const expectation* e = active_expectation(d, scope::nonzero)) {
    // Only ctz/clz/popcount are ever called with zero (lsb/msb: outside the domain).
    const bool zero_checked = p.on_zero && required_zero_result(d.operation, d.sh);
    p.why = std::string("XFAIL (") + e->when.name + "): " + e->reason;
    if (!zero_checked) return {participation::how::skip, std::nullopt, p.why};
    p.h = participation::how::zero_only;
  }
  return p;
}

std::string fuzz_manifest(const descriptor& d, const fuzz_target& t) {
  if (!has_op(t, d.operation)) return "";
  const participation p = participation_of(d);
  const bool skip = p.h == participation::how::skip;
  return d.name + " " + std::string(t.name) + " " + (skip ? "skip " : "pass ") + manifest_fields(d) + " " +
         how_name(p.h) + ":" + (p.on_zero && !skip ? std::to_string(*p.on_zero) : "-") + "\n";
}

std::string fuzz_declared(const descriptor& d, const fuzz_target& t) {
  if (!has_op(t, d.operation)) return "";
  return "test " + d.name + " fuzz-regression." + std::string(t.name) + ".candidates\n" + fuzz_manifest(d, t);
}

differential::differential(std::string_view target, bool candidates_only) : target_(find_target(target)) {
  if (!target_) {
    std::fprintf(stderr, "scanproof-fuzz: error: '%.*s' is not a fuzz target of differential.cpp\n",
                 static_cast<int>(target.size()), target.data());
    std::exit(2);
  }
  if (!registry_ok()) std::exit(2);
  const std::vector<std::string> skipped = skip_list();
  const std::string name(target_->name);
  const char* t = name.c_str();
  group_in(groups_, integer_shape(64), target_->ops);  // first: the plain 64-bit scanners, as before shapes
  std::size_t n = 0;
  for (op o : target_->ops) {
    for (const descriptor& d : registry()) {
      if (d.operation != o || (candidates_only && !d.candidate)) continue;
      const std::string id = op_label(o, d.sh) + "." + d.name;
      const participation how = participation_of(d);
      if (how.h == participation::how::skip || listed(skipped, d.name)) {
        std::fprintf(stderr, "%s: skip %s: %s\n", t, id.c_str(),
                     how.h == participation::how::skip ? how.why.c_str() : "listed in SCANPROOF_FUZZ_SKIP");
        skipped_.push_back(&d);
        continue;
      }
      participant q;
      q.d = &d;
      q.nonzero = how.h == participation::how::all;
      q.on_zero = how.on_zero;
      q.label = "fuzz." + id;
      if (!q.nonzero)
        std::fprintf(stderr, "%s: only the zero contract compared for %s: %s\n", t, id.c_str(), how.why.c_str());
      shape_group& g = group_in(groups_, d.sh, target_->ops);
      for (op_plan& p : g.plans)
        if (p.o == o) p.runs.push_back(q);
      if (!d.sh.plain_64())
        std::fprintf(stderr, "%s: %s: %s, boards of %zu fuzz bytes in its domain\n", t, id.c_str(),
                     shape_text(d.sh).c_str(), board_bytes(d.sh));
      ++n;
    }
  }
  std::fprintf(stderr, "%s: comparing %zu implementations with the reference and the identities\n",
               t, n);
  no_candidate_compared = candidates_only && n == 0;
  made().push_back(this);
}

std::string differential::manifest() const {
  std::string lines;
  for (const shape_group& g : groups_)
    for (const op_plan& p : g.plans)
      for (const participant& q : p.runs) lines += fuzz_manifest(*q.d, *target_);
  for (const descriptor* d : skipped_) lines += fuzz_manifest(*d, *target_);
  return lines;
}

void differential::report_outputs() const {
  const std::string t(target_->name);
  for (const shape_group& g : groups_)
    for (const op_plan& p : g.plans)
      for (const participant& q : p.runs)
        scanproof::report_outputs(q.d->name + " " + t + " pass " + std::to_string(q.tally.calls) + " " +
                                  hex(q.tally.digest.value()));
  for (const descriptor* d : skipped_) scanproof::report_outputs(d->name + " " + t + " skip 0 -");
}

std::optional<std::pair<std::size_t, std::string>> fuzz_oracle(const manifest_line& line,
                                                               const std::vector<std::string>& paths,
                                                               std::string& why) {
  const fuzz_target* t = find_target(line.check);
  if (!t) return std::nullopt;
  if (!has_op(*t, line.operation)) {
    why = "fuzz target " + line.check + " does not compare " + std::string(name(line.operation));
    return std::nullopt;
  }
  // "<how>:<zero result or ->" (fuzz_manifest())
  const std::size_t colon = line.extra.find(':');
  const std::string how = line.extra.substr(0, colon), zero = colon == std::string::npos ? "" : line.extra.substr(colon + 1);
  participant q;
  q.oracle = true;
  q.nonzero = how == "all";
  char* end = nullptr;
  const long long z = std::strtoll(zero.c_str(), &end, 10);
  const bool zero_read = zero == "-" || (!zero.empty() && *end == '\0');
  if (zero != "-" && zero_read) q.on_zero = z;
  if ((how != "all" && how != "zero" && how != "skip") || !zero_read) {
    why = "its last field '" + line.extra + "' is not <all|zero|skip>:<zero result or -> (fuzz_manifest())";
    return std::nullopt;
  }
  if (how == "skip") return std::pair<std::size_t, std::string>{0, "-"};
  if (paths.empty()) {
    why = "a fuzz target's line needs its inputs (scanproof_oracle_table --inputs PATH)";
    return std::nullopt;
  }
  std::vector<std::string> files;
  if (!input_files(paths, files, why)) return std::nullopt;
  differential oracle;
  oracle.target_ = t;
  const op only[] = {line.operation};
  group_in(oracle.groups_, line.sh, only).plans[0].runs.push_back(q);
  for (const std::string& f : files) {
    std::vector<char> bytes;
    if (!read_input(f, bytes)) {
      why = "cannot read '" + f + "'";
      return std::nullopt;
    }
    oracle.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  const participant& played = oracle.groups_[0].plans[0].runs[0];
  return std::pair<std::size_t, std::string>{played.tally.calls, hex(played.tally.digest.value())};
}

void differential::run(const std::uint8_t* data, std::size_t size) const {
  word boards[chunk_words];
  for (const shape_group& g : groups_) {
    bool any = false;
    for (const op_plan& p : g.plans) any |= !p.runs.empty();
    if (!any && !g.sh.plain_64()) continue;
    const std::size_t per = board_bytes(g.sh) * chunk_words;
    for (std::size_t at = 0; at < size; at += per) {
      const std::size_t n = decode_boards(data + at, size - at, g.sh, boards, chunk_words);
      for (const op_plan& p : g.plans) run_boards(g.sh, p, boards, n);
    }
  }
}

// A pop op's probes: the index and the board left behind, which must be the
// board called with, without the square the wanted index names.
void differential::run_pops(const shape& sh, const participant& q, const word* args, const word* in,
                            const word* from, const std::int64_t* want, const relation* const* why,
                            std::size_t m) const {
  for (std::size_t i = 0; i < m; ++i) {
    const word left = to_argument(sh, in[i] & ~word::bit(static_cast<int>(want[i] - sh.index_base)));
    std::int64_t got = want[i];
    word after = left;
    if (!q.oracle) q.d->batch(args + i, &got, &after, 1);
    if (got != want[i] || after != left)
      report({target_->name, q.d, why[i], from[i], in[i], want[i], got, left, after});
    q.tally.add(args[i], got, after);
  }
}

void differential::run_boards(const shape& sh, const op_plan& p, const word* boards,
                              std::size_t n) const {
  // Each nonzero probe goes through each implementation's batch function with
  // n = 1: a longer batch would hand libFuzzer one loop-counter comparison per
  // probe (value profile), features that only say how many words the input
  // had. Measured: 1.5x the runs per second and a corpus a quarter the size;
  // every scanner branch is still reached. A zero probe is checked against
  // each implementation's zero contract. A derived board outside the domain
  // (an identity's b ^ (b - 1) reaching a square the scanner never sees) is
  // not a probe: the direct comparison still covers b.
  word in[max_probes], from[max_probes], args[max_probes];
  std::int64_t want[max_probes], got[max_probes];
  const relation* why[max_probes];
  std::size_t m = 0;
  std::optional<word> zero_from;
  for (const relation* r : p.relations) {
    for (std::size_t i = 0; i < n; ++i) {
      const word b = boards[i];
      if (r->b_nonzero && !b) continue;
      const word x = r->derive(sh, b);
      if (!x) {
        if (!zero_from) zero_from = b;
        continue;
      }
      if (x & ~sh.domain) continue;
      in[m] = x;
      from[m] = b;
      want[m] = r->expect(sh, b);
      why[m] = r;
      ++m;
    }
  }
  for (const participant& q : p.runs) {
    // Each implementation from the default process state, and named while it
    // runs, so an exit inside a scanner is reported as a finding. The oracle
    // playing it (fuzz_oracle) returns what is expected.
    const fresh_process_state fresh;
    if (restore_before_each && !q.oracle)
      for (const std::string& w : restore_kernels()) std::fprintf(stderr, "scanproof: warning: %s\n", w.c_str());
    if (!q.oracle) flight_begin(*q.d, "differential", q.label);
    if (q.nonzero && m) {
      for (std::size_t i = 0; i < m; ++i) args[i] = to_argument(sh, in[i]);
      if (!q.oracle) flight_chunk(args, 0, m);
      if (p.o == op::pop_lsb || p.o == op::pop_msb) {
        run_pops(sh, q, args, in, from, want, why, m);
      } else {
        if (q.oracle)
          std::copy(want, want + m, got);
        else
          for (std::size_t i = 0; i < m; ++i) q.d->batch(args + i, got + i, nullptr, 1);
        for (std::size_t i = 0; i < m; ++i) {
          if (got[i] != want[i]) report({target_->name, q.d, why[i], from[i], in[i], want[i], got[i]});
          q.tally.add(args[i], got[i]);
        }
      }
    }
    if (zero_from && q.on_zero) {
      const word zero{};
      if (!q.oracle) flight_chunk(&zero, 0, 1);
      const std::int64_t z = q.oracle ? *q.on_zero : call_one(q.d->batch, zero);
      if (z != *q.on_zero) report({target_->name, q.d, nullptr, *zero_from, word{}, *q.on_zero, z});
      q.tally.add(zero, z);
    }
    if (!q.oracle) flight_end();
  }
}

}  // namespace scanproof::fuzz
