// The Shogi plan's Phase 1 ("Platform Detection and Fallbacks"): detect POPCNT,
// BMI1 and LZCNT at run time and pick the instruction or a software fallback.
// Shared by the dispatched_* entries of lsb, msb and popcount.
#pragma once
#include "catalogue.hpp"

namespace scanproof::cat::dispatch {

using scan = int (*)(U64);

// get_best_popcount_impl / get_best_bitscan_impl. Off x86-64 there is no
// hardware variant (hw is nullptr) and the fallback is always chosen.
inline scan pick(cpu_feature f, [[maybe_unused]] scan hw, scan sw) {
#if defined(__x86_64__)
  if (cpu_has(f)) return hw;
#endif
  (void)f;
  return sw;
}

}  // namespace scanproof::cat::dispatch

#if defined(__x86_64__)
#define SCANPROOF_DISPATCH_HW(fn) fn
#else
#define SCANPROOF_DISPATCH_HW(fn) nullptr
#endif
