#include "contract.hpp"

#include <stdexcept>
#include <string_view>

#include "bitops.hpp"


namespace scanproof::proof {

std::vector<query_set> nonzero_queries(op o, const z3::expr& b, const z3::expr& result) {
  z3::context& c = b.ctx();
  std::vector<query> qs;
  if (o == op::popcount) {
    const query direct{b != c.bv_val(0, 64), bv_popcount(b)};
    for (unsigned k = 0; k < 64; ++k)
      qs.push_back({b == c.bv_val(std::uint64_t{1} << k, 64), c.bv_val(1, 64)});
    z3::expr_vector from(c), to(c);
    from.push_back(b);
    for (unsigned k = 0; k < 64; ++k) {
      const z3::expr bit = c.bv_val(std::uint64_t{1} << k, 64);
      const z3::expr below = b & ~bit;  // b without bit k: nonzero, one bit fewer
      to = z3::expr_vector(c);
      to.push_back(below);
      qs.push_back({(b & bit) == bit && below != c.bv_val(0, 64),
                    z3::expr(result).substitute(from, to) + c.bv_val(1, 64),
                    {b, below}});
    }
    return {{{direct}, true, true, "one comparison with the reference"},
            {qs, false, true, "induction on the set bits"}};
  }
  const bool forward = o == op::lsb || o == op::ctz;
  const z3::expr reference = forward        ? bv_cttz(b)
                             : o == op::msb ? c.bv_val(63, 64) - bv_ctlz(b)
                                            : bv_ctlz(b);
  for (unsigned k = 0; k < 64; ++k) {
    // forward: the lowest one is bit k; reverse: the highest one is bit k.
    const z3::expr domain = forward ? b.extract(k, 0) == c.bv_val(std::uint64_t{1} << k, k + 1)
                                    : z3::lshr(b, c.bv_val(k, 64)) == c.bv_val(1, 64);
    const unsigned want = o == op::clz ? 63 - k : k;
    qs.push_back({domain, c.bv_val(want, 64)});
  }
  return {{{{b != c.bv_val(0, 64), reference}}, true, false, "one comparison with the reference"},
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
                           "' is not known to the prover: add it to proof/src/contract.cpp");
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
