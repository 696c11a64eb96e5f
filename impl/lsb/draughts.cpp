// A draughts board: 50 squares in a 64-bit word with ghost bits between the
// rows (Scan's layout), so the engine promises only the mask's bits are set.
#include "catalogue.hpp"
#include "debruijn64.hpp"

namespace scanproof::cat {
namespace {

inline constexpr U64 draughts_squares = 0x7DF3EF9F7CFBE7DFULL;

// A square-index table filled only for the 50 squares' bits, the rest left 0
// (an engine's table built from its own square list): right on every board of
// the domain, wrong on a ghost bit.
struct sparse_table {
  unsigned char index[64];
};
constexpr sparse_table make_table() {
  sparse_table t{};
  for (int i = 0; i < 64; ++i)
    if ((draughts_squares >> i) & 1u)
      t.index[((std::uint64_t{1} << i) * walisch::debruijn64) >> 58] = static_cast<unsigned char>(i);
  return t;
}
inline constexpr sparse_table squares_only = make_table();

int draughts_lsb(U64 b) { return squares_only.index[((b & (0 - b)) * walisch::debruijn64) >> 58]; }

}  // namespace

SCANPROOF_ENTRY(draughts_lsb, op::lsb, draughts_lsb,
                {.zero = zero_spec::returns(0, "0 * magic >> 58 = 0, table[0] = 0"),
                 .provenance = "seed 003 (CPW BitScan) 'De Bruijn Multiplication / With isolated "
                               "LS1B', with a table filled for the 50 squares of Scan's draughts "
                               "board only (mask 0x7DF3EF9F7CFBE7DF)",
                 .layout = {.domain = word{draughts_squares}}});

}  // namespace scanproof::cat
