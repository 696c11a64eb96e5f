// Shape fixtures for the differential fuzzer, never part of the default
// registry (built only into bitscan_fuzzer_shapes_fixture, fuzz/test).
//
// shogi_lsb_offset_64: a two-half scan declared in the YaneuraOu/Apery layout
// (high half from square 63) that adds 64 for the high half: wrong on every
// board whose lowest square is 63 or above. The fuzzer must find it with
// 128-bit probes and print the board as its two halves.
//
// draughts_lsb_garbage_outside: correct on Scan's 50-square draughts domain
// and deliberately wrong (99) on any board with a bit outside it: the fuzzer
// must never call it with such a board.
#include <bit>
#include <cstdint>

#include <scanproof/candidate.hpp>

static int shogi_lsb_offset_64(std::uint64_t lo, std::uint64_t hi) {
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi);  // the bug: the layout says 63
}
SCANPROOF_CANDIDATE(shogi_lsb_offset_64, scanproof::op::lsb, .high_offset = 63);

static int draughts_lsb_garbage_outside(std::uint64_t b) {
  constexpr std::uint64_t domain = 0x7DF3EF9F7CFBE7DF;
  if (b & ~domain) return 99;
  return std::countr_zero(b);
}
SCANPROOF_CANDIDATE(draughts_lsb_garbage_outside, scanproof::op::lsb,
                    .domain = scanproof::word{0x7DF3EF9F7CFBE7DF});
