// Rust catalogue entries: the function is an `extern "C"` export of a .rs file
// (SCANPROOF_RUST_SOURCE, its absolute path, set by impl/CMakeLists.txt), which
// Debian's rustc builds as a staticlib for this target. The descriptor's source
// is that .rs file, so its language is Rust (registry.cpp, language_of). Where
// this target has no Rust standard library, impl/CMakeLists.txt defines
// SCANPROOF_RUST_UNAVAILABLE (the reason) and each entry is registered unbuilt
// with it: a skip that says why, never a pass.
#pragma once
#include <cstdint>
#include <type_traits>

#include "catalogue.hpp"

#if defined(SCANPROOF_RUST_UNAVAILABLE)
#define SCANPROOF_RUST_ENTRY(NAME, OP, RESULT, ...) \
  SCANPROOF_UNAVAILABLE_FROM(SCANPROOF_RUST_SOURCE, NAME, OP, SCANPROOF_RUST_UNAVAILABLE, __VA_ARGS__)
#else
// RESULT: the C type of the export's Rust return type (u32: std::uint32_t).
// The export takes the board (b: u64), or for a pop op the board it clears a
// square of (b: &mut u64, a pointer in C).
#define SCANPROOF_RUST_ENTRY(NAME, OP, RESULT, ...)                    \
  extern "C" RESULT NAME(::scanproof::cat::rust_board_parameter<OP>); \
  SCANPROOF_ENTRY_FROM(SCANPROOF_RUST_SOURCE, NAME, OP, NAME, __VA_ARGS__)
#endif

namespace scanproof::cat {
template <op O>
using rust_board_parameter = std::conditional_t<pops(O), std::uint64_t*, std::uint64_t>;
}  // namespace scanproof::cat
