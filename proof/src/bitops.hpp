// Bit-vector forms of the bit intrinsics, shared by the IR model (llvm.ctpop,
// llvm.cttz, ...) and the contracts (what lsb/ctz/popcount must return).
#pragma once
#include <z3++.h>

namespace scanproof::proof {

z3::expr bv_popcount(const z3::expr& x);  // same width as x
z3::expr bv_cttz(const z3::expr& x);      // width of x for 0
z3::expr bv_ctlz(const z3::expr& x);      // width of x for 0
z3::expr bv_bswap(const z3::expr& x);
z3::expr bv_bitreverse(const z3::expr& x);

}  // namespace scanproof::proof
