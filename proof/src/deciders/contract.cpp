#include "deciders/contract.hpp"

#include <stdexcept>
#include <string_view>

#include "base/bitops.hpp"


namespace scanproof::proof {

unsigned board_bits(const shape& sh) { return static_cast<unsigned>(sh.squares()); }

std::vector<z3::expr> arguments(const shape& sh, const z3::expr& board) {
  z3::context& c = board.ctx();
  const unsigned n = board.get_sort().bv_size();
  if (n <= 64) return {to64(board), c.bv_val(0, 64)};
  const unsigned off = static_cast<unsigned>(sh.high_offset);  // 64, or 63 (then n == 127)
  const z3::expr low = board.extract(off - 1, 0);
  return {off == 64 ? low : z3::zext(low, 64 - off), board.extract(n - 1, off)};
}

z3::expr in_domain(const shape& sh, const z3::expr& board) {
  z3::context& c = board.ctx();
  const unsigned n = board.get_sort().bv_size();
  const word outside = ~sh.domain & word::ones(static_cast<int>(n));
  if (!outside) return c.bool_val(true);
  return (board & bv_word(c, outside, n)) == c.bv_val(0, n);
}

z3::expr reference_result(op o, const shape& sh, const z3::expr& b) {
  z3::context& c = b.ctx();
  const unsigned n = b.get_sort().bv_size();
  const z3::expr base = c.bv_val(sh.index_base, 64);
  switch (o) {
    case op::popcount: return to64(bv_popcount(b));
    case op::ctz: return to64(bv_cttz(b));
    case op::clz: return to64(bv_ctlz(b));
    case op::lsb:
    case op::pop_lsb: return to64(bv_cttz(b)) + base;
    case op::msb:
    case op::pop_msb: return c.bv_val(n - 1, 64) - to64(bv_ctlz(b)) + base;
  }
  throw std::logic_error("unknown op");
}

std::vector<z3::expr> reference_after(op o, const shape& sh, const z3::expr& b) {
  z3::context& c = b.ctx();
  const unsigned n = b.get_sort().bv_size();
  if (o == op::pop_lsb) return arguments(sh, b & (b - c.bv_val(1, n)));
  // The highest set bit alone, by constant shifts (BDD-friendly): every bit
  // below it smeared to one, then that run shifted off.
  z3::expr s = b;
  for (unsigned k = 1; k < n; k *= 2) s = s | z3::lshr(s, c.bv_val(k, n));
  return arguments(sh, b & ~(s ^ z3::lshr(s, c.bv_val(1, n))));
}

std::vector<query_set> nonzero_queries(op o, const shape& sh, const z3::expr& b, const z3::expr& result) {
  z3::context& c = b.ctx();
  const unsigned n = b.get_sort().bv_size();
  const z3::expr zero = c.bv_val(0, n);
  const z3::expr dom = in_domain(sh, b);
  const z3::expr nonzero = b != zero && dom;
  std::vector<unsigned> squares;  // the bit positions the domain allows
  for (unsigned k = 0; k < n; ++k)
    if (sh.domain.test(static_cast<int>(k))) squares.push_back(k);
  std::vector<query> qs;
  if (o == op::popcount) {
    const query direct{nonzero, reference_result(o, sh, b)};
    for (const unsigned k : squares) qs.push_back({b == bv_word(c, word::bit(static_cast<int>(k)), n), c.bv_val(1, 64)});
    z3::expr_vector from(c), to(c);
    from.push_back(b);
    for (const unsigned k : squares) {
      const z3::expr bit = bv_word(c, word::bit(static_cast<int>(k)), n);
      const z3::expr below = b & ~bit;  // b without bit k: nonzero, one bit fewer
      to = z3::expr_vector(c);
      to.push_back(below);
      qs.push_back({(b & bit) == bit && below != zero && dom,
                    z3::expr(result).substitute(from, to) + c.bv_val(1, 64),
                    {b, below}});
    }
    return {{{direct}, true, true, "one comparison with the reference"},
            {qs, false, true, "induction on the set bits"}};
  }
  const bool forward = o == op::lsb || o == op::ctz || o == op::pop_lsb;
  // A pop op's board left behind is compared too (empty for the others).
  const auto after = [&](const z3::expr& left) { return pops(o) ? arguments(sh, left) : std::vector<z3::expr>{}; };
  for (const unsigned k : squares) {
    // forward: the lowest one is bit k; reverse: the highest one is bit k.
    const z3::expr at = forward ? b.extract(k, 0) == bv_word(c, word::bit(static_cast<int>(k)), k + 1)
                                : z3::lshr(b, c.bv_val(k, n)) == c.bv_val(1, n);
    const unsigned want = o == op::clz ? n - 1 - k : o == op::ctz ? k : k + static_cast<unsigned>(sh.index_base);
    qs.push_back({at && dom, c.bv_val(want, 64), {}, after(b & ~bv_word(c, word::bit(static_cast<int>(k)), n))});
  }
  const std::vector<z3::expr> left = pops(o) ? reference_after(o, sh, b) : std::vector<z3::expr>{};
  return {{{{nonzero, reference_result(o, sh, b), {}, left}}, true, false, "one comparison with the reference"},
          {qs, false, true, "one query per bit position"}};
}

namespace {
bool holds(const condition& cond, const target_facts& t) {
  const std::string_view n = cond.name;
  if (n == when::always.name) return true;
  if (n == when::big_endian_target.name) return t.big_endian;
  if (n == when::long_is_32_bits.name) return t.long_bits == 32;
  if (n == when::cpu_lacks_lzcnt.name || n == when::cpu_lacks_bmi1.name) return false;
  throw std::runtime_error("expectation condition '" + std::string(n) +
                           "' is not known to the prover: add it to proof/src/deciders/contract.cpp");
}
}  // namespace

bool expected_failure(const descriptor& d, scope on, const target_facts& t, std::string& reason) {
  for (const expectation& e : d.expected)
    if (e.on == on && holds(e.when, t)) {
      reason = e.reason;
      return true;
    }
  return false;
}

}  // namespace scanproof::proof
