// The Shogi engine's bit-scanning plan (seed 004) in the language it is
// written in: its Rust listings, each exported as `extern "C"` for the
// catalogue entries of shogi_plan.cpp (one SCANPROOF_RUST_ENTRY each). The
// listings' Option<u8> results map None (the empty board) to -1, as the C++
// transcriptions of the same listings do.
//
// Built by Debian's rustc as a staticlib (impl/CMakeLists.txt), without
// overflow checks: `!bb + 1` wraps as the plan means it to.

type Bitboard = u64;

fn option_index(square: Option<u8>) -> i32 {
    match square {
        Some(s) => i32::from(s),
        None => -1,
    }
}

// 1.2 "Software fallback using bit manipulation": one pass per set bit.
fn popcount_sw(bb: Bitboard) -> u32 {
    let mut count = 0;
    let mut bits = bb;
    while bits != 0 {
        count += 1;
        bits &= bits - 1;
    }
    count
}

// "4-bit Lookup Tables", step 2: the table as printed.
const POPCOUNT_4BIT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

// 2.2: one table lookup per nibble, until no set bit is left.
fn popcount_4bit(bb: Bitboard) -> u32 {
    let mut count = 0;
    let mut bits = bb;
    while bits != 0 {
        count += u32::from(POPCOUNT_4BIT[(bits & 0xF) as usize]);
        bits >>= 4;
    }
    count
}

// 1.2 names popcount_parallel(bb: Bitboard) -> u32 and gives no body; a
// "parallel" bit count is the SWAR sum of seed 002's "popcnt": pairs, nibbles,
// bytes, then one multiply adds the eight byte counts into the top byte.
fn popcount_parallel(bb: Bitboard) -> u32 {
    let pairs = bb - ((bb >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

// 2.1 "De Bruijn Sequence Implementation": the magic and the table as printed.
const DEBRUIJN64: u64 = 0x03f7_9d71_b4cb_0a89;
const DEBRUIJN_TABLE: [u8; 64] = [
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, //
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5, //
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11, //
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6, //
];

fn bit_scan_forward_debruijn(bb: Bitboard) -> Option<u8> {
    if bb == 0 {
        None
    } else {
        // bb & (!bb + 1) isolates the lowest set bit; the product's top six
        // bits index the table.
        Some(DEBRUIJN_TABLE[((bb & (!bb + 1)).wrapping_mul(DEBRUIJN64) >> 58) as usize])
    }
}

// 1.3 names bit_scan_reverse(bb) -> Option<u8> with no body; the plan's
// "Current Method" is core's bit counting (trailing_zeros()), here its
// reverse twin leading_zeros().
fn bit_scan_reverse(bb: Bitboard) -> Option<u8> {
    if bb == 0 {
        None
    } else {
        Some(63 - bb.leading_zeros() as u8)
    }
}

// 3.1 "Bit Iterator Optimization", as printed: the square to yield next is
// kept beside the bits; next() yields it, clears it and scans again. The plan
// calls bit_scan_forward, here 2.1's De Bruijn one (the plan's software scan).
struct BitIterator {
    bits: Bitboard,
    current: Option<u8>,
}

impl Iterator for BitIterator {
    type Item = u8;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(pos) = self.current {
            self.bits &= self.bits - 1; // Clear current bit
            self.current = bit_scan_forward_debruijn(self.bits);
            Some(pos)
        } else {
            None
        }
    }
}

// Phase 1 (1.1 platform detection, 1.2 and 1.3 hardware paths): the
// instruction when the CPU reports it at run time, else the software fallback.
// Off x86-64 the fallback is the only path, as the plan says.
#[cfg(target_arch = "x86_64")]
mod hw {
    use super::Bitboard;
    use std::arch::x86_64::{_lzcnt_u64, _popcnt64, _tzcnt_u64};

    #[target_feature(enable = "popcnt")]
    pub unsafe fn popcount_hw(bb: Bitboard) -> u32 {
        _popcnt64(bb as i64) as u32
    }

    #[target_feature(enable = "bmi1")]
    pub unsafe fn bit_scan_forward_hw(bb: Bitboard) -> Option<u8> {
        if bb == 0 {
            None
        } else {
            Some(_tzcnt_u64(bb) as u8)
        }
    }

    #[target_feature(enable = "lzcnt")]
    pub unsafe fn bit_scan_reverse_hw(bb: Bitboard) -> Option<u8> {
        if bb == 0 {
            None
        } else {
            Some(63 - _lzcnt_u64(bb) as u8)
        }
    }
}

fn popcount_detected(bb: Bitboard) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("popcnt") {
            return unsafe { hw::popcount_hw(bb) };
        }
    }
    popcount_sw(bb)
}

fn bit_scan_forward_detected(bb: Bitboard) -> Option<u8> {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("bmi1") {
            return unsafe { hw::bit_scan_forward_hw(bb) };
        }
    }
    bit_scan_forward_debruijn(bb)
}

fn bit_scan_reverse_detected(bb: Bitboard) -> Option<u8> {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("lzcnt") {
            return unsafe { hw::bit_scan_reverse_hw(bb) };
        }
    }
    bit_scan_reverse(bb)
}

// The exports: one per catalogue entry (shogi_plan.cpp).
#[no_mangle]
pub extern "C" fn rs_popcount_sw(bb: u64) -> u32 {
    popcount_sw(bb)
}

#[no_mangle]
pub extern "C" fn rs_popcount_4bit(bb: u64) -> u32 {
    popcount_4bit(bb)
}

#[no_mangle]
pub extern "C" fn rs_popcount_parallel(bb: u64) -> u32 {
    popcount_parallel(bb)
}

#[no_mangle]
pub extern "C" fn rs_bit_scan_forward_debruijn(bb: u64) -> i32 {
    option_index(bit_scan_forward_debruijn(bb))
}

#[no_mangle]
pub extern "C" fn rs_bit_scan_reverse(bb: u64) -> i32 {
    option_index(bit_scan_reverse(bb))
}

#[no_mangle]
pub extern "C" fn rs_dispatched_popcount(bb: u64) -> u32 {
    popcount_detected(bb)
}

#[no_mangle]
pub extern "C" fn rs_dispatched_bsf(bb: u64) -> i32 {
    option_index(bit_scan_forward_detected(bb))
}

#[no_mangle]
pub extern "C" fn rs_dispatched_bsr(bb: u64) -> i32 {
    option_index(bit_scan_reverse_detected(bb))
}

// pop_lsb: the plan does not print how an iterator starts; it starts in the
// state next() keeps (current = the scan of bits), yields once, and the bits
// it leaves are the board's.
#[no_mangle]
pub extern "C" fn rs_bit_iterator_next(bb: &mut u64) -> i32 {
    let mut it = BitIterator { bits: *bb, current: bit_scan_forward_debruijn(*bb) };
    let pos = it.next();
    *bb = it.bits;
    option_index(pos)
}
