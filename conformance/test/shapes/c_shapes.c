/* C candidates of every kind of shape (scanproof/candidate.h), for
 * unit.candidates.shapes (../candidates_in_tree_test.sh shapes): each correct
 * one passes every conformance check of its width, and the two-half scan with
 * the wrong offset fails with its input printed as the two halves it gets. */
#include <scanproof/candidate.h>

/* A 32-bit word (bitset libraries, 32-bit builds): conformance.lsb32.*. */
static int c_shape_lsb32(uint32_t b) { return __builtin_ctz(b); }
SCANPROOF_CANDIDATE(c_shape_lsb32, SCANPROOF_LSB);

/* A shogi board in two halves, YaneuraOu/Apery layout: squares 0..62 in the
 * low half (its bit 63 is never set), square 63 + k in bit k of the high
 * half. conformance.lsb128.*. */
static int c_shape_shogi_lsb(uint64_t lo, uint64_t hi) {
  return lo ? __builtin_ctzll(lo) : 63 + __builtin_ctzll(hi);
}
SCANPROOF_CANDIDATE(c_shape_shogi_lsb, SCANPROOF_LSB, .high_offset = 63);

/* The same scan written for the 64 layout (Pikafish, haitaka) but declared
 * with the 63 layout: wrong on every high-half square, first on square 63,
 * passed as {lo=0, hi=1}, for which it says 64. */
static int c_shape_shogi_wrong(uint64_t lo, uint64_t hi) {
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
}
SCANPROOF_CANDIDATE(c_shape_shogi_wrong, SCANPROOF_LSB, .high_offset = 63);

/* A draughts board: 50 squares of 64 bits (Scan's mask). Wrong on every word
 * with a bit outside the domain, so it passes only because every check
 * stays inside the declared domain. */
#define C_SHAPE_DRAUGHTS 0x7DF3EF9F7CFBE7DFull
static int c_shape_draughts_lsb(uint64_t b) { return (b & ~C_SHAPE_DRAUGHTS) ? 99 : __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(c_shape_draughts_lsb, SCANPROOF_LSB, .domain = {C_SHAPE_DRAUGHTS, 0});

/* The same domain, and wrong on one of its squares (6): it fails there. */
static int c_shape_draughts_wrong(uint64_t b) {
  return (b & ~C_SHAPE_DRAUGHTS) ? 99 : b == (uint64_t)1 << 6 ? 7 : __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(c_shape_draughts_wrong, SCANPROOF_LSB, .domain = {C_SHAPE_DRAUGHTS, 0});

/* A pop scanner, Ethereal's form: the board by pointer, the lowest square
 * returned and cleared. conformance.pop_lsb.*: index and board left. */
static int c_shape_poplsb(uint64_t* b) {
  int s = __builtin_ctzll(*b);
  *b &= *b - 1;
  return s;
}
SCANPROOF_CANDIDATE(c_shape_poplsb, SCANPROOF_POP_LSB);
