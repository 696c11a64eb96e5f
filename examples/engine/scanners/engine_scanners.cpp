// The engine's scanners, checked as they ship: its own header, unmodified,
// and one line per function. The engine is C++17 (the directive below builds
// this file in its dialect); ENGINE_SHOGI comes from the engine_bits target
// (CMakeLists.txt), which the configure-time probe sees too.
// scanproof: std c++17
#include <scanproof/candidate.hpp>

#include "bitboard.hpp"

SCANPROOF_CANDIDATE_NAMED(engine_lsb, engine::lsb, scanproof::op::lsb);
SCANPROOF_CANDIDATE_NAMED(engine_msb, engine::msb, scanproof::op::msb);
SCANPROOF_CANDIDATE_NAMED(engine_pop_lsb, engine::pop_lsb, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE_NAMED(engine_first_square, engine::first_square, scanproof::op::lsb, .zero = engine::SQ_NONE);
SCANPROOF_CANDIDATE_NAMED(engine_popcount, engine::popcount<engine::Bitboard>, scanproof::op::popcount);
SCANPROOF_CANDIDATE_NAMED(engine_popcount32, engine::popcount<std::uint32_t>, scanproof::op::popcount);
SCANPROOF_CANDIDATE_NAMED(engine_shogi_popcount, &engine::ShogiBoard::pop_count, scanproof::op::popcount,
                          .high_offset = 63);
SCANPROOF_CANDIDATE_NAMED(engine_shogi_lsb, &engine::ShogiBoard::first_square, scanproof::op::lsb,
                          .high_offset = 63);
SCANPROOF_CANDIDATE_NAMED(engine_shogi_pop, &engine::ShogiBoard::pop, scanproof::op::pop_lsb, .high_offset = 63);
