// The part of the engine's bitboard that lives in a .cpp file, as in
// YaneuraOu (its Bitboard(u64, u64) is defined in bitboard.cpp): the shogi
// board built from its two halves, which is also how scanproof builds the
// board it passes to the member scanners. So the candidates link the engine's
// library (CMakeLists.txt: LIBRARIES engine_bits), or, built alone, include
// this file (scanners/standalone/engine_scanners.cpp).
#include "bitboard.hpp"

namespace engine {
#ifdef ENGINE_SHOGI
ShogiBoard::ShogiBoard(std::uint64_t p0, std::uint64_t p1) : p{p0, p1} {}
#endif
}  // namespace engine
