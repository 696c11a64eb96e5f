// Rust candidates for the unit tests (conformance/test/rust_candidates_test.sh):
// a correct lsb, a popcount returning u8, a De Bruijn lsb with one wrong
// table entry (the one for 1 << 63 says 62: wrong on every target, and
// refuted by `scanproof prove`), a 32-bit lsb and a two-half 128-bit lsb.

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

// Other shapes. A 32-bit word: conformance.lsb32.rust_trailing_zeros32.*.
// scanproof: candidate(rust_trailing_zeros32, lsb)
#[no_mangle]
pub extern "C" fn rust_trailing_zeros32(b: u32) -> u32 {
    b.trailing_zeros()
}

// haitaka's shogi board, a u128 with square 64 + k in bit k of the high half,
// whose top 47 bits are never set (81 squares). u128 has no stable extern "C"
// ABI, so the export takes its two u64 halves: conformance.lsb128.*.
// scanproof: candidate(rust_u128_halves_lsb, lsb, high_offset=64, domain=0x1_ffff_ffff_ffff_ffff_ffff)
#[no_mangle]
pub extern "C" fn rust_u128_halves_lsb(lo: u64, hi: u64) -> u32 {
    (((hi as u128) << 64) | lo as u128).trailing_zeros()
}

// Named, not exported: the suite writes the extern "C" wrapper (fn=). The file
// is then a module of a generated crate root, so the scanners are pub.
// scanproof: candidate(rust_named_lowest, lsb, fn=lowest_square)
pub fn lowest_square(b: u64) -> Option<u8> {
    if b == 0 {
        None
    } else {
        Some(b.trailing_zeros() as u8)
    }
}

// A method of a tuple struct, taking &self.
// scanproof: candidate(rust_named_method_count, popcount, fn=crate::Bits::count, board=Bits)
pub struct Bits(pub u64);
impl Bits {
    pub fn count(&self) -> usize {
        self.0.count_ones() as usize
    }
}
