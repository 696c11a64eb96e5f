//! discover's Rust fixture: scanners as a Rust engine writes them (free
//! functions, methods on a newtype board, u128 and [u64; 2] boards), and a
//! function with a scanner's signature that is not one.

pub fn lsb(b: u64) -> u32 {
    b.trailing_zeros()
}

pub fn popcount(b: u64) -> u32 {
    b.count_ones()
}

#[derive(Clone, Copy)]
pub struct Bitboard(pub u64);

impl From<Bitboard> for u64 {
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

impl Bitboard {
    pub fn first(&self) -> u32 {
        self.0.trailing_zeros()
    }
    pub fn pop(&mut self) -> u32 {
        let s = self.0.trailing_zeros();
        self.0 &= self.0.wrapping_sub(1);
        s
    }
}

// Read back by nothing: a pop over it cannot be registered.
pub struct Opaque(u64);

impl Opaque {
    pub fn pop(&mut self) -> u32 {
        let s = self.0.trailing_zeros();
        self.0 &= self.0.wrapping_sub(1);
        s
    }
}

pub fn msb128(b: u128) -> u32 {
    127 - b.leading_zeros()
}

// Shogi's layout in an array: squares 0..62 in [0], 63.. in [1].
pub fn shogi_lsb(b: [u64; 2]) -> u32 {
    if b[0] != 0 {
        b[0].trailing_zeros()
    } else {
        63 + b[1].trailing_zeros()
    }
}

pub fn not_a_scanner(x: u32) -> u32 {
    x.wrapping_mul(3)
}
