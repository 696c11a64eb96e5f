// The Shogi plan's bit iterator (seed 004, 3.1 "Bit Iterator Optimization"):
// its `next` yields the lowest set square and clears it, a pop_lsb. The plan
// keeps the square to yield next beside the bits (current ==
// bit_scan_forward(bits)); it does not print how an iterator starts, so each
// entry starts one in that state from the board, calls next() once and gives
// back the bits it leaves. impl/rust/shogi_plan.rs has the same listing in
// Rust (rs_bit_iterator_next).
#include <optional>

#include "catalogue.hpp"
#include "shogi_board.hpp"
#include "shogi_plan.hpp"

namespace scanproof::cat {
namespace {
using shogi_plan::bit_scan_forward_debruijn;
using Square = std::optional<std::uint8_t>;  // the plan's Option<u8>

// 3.1 as printed, with the board type, its scan and its `bits &= bits - 1`
// as parameters (the plan's Bitboard is a u64; lifted below to two halves).
template <class Board, Square (*bit_scan_forward)(const Board&), void (*clear_current)(Board&)>
struct BitIterator {
  Board bits;
  Square current;

  Square next() {
    if (const Square pos = current) {
      clear_current(bits);  // Clear current bit
      current = bit_scan_forward(bits);
      return pos;
    }
    return std::nullopt;
  }
};

// A pop_lsb: an iterator started on the board, one next(), the bits it leaves.
template <class Board, Square (*bit_scan_forward)(const Board&), void (*clear_current)(Board&)>
int pop_by_next(Board& bb) {
  BitIterator<Board, bit_scan_forward, clear_current> it{bb, bit_scan_forward(bb)};
  const Square pos = it.next();
  bb = it.bits;
  return pos ? *pos : -1;
}

Square scan64(const U64& b) { return bit_scan_forward_debruijn(b); }
void clear64(U64& b) { b &= b - 1; }

int bit_iterator_next(U64& bb) { return pop_by_next<U64, scan64, clear64>(bb); }

// The same iterator over the plan's 81-square board kept as YaneuraOu/Apery
// do (shogi_board.hpp: squares 0..62 in p[0], 63 + k in bit k of p[1]):
// `bits &= bits - 1` and bit_scan_forward lifted to the two halves, each
// acting on the lowest nonempty half.
Square scan_shogi63(const shogi::board& b) {
  if (b.p[0]) return bit_scan_forward_debruijn(b.p[0]);
  if (const Square k = bit_scan_forward_debruijn(b.p[1])) return static_cast<std::uint8_t>(63 + *k);
  return std::nullopt;
}
void clear_shogi63(shogi::board& b) {
  U64& half = b.p[0] ? b.p[0] : b.p[1];
  half &= half - 1;
}
// Deliberately wrong: the plan's one-word `bits &= bits - 1` kept on the low
// half. On a board whose low half is empty it clears nothing, so next()
// yields the same high square for ever (an iteration that does not end).
void clear_low_half_only(shogi::board& b) { b.p[0] &= b.p[0] - 1; }

int shogi63_bit_iterator_next(shogi::board& bb) {
  return pop_by_next<shogi::board, scan_shogi63, clear_shogi63>(bb);
}
int shogi63_bit_iterator_next_low_half(shogi::board& bb) {
  return pop_by_next<shogi::board, scan_shogi63, clear_low_half_only>(bb);
}

}  // namespace

SCANPROOF_ENTRY(bit_iterator_next, op::pop_lsb, bit_iterator_next,
                {.provenance = "seed 004 (Shogi plan) 3.1 'Bit Iterator Optimization': "
                               "BitIterator::next over 2.1's bit_scan_forward_debruijn"});
SCANPROOF_ENTRY(shogi63_bit_iterator_next, op::pop_lsb, shogi63_bit_iterator_next,
                {.provenance = "seed 004 (Shogi plan) 3.1 BitIterator::next lifted to the "
                               "81-square board; YaneuraOu/Apery two-half layout (high half "
                               "from square 63)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});
SCANPROOF_ENTRY(shogi63_bit_iterator_next_low_half, op::pop_lsb, shogi63_bit_iterator_next_low_half,
                {.expected = {{when::always, scope::nonzero,
                               "deliberate bug: clears in the low half only, so a square of the "
                               "high half is returned and left set (the iteration never ends)"}},
                 .provenance = "shogi63_bit_iterator_next with the plan's one-word `bits &= "
                               "bits - 1` kept on the low half (a deliberate bug: the suite must "
                               "catch it)",
                 .layout = {.high_offset = 63, .domain = shogi::squares81}});

}  // namespace scanproof::cat
