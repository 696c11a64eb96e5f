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

// Pop scanners (pop_lsb): the board by &mut (or *mut), the lowest square
// returned and cleared. conformance.pop_lsb.rust_pop_lowest.*
// scanproof: candidate(rust_pop_lowest, pop_lsb)
#[no_mangle]
pub extern "C" fn rust_pop_lowest(b: &mut u64) -> u32 {
    let square = b.trailing_zeros();
    *b &= *b - 1;
    square
}

// Deliberately wrong: returns the lowest square and leaves it set.
// scanproof: candidate(rust_pop_keeps_square, pop_lsb)
#[no_mangle]
pub extern "C" fn rust_pop_keeps_square(b: *mut u64) -> u32 {
    unsafe { (*b).trailing_zeros() }
}

// Named pops: a free function taking &mut u64, and an Iterator's next on a
// board type whose board is read back by From.
// scanproof: candidate(rust_named_pop, pop_lsb, fn=pop_lowest)
pub fn pop_lowest(b: &mut u64) -> Option<u8> {
    let square = lowest_square(*b)?;
    *b &= *b - 1;
    Some(square)
}

// scanproof: candidate(rust_named_iterator_next, pop_lsb, fn=crate::Squares::next, board=Squares)
pub struct Squares(pub u64);
impl Iterator for Squares {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        pop_lowest(&mut self.0)
    }
}
impl From<Squares> for u64 {
    fn from(s: Squares) -> u64 {
        s.0
    }
}

// Boards and results as Rust engines type them (docs/contracts.md, "Boards and
// results as engines type them"): a 128-bit board as [u64; 2] holding its high
// half first, a newtype square read by a method and by Into, a 128-bit pop by
// &mut, and a declared zero result.
#[derive(Clone, Copy)]
pub struct Square(pub u8);
impl Square {
    pub fn index(self) -> u8 {
        self.0
    }
}
impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}
#[derive(Clone, Copy)]
pub struct HighFirst(pub [u64; 2]); // .0[0]: squares 64..127
impl From<[u64; 2]> for HighFirst {
    fn from(a: [u64; 2]) -> HighFirst {
        HighFirst(a)
    }
}
impl From<HighFirst> for [u64; 2] {
    fn from(b: HighFirst) -> [u64; 2] {
        b.0
    }
}
impl HighFirst {
    pub fn lowest(&self) -> Square {
        let (hi, lo) = (self.0[0], self.0[1]);
        Square(if lo != 0 { lo.trailing_zeros() } else { 64 + hi.trailing_zeros() } as u8)
    }
    pub fn pop_lowest(&mut self) -> Square {
        let s = self.lowest();
        if self.0[1] != 0 {
            self.0[1] &= self.0[1] - 1;
        } else {
            self.0[0] &= self.0[0] - 1;
        }
        s
    }
}
// scanproof: candidate(rust_high_first_lsb, lsb, fn=crate::HighFirst::lowest, width=128, pack=array, halves=high_first, result=index)
// scanproof: candidate(rust_high_first_pop, pop_lsb, fn=crate::HighFirst::pop_lowest, width=128, pack=array, halves=high_first, result=into:u8)
// A plain u128 board by From, popped by &mut.
// scanproof: candidate(rust_u128_pop, pop_lsb, fn=pop_u128, width=128)
pub fn pop_u128(b: &mut u128) -> u32 {
    let s = b.trailing_zeros();
    *b &= *b - 1;
    s
}
// A declared zero result: 64 for an empty board, checked.
// scanproof: candidate(rust_zero_64, lsb, zero=64)
#[no_mangle]
pub extern "C" fn rust_zero_64(b: u64) -> u32 {
    b.trailing_zeros()
}

// A formatted assert, the Rust engine's precondition: its panic path builds a
// core::fmt::Arguments in local memory, which the prover does not model and
// need not (reaching the block is reaching the panic). Proved, with the panic
// a precondition reached on no checked input (lsb is never called with 0).
// scanproof: candidate(rust_assert_lsb, lsb)
#[no_mangle]
pub extern "C" fn rust_assert_lsb(b: u64) -> u32 {
    assert!(b != 0, "lsb of an empty board: {:#x}", b);
    b.trailing_zeros()
}
// The same assert on a ctz, which is called with 0: the panic is reached on a
// checked input, a counterexample, not "not provable".
// scanproof: candidate(rust_assert_ctz, ctz)
#[no_mangle]
pub extern "C" fn rust_assert_ctz(b: u64) -> u32 {
    assert!(b != 0, "ctz of an empty board: {:#x}", b);
    b.trailing_zeros()
}
