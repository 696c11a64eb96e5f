// A const member function registered as a pop op: it cannot clear the square
// it returns. candidate.hpp's static_assert must name the member form a pop
// scanner may take (a non-const member function of the board, Bitboard::pop()).
#include <scanproof/candidate.hpp>

struct ShogiBoard {
  std::uint64_t p[2];
  int first_square() const { return p[0] ? __builtin_ctzll(p[0]) : 63 + __builtin_ctzll(p[1]); }
};
SCANPROOF_CANDIDATE_NAMED(pop_const_member, &ShogiBoard::first_square, scanproof::op::pop_lsb, .high_offset = 63);
