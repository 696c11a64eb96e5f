#include "scanproof/bitboard_gen.hpp"

#include <vector>

#include "scanproof/inputs.hpp"
#include "scanproof/property_runner.hpp"

namespace scanproof {

namespace {

// A board from one of the canonical distributions, driven by a RapidCheck word.
rc::Gen<std::uint64_t> drawn(distribution d) {
  return rc::gen::map(rc::gen::arbitrary<std::uint64_t>(), [d](std::uint64_t seed) {
    xoshiro256ss rng(seed);
    return draw(rng, d);
  });
}

rc::Seq<std::uint64_t> smaller_boards(std::uint64_t b) {
  return rc::seq::fromContainer(board_shrinks(b));
}

}  // namespace

rc::Gen<std::uint64_t> bitboard() {
  constexpr std::uint64_t ones = ~std::uint64_t{0};
  const rc::Gen<std::uint64_t> raw = rc::gen::resize(
      rc::kNominalSize,
      rc::gen::oneOf(
          rc::gen::map(rc::gen::inRange(0, 64), [](int i) { return std::uint64_t{1} << i; }),
          drawn(distribution::sparse), drawn(distribution::dense), drawn(distribution::uniform),
          drawn(distribution::above_lsb), drawn(distribution::below_msb),
          rc::gen::elementOf(std::vector<std::uint64_t>{
              ones, 1, std::uint64_t{1} << 63, 0x00000000FFFFFFFF, 0xFFFFFFFF00000000,
              0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0x8000000000000001})));
  // Keep only the value; the bit-clearing shrinks replace RapidCheck's
  // numeric ones (which would halve words, not clear bits).
  return rc::Gen<std::uint64_t>([raw](const rc::Random& random, int size) {
    return rc::shrinkable::shrinkRecur(raw(random, size).value(), &smaller_boards);
  });
}

rc::Gen<property_args> property_inputs(const property& p) {
  const auto raw = rc::gen::tuple(bitboard(), bitboard(), rc::gen::inRange(0, 64));
  return rc::Gen<property_args>([raw, &p](const rc::Random& random, int size) {
    const auto [b, a, k] = raw(random, size).value();
    return rc::shrinkable::shrinkRecur(property_args{b, a, k}, [&p](const property_args& x) {
      return rc::seq::fromContainer(arg_shrinks(p, x));
    });
  });
}

void showValue(const property_args& x, std::ostream& os) {
  os << "b=" << hex(x.b) << ", a=" << hex(x.a) << ", k=" << x.k;
}

}  // namespace scanproof
