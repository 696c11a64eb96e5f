// The typed engine's scanners, checked as they ship: its own header,
// unmodified, and one line per function, whatever type it gives its board
// and its result (docs/contracts.md, "Boards and results as engines type them").
// scanproof: include ../src
// scanproof: std c++17
#include <scanproof/candidate.hpp>

#include "typed_board.hpp"

// An 8-byte board class and a Square class result.
SCANPROOF_CANDIDATE_NAMED(typed_lsb, typed::lsb, scanproof::op::lsb);
SCANPROOF_CANDIDATE_NAMED(typed_msb, typed::msb, scanproof::op::msb);
SCANPROOF_CANDIDATE_NAMED(typed_first_square, typed::first_square, scanproof::op::lsb,
                          .zero = typed::Square::none());
SCANPROOF_CANDIDATE_NAMED(typed_pop_lowest, &typed::Bitboard::popLowestSquare, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE_NAMED(typed_count, &typed::Bitboard::count, scanproof::op::popcount);
// Enum boards, unscoped and scoped.
SCANPROOF_CANDIDATE_NAMED(typed_piece_count, typed::piece_count, scanproof::op::popcount);
SCANPROOF_CANDIDATE_NAMED(typed_lane_ctz, typed::lane_trailing_empty, scanproof::op::ctz);
// Signed boards.
SCANPROOF_CANDIDATE_NAMED(typed_first_one, typed::first_one, scanproof::op::lsb, .index_base = 1, .zero = 0);
SCANPROOF_CANDIDATE_NAMED(typed_signed_msb, typed::signed_msb, scanproof::op::msb);
// A function-like macro.
SCANPROOF_CANDIDATE_EXPR(typed_macro_lsb, std::uint64_t b, TYPED_LOWEST_SQUARE(b), scanproof::op::lsb);
// A 128-bit board holding its high half first.
SCANPROOF_CANDIDATE_NAMED(typed_lsb128, typed::lsb128, scanproof::op::lsb, .halves = scanproof::high_first);
SCANPROOF_CANDIDATE_NAMED(typed_msb128, typed::msb128, scanproof::op::msb, .halves = scanproof::high_first);
SCANPROOF_CANDIDATE_NAMED(typed_pop_lsb128, typed::pop_lsb128, scanproof::op::pop_lsb,
                          .halves = scanproof::high_first);
// A result read through its accessor.
SCANPROOF_CANDIDATE_NAMED(typed_lowest_cell, typed::lowest_cell, scanproof::op::lsb,
                          .result = scanproof::result_by<&typed::Cell::index>);
