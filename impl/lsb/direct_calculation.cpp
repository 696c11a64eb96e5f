// CPW "BitScan", "Divide and Conquer": Gerd Isenberg's direct calculation, a
// chain of test/set/lea building the index bit by bit from the isolated LS1B.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// The printed expression nests ten multiply-by-two steps, one per index bit,
// from the top: (((hi32 * 2 + m16) * 2 + m8) * 2 + m4) * 2 + m2) * 2 + m1,
// where each mK tests the isolated LS1B against a mask. Written here as a
// chain of the same steps (the printed parentheses do not balance).
template <unsigned M8, unsigned M2>
int isenberg_direct(U64 bb) {
  unsigned int lsb;
  bb &= 0 - bb;  // LSB-Isolation
  lsb = static_cast<unsigned>(bb) | static_cast<unsigned>(bb >> 32);
  unsigned r = static_cast<unsigned>(bb >> 32) != 0;
  r = r * 2 + ((lsb & 0xffff0000) != 0);
  r = r * 2 + ((lsb & M8) != 0);
  r = r * 2 + ((lsb & 0xf0f0f0f0) != 0);
  r = r * 2 + ((lsb & M2) != 0);
  r = r * 2 + ((lsb & 0xaaaaaaaa) != 0);
  return static_cast<int>(r);
}

// As printed: the third and fifth masks read 0xffff00ff and 0x000000ff; one
// mask per index bit needs 0xff00ff00 and 0xcccccccc.
int isenberg_direct_printed(U64 bb) { return isenberg_direct<0xffff00ff, 0x000000ff>(bb); }
int isenberg_direct_corrected(U64 bb) { return isenberg_direct<0xff00ff00, 0xcccccccc>(bb); }

}  // namespace

SCANPROOF_ENTRY(isenberg_direct_printed, op::lsb, isenberg_direct_printed,
                {.zero = zero_spec::returns(0, "no bit set: every test is 0"),
                 .expected = {{when::always, scope::nonzero,
                               "printed masks 0xffff00ff and 0x000000ff (damaged: the index "
                               "bits 3 and 1 need 0xff00ff00 and 0xcccccccc)"}},
                 .provenance = "seed 003 (CPW BitScan), 'Divide and Conquer', direct "
                               "calculation by Gerd Isenberg, as printed"});
SCANPROOF_ENTRY(isenberg_direct_corrected, op::lsb, isenberg_direct_corrected,
                {.zero = zero_spec::returns(0, "no bit set: every test is 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Divide and Conquer', direct "
                               "calculation by Gerd Isenberg, masks 0xff00ff00 and 0xcccccccc"});

}  // namespace scanproof::cat
