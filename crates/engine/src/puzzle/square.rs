//! Squares, in the Sense HAT's coordinates and in chess notation.

use crate::words::quoted;
use std::fmt;

/// A square of a board: `col` 0 is the left edge, `row` 0 the top edge,
/// as the Sense HAT's `set_pixel(x, y)` counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The column, 0 on the left (file `a`).
    pub col: u8,
    /// The row, 0 at the top.
    pub row: u8,
}

impl Square {
    /// The square in column `col` and row `row`.
    pub const fn new(col: u8, row: u8) -> Self {
        Square { col, row }
    }

    /// Parses chess notation on an `n`-row board: `a1` is the bottom-left
    /// square, so its row from the top is `n - 1`. Files run `a`..`z`.
    pub fn parse_chess(text: &str, n: usize) -> Result<Square, SquareError> {
        let bad = || SquareError::Malformed(text.to_string());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(bad());
        }
        let col = (file as u8 - b'a') as usize;
        let rank: usize = digits.parse().map_err(|_| bad())?;
        if col >= n || rank > n {
            return Err(SquareError::OffBoard(text.to_string(), n));
        }
        Ok(Square::new(col as u8, (n - rank) as u8))
    }

    /// The square in chess notation on an `n`-row board (see [`Square::parse_chess`]).
    pub fn chess(self, n: usize) -> String {
        debug_assert!((self.col as usize) < 26 && (self.row as usize) < n);
        format!("{}{}", (b'a' + self.col) as char, n - self.row as usize)
    }

    /// Whether a queen here attacks a queen on `other` (same row, column or diagonal).
    pub fn queen_attacks(self, other: Square) -> bool {
        let dc = self.col.abs_diff(other.col);
        let dr = self.row.abs_diff(other.row);
        self != other && (dc == 0 || dr == 0 || dc == dr)
    }
}

impl fmt::Display for Square {
    /// `(col,row)`, the Sense HAT's coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.col, self.row)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// Why a square's name was refused.
pub enum SquareError {
    /// Not a file letter followed by a rank number.
    Malformed(String),
    /// A square beyond the board's edge (the name given, and the board's side).
    OffBoard(String, usize),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Malformed(s) => {
                write!(f, "{} is not a square: expected a file letter and a rank, like a1 or h8", quoted(s))
            }
            SquareError::OffBoard(s, n) => write!(f, "square {} is off the {n}x{n} board", quoted(s)),
        }
    }
}

impl std::error::Error for SquareError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_notation_counts_ranks_from_the_bottom() {
        assert_eq!(Square::parse_chess("a1", 8), Ok(Square::new(0, 7)));
        assert_eq!(Square::parse_chess("h8", 8), Ok(Square::new(7, 0)));
        assert_eq!(Square::parse_chess("D5", 8), Ok(Square::new(3, 3)));
        assert_eq!(Square::new(3, 3).chess(8), "d5");
        assert_eq!(Square::parse_chess("j10", 10), Ok(Square::new(9, 0)));
    }

    #[test]
    fn every_square_prints_back_to_itself() {
        for n in [4usize, 8, 12, 26] {
            for col in 0..n as u8 {
                for row in 0..n as u8 {
                    let sq = Square::new(col, row);
                    assert_eq!(Square::parse_chess(&sq.chess(n), n), Ok(sq));
                }
            }
        }
    }

    #[test]
    fn bad_squares_are_refused() {
        for bad in ["", "a", "1a", "a0", "a01", "a-1", "é1", "a1x", "aa1"] {
            assert!(matches!(Square::parse_chess(bad, 8), Err(SquareError::Malformed(_))), "{bad}");
        }
        assert!(matches!(Square::parse_chess("i1", 8), Err(SquareError::OffBoard(..))));
        assert!(matches!(Square::parse_chess("a9", 8), Err(SquareError::OffBoard(..))));
    }

    #[test]
    fn queens_attack_along_lines_and_diagonals_only() {
        let q = Square::new(3, 4);
        assert!(q.queen_attacks(Square::new(3, 0)));
        assert!(q.queen_attacks(Square::new(0, 4)));
        assert!(q.queen_attacks(Square::new(5, 6)));
        assert!(q.queen_attacks(Square::new(6, 1)));
        assert!(!q.queen_attacks(Square::new(4, 6)));
        assert!(!q.queen_attacks(q));
    }
}
