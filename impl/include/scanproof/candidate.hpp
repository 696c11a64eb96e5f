// Bring your own scanner:
//
//   #include <scanproof/candidate.hpp>
//   static int my_lsb(std::uint64_t b) { ... }
//   SCANPROOF_CANDIDATE(my_lsb, scanproof::op::lsb);
//
// The candidate's name is the function's identifier. It joins the same registry
// as the catalogue and gets exactly the same checks; it carries no expectations
// and must conform everywhere. lsb/msb candidates are never called with zero.
#pragma once
#include <cstdint>

#include "scanproof/registry.hpp"

#define SCANPROOF_CANDIDATE(FN, OP)                                                          \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_candidate_, FN) =                \
      ::scanproof::detail::register_candidate(#FN, OP, &::scanproof::batch<FN>, __FILE__)
