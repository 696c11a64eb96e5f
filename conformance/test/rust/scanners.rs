// Rust candidates for the unit tests (conformance/test/rust_candidates_test.sh):
// a correct lsb, a popcount returning u8, and a De Bruijn lsb with one wrong
// table entry (the one for 1 << 63 says 62: wrong on every target, and
// refuted by `scanproof prove`).

const DEBRUIJN: u64 = 0x03f7_9d71_b4cb_0a89;
const GOOD: [u8; 64] = [
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22, 45,
    39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11, 46,
    26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
];
const WRONG: [u8; 64] = {
    let mut t = GOOD;
    t[32] = 62; // GOOD[32] is 63: the entry 1 << 63 lands on
    t
};

// scanproof: candidate(rust_trailing_zeros, lsb)
#[no_mangle]
pub extern "C" fn rust_trailing_zeros(b: u64) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_count_ones, popcount)
#[no_mangle]
pub extern "C" fn rust_count_ones(b: u64) -> u8 {
    b.count_ones() as u8
}

// scanproof: candidate(rust_debruijn_good, lsb)
#[no_mangle]
pub extern "C" fn rust_debruijn_good(b: u64) -> i32 {
    GOOD[(((b & b.wrapping_neg()).wrapping_mul(DEBRUIJN)) >> 58) as usize] as i32
}

// scanproof: candidate(rust_debruijn_wrong, lsb)
#[no_mangle]
pub extern "C" fn rust_debruijn_wrong(b: u64) -> usize {
    WRONG[(((b & b.wrapping_neg()).wrapping_mul(DEBRUIJN)) >> 58) as usize] as usize
}
