// The bitboard scanners of a Rust engine, as it ships them: each is exported
// with C linkage and declared to scanproof in the comment above it.

// scanproof: candidate(rust_engine_lsb, lsb)
#[no_mangle]
pub extern "C" fn rust_engine_lsb(b: u64) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_engine_msb, msb)
#[no_mangle]
pub extern "C" fn rust_engine_msb(b: u64) -> u32 {
    63 - b.leading_zeros()
}

// scanproof: candidate(rust_engine_popcount, popcount)
#[no_mangle]
pub extern "C" fn rust_engine_popcount(b: u64) -> u32 {
    b.count_ones()
}
