// What an implementation's input looks like: its width, how a board reaches
// its arguments (one integer, or two 64-bit halves in a declared layout), and
// which bits can ever be set (its declared domain). Data on the descriptor
// (descriptor.hpp) that every driver reads; docs/contracts.md, "Shapes".
//
// The suite reasons in *board indices* ("squares"): bit i of a canonical word
// is square i. to_argument() maps a board to what the implementation is
// called with; an lsb/msb result is compared with the square's index plus the
// layout's index base.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "scanproof/op.hpp"
#include "scanproof/word.hpp"

namespace scanproof {

// How the value is passed.
enum class argument : std::uint8_t {
  integer,  // one unsigned integer of `width` bits (8, 16, 32, 64)
  int128,   // unsigned __int128 (built only where the compiler has it)
  halves,   // two 64-bit arguments (lo, hi)
  pair,     // a 16-byte struct of two uint64_t, low half first (YaneuraOu/Apery's p[2])
};

// Which half of a two-half board comes first in memory (a 16-byte board) or
// among the parameters (f(a, b)): the low 64 squares' (the default), or the
// high ones' (struct { uint64_t b64[2]; } built as Bitboard(hi, lo)). The
// kernels apply it where the board is made and read (board.hpp); the shape
// carries it so every listing and report says it.
enum class half_order : std::uint8_t { low_first, high_first };

// "integer", "int128", "halves", "pair" (scanproof list --json's "argument").
std::string_view name(argument a);

struct shape {
  int width = 64;  // bits the implementation is passed: 8, 16, 32, 64 or 128
  argument arg = argument::integer;
  // Two-half boards: the board index of the high half's bit 0. 64 for a plain
  // 128-bit number; 63 for the YaneuraOu/Apery layout (bit 63 of the low half
  // is never used). Always 64 for a one-integer shape.
  int high_offset = 64;
  // lsb/msb: the index the implementation gives square 0 (0, or 1 for boards
  // numbered from 1, like shogi_core's).
  int index_base = 0;
  half_order halves = half_order::low_first;  // two-half shapes only
  // The squares that can ever be set. Every driver draws only from it; the
  // default is every square of the layout (all_squares()).
  word domain = word::ones(64);
  bool domain_declared = false;

  bool two_halves() const { return arg == argument::halves || arg == argument::pair; }
  // Board squares the layout can hold: width, or 127 with the 63 offset.
  int squares() const { return width == 128 ? 64 + high_offset : width; }
  word all_squares() const { return word::ones(squares()); }
  bool plain_64() const { return width == 64 && arg == argument::integer && !domain_declared; }
};

// The shape of a plain function of `width` bits (no layout, every bit).
constexpr shape integer_shape(int width) {
  shape s;
  s.width = width;
  s.domain = word::ones(width);
  return s;
}

// "lsb" for 64-bit shapes (today's names), "lsb128", "popcount32", ...:
// the op as test names, `scanproof list` and reports spell it.
std::string op_label(op o, const shape& s);

// Board (square space) -> the value the implementation is passed (its halves
// in lo/hi for two-half shapes), and back. Inline: the sweeps map every board.
// The 63 layout: squares 0..62 in the low half, square 63 + k in bit k of the
// high half. Both maps only move bits, so they commute with XOR (the pop
// checks rely on it: result_checks.hpp).
constexpr bool maps_boards(const shape& s) { return s.width == 128 && s.high_offset != 64; }
constexpr word to_argument(const shape& s, word b) {
  if (!maps_boards(s)) return b;
  return {b.lo & (~std::uint64_t{0} >> 1), (b.hi << 1) | (b.lo >> 63)};
}
constexpr word from_argument(const shape& s, word a) {
  if (!maps_boards(s)) return a;
  return {(a.lo & (~std::uint64_t{0} >> 1)) | (a.hi << 63), a.hi >> 1};
}

// A board as the implementation sees it: "0x1f" for 8 bits, 16 hex digits for
// 64, "{lo=0x..., hi=0x...}" for two halves, 32 digits for __int128.
std::string render(const shape& s, word board);
// The same for a value already in argument space (a pop op's board left
// behind, as the implementation wrote it, bits outside the layout included).
std::string render_argument(const shape& s, word argument);
// A 128-bit argument (to_argument() of a board) as one number, high half
// first: "0x" and 32 hex digits, as `scanproof eval` reads it.
std::string hex128(word argument);
// "0x0000000000000010": one 64-bit value, 16 digits.
std::string hex(std::uint64_t v);

// The correct result for a board, in the implementation's numbering: lsb/msb
// add the index base; ctz/clz count over the layout's squares. Not for
// lsb/msb of 0. Through <bit>, for the sweeps' canonical boards, where
// unit.reference compares it with oracle_result() on every one.
std::int64_t expected_result(op o, const shape& s, word board);
// The same from the naive loops (reference.hpp), independent of the
// compiler's builtins: for every board outside the canonical sets (shrinking,
// the fuzzer, the properties' other ops, the prover's cross-check).
std::int64_t oracle_result(op o, const shape& s, word board);

// The board a pop op (op.hpp: pops()) must leave behind: `board` without the
// square its index names (b itself for other ops and for 0). expected_after
// through <bit>, for the canonical boards; oracle_after from the naive loops
// (reference.hpp's board_after), for every other board. In square space.
word expected_after(op o, word board);
word oracle_after(op o, const shape& s, word board);

// ctz/clz of the empty board: the number of squares; popcount: 0; lsb/msb: none.
std::optional<std::int64_t> required_zero_result(op o, const shape& s);

// What is wrong with a declared shape (an offset other than 63/64, a domain
// outside the layout, ...), or "" when it is valid.
std::string shape_error(op o, const shape& s);

// One line for `scanproof list` and reports: "128-bit two halves (lo, hi),
// high half from square 63, squares from 1, domain 0x...".
std::string shape_text(const shape& s);
// The domain as hex over the layout's squares ("all" when not declared).
std::string domain_text(const shape& s);

}  // namespace scanproof
