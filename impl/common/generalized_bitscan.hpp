// CPW "Generalized BitScan" (Gerd Isenberg): one routine for both directions,
// masking the LS1B when scanning forward, then bitScanReverse. Shared by the
// lsb (reverse = false) and msb (reverse = true) entries.
#pragma once
#include <cstdint>

#include "debruijn64.hpp"

namespace scanproof::cat::generalized {

// As printed, rMask = ~(U64)reverse is all ones or all ones but bit 0, so the
// LS1B is never isolated and both directions return the MS1B.
inline int bitScan(std::uint64_t bb, bool reverse) {
  std::uint64_t rMask;
  rMask = ~static_cast<std::uint64_t>(reverse);
  bb &= (0 - bb) | rMask;
  return walisch::bitScanReverse(bb);
}

// Corrected: rMask = -(U64)reverse (all ones to keep bb, zero to isolate the LS1B).
inline int bitScanCorrected(std::uint64_t bb, bool reverse) {
  std::uint64_t rMask;
  rMask = 0 - static_cast<std::uint64_t>(reverse);
  bb &= (0 - bb) | rMask;
  return walisch::bitScanReverse(bb);
}

}  // namespace scanproof::cat::generalized
