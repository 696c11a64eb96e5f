// Bit-vector forms of the bit intrinsics, shared by the IR model (llvm.ctpop,
// llvm.cttz, ...) and the contracts (what lsb/ctz/popcount must return).
#pragma once
#include <z3++.h>

#include "scanproof/word.hpp"

namespace scanproof::proof {

z3::expr bv_popcount(const z3::expr& x);  // same width as x
z3::expr bv_cttz(const z3::expr& x);      // width of x for 0
z3::expr bv_ctlz(const z3::expr& x);      // width of x for 0
z3::expr bv_bswap(const z3::expr& x);
z3::expr bv_bitreverse(const z3::expr& x);

// The low `width` bits of v (1..128) as a bit-vector constant.
z3::expr bv_word(z3::context& c, word v, unsigned width);
// The value of a bit-vector numeral of up to 128 bits.
word numeral_word(const z3::expr& numeral);
// x (up to 128 bits) in the model, completed.
word model_word(const z3::model& m, const z3::expr& x);
// x zero-extended or truncated to 64 bits (a result of the implementation's i64).
z3::expr to64(const z3::expr& x);

}  // namespace scanproof::proof
