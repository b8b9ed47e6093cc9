//! The shapes of a puzzle's regions, as issue 30 measures them against
//! LinkedIn's own puzzles: one-square regions (a free queen), regions of at
//! most two squares, path-shaped regions and the largest region's share of
//! the board. `examples/regions-stats.rs` prints them for generated puzzles
//! beside LinkedIn's; the tests hold the generator to LinkedIn's range.

use super::Puzzle;

/// The smallest region counted as a path: three squares in a line or an L
/// are too small to look like one.
pub const PATH_MIN_SQUARES: usize = 4;

/// What one puzzle's regions look like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    /// Regions of one square: each is a queen given away.
    pub one_square: usize,
    /// Regions of one or two squares.
    pub at_most_two: usize,
    /// Regions of [`PATH_MIN_SQUARES`] or more squares that form a simple
    /// path: no branch, no loop, no 2x2 block.
    pub paths: usize,
    /// The squares of the largest region.
    pub largest: usize,
    /// The squares of the board.
    pub board: usize,
}

/// The squares of each of `puzzle`'s regions, and whether it is path-shaped:
/// [`PATH_MIN_SQUARES`] or more squares joined by one side fewer than it has
/// squares (no loop, so no 2x2 block) and none joined to more than two
/// others (no branch).
pub fn regions(puzzle: &Puzzle) -> Vec<(usize, bool)> {
    let n = puzzle.n();
    let mut size = vec![0usize; n];
    let mut inner_sides = vec![0usize; n];
    let mut branches = vec![false; n];
    for row in 0..n {
        for col in 0..n {
            let g = puzzle.region_at(col, row);
            size[g] += 1;
            let same = |c: usize, r: usize| puzzle.region_at(c, r) == g;
            if col + 1 < n && same(col + 1, row) {
                inner_sides[g] += 1;
            }
            if row + 1 < n && same(col, row + 1) {
                inner_sides[g] += 1;
            }
            let degree = [
                col > 0 && same(col - 1, row),
                col + 1 < n && same(col + 1, row),
                row > 0 && same(col, row - 1),
                row + 1 < n && same(col, row + 1),
            ]
            .into_iter()
            .filter(|&b| b)
            .count();
            branches[g] |= degree > 2;
        }
    }
    (0..n)
        .map(|g| (size[g], size[g] >= PATH_MIN_SQUARES && inner_sides[g] + 1 == size[g] && !branches[g]))
        .collect()
}

/// The shapes of `puzzle`'s regions.
pub fn shapes(puzzle: &Puzzle) -> Shapes {
    let regions = regions(puzzle);
    Shapes {
        one_square: regions.iter().filter(|&&(s, _)| s == 1).count(),
        at_most_two: regions.iter().filter(|&&(s, _)| s <= 2).count(),
        paths: regions.iter().filter(|&&(_, path)| path).count(),
        largest: regions.iter().map(|&(s, _)| s).max().unwrap_or(0),
        board: puzzle.n() * puzzle.n(),
    }
}

/// [`Shapes`] over many puzzles, as the per-puzzle figures of issue 30's
/// table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ShapeTotals {
    /// Puzzles added.
    pub puzzles: usize,
    one_square: usize,
    with_one_square: usize,
    at_most_two: usize,
    paths: usize,
    largest_share: f64,
}

impl ShapeTotals {
    /// Counts one more puzzle.
    pub fn add(&mut self, s: Shapes) {
        self.puzzles += 1;
        self.one_square += s.one_square;
        self.with_one_square += usize::from(s.one_square > 0);
        self.at_most_two += s.at_most_two;
        self.paths += s.paths;
        self.largest_share += s.largest as f64 / s.board.max(1) as f64;
    }

    fn per_puzzle(&self, count: usize) -> f64 {
        count as f64 / self.puzzles.max(1) as f64
    }

    /// One-square regions per puzzle.
    pub fn one_square(&self) -> f64 {
        self.per_puzzle(self.one_square)
    }

    /// The share of puzzles with at least one one-square region (0 to 1).
    pub fn with_one_square(&self) -> f64 {
        self.per_puzzle(self.with_one_square)
    }

    /// Regions of at most two squares per puzzle.
    pub fn at_most_two(&self) -> f64 {
        self.per_puzzle(self.at_most_two)
    }

    /// Path-shaped regions per puzzle.
    pub fn paths(&self) -> f64 {
        self.per_puzzle(self.paths)
    }

    /// The largest region's share of the board, on average (0 to 1).
    pub fn largest_share(&self) -> f64 {
        self.largest_share / self.puzzles.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_singles_and_the_largest_are_counted() {
        // A: a bent path of 5; B: one square; C: a 2x2 block and more (no
        // path); D: a T (a branch, no path); E: two squares.
        let p = Puzzle::parse_letters(
            "AAAAB\n\
             DDDAC\n\
             EDCCC\n\
             ECCCC\n\
             CCCCC\n",
        )
        .unwrap();
        let s = shapes(&p);
        assert_eq!(s, Shapes { one_square: 1, at_most_two: 2, paths: 1, largest: 13, board: 25 });
    }

    #[test]
    fn a_tally_is_per_puzzle() {
        let mut t = ShapeTotals::default();
        t.add(Shapes { one_square: 2, at_most_two: 3, paths: 1, largest: 16, board: 64 });
        t.add(Shapes { one_square: 0, at_most_two: 1, paths: 3, largest: 32, board: 64 });
        assert_eq!((t.one_square(), t.with_one_square(), t.at_most_two(), t.paths()), (1.0, 0.5, 2.0, 2.0));
        assert!((t.largest_share() - 0.375).abs() < 1e-9);
    }
}
