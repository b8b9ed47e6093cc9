//! The eight symmetries of a square board (the dihedral group D4).

use super::placement::Placement;
use super::square::Square;

/// A rotation or reflection of an n x n board. Rotations turn clockwise as
/// the board is seen on the LED matrix (row 0 at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every square stays where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Reflected in the diagonal from the top-left corner.
    Transpose,
    /// Reflected in the diagonal from the top-right corner.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where `sq` lands on an `n` x `n` board.
    pub fn apply(self, sq: Square, n: usize) -> Square {
        let last = n as u8 - 1;
        let (x, y) = (sq.col, sq.row);
        let (col, row) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (last - y, x),
            Symmetry::Rotate180 => (last - x, last - y),
            Symmetry::Rotate270 => (y, last - x),
            Symmetry::MirrorColumns => (last - x, y),
            Symmetry::MirrorRows => (x, last - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (last - y, last - x),
        };
        Square::new(col, row)
    }

    /// The placement's image, or `None` when two of its queens share a row
    /// (a quarter turn or a diagonal reflection would stack them in one column).
    /// Peaceful placements always have an image.
    pub fn apply_placement(self, p: &Placement) -> Option<Placement> {
        let n = p.n();
        let squares: Vec<Square> = p.queens().map(|q| self.apply(q, n)).collect();
        Placement::from_squares(n, &squares)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_moves_the_top_left_corner_to_the_top_right() {
        assert_eq!(Symmetry::Rotate90.apply(Square::new(0, 0), 8), Square::new(7, 0));
        assert_eq!(Symmetry::Rotate90.apply(Square::new(7, 0), 8), Square::new(7, 7));
    }

    #[test]
    fn every_symmetry_is_undone_by_its_inverse_and_distinct() {
        let n = 5;
        let probe = Square::new(1, 0);
        let mut images = std::collections::HashSet::new();
        for s in Symmetry::ALL {
            for col in 0..n as u8 {
                for row in 0..n as u8 {
                    let sq = Square::new(col, row);
                    assert_eq!(s.inverse().apply(s.apply(sq, n), n), sq, "{s:?}");
                }
            }
            images.insert(s.apply(probe, n));
        }
        assert_eq!(images.len(), 8, "an off-axis square has eight distinct images");
    }
}
