// Alpha's CTTZ (count trailing zeros), from the count extension CIX of the 21264A/EV67:
// CTTZ and CTLZ give 64 for zero, CTPOP 0. An older Alpha (EV56) traps on it
// (SIGILL), so the entry requires CIX, which the CPU reports through AMASK.
#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

#if defined(__alpha__)
// ".arch ev67": Debian's assembler defaults to the baseline ISA.
int alpha_cttz(U64 x) {
  U64 r;
  asm(".arch ev67\n\tcttz %1, %0" : "=r"(r) : "r"(x));
  return static_cast<int>(r);
}
#endif

}  // namespace

SCANPROOF_ENTRY_ALPHA(alpha_cttz, op::ctz, alpha_cttz,
                      {.requires_cpu = {{cpu_feature::alpha_cix}},
                       .needs = "Alpha 21264A/EV67 or later (CIX; SIGILL without it)",
                       .provenance = "seed 000 (DarkThought 'Bitboard Infrastructure'): 'the "
                                     "forthcoming DEC Alpha-21264 feature instruction-level "
                                     "support of these operations'; CTTZ of CIX"});

}  // namespace scanproof::cat
