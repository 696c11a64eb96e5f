// CPW "BitScan", "Bitscan reverse": divide and conquer, and its branchless
// in-register-lookup tribute to Frank Zappa.
#include <array>

#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// The seed uses Nalimov's ms1bTable without printing it: ms1bTable[i] is the
// index of the highest set bit of the byte i (0 for i = 0, as in Crafty).
constexpr std::array<unsigned char, 256> ms1bTable = [] {
  std::array<unsigned char, 256> t{};
  for (int i = 2; i < 256; ++i) t[i] = static_cast<unsigned char>(t[i >> 1] + 1);
  return t;
}();

// Eugene Nalimov (2000), for an IA-64 version of Crafty.
int nalimov(U64 bb) {
  int result = 0;
  if (bb > 0xffffffff) {
    bb >>= 32;
    result = 32;
  }
  if (bb > 0xffff) {
    bb >>= 16;
    result += 16;
  }
  if (bb > 0xff) {
    bb >>= 8;
    result += 8;
  }
  return result + ms1bTable[bb];
}

// Gerd Isenberg's "Tribute to Frank Zappa" (2005), identifiers as printed.
// jazzFromHell = 0 - 16*3*457 = 0xFFFFAA50 is a 16 x 2-bit table of msb(0..15).
typedef std::uint64_t OneSizeFits;
typedef unsigned int HotRats;
constexpr HotRats s = 0;
constexpr HotRats heik = 457;
constexpr HotRats y = 1;
constexpr HotRats e = 2;
constexpr HotRats r = 3;
constexpr HotRats b = 4;
constexpr HotRats o = 5;
constexpr HotRats u = 8;
constexpr HotRats t = 16;
constexpr HotRats i = 32;
constexpr HotRats ka = (1 << 4) - 1;
constexpr HotRats waka = (1 << 8) - 1;
constexpr HotRats jawaka = (1 << 16) - 1;
constexpr HotRats jazzFromHell = 0 - (16 * 3 * heik);

HotRats freakOut(OneSizeFits all) {
  HotRats so, fa;
  fa = static_cast<HotRats>(all >> i);
  so = (fa != s) << o;
  fa ^= static_cast<HotRats>(all) & ((fa != s) - y);
  so ^= (jawaka < fa) << b;
  fa >>= (jawaka < fa) << b;
  so ^= (waka - fa) >> t & u;
  fa >>= (waka - fa) >> t & u;
  so ^= (ka - fa) >> u & b;
  fa >>= (ka - fa) >> u & b;
  so ^= jazzFromHell >> e * fa & r;
  return so;
}

}  // namespace

SCANPROOF_ENTRY(nalimov, op::msb, nalimov,
                {.zero = zero_spec::returns(0, "ms1bTable[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Bitscan reverse / Divide and Conquer' "
                               "(Eugene Nalimov 2000); ms1bTable not printed, built as msb of a "
                               "byte"});
SCANPROOF_ENTRY(frank_zappa, op::msb, freakOut,
                {.zero = zero_spec::returns(0, "all tests false"),
                 .provenance = "seed 003 (CPW BitScan), 'Tribute to Frank Zappa' (Gerd "
                               "Isenberg 2005), freakOut"});

}  // namespace scanproof::cat
