//! The engine crate whose scanners the suite checks: declarations only, for
//! methods and functions of its dependency board_types, plus one scanner it
//! exports itself.

pub use board_types::BitBoard;

// Methods on a tuple struct built by its name (board=); `BitBoard` is this
// crate's re-export, `board_types::` its dependency's path.
// scanproof: candidate(crate_len, popcount, fn=BitBoard::len, board=BitBoard)
// scanproof: candidate(crate_next_square, lsb, fn=board_types::BitBoard::next_square, board=board_types::BitBoard)
// scanproof: candidate(crate_last_square, msb, fn=BitBoard::last_square, board=BitBoard)
// scanproof: candidate(crate_first_index_wrong, lsb, fn=BitBoard::first_index_wrong, board=BitBoard)

// A 128-bit board built From<u128> from the two halves, 81 squares.
// scanproof: candidate(crate_wide_lowest, lsb, fn=board_types::WideBoard::lowest, width=128, domain=0x1_ffff_ffff_ffff_ffff_ffff)

// A free function of a 32-bit word.
// scanproof: candidate(crate_count32, popcount, fn=board_types::count32, width=32)

// An export of the crate's own.
// scanproof: candidate(crate_exported_ctz, ctz)
#[no_mangle]
pub extern "C" fn crate_exported_ctz(b: u64) -> u32 {
    b.trailing_zeros()
}
