// CPW "BitScan", "Divide and Conquer" (forward), Reinhard Scharnagl's proposal.
#include <array>

#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// lsbRS[i] is the index of the lowest set bit of the byte i; lsbRS[0] = 8.
// The seed prints all 256 values; every printed row follows this rule (checked
// by hand row by row), and the static_assert pins a few of them.
constexpr std::array<unsigned char, 256> lsbRS = [] {
  std::array<unsigned char, 256> t{};
  t[0] = 8;
  for (int i = 1; i < 256; ++i) {
    int n = 0;
    while (!((i >> n) & 1)) ++n;
    t[i] = static_cast<unsigned char>(n);
  }
  return t;
}();
static_assert(lsbRS[0] == 8 && lsbRS[1] == 0 && lsbRS[16] == 4 && lsbRS[128] == 7 &&
              lsbRS[64] == 6 && lsbRS[96] == 5 && lsbRS[255] == 0);

// Exactly as printed (the identifier appears as `1sbRS` in the seed, an
// extraction artefact). Note the first branch moves to the high half without
// adding 32 to acc.
int scharnagl_printed(U64 b) {
  unsigned buf;
  int acc = 0;
  if ((buf = static_cast<unsigned>(b)) == 0) {
    buf = static_cast<unsigned>(b >> 32);
  }
  if (static_cast<unsigned short>(buf) == 0) {
    buf >>= 16;
    acc += 16;
  }
  if (static_cast<unsigned char>(buf) == 0) {
    buf >>= 8;
    acc += 8;
  }
  return acc + lsbRS[buf & 0xff];
}

// Corrected: the high half starts at acc = 32, which makes the "index (0..64)"
// of the printed comment true (64 on zero).
int scharnagl_corrected(U64 b) {
  unsigned buf;
  int acc = 0;
  if ((buf = static_cast<unsigned>(b)) == 0) {
    buf = static_cast<unsigned>(b >> 32);
    acc = 32;
  }
  if (static_cast<unsigned short>(buf) == 0) {
    buf >>= 16;
    acc += 16;
  }
  if (static_cast<unsigned char>(buf) == 0) {
    buf >>= 8;
    acc += 8;
  }
  return acc + lsbRS[buf & 0xff];
}

}  // namespace

SCANPROOF_ENTRY(scharnagl_printed, op::lsb, scharnagl_printed,
                {.zero = zero_spec::returns(64, "documented 'index (0..64)'"),
                 .expected = {{when::always, scope::nonzero,
                               "as printed, a word whose low half is zero is scanned in the "
                               "high half without adding 32"},
                              {when::always, scope::zero,
                               "as printed, zero returns 16 + 8 + lsbRS[0] = 32, not 64"}},
                 .provenance = "seed 003 (CPW BitScan), 'Divide and Conquer' (forward), "
                               "trailingZeroCount after Reinhard Scharnagl, as printed"});
SCANPROOF_ENTRY(scharnagl_corrected, op::lsb, scharnagl_corrected,
                {.zero = zero_spec::returns(64, "documented 'index (0..64)'"),
                 .provenance = "seed 003 (CPW BitScan), 'Divide and Conquer' (forward), with "
                               "acc = 32 restored in the high-half branch"});

}  // namespace scanproof::cat
