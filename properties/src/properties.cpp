// The property table. Each law is written once; scanners decides which side
// is the implementation under test and which is the reference oracle.
#include "scanproof/properties.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "scanproof/batch.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/reference.hpp"
#include "scanproof/zero_policy.hpp"

namespace scanproof {

namespace {

[[noreturn]] void property_bug(const std::string& bug) {
#if defined(__cpp_exceptions)
  throw std::logic_error(bug);
#else  // built without exceptions (wasm32-wasi): the bug ends the process, named
  std::fprintf(stderr, "%s\n", bug.c_str());
  std::abort();
#endif
}

// The index of the n-th (from 0) set square of a nonzero mask.
int nth_square(word mask, int n) {
  for (int i = 0; i < 128; ++i)
    if (mask.test(i) && n-- == 0) return i;
  return lowest_bit(mask);
}

}  // namespace

word into(word b, word mask) {
  if (const word m = b & mask) return m;
  return word::bit(nth_square(mask, (b ? lowest_bit(b) : 0) % popcount(mask)));
}

word reverse_bits(word b, int w) {
  word r;
  for (int i = 0; i < w; ++i)
    if (b.test(i)) r |= word::bit(w - 1 - i);
  return r;
}

std::int64_t scanners::apply(op o, word b) const {
  const shape& sh = d_.sh;
  // The naive oracle, in square numbering (-1 for lsb/msb of 0, the squares
  // for ctz/clz of 0).
  if (o != d_.operation) return reference::eval(o, b, sh.squares());
  // 0 only where the op defines a zero result (ctz, clz, popcount) and the
  // zero policy checks this scanner's (not declared undefined).
  if (!b && (!required_zero_result(o, sh) || !zero_policy(d_).want))
    property_bug("property bug: " + std::string(name(o)) + "(0) passed to " + d_.name +
                 ", whose zero result is outside the contract");
  if (b & ~sh.domain)
    property_bug("property bug: " + std::string(name(o)) + "(" + render(sh, b) + ") passed to " +
                 d_.name + ", outside its declared domain " + domain_text(sh));
  std::int64_t r = 0;
  if (oracle_) {
    r = b ? reference::eval(o, b, sh.squares()) : *zero_policy(d_).want;
  } else {
    r = call_one(d_.batch, to_argument(sh, b));
    if (returns_square(o)) r -= sh.index_base;
  }
  if (log_) log_->add(b, r);
  return r;
}

scanners::popped scanners::pop(op o, word b) const {
  const shape& sh = d_.sh;
  if (o != d_.operation) return {reference::eval(o, b, sh.squares()), oracle_after(o, sh, b)};
  if (!b || (b & ~sh.domain))
    property_bug("property bug: " + std::string(name(o)) + "(" + render(sh, b) + ") passed to " + d_.name +
                 ", outside its domain (nonzero boards in " + domain_text(sh) + ")");
  popped r{};
  if (oracle_) {
    r = {reference::eval(o, b, sh.squares()), oracle_after(o, sh, b)};
  } else {
    const word arg = to_argument(sh, b);
    word after;
    r.index = call_one(d_.batch, arg, after);
    r = {r.index - sh.index_base, from_argument(sh, after)};
  }
  if (log_) log_->add(b, r.index, r.left);
  return r;
}

namespace {

using verdict_text = std::optional<std::string>;

std::string at(const scanners& s, const char* f, word x) { return std::string(f) + "(" + s.show(x) + ")"; }

// "lhs = 5, but rhs = 4" when the two sides differ. The texts are made only
// then: every case of every property passes through here, and making them
// (hex renderings, allocations) was most of a passing case's time.
template <class Lhs, class Rhs>
verdict_text differ(Lhs lhs, std::int64_t l, Rhs rhs, std::int64_t r) {
  if (l == r) return std::nullopt;
  return std::string(lhs()) + " = " + std::to_string(l) + ", but " + rhs() + " = " + std::to_string(r);
}

bool is_index(const scanners& s, std::int64_t i) { return i >= 0 && i < s.squares(); }

// How many squares from 0 up are all in the domain (w when it is every square).
int low_run(const shape& sh) {
  int t = 0;
  while (t < sh.squares() && sh.domain.test(t)) ++t;
  return t;
}

verdict_text darkthought_lsb_via_msb(const scanners& s, const property_args& x) {
  const word m = x.b ^ (x.b - word{1});
  return differ([&] { return at(s, "lsb", x.b); }, s.lsb(x.b),
                [&] { return "msb(b ^ (b - 1)) = " + at(s, "msb", m); }, s.msb(m));
}

// msb is called with b ^ (b - 1), the squares 0..lsb(b): lsb(b) must lie in
// the domain's run of squares from 0.
std::string darkthought_narrow(const shape& sh, op under_test, arg_space& sp) {
  if (under_test != op::msb) return "";
  const int t = low_run(sh);
  if (t == 0)
    return "square 0 is outside the declared domain " + domain_text(sh) +
           ", and msb would be called with b ^ (b - 1), which always holds it";
  sp.b_mask = sh.domain & word::ones(t);
  return "";
}

verdict_text cpw_lsb_via_popcount(const scanners& s, const property_args& x) {
  const word m = (x.b & (word{0} - x.b)) - word{1};
  return differ([&] { return "popcount((b & -b) - 1) = " + at(s, "popcount", m); }, s.popcount(m),
                [&] { return at(s, "lsb", x.b); }, s.lsb(x.b));
}

// popcount is called with (b & -b) - 1, the squares below lsb(b).
std::string cpw_narrow(const shape& sh, op under_test, arg_space& sp) {
  if (under_test != op::popcount) return "";
  const int t = low_run(sh);
  if (t == 0)
    return "square 0 is outside the declared domain " + domain_text(sh) +
           ", and popcount would be called with (b & -b) - 1, which holds it for every b in the domain";
  sp.b_mask = sh.domain & word::ones(t);
  return "";
}

verdict_text isolated_bit_is_one_shl_lsb(const scanners& s, const property_args& x) {
  const std::int64_t l = s.lsb(x.b);
  if (!is_index(s, l))
    return at(s, "lsb", x.b) + " = " + std::to_string(l) + ", not a bit index 0.." +
           std::to_string(s.squares() - 1);
  const word isolated = x.b & (word{0} - x.b);
  const word shifted = word::bit(static_cast<int>(l));
  if (isolated == shifted) return std::nullopt;
  return "b & -b = " + s.show(isolated) + ", but 1 << " + at(s, "lsb", x.b) + " = 1 << " +
         std::to_string(l) + " = " + s.show(shifted);
}

verdict_text lsb_equals_ctz(const scanners& s, const property_args& x) {
  return differ([&] { return at(s, "lsb", x.b); }, s.lsb(x.b), [&] { return at(s, "ctz", x.b); }, s.ctz(x.b));
}

verdict_text msb_equals_63_minus_clz(const scanners& s, const property_args& x) {
  const int top = s.squares() - 1;
  return differ([&] { return at(s, "msb", x.b); }, s.msb(x.b),
                [&] { return std::to_string(top) + " - " + at(s, "clz", x.b); }, top - s.clz(x.b));
}

verdict_text msb_via_reversed_lsb(const scanners& s, const property_args& x) {
  const int top = s.squares() - 1;
  const word r = reverse_bits(x.b, s.squares());
  return differ([&] { return at(s, "msb", x.b); }, s.msb(x.b),
                [&] {
                  return std::to_string(top) + " - lsb(bitreverse(b)) = " + std::to_string(top) + " - " +
                         at(s, "lsb", r);
                },
                top - s.lsb(r));
}

// lsb is called with bitreverse(b): b is drawn from the reversed domain.
std::string reversed_narrow(const shape& sh, op under_test, arg_space& sp) {
  if (under_test == op::lsb || under_test == op::ctz)
    sp.b_mask = reverse_bits(sh.domain, sh.squares());
  return "";
}

std::string shift_narrow(const shape& sh, op, arg_space&) {
  if (popcount(sh.domain) < 2)
    return "the declared domain " + domain_text(sh) +
           " has one square: no shift keeps a board inside it";
  return "";
}

// The shift is k reduced modulo the room above msb(b) (below lsb(b)), so no
// set bit is shifted out and no case is discarded; with a declared domain,
// then lowered to the largest shift that keeps the board inside the domain.
verdict_text lsb_shift_left(const scanners& s, const property_args& x) {
  int shift = x.k % (s.squares() - highest_bit(x.b));
  while (shift > 0 && ((x.b << shift) & ~s.domain())) --shift;
  const word c = x.b << shift;
  return differ([&] { return "lsb(b << " + std::to_string(shift) + ") = " + at(s, "lsb", c); }, s.lsb(c),
                [&] { return at(s, "lsb", x.b) + " + " + std::to_string(shift); }, s.lsb(x.b) + shift);
}

verdict_text msb_shift_right(const scanners& s, const property_args& x) {
  int shift = x.k % (lowest_bit(x.b) + 1);
  while (shift > 0 && ((x.b >> shift) & ~s.domain())) --shift;
  const word c = x.b >> shift;
  return differ([&] { return "msb(b >> " + std::to_string(shift) + ") = " + at(s, "msb", c); }, s.msb(c),
                [&] { return at(s, "msb", x.b) + " - " + std::to_string(shift); }, s.msb(x.b) - shift);
}

// ~b is the complement inside the domain (every square: the w-bit complement).
verdict_text popcount_complement(const scanners& s, const property_args& x) {
  const word c = ~x.b & s.domain();
  const bool every = s.domain() == s.all();
  return differ([&] {
                  return at(s, "popcount", x.b) + " + " +
                         at(s, every ? "popcount" : "popcount(domain & ~b) = popcount", c);
                },
                s.popcount(x.b) + s.popcount(c),
                [&] {
                  return every ? std::to_string(s.squares())
                               : "popcount(domain) = " + std::to_string(popcount(s.domain()));
                },
                popcount(s.domain()));
}

verdict_text popcount_union_intersection(const scanners& s, const property_args& x) {
  const word u = x.a | x.b, i = x.a & x.b;
  return differ([&] {
                  return "popcount(a | b) + popcount(a & b) = " + at(s, "popcount", u) + " + " + at(s, "popcount", i);
                },
                s.popcount(u) + s.popcount(i),
                [&] {
                  return "popcount(a) + popcount(b) = " + at(s, "popcount", x.a) + " + " + at(s, "popcount", x.b);
                },
                s.popcount(x.a) + s.popcount(x.b));
}

verdict_text popcount_xor(const scanners& s, const property_args& x) {
  const word d = x.a ^ x.b, i = x.a & x.b;
  return differ([&] { return "popcount(a ^ b) = " + at(s, "popcount", d); }, s.popcount(d),
                [&] {
                  return "popcount(a) + popcount(b) - 2 popcount(a & b) = " + at(s, "popcount", x.a) + " + " +
                         at(s, "popcount", x.b) + " - 2 " + at(s, "popcount", i);
                },
                s.popcount(x.a) + s.popcount(x.b) - 2 * s.popcount(i));
}

verdict_text popcount_clear_lowest(const scanners& s, const property_args& x) {
  const word c = x.b & (x.b - word{1});
  return differ([&] { return "popcount(b & (b - 1)) = " + at(s, "popcount", c); }, s.popcount(c),
                [&] { return at(s, "popcount", x.b) + " - 1"; }, s.popcount(x.b) - 1);
}

// `for (; b; b &= b - 1) visit(lsb(b));` must visit the set bits of b, each
// once, in increasing order: popcount(b) visits.
verdict_text serialization(const scanners& s, const property_args& x) {
  std::int64_t previous = -1, visits = 0;
  for (word rest = x.b; rest; rest &= rest - word{1}, ++visits) {
    const std::int64_t i = s.lsb(rest);
    const bool index = is_index(s, i);
    if (!index || !x.b.test(static_cast<int>(i)) || i <= previous)
      return "visit " + std::to_string(visits + 1) + ": " + at(s, "lsb", rest) + " = " +
             std::to_string(i) + (!index                             ? ", not a bit index"
                                  : !x.b.test(static_cast<int>(i)) ? ", not a set bit of b"
                                                                    : ", not above the previous visit " +
                                                                          std::to_string(previous));
    previous = i;
  }
  return differ([&] { return "visits"; }, visits, [&] { return at(s, "popcount", x.b); }, s.popcount(x.b));
}

// Engines' serialization loop over a pop op, `while (b) visit(pop_lsb(b));`:
// popcount(b) pops visit the set squares of b, each once, in increasing
// (pop_lsb) or decreasing (pop_msb) order, each clearing exactly the square it
// returns, and leave 0. At most popcount(b) pops are made.
verdict_text pop_sequence(const scanners& s, const property_args& x) {
  for (const op o : {op::pop_lsb, op::pop_msb}) {
    const bool up = o == op::pop_lsb;
    const int n = popcount(x.b);
    word rest = x.b;
    std::int64_t previous = up ? -1 : s.squares();
    for (int visit = 1; visit <= n; ++visit) {
      const auto [i, left] = s.pop(o, rest);
      // The text of this pop, made only for a failure (the bindings by copy:
      // clang before 16 cannot capture a structured binding).
      const auto call = [&, i = i, left = left] {
        return "pop " + std::to_string(visit) + " of " + std::to_string(n) + ": " + std::string(name(o)) + "(" +
               s.show(rest) + ") = " + std::to_string(i) + " leaving " + s.show(left);
      };
      if (!is_index(s, i) || !rest.test(static_cast<int>(i)))
        return call() + (is_index(s, i) ? ", not a set square of the board" : ", not a square index");
      if (up ? i <= previous : i >= previous)
        return call() + ", not " + (up ? "above" : "below") + " the previous pop " + std::to_string(previous);
      if (left != (rest & ~word::bit(static_cast<int>(i))))
        return call() + ", but clearing square " + std::to_string(i) + " leaves " +
               s.show(rest & ~word::bit(static_cast<int>(i)));
      previous = i;
      rest = left;
    }
    if (rest) return std::to_string(n) + " pops of " + std::string(name(o)) + " leave " + s.show(rest) + ", not 0";
  }
  return std::nullopt;
}

// CPW 'Bitscan with Reset' as printed: idx = bitScanForward(bb); bb &= bb - 1.
// The pop's index is the scan's, and the board left is the reset's.
verdict_text pop_is_scan_then_reset(const scanners& s, const property_args& x) {
  const auto [l, after_l] = s.pop(op::pop_lsb, x.b);
  if (auto v = differ([&] { return at(s, "pop_lsb", x.b); }, l, [&] { return at(s, "lsb", x.b); }, s.lsb(x.b)))
    return v;
  if (after_l != (x.b & (x.b - word{1})))
    return at(s, "pop_lsb", x.b) + " leaves " + s.show(after_l) + ", but b & (b - 1) = " +
           s.show(x.b & (x.b - word{1}));
  const auto [m, after_m] = s.pop(op::pop_msb, x.b);
  if (auto v = differ([&] { return at(s, "pop_msb", x.b); }, m, [&] { return at(s, "msb", x.b); }, s.msb(x.b)))
    return v;
  const word reset = x.b ^ word::bit(static_cast<int>(s.msb(x.b)));
  if (after_m != reset)
    return at(s, "pop_msb", x.b) + " leaves " + s.show(after_m) + ", but b ^ (1 << msb(b)) = " + s.show(reset);
  return std::nullopt;
}

verdict_text msb_is_floor_log2(const scanners& s, const property_args& x) {
  std::int64_t log2 = 0;  // by halving, independent of any bit test
  for (word v = x.b; static_cast<bool>(v = v >> 1);) ++log2;
  return differ([&] { return at(s, "msb", x.b); }, s.msb(x.b), [&] { return "floor(log2 b)"; }, log2);
}

// Square k, or (outside a declared domain) the (k mod n)-th of its n squares.
verdict_text lsb_msb_agree_on_single_bits(const scanners& s, const property_args& x) {
  const word d = s.domain();
  const word bit = word::bit(d.test(x.k) ? x.k : nth_square(d, x.k % popcount(d)));
  return differ([&] { return at(s, "lsb", bit); }, s.lsb(bit), [&] { return at(s, "msb", bit); }, s.msb(bit));
}

// CPW 'Generalized BitScan': bitScan(b, reverse) = msb(b & (-b | rMask)) with
// rMask = -(U64)reverse, which isolates the LS1B for the forward scan.
verdict_text generalized_bitscan(const scanners& s, const property_args& x) {
  for (const bool reverse : {false, true}) {
    const word m = x.b & ((word{0} - x.b) | (word{0} - word{std::uint64_t{reverse}}));
    if (auto v = differ([&] {
                          return std::string("bitScan(b, reverse=") + (reverse ? "1" : "0") + ") = " + at(s, "msb", m);
                        },
                        s.msb(m), [&] { return reverse ? at(s, "msb", x.b) : at(s, "lsb", x.b); },
                        reverse ? s.msb(x.b) : s.lsb(x.b)))
      return v;
  }
  return std::nullopt;
}

verdict_text clz_mirrors_ctz(const scanners& s, const property_args& x) {
  const word r = reverse_bits(x.b, s.squares());
  return differ([&] { return at(s, "clz", x.b); }, s.clz(x.b),
                [&] { return "ctz(bitreverse(b)) = " + at(s, "ctz", r); }, s.ctz(r));
}

constexpr property table[] = {
    {"darkthought_lsb_via_msb", "lsb(b) == msb(b ^ (b - 1))", {op::lsb, op::msb}, uses::b,
     darkthought_lsb_via_msb, darkthought_narrow},
    {"cpw_lsb_via_popcount", "popcount((b & -b) - 1) == lsb(b)", {op::popcount, op::lsb}, uses::b,
     cpw_lsb_via_popcount, cpw_narrow},
    {"isolated_bit_is_one_shl_lsb", "b & -b == 1 << lsb(b)", {op::lsb}, uses::b,
     isolated_bit_is_one_shl_lsb},
    {"lsb_equals_ctz", "lsb(b) == ctz(b) for b != 0", {op::lsb, op::ctz}, uses::b, lsb_equals_ctz},
    {"msb_equals_63_minus_clz", "msb(b) == {w-1} - clz(b) for b != 0", {op::msb, op::clz}, uses::b,
     msb_equals_63_minus_clz},
    {"msb_via_reversed_lsb", "msb(b) == {w-1} - lsb(bitreverse(b))", {op::msb, op::lsb}, uses::b,
     msb_via_reversed_lsb, reversed_narrow},
    {"lsb_shift_left", "lsb(b << k) == lsb(b) + k when no set bit is shifted out", {op::lsb},
     uses::b_and_k, lsb_shift_left, shift_narrow},
    {"msb_shift_right", "msb(b >> k) == msb(b) - k when no set bit is shifted out", {op::msb},
     uses::b_and_k, msb_shift_right, shift_narrow},
    {"popcount_complement", "popcount(b) + popcount(~b) == {w}", {op::popcount}, uses::b,
     popcount_complement, nullptr, "popcount(b) + popcount(domain & ~b) == popcount(domain) = {n}"},
    {"popcount_union_intersection", "popcount(a | b) + popcount(a & b) == popcount(a) + popcount(b)",
     {op::popcount}, uses::b_and_a, popcount_union_intersection},
    {"popcount_xor", "popcount(a ^ b) == popcount(a) + popcount(b) - 2 popcount(a & b)",
     {op::popcount}, uses::b_and_a, popcount_xor},
    {"popcount_clear_lowest", "popcount(b & (b - 1)) == popcount(b) - 1", {op::popcount}, uses::b,
     popcount_clear_lowest},
    {"serialization",
     "repeated lsb + clear (b &= b - 1) visits exactly the set bits, in increasing order, "
     "popcount(b) times",
     {op::lsb, op::popcount}, uses::b, serialization},
    {"msb_is_floor_log2", "msb(b) == floor(log2 b), computed by halving", {op::msb}, uses::b,
     msb_is_floor_log2},
    {"lsb_msb_agree_on_single_bits", "lsb(1 << k) == msb(1 << k)", {op::lsb, op::msb}, uses::k,
     lsb_msb_agree_on_single_bits},
    {"generalized_bitscan",
     "bitScan(b, reverse) = msb(b & (-b | -(U64)reverse)) == reverse ? msb(b) : lsb(b)",
     {op::lsb, op::msb}, uses::b, generalized_bitscan},
    {"clz_mirrors_ctz", "clz(b) == ctz(bitreverse(b)) for b != 0", {op::clz, op::ctz}, uses::b,
     clz_mirrors_ctz, reversed_narrow},
    {"pop_sequence",
     "popcount(b) pops (pop_lsb, pop_msb) visit the set squares of b in order (increasing, "
     "decreasing), each clearing the square it returns, and leave 0",
     {op::pop_lsb, op::pop_msb}, uses::b, pop_sequence},
    {"pop_is_scan_then_reset",
     "pop_lsb(b) == lsb(b) leaving b & (b - 1); pop_msb(b) == msb(b) leaving b ^ (1 << msb(b))",
     {op::pop_lsb, op::pop_msb}, uses::b, pop_is_scan_then_reset},
};

}  // namespace

std::span<const property> properties() { return table; }

const property* find_property(std::string_view name) {
  for (const property& p : table)
    if (p.name == name) return &p;
  return nullptr;
}

std::string statement(const property& p, const shape& sh) {
  std::string s = sh.domain_declared && p.domain_statement ? p.domain_statement : p.statement;
  const auto put = [&s](std::string_view key, int v) {
    for (auto at = s.find(key); at != std::string::npos; at = s.find(key, at))
      s.replace(at, key.size(), std::to_string(v));
  };
  put("{w-1}", sh.squares() - 1);
  put("{w}", sh.squares());
  put("{n}", popcount(sh.domain));
  if (sh.domain_declared) s += "; every board inside the declared domain " + domain_text(sh);
  return s;
}

space_or_skip space_of(const property& p, const descriptor& d) {
  space_or_skip r{{d.sh.domain, d.sh.domain, d.sh.squares()}, ""};
  if (p.narrow) r.skip = p.narrow(d.sh, d.operation, r.space);
  return r;
}

}  // namespace scanproof
