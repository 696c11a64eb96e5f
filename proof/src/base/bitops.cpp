#include "base/bitops.hpp"

#include <vector>

namespace scanproof::proof {

z3::expr bv_popcount(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  // Balanced adder tree of the bits in just enough bits for the count (7 for
  // 64: narrow adders make a much smaller circuit for the SAT solver), then
  // widened to w bits.
  unsigned n = 1;
  while ((1u << n) <= w) ++n;
  std::vector<z3::expr> terms;
  for (unsigned i = 0; i < w; ++i) terms.push_back(z3::zext(x.extract(i, i), n - 1));
  while (terms.size() > 1) {
    std::vector<z3::expr> next;
    for (std::size_t i = 0; i + 1 < terms.size(); i += 2) next.push_back(terms[i] + terms[i + 1]);
    if (terms.size() % 2) next.push_back(terms.back());
    terms = next;
  }
  const z3::expr& count = terms.front();
  return n == w ? count : n < w ? z3::zext(count, w - n) : count.extract(w - 1, 0);
}

z3::expr bv_cttz(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  z3::context& c = x.ctx();
  z3::expr r = c.bv_val(w, w);
  for (unsigned i = w; i-- > 0;) r = z3::ite(x.extract(i, i) == c.bv_val(1, 1), c.bv_val(i, w), r);
  return r;
}

z3::expr bv_ctlz(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  z3::context& c = x.ctx();
  z3::expr r = c.bv_val(w, w);
  for (unsigned i = 0; i < w; ++i)
    r = z3::ite(x.extract(i, i) == c.bv_val(1, 1), c.bv_val(w - 1 - i, w), r);
  return r;
}

z3::expr bv_bswap(const z3::expr& x) {
  const unsigned bytes = x.get_sort().bv_size() / 8;
  z3::expr r = x.extract(7, 0);  // the low byte becomes the high byte
  for (unsigned k = 1; k < bytes; ++k) r = z3::concat(r, x.extract(8 * k + 7, 8 * k));
  return r;
}

z3::expr bv_bitreverse(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  z3::expr r = x.extract(0, 0);
  for (unsigned i = 1; i < w; ++i) r = z3::concat(r, x.extract(i, i));
  return r;
}

z3::expr bv_word(z3::context& c, word v, unsigned width) {
  const word m = v & word::ones(static_cast<int>(width));
  if (width <= 64) return c.bv_val(m.lo, width);
  return z3::concat(c.bv_val(m.hi, width - 64), c.bv_val(m.lo, 64));
}

word numeral_word(const z3::expr& numeral) {
  const unsigned w = numeral.get_sort().bv_size();
  if (w <= 64) return word{numeral.get_numeral_uint64()};
  const z3::expr lo = numeral.extract(63, 0).simplify(), hi = numeral.extract(w - 1, 64).simplify();
  return word{lo.get_numeral_uint64(), hi.get_numeral_uint64()};
}

word model_word(const z3::model& m, const z3::expr& x) { return numeral_word(m.eval(x, true)); }

z3::expr to64(const z3::expr& x) {
  const unsigned w = x.get_sort().bv_size();
  return w == 64 ? x : w < 64 ? z3::zext(x, 64 - w) : x.extract(63, 0);
}

}  // namespace scanproof::proof
