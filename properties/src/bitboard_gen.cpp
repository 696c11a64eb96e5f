#include "scanproof/bitboard_gen.hpp"

#include <vector>

#include "scanproof/inputs.hpp"
#include "scanproof/property_runner.hpp"

namespace scanproof {

namespace {

// A board from one of the canonical distributions, driven by a RapidCheck word.
rc::Gen<word> drawn(distribution d, int width) {
  return rc::gen::map(rc::gen::arbitrary<std::uint64_t>(), [d, width](std::uint64_t seed) {
    xoshiro256ss rng(seed);
    return draw(rng, d, width);
  });
}

// The edge values at a board of `squares` squares (at 64: ~0, 1, bit 63, the
// two halves, the alternating patterns, bits 0 and 63).
std::vector<word> edges(int squares) {
  const word all = word::ones(squares), low = word::ones(squares / 2);
  const word fives = word{0x5555555555555555, 0x5555555555555555} & all;
  const word top = word::bit(squares - 1);
  return {all, word{1}, top, low, all & ~low, fives, all & ~fives, top | word{1}};
}

}  // namespace

rc::Gen<word> bitboard(const shape& sh, word mask) {
  const int squares = sh.squares();
  const rc::Gen<word> raw = rc::gen::resize(
      rc::kNominalSize,
      rc::gen::oneOf(
          rc::gen::map(rc::gen::inRange(0, squares), [](int i) { return word::bit(i); }),
          drawn(distribution::sparse, sh.width), drawn(distribution::dense, sh.width),
          drawn(distribution::uniform, sh.width), drawn(distribution::above_lsb, sh.width),
          drawn(distribution::below_msb, sh.width), rc::gen::elementOf(edges(squares))));
  // Keep only the value, moved into the mask; the bit-clearing shrinks replace
  // RapidCheck's numeric ones (which would halve words, not clear bits).
  return rc::Gen<word>([raw, mask](const rc::Random& random, int size) {
    return rc::shrinkable::shrinkRecur(into(raw(random, size).value(), mask), [mask](const word& b) {
      return rc::seq::fromContainer(board_shrinks(b, mask));
    });
  });
}

rc::Gen<property_args> property_inputs(const property& p, const descriptor& d) {
  const arg_space space = space_of(p, d).space;
  const auto raw = rc::gen::tuple(bitboard(d.sh, space.b_mask), bitboard(d.sh, space.a_mask),
                                  rc::gen::inRange(0, space.squares));
  return rc::Gen<property_args>([raw, &p, space](const rc::Random& random, int size) {
    const auto [b, a, k] = raw(random, size).value();
    return rc::shrinkable::shrinkRecur(property_args{b, a, k}, [&p, space](const property_args& x) {
      return rc::seq::fromContainer(arg_shrinks(p, space, x));
    });
  });
}

void showValue(const property_args& x, std::ostream& os) {
  const auto show = [](word w) {
    return w.hi ? "{lo=" + hex(w.lo) + ", hi=" + hex(w.hi) + "}" : hex(w.lo);
  };
  os << "b=" << show(x.b) << ", a=" << show(x.a) << ", k=" << x.k;
}

}  // namespace scanproof
