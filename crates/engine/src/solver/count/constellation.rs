//! Start constellations: the queens on the board's border, fixed before the
//! inner search (the method of the Q27 project and NQueensFAF).
//!
//! Every solution has exactly one queen in the top row, the bottom row, the
//! left column and the right column; at most one of them stands in a corner
//! (two corner queens would share a line or a diagonal), so there are three
//! or four border queens. The board's 8 symmetries map the border queens of a
//! solution to the border queens of its image, so the solutions whose border
//! is one of an orbit of constellations number `orbit size` times those of
//! any one member: only the least member of each orbit is searched.

/// A square as (row, column), row 0 at the top.
pub(super) type Square = (usize, usize);

/// The board's symmetries as maps of squares; index 0 is the identity,
/// 1..=3 the rotations by 90, 180 and 270 degrees, 4..=7 the reflections.
pub(super) const SYMMETRIES: usize = 8;
pub(super) const ROTATE_90: usize = 1;
pub(super) const ROTATE_180: usize = 2;
/// The reflection left to right: rows stay where they are.
pub(super) const MIRROR: usize = 4;

/// The image of `(row, col)` under symmetry `g` on an `n` x `n` board.
pub(super) fn map(g: usize, n: usize, (row, col): Square) -> Square {
    let last = n - 1;
    match g {
        0 => (row, col),
        1 => (col, last - row),
        2 => (last - row, last - col),
        3 => (last - col, row),
        4 => (row, last - col),
        5 => (last - row, col),
        6 => (col, row),
        _ => (last - col, last - row),
    }
}

/// Whether two different squares share a row, a column or a diagonal.
pub(super) fn attacks(a: Square, b: Square) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The border queens: the column of the top row's and the bottom row's
/// queen, the row of the left column's and the right column's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Constellation {
    /// The column of the top row's queen.
    pub top: u8,
    /// The column of the bottom row's queen.
    pub bottom: u8,
    /// The row of the left column's queen.
    pub left: u8,
    /// The row of the right column's queen.
    pub right: u8,
}

impl Constellation {
    /// The distinct squares of the border queens (three with a corner queen, else four), in
    /// order. Not a `Vec`: planning takes them for every image of some 6,000 orbits at N = 15.
    pub(super) fn queens(&self, n: usize) -> Border {
        let mut squares = [
            (0, usize::from(self.top)),
            (n - 1, usize::from(self.bottom)),
            (usize::from(self.left), 0),
            (usize::from(self.right), n - 1),
        ];
        squares.sort_unstable();
        // A corner queen is two equal squares, next to each other once sorted.
        let mut len = 1;
        for i in 1..squares.len() {
            if squares[i] != squares[len - 1] {
                squares[len] = squares[i];
                len += 1;
            }
        }
        Border { squares, len }
    }

    /// The image under symmetry `g`: each border line goes to a border line, so the
    /// image's four numbers are the four given, moved and perhaps counted from the other end
    /// (as [`map`] moves their squares; a corner queen stays the queen of both its lines).
    pub(super) fn mapped(&self, n: usize, g: usize) -> Self {
        let last = (n - 1) as u8;
        let Constellation { top: t, bottom: b, left: l, right: r } = *self;
        let (top, bottom, left, right) = match g {
            0 => (t, b, l, r),
            1 => (last - l, last - r, b, t),
            2 => (last - b, last - t, last - r, last - l),
            3 => (r, l, last - t, last - b),
            4 => (last - t, last - b, r, l),
            5 => (b, t, last - l, last - r),
            6 => (l, r, t, b),
            _ => (last - r, last - l, last - b, last - t),
        };
        Constellation { top, bottom, left, right }
    }
}

/// A constellation's border queens, as a slice.
#[derive(Debug, Clone, Copy)]
pub(super) struct Border {
    squares: [Square; 4],
    len: usize,
}

