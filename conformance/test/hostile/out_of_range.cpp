// Values no lsb can return: each must be reported as a wrong value with the
// smallest input, not clamped, wrapped or ignored.
#include <scanproof/candidate.hpp>

static int hostile_lsb_64(std::uint64_t b) { return b >> 63 ? 64 : __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(hostile_lsb_64, scanproof::op::lsb);

// The double-conversion idiom's exponent for zero, returned for every odd word.
static long hostile_lsb_minus_1023(std::uint64_t b) { return b & 1 ? -1023 : __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(hostile_lsb_minus_1023, scanproof::op::lsb);

// Unsigned char return type: 200 must survive the widening unchanged.
static unsigned char hostile_lsb_200(std::uint64_t b) {
  return static_cast<unsigned char>(b & 1 ? 200 : __builtin_ctzll(b));
}
SCANPROOF_CANDIDATE(hostile_lsb_200, scanproof::op::lsb);

// ctz must be 64 on zero; this one returns what BSF leaves behind, 0.
static int hostile_ctz_zero(std::uint64_t b) { return b ? __builtin_ctzll(b) : 0; }
SCANPROOF_CANDIDATE(hostile_ctz_zero, scanproof::op::ctz);
