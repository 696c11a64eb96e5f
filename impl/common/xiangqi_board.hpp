// The 128-bit board Xiangqi engines keep their 90 squares in.
#pragma once
#include "scanproof/word.hpp"

namespace scanproof::cat::xiangqi {

// Pikafish: an `unsigned __int128`, square k in bit k (a plain 128-bit number,
// so the high half starts at square 64); bits 90..127 are never set.
inline constexpr word squares90 = word::ones(90);

}  // namespace scanproof::cat::xiangqi