impl std::ops::Deref for Border {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

/// A constellation searched for its whole orbit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Representative {
    /// The constellation searched, standing for its orbit.
    pub constellation: Constellation,
    /// The symmetries that map it to itself, as a bit set over the 8 of them
    /// (bit 0, the identity, always set). The orbit has `8 / stabiliser size` members.
    pub stabiliser: u8,
}

impl Representative {
    /// How many constellations its orbit has: 1, 2, 4 or 8.
    pub fn orbit(&self) -> u64 {
        8 / u64::from(self.stabiliser.count_ones())
    }

    pub(super) fn fixed_by(&self, g: usize) -> bool {
        self.stabiliser & (1 << g) != 0
    }
}

/// Every start constellation of an `n` x `n` board (n >= 2) that is the least
/// of its orbit, in increasing order. About n^4 / 8 of them.
pub(crate) fn representatives(n: usize) -> Vec<Representative> {
    assert!(n >= 2, "a border needs two rows");
    let last = n - 1;
    let mut found = Vec::new();
    for top in 0..n {
        for bottom in 0..n {
            for left in 0..n {
                for right in 0..n {
                    // A corner queen is the queen of both of its lines.
                    let corners_agree = (top == 0) == (left == 0)
                        && (top == last) == (right == 0)
                        && (bottom == 0) == (left == last)
                        && (bottom == last) == (right == last);
                    if !corners_agree {
                        continue;
                    }
                    let c = Constellation {
                        top: top as u8,
                        bottom: bottom as u8,
                        left: left as u8,
                        right: right as u8,
                    };
                    // Without the Vec of `queens`: this runs n^4 times. A corner queen is
                    // two of the four squares, equal, and does not attack itself.
                    let squares = [(0, top), (last, bottom), (left, 0), (right, last)];
                    let apart = (0..4).all(|i| {
                        (i + 1..4).all(|j| squares[i] == squares[j] || !attacks(squares[i], squares[j]))
                    });
                    if !apart {
                        continue;
                    }
                    let mut stabiliser = 0u8;
                    let mut least = true;
                    for g in 0..SYMMETRIES {
                        let image = c.mapped(n, g);
                        if image == c {
                            stabiliser |= 1 << g;
                        } else if image < c {
                            least = false;
                            break;
                        }
                    }
                    if least {
                        found.push(Representative { constellation: c, stabiliser });
                    }
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_form_the_group_of_the_square() {
        let n = 7;
        let square = (1, 2);
        // Rotating by 90 four times is the identity; each reflection is its own inverse.
        let mut s = square;
        for _ in 0..4 {
            s = map(ROTATE_90, n, s);
        }
        assert_eq!(s, square);
        for g in 4..SYMMETRIES {
            assert_eq!(map(g, n, map(g, n, square)), square);
        }
        let images: std::collections::HashSet<Square> = (0..SYMMETRIES).map(|g| map(g, n, square)).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn a_constellation_maps_as_its_queens_do() {
        for n in 4..=9 {
            for rep in representatives(n) {
                for g in 0..SYMMETRIES {
                    let c = rep.constellation.mapped(n, g);
                    for h in 0..SYMMETRIES {
                        let mut squares: Vec<Square> = c.queens(n).iter().map(|&s| map(h, n, s)).collect();
                        squares.sort_unstable();
                        assert_eq!(*c.mapped(n, h).queens(n), squares, "n = {n}, {c:?} under {h}");
                    }
                }
            }
        }
    }

    #[test]
    fn orbits_cover_every_constellation_once() {
        for n in 4..=9 {
            let reps = representatives(n);
            let mut all = std::collections::HashSet::new();
            for r in &reps {
                for g in 0..SYMMETRIES {
                    all.insert(r.constellation.mapped(n, g));
                }
                let images: std::collections::HashSet<_> =
                    (0..SYMMETRIES).map(|g| r.constellation.mapped(n, g)).collect();
                assert_eq!(images.len() as u64, r.orbit(), "n = {n}, {r:?}");
            }
            let total: u64 = reps.iter().map(Representative::orbit).sum();
            assert_eq!(total, all.len() as u64, "n = {n}: orbits overlap");
        }
    }
}
