// 32-bit friendly forward scans that fold bb ^ (bb - 1) to 32 bits.
#include <array>

#include "catalogue.hpp"

namespace scanproof::cat {
namespace {

// CPW "BitScan", "Matt Taylor's Folding trick" (2003).
constexpr int lsb_64_table[64] = {
    63, 30, 3,  32, 59, 14, 11, 33, 60, 24, 50, 9,  55, 19, 21, 34,
    61, 29, 2,  53, 51, 23, 41, 18, 56, 28, 1,  43, 46, 27, 0,  35,
    62, 31, 58, 4,  5,  49, 54, 6,  15, 52, 12, 40, 7,  42, 45, 16,
    25, 57, 48, 13, 10, 39, 8,  44, 20, 47, 38, 22, 17, 37, 36, 26};

int taylor_folding(U64 bb) {
  unsigned int folded;
  bb ^= bb - 1;
  folded = static_cast<unsigned int>(static_cast<int>(bb) ^ (bb >> 32));
  return lsb_64_table[folded * 0x78291ACFu >> 26];
}

// The "slightly modified" bitScanForwardM: one register less, bb - 1 twice.
int taylor_folding_m(U64 bb) {
  unsigned int folded;
  folded = static_cast<unsigned int>(static_cast<int>((bb ^ (bb - 1)) >> 32));
  folded ^= static_cast<unsigned int>(static_cast<int>(bb ^ (bb - 1)));
  return lsb_64_table[folded * 0x78291ACFu >> 26];
}

// CPW "Walter Faxon's magic BitScan", table exactly as printed: `__` is 0 and
// the printed initialiser has fewer than 154 values, so the tail is zero.
#define __ 0
constexpr char LSB_64_table[154] = {
    22, __, __, 30, __, __, 38, 18, __, 16, 15, 17, __, 46, 9,  19, 8,  7,  10,
    0,  63, 1,  56, 55, 57, 2,  11, __, 58, __, __, 20, __, 3,  __, __, 59, __, __,
    __, __, __, 12, __, __, __, __, __, 4,  __, __, 60, __, __, __, __, __, __,
    __, __, __, 21, __, __, __, 29, __, __, 37, __, __, __, 13, __, __, 45, __,
    __, __, 5,  __, __, 61, __, __, __, 53, __, __, __, __, __, __, __, __,
    28, __, __, 36, __, __, __, __, __, 44, __, __, __, __, 27, __, __, 35,
    __, 52, __, __, 26, __, 43, 34, 25, 23, 24, 33, 31, 32, 42, 39, 40, 51, 41, 14,
    __, 49, 47, 48, __, 50, 6,  __, __, 62, __, __, __, 54};
#undef __

constexpr unsigned faxon_hash(U64 separated) {
  unsigned int t32 = static_cast<unsigned>(static_cast<int>(separated)) ^
                     static_cast<unsigned>(static_cast<int>(separated >> 32));
  t32 ^= 0x01C5FC81u;
  t32 += t32 >> 16;
  t32 -= (t32 >> 8) + 51;
  return t32 & 255;
}

int faxon_printed(U64 bb) {
  bb ^= bb - 1;
  return LSB_64_table[faxon_hash(bb)];
}

// The printed second variant: `int t32`, so the shifts are arithmetic.
int faxon_printed_signed(U64 bb) {
  int t32 = 0x01C5FC81;
  t32 ^= static_cast<int>((bb ^ (bb - 1)) >> 32);
  t32 ^= static_cast<int>(bb ^ (bb - 1));
  t32 = static_cast<int>(static_cast<unsigned>(t32) + static_cast<unsigned>(t32 >> 16));
  t32 = static_cast<int>(static_cast<unsigned>(t32) - static_cast<unsigned>((t32 >> 8) + 51));
  return LSB_64_table[t32 & 255];
}

// Corrected: the same hash, the table rebuilt from it at compile time, so no
// transcription can damage it. The static_assert proves the hash is perfect on
// the 64 possible separations.
constexpr expectation faxon_as_printed = {
    when::always, scope::nonzero,
    "the printed table has 147 of its 154 initialisers and does not match the hash: 63 of the "
    "64 single bits map to a wrong index (lsb(1) = 63)"};

constexpr std::array<signed char, 256> faxon_table() {
  std::array<signed char, 256> t{};
  for (auto& v : t) v = -1;
  for (int k = 0; k < 64; ++k) {
    U64 bb = U64{1} << k;
    t[faxon_hash(bb ^ (bb - 1))] = static_cast<signed char>(k);
  }
  return t;
}
constexpr auto faxon_fixed = faxon_table();
constexpr bool faxon_is_perfect() {
  int n = 0;
  for (auto v : faxon_fixed) n += v >= 0;
  return n == 64;
}
static_assert(faxon_is_perfect(), "Faxon's hash must separate all 64 LS1B positions");

int faxon_corrected(U64 bb) { return faxon_fixed[faxon_hash(bb ^ (bb - 1))]; }

}  // namespace

SCANPROOF_ENTRY(taylor_folding, op::lsb, taylor_folding,
                {.zero = zero_spec::returns(63, "folded 0 -> lsb_64_table[0] = 63"),
                 .provenance = "seed 003 (CPW BitScan), 'Matt Taylor's Folding trick' (2003), "
                               "bitScanForward"});
SCANPROOF_ENTRY(taylor_folding_m, op::lsb, taylor_folding_m,
                {.zero = zero_spec::returns(63, "folded 0 -> lsb_64_table[0] = 63"),
                 .provenance = "seed 003 (CPW BitScan), 'Matt Taylor's Folding trick', "
                               "bitScanForwardM"});
SCANPROOF_ENTRY(faxon_printed, op::lsb, faxon_printed,
                {.zero = zero_spec::is_undefined("precondition bb != 0"),
                 .expected = {faxon_as_printed},
                 .provenance = "seed 003 (CPW BitScan), 'Walter Faxon's magic BitScan', first "
                               "listing, table as printed"});
SCANPROOF_ENTRY(faxon_printed_signed, op::lsb, faxon_printed_signed,
                {.zero = zero_spec::is_undefined("precondition bb != 0"),
                 .expected = {faxon_as_printed},
                 .provenance = "seed 003 (CPW BitScan), 'Walter Faxon's magic BitScan', second "
                               "listing (int t32), table as printed"});
SCANPROOF_ENTRY(faxon_corrected, op::lsb, faxon_corrected,
                {.zero = zero_spec::is_undefined("precondition bb != 0"),
                 .provenance = "seed 003 (CPW BitScan), 'Walter Faxon's magic BitScan' hash with "
                               "the table regenerated from the hash (see the page's comment "
                               "thread: the printed version was wrong)"});

}  // namespace scanproof::cat
