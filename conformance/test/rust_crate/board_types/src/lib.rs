//! A chess-engine-style board for the crate candidate test: a tuple struct
//! with a public u64 (built by its name, board=), a 128-bit board built
//! From<u128>, a field-less square enum, and scanners as methods taking self,
//! &self and returning u32, a Square or an Option<Square>.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[rustfmt::skip]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3, A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    #[rustfmt::skip]
    const ALL: [Square; 64] = {
        use Square::*;
        [A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2,
         A3, B3, C3, D3, E3, F3, G3, H3, A4, B4, C4, D4, E4, F4, G4, H4,
         A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
         A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8]
    };

    pub fn try_index(i: u32) -> Option<Square> {
        Self::ALL.get(i as usize).copied()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitBoard(pub u64);

impl BitBoard {
    /// The number of squares: a popcount, taking self.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, taking &self: an Option<Square> (None when empty).
    pub fn next_square(&self) -> Option<Square> {
        Square::try_index(self.0.trailing_zeros())
    }

    /// The highest square of a non-empty board: a Square.
    pub fn last_square(self) -> Square {
        Square::ALL[63 - self.0.leading_zeros() as usize]
    }

    /// Deliberately wrong on h8 alone: the lowest square's index, with
    /// square 63 read as 62 (the test expects this to fail, with its input).
    pub fn first_index_wrong(self) -> u32 {
        let i = self.0.trailing_zeros();
        if i == 63 {
            62
        } else {
            i
        }
    }
}

/// A shogi-sized board in one u128 (squares 0..80), built From<u128>.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideBoard(u128);

impl From<u128> for WideBoard {
    fn from(bits: u128) -> Self {
        WideBoard(bits)
    }
}

impl WideBoard {
    pub fn lowest(&self) -> u32 {
        self.0.trailing_zeros()
    }
}

/// A free function on a 32-bit word.
pub fn count32(b: u32) -> u8 {
    b.count_ones() as u8
}
