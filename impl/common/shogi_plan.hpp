// Seed 004 (the Shogi engine's bit-scanning plan), 2.1 "De Bruijn Sequence
// Implementation": bit_scan_forward_debruijn, the plan's software forward scan,
// transcribed once for the catalogue's C++ entries that use it (the lsb entry
// shogi_bsf_debruijn, the bit iterator's next in pop_lsb/bit_iterator.cpp).
#pragma once
#include <cstdint>
#include <optional>

namespace scanproof::cat::shogi_plan {

inline constexpr unsigned char DEBRUIJN_TABLE[64] = {
    0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};

// Option<u8> as std::optional; `bb & (!bb + 1)` as printed (isolates the LS1B).
inline std::optional<std::uint8_t> bit_scan_forward_debruijn(std::uint64_t bb) {
  if (bb == 0) return std::nullopt;
  return DEBRUIJN_TABLE[((bb & (~bb + 1)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

}  // namespace scanproof::cat::shogi_plan
