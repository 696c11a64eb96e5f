// The two-half boards shogi engines keep their 81 squares in.
#pragma once
#include <cstdint>

#include "scanproof/word.hpp"

namespace scanproof::cat::shogi {

// YaneuraOu/Apery: `uint64_t p[2]`, squares 0..62 in p[0] (its bit 63 never
// set) and square 63 + k in bit k of p[1] (registered with .high_offset = 63).
struct board {
  std::uint64_t p[2];
};

// The 81 squares: every engine here promises no other bit is set.
inline constexpr word squares81 = word::ones(81);

}  // namespace scanproof::cat::shogi
