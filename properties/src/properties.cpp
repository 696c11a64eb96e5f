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

std::int64_t scanners::apply(op o, std::uint64_t b) const {
  if (o != d_.operation) return reference::eval(o, b);
  // 0 only where the op defines a zero result (ctz, clz, popcount) and the
  // zero policy checks this scanner's (not declared undefined).
  if (b == 0 && (!required_zero_result(o, d_.sh) || !zero_policy(d_).want)) {
    const std::string bug = "property bug: " + std::string(name(o)) + "(0) passed to " + d_.name +
                            ", whose zero result is outside the contract";
#if defined(__cpp_exceptions)
    throw std::logic_error(bug);
#else  // built without exceptions (wasm32-wasi): the bug ends the process, named
    std::fprintf(stderr, "%s\n", bug.c_str());
    std::abort();
#endif
  }
  return call_one(d_.batch, b);
}

namespace {

using verdict_text = std::optional<std::string>;
constexpr std::uint64_t one = 1;

std::string at(const char* f, std::uint64_t x) { return std::string(f) + "(" + hex(x) + ")"; }

// "lhs = 5, but rhs = 4" when the two sides differ.
verdict_text differ(const std::string& lhs, std::int64_t l, const std::string& rhs, std::int64_t r) {
  if (l == r) return std::nullopt;
  return lhs + " = " + std::to_string(l) + ", but " + rhs + " = " + std::to_string(r);
}

bool is_index(std::int64_t i) { return i >= 0 && i < 64; }

verdict_text darkthought_lsb_via_msb(const scanners& s, const property_args& x) {
  const std::uint64_t m = x.b ^ (x.b - 1);
  return differ(at("lsb", x.b), s.lsb(x.b), "msb(b ^ (b - 1)) = " + at("msb", m), s.msb(m));
}

verdict_text cpw_lsb_via_popcount(const scanners& s, const property_args& x) {
  const std::uint64_t m = (x.b & (0 - x.b)) - 1;
  return differ("popcount((b & -b) - 1) = " + at("popcount", m), s.popcount(m), at("lsb", x.b),
                s.lsb(x.b));
}

verdict_text isolated_bit_is_one_shl_lsb(const scanners& s, const property_args& x) {
  const std::int64_t l = s.lsb(x.b);
  if (!is_index(l)) return at("lsb", x.b) + " = " + std::to_string(l) + ", not a bit index 0..63";
  const std::uint64_t isolated = x.b & (0 - x.b);
  if (isolated == one << l) return std::nullopt;
  return "b & -b = " + hex(isolated) + ", but 1 << " + at("lsb", x.b) + " = 1 << " +
         std::to_string(l) + " = " + hex(one << l);
}

verdict_text lsb_equals_ctz(const scanners& s, const property_args& x) {
  return differ(at("lsb", x.b), s.lsb(x.b), at("ctz", x.b), s.ctz(x.b));
}

verdict_text msb_equals_63_minus_clz(const scanners& s, const property_args& x) {
  return differ(at("msb", x.b), s.msb(x.b), "63 - " + at("clz", x.b), 63 - s.clz(x.b));
}

verdict_text msb_via_reversed_lsb(const scanners& s, const property_args& x) {
  const std::uint64_t r = reference::bit_reverse(x.b);
  return differ(at("msb", x.b), s.msb(x.b), "63 - lsb(bitreverse(b)) = 63 - " + at("lsb", r),
                63 - s.lsb(r));
}

// The shift is k reduced modulo the room above msb(b) (below lsb(b)), so no
// set bit is shifted out and no case is discarded.
verdict_text lsb_shift_left(const scanners& s, const property_args& x) {
  const int shift = x.k % (64 - reference::msb(x.b));
  const std::uint64_t c = x.b << shift;
  return differ("lsb(b << " + std::to_string(shift) + ") = " + at("lsb", c), s.lsb(c),
                at("lsb", x.b) + " + " + std::to_string(shift), s.lsb(x.b) + shift);
}

verdict_text msb_shift_right(const scanners& s, const property_args& x) {
  const int shift = x.k % (reference::lsb(x.b) + 1);
  const std::uint64_t c = x.b >> shift;
  return differ("msb(b >> " + std::to_string(shift) + ") = " + at("msb", c), s.msb(c),
                at("msb", x.b) + " - " + std::to_string(shift), s.msb(x.b) - shift);
}

verdict_text popcount_complement(const scanners& s, const property_args& x) {
  return differ(at("popcount", x.b) + " + " + at("popcount", ~x.b),
                s.popcount(x.b) + s.popcount(~x.b), "64", 64);
}

verdict_text popcount_union_intersection(const scanners& s, const property_args& x) {
  const std::uint64_t u = x.a | x.b, i = x.a & x.b;
  return differ("popcount(a | b) + popcount(a & b) = " + at("popcount", u) + " + " +
                    at("popcount", i),
                s.popcount(u) + s.popcount(i),
                "popcount(a) + popcount(b) = " + at("popcount", x.a) + " + " + at("popcount", x.b),
                s.popcount(x.a) + s.popcount(x.b));
}

verdict_text popcount_xor(const scanners& s, const property_args& x) {
  const std::uint64_t d = x.a ^ x.b, i = x.a & x.b;
  return differ("popcount(a ^ b) = " + at("popcount", d), s.popcount(d),
                "popcount(a) + popcount(b) - 2 popcount(a & b) = " + at("popcount", x.a) + " + " +
                    at("popcount", x.b) + " - 2 " + at("popcount", i),
                s.popcount(x.a) + s.popcount(x.b) - 2 * s.popcount(i));
}

verdict_text popcount_clear_lowest(const scanners& s, const property_args& x) {
  const std::uint64_t c = x.b & (x.b - 1);
  return differ("popcount(b & (b - 1)) = " + at("popcount", c), s.popcount(c),
                at("popcount", x.b) + " - 1", s.popcount(x.b) - 1);
}

// `for (; b; b &= b - 1) visit(lsb(b));` must visit the set bits of b, each
// once, in increasing order: popcount(b) visits.
verdict_text serialization(const scanners& s, const property_args& x) {
  std::int64_t previous = -1, visits = 0;
  for (std::uint64_t rest = x.b; rest; rest &= rest - 1, ++visits) {
    const std::int64_t i = s.lsb(rest);
    if (!is_index(i) || !(x.b >> i & 1) || i <= previous)
      return "visit " + std::to_string(visits + 1) + ": " + at("lsb", rest) + " = " +
             std::to_string(i) + (!is_index(i)    ? ", not a bit index"
                                  : !(x.b >> i & 1) ? ", not a set bit of b"
                                                    : ", not above the previous visit " +
                                                          std::to_string(previous));
    previous = i;
  }
  return differ("visits", visits, at("popcount", x.b), s.popcount(x.b));
}

verdict_text msb_is_floor_log2(const scanners& s, const property_args& x) {
  std::int64_t log2 = 0;  // by halving, independent of any bit test
  for (std::uint64_t v = x.b; v >>= 1;) ++log2;
  return differ(at("msb", x.b), s.msb(x.b), "floor(log2 b)", log2);
}

verdict_text lsb_msb_agree_on_single_bits(const scanners& s, const property_args& x) {
  const std::uint64_t bit = one << x.k;
  return differ(at("lsb", bit), s.lsb(bit), at("msb", bit), s.msb(bit));
}

// CPW 'Generalized BitScan': bitScan(b, reverse) = msb(b & (-b | rMask)) with
// rMask = -(U64)reverse, which isolates the LS1B for the forward scan.
verdict_text generalized_bitscan(const scanners& s, const property_args& x) {
  for (const bool reverse : {false, true}) {
    const std::uint64_t m = x.b & ((0 - x.b) | (0 - std::uint64_t{reverse}));
    if (auto v = differ(std::string("bitScan(b, reverse=") + (reverse ? "1" : "0") + ") = " +
                            at("msb", m),
                        s.msb(m), reverse ? at("msb", x.b) : at("lsb", x.b),
                        reverse ? s.msb(x.b) : s.lsb(x.b)))
      return v;
  }
  return std::nullopt;
}

verdict_text clz_mirrors_ctz(const scanners& s, const property_args& x) {
  const std::uint64_t r = reference::bit_reverse(x.b);
  return differ(at("clz", x.b), s.clz(x.b), "ctz(bitreverse(b)) = " + at("ctz", r), s.ctz(r));
}

constexpr property table[] = {
    {"darkthought_lsb_via_msb", "lsb(b) == msb(b ^ (b - 1))", {op::lsb, op::msb}, uses::b,
     darkthought_lsb_via_msb},
    {"cpw_lsb_via_popcount", "popcount((b & -b) - 1) == lsb(b)", {op::popcount, op::lsb}, uses::b,
     cpw_lsb_via_popcount},
    {"isolated_bit_is_one_shl_lsb", "b & -b == 1 << lsb(b)", {op::lsb}, uses::b,
     isolated_bit_is_one_shl_lsb},
    {"lsb_equals_ctz", "lsb(b) == ctz(b) for b != 0", {op::lsb, op::ctz}, uses::b, lsb_equals_ctz},
    {"msb_equals_63_minus_clz", "msb(b) == 63 - clz(b) for b != 0", {op::msb, op::clz}, uses::b,
     msb_equals_63_minus_clz},
    {"msb_via_reversed_lsb", "msb(b) == 63 - lsb(bitreverse(b))", {op::msb, op::lsb}, uses::b,
     msb_via_reversed_lsb},
    {"lsb_shift_left", "lsb(b << k) == lsb(b) + k when no set bit is shifted out", {op::lsb},
     uses::b_and_k, lsb_shift_left},
    {"msb_shift_right", "msb(b >> k) == msb(b) - k when no set bit is shifted out", {op::msb},
     uses::b_and_k, msb_shift_right},
    {"popcount_complement", "popcount(b) + popcount(~b) == 64", {op::popcount}, uses::b,
     popcount_complement},
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
     clz_mirrors_ctz},
};

}  // namespace

std::span<const property> properties() { return table; }

const property* find_property(std::string_view name) {
  for (const property& p : table)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace scanproof
