//! A placement: at most one queen in each column of an n x n board.

use super::square::Square;
use std::fmt;

/// The largest board a [`Placement`] holds. Thirty-two columns keep a
/// placement a small `Copy` value and every row mask within a `u32`.
pub const MAX_N: usize = 32;

const EMPTY: u8 = u8::MAX;

/// Queens on an `n` x `n` board, at most one per column: `rows[c]` is the row
/// (0 = top) of the queen in column `c`. This is the seed program's `game`
/// list, and also how every solution is stored.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    n: u8,
    rows: [u8; MAX_N],
}

impl Placement {
    /// An empty `n` x `n` board.
    ///
    /// # Panics
    /// If `n` is 0 or more than [`MAX_N`].
    pub fn empty(n: usize) -> Self {
        assert!((1..=MAX_N).contains(&n), "board size {n} is outside 1..={MAX_N}");
        Placement { n: n as u8, rows: [EMPTY; MAX_N] }
    }

    /// A placement from one entry per column (`None` = no queen there).
    pub fn from_rows(rows: &[Option<u8>]) -> Self {
        let mut p = Placement::empty(rows.len());
        for (col, row) in rows.iter().enumerate() {
            p.set(col, *row);
        }
        p
    }

    /// A full placement from one row per column, as solutions are written.
    pub(crate) fn from_full_rows(rows: &[u8]) -> Self {
        let mut p = Placement::empty(rows.len());
        for (col, &row) in rows.iter().enumerate() {
            p.set(col, Some(row));
        }
        p
    }

    /// Queens on the given squares; `None` if two share a column or one is off the board.
    pub fn from_squares(n: usize, squares: &[Square]) -> Option<Self> {
        let mut p = Placement::empty(n);
        for sq in squares {
            let (c, r) = (sq.col as usize, sq.row as usize);
            if c >= n || r >= n || p.get(c).is_some() {
                return None;
            }
            p.set(c, Some(sq.row));
        }
        Some(p)
    }

    /// The board's side, in squares.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The row of the queen in `col`, if there is one.
    pub fn get(&self, col: usize) -> Option<u8> {
        let row = self.rows[col];
        (row != EMPTY).then_some(row)
    }

    /// Puts a queen at `row` of `col` (replacing any queen there), or empties the column.
    pub fn set(&mut self, col: usize, row: Option<u8>) {
        assert!(col < self.n());
        if let Some(r) = row {
            assert!((r as usize) < self.n(), "row {r} is off a {0}x{0} board", self.n);
        }
        self.rows[col] = row.unwrap_or(EMPTY);
    }

    /// Whether a queen stands on `sq`.
    pub(crate) fn has_queen(&self, sq: Square) -> bool {
        self.get(sq.col as usize) == Some(sq.row)
    }

    /// How many queens stand on the board.
    pub fn len(&self) -> usize {
        self.columns().filter(|r| r.is_some()).count()
    }

    /// Whether no queen stands on the board.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every column holds a queen.
    pub fn is_full(&self) -> bool {
        self.columns().all(|r| r.is_some())
    }

    /// One entry per column.
    pub fn columns(&self) -> impl Iterator<Item = Option<u8>> + '_ {
        self.rows[..self.n()].iter().map(|&r| (r != EMPTY).then_some(r))
    }

    /// The squares of the queens, column by column.
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        self.columns().enumerate().filter_map(|(c, r)| r.map(|r| Square::new(c as u8, r)))
    }

    /// How many queens `self` and `other` have on the same squares.
    pub fn shared(&self, other: &Placement) -> usize {
        self.columns().zip(other.columns()).filter(|(a, b)| a.is_some() && a == b).count()
    }

    /// Whether every queen of `self` also stands in `other`.
    pub fn is_subset_of(&self, other: &Placement) -> bool {
        self.columns().zip(other.columns()).all(|(a, b)| a.is_none() || a == b)
    }

    /// Whether no two queens attack each other.
    pub fn is_peaceful(&self) -> bool {
        let queens: Vec<Square> = self.queens().collect();
        queens.iter().enumerate().all(|(i, a)| queens[i + 1..].iter().all(|b| !a.queen_attacks(*b)))
    }

    /// "The latest move wins": puts a queen on `sq` (moving the queen of its
    /// column there) and removes every other queen it attacks. Returns how
    /// many queens were removed.
    pub fn place_latest_wins(&mut self, sq: Square) -> usize {
        self.set(sq.col as usize, Some(sq.row));
        let attacked: Vec<Square> = self.queens().filter(|q| sq.queen_attacks(*q)).collect();
        for q in &attacked {
            self.set(q.col as usize, None);
        }
        attacked.len()
    }
}

impl fmt::Debug for Placement {
    /// Row per column, `.` for an empty column: `[7 1 3 . 6 4 2 5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, r) in self.columns().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            match r {
                Some(r) => write!(f, "{r}")?,
                None => write!(f, ".")?,
            }
        }
        write!(f, "]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latest_move_removes_what_it_attacks_and_moves_its_column() {
        let mut p = Placement::from_rows(&[Some(0), None, Some(2), None, None, None, None, Some(7)]);
        // (1,1) attacks (0,0) diagonally and (2,2) diagonally; (7,7) too.
        assert_eq!(p.place_latest_wins(Square::new(1, 1)), 3);
        assert_eq!(p, Placement::from_rows(&[None, Some(1), None, None, None, None, None, None]));
        // A queen in the same column moves rather than being attacked.
        assert_eq!(p.place_latest_wins(Square::new(1, 5)), 0);
        assert_eq!(p.get(1), Some(5));
        assert_eq!(p.len(), 1);
    }

    #[test]
    fn peaceful_and_subset() {
        let sol = Placement::from_full_rows(&[7, 1, 3, 0, 6, 4, 2, 5]);
        assert!(sol.is_peaceful() && sol.is_full());
        let mut part = Placement::empty(8);
        part.set(2, Some(3));
        assert!(part.is_subset_of(&sol));
        assert_eq!(part.shared(&sol), 1);
        part.set(3, Some(4));
        assert!(!part.is_peaceful());
        assert!(!part.is_subset_of(&sol));
        assert_eq!(format!("{part:?}"), "[. . 3 4 . . . .]");
    }
}
