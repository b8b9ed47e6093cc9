//! The regions puzzle (LinkedIn's daily "Queens", a one-star Star Battle):
//! an `n` x `n` grid cut into `n` regions; place one queen in every row,
//! every column and every region, with no two queens touching, diagonally
//! included.
//!
//! - [`Puzzle`]: the grid of regions, checked when it is made (its size and
//!   the numbering of its regions). A region may be in several pieces: the
//!   rules do not need one to be connected, and published puzzles have such
//!   regions; only the generator makes each one piece.
//! - [`solve`]: the solutions by search, the referee for everything else.
//! - [`deduce`]: the deduction rules a person uses, the hint they give, and
//!   the difficulty of a puzzle (the hardest rule it needs).
//! - [`generate`]: puzzles with exactly one solution that the rules alone
//!   solve, from a seed, and the puzzle of the day from the date alone.
//! - [`share`]: a puzzle from elsewhere: its link (`#p=...`), reading one
//!   as a person pastes it (a link, rows of letters or [`json`]), and
//!   whether the game can play it.
//! - [`json`]: a puzzle as JSON, written and read, its keys checked
//!   against its grid.
//! - [`shapes`]: what the regions look like (one-square regions, paths,
//!   the largest), to hold the generator to LinkedIn's range.

pub mod deduce;
pub mod generate;
pub mod json;
pub mod shapes;
pub mod share;
pub mod solve;

use crate::puzzle::Square;
use crate::solver::notation::{file_name, square_name};
use crate::words::{how_many, quoted};
use std::fmt;

/// The largest side the solver and [`Puzzle`] take (a row fits in a `u16`).
pub const MAX_SIDE: usize = 16;

/// A grid of regions: region numbers `0..n`, one per square, rows from the
/// top. Every value of this type is a valid puzzle (it may still have no
/// solution, or several).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    n: usize,
    regions: Vec<u8>,
    /// For region `g` and row `r`, at `g * n + r`: a bit per column, the region's squares.
    masks: Vec<u16>,
}

/// Why a grid is not a regions puzzle, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

fn error(why: String) -> PuzzleError {
    PuzzleError(why)
}

/// The letter of region `r` in the text grid: `A` for region 0.
pub fn letter(region: usize) -> char {
    (b'A' + region as u8) as char
}

impl Puzzle {
    /// A puzzle from its rows of region numbers, rows from the top. The grid
    /// must be square, 1x1 to 16x16 and use exactly the regions `0..n`; a
    /// region may be in several pieces (the rules hold as well: one queen
    /// in it, wherever its squares are).
    pub fn new(rows: &[Vec<usize>]) -> Result<Puzzle, PuzzleError> {
        let n = rows.len();
        if n == 0 || n > MAX_SIDE {
            return Err(error(format!(
                "a regions puzzle is 1x1 to {MAX_SIDE}x{MAX_SIDE}, this one has {}",
                how_many(n, "row")
            )));
        }
        let mut regions = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(error(format!(
                    "row {} has {}, but the grid has {}: it must be square",
                    r + 1,
                    how_many(row.len(), "square"),
                    how_many(n, "row")
                )));
            }
            for (c, &region) in row.iter().enumerate() {
                if region >= n {
                    return Err(error(format!(
                        "row {} from the top, column {} is in region {region}, but {n}x{n} has regions 0 to {} (A to {})",
                        r + 1,
                        c + 1,
                        n - 1,
                        letter(n - 1)
                    )));
                }
                regions.push(region as u8);
            }
        }
        let mut masks = vec![0u16; n * n];
        for (i, &region) in regions.iter().enumerate() {
            masks[region as usize * n + i / n] |= 1 << (i % n);
        }
        let puzzle = Puzzle { n, regions, masks };
        puzzle.check_regions()?;
        Ok(puzzle)
    }

    /// Every region used (in one piece or several).
    fn check_regions(&self) -> Result<(), PuzzleError> {
        let n = self.n;
        for region in 0..n {
            if !self.regions.iter().any(|&r| r as usize == region) {
                return Err(error(format!(
                    "region {region} ({}) has no square: {n}x{n} needs {n} regions",
                    letter(region)
                )));
            }
        }
        Ok(())
    }

    /// Reads the text grid: one row a line, one letter a square (`A` is
    /// region 0, either case), spaces ignored; blank lines around it are
    /// ignored too.
    pub fn parse_letters(text: &str) -> Result<Puzzle, PuzzleError> {
        let mut rows = Vec::new();
        for (line_no, line) in text.lines().enumerate() {
            let letters: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if letters.is_empty() {
                continue;
            }
            let mut row = Vec::with_capacity(letters.len());
            for (i, ch) in letters.into_iter().enumerate() {
                let upper = ch.to_ascii_uppercase();
                if !upper.is_ascii_uppercase() || (upper as usize - 'A' as usize) >= MAX_SIDE {
                    return Err(error(format!(
                        "line {}, square {}: {} is not a region letter (A to {})",
                        line_no + 1,
                        i + 1,
                        quoted(&ch.to_string()),
                        letter(MAX_SIDE - 1)
                    )));
                }
                row.push(upper as usize - 'A' as usize);
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(error("no puzzle: expected a link, rows of region letters, or JSON".to_string()));
        }
        Puzzle::new(&rows)
    }

    /// The side of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The region of the square in column `col`, row `row` from the top.
    pub fn region_at(&self, col: usize, row: usize) -> usize {
        self.regions[row * self.n + col] as usize
    }

    /// The region of `square`.
    pub fn region(&self, square: Square) -> usize {
        self.region_at(square.col as usize, square.row as usize)
    }

    /// The rows of region numbers, from the top.
    pub fn rows(&self) -> Vec<Vec<usize>> {
        self.regions.chunks(self.n).map(|row| row.iter().map(|&r| r as usize).collect()).collect()
    }

    /// The text grid: a letter a square, a line a row.
    pub fn letters(&self) -> String {
        let mut text = String::with_capacity(self.n * (self.n + 1));
        for row in self.regions.chunks(self.n) {
            text.extend(row.iter().map(|&r| letter(r as usize)));
            text.push('\n');
        }
        text
    }

    /// Whether `rows` (the row of the queen in each column, row 0 at the
    /// top, as `generate --format json` writes `"solution"`) solves the
    /// puzzle: checked rule by rule, apart from the search, and the first
    /// rule broken said in words (squares named as the solver prints them).
    pub fn check_solution(&self, rows: &[usize]) -> Result<(), PuzzleError> {
        let n = self.n;
        if rows.len() != n {
            let (queens, columns) = (how_many(rows.len(), "queen"), how_many(n, "column"));
            return Err(error(format!("it has {queens} for the grid's {columns}")));
        }
        if let Some(col) = rows.iter().position(|&row| row >= n) {
            let (file, row) = (file_name(col), rows[col]);
            let rows = how_many(n, "row");
            return Err(error(format!("column {file}'s queen is in row {row}, past the grid's {rows}")));
        }
        let name = |col: usize| square_name(Square::new(col as u8, rows[col] as u8), n);
        for a in 0..n {
            for b in a + 1..n {
                let why = if rows[a] == rows[b] {
                    "share a row"
                } else if self.region_at(a, rows[a]) == self.region_at(b, rows[b]) {
                    "share a region"
                } else if b == a + 1 && rows[a].abs_diff(rows[b]) == 1 {
                    "touch"
                } else {
                    continue;
                };
                return Err(error(format!("the queens on {} and {} {why}", name(a), name(b))));
            }
        }
        Ok(())
    }

    /// A bit per column: the squares of `region` in `row`.
    pub(crate) fn region_mask_in_row(&self, region: usize, row: usize) -> u16 {
        self.masks[region * self.n + row]
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle {{ n: {}, regions:\n{}}}", self.n, self.letters())
    }
}

/// The squares sharing a side with square `i` of an `n` x `n` grid.
fn side_neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [(r > 0).then(|| i - n), (r + 1 < n).then(|| i + n), (c > 0).then(|| i - 1), (c + 1 < n).then(|| i + 1)]
        .into_iter()
        .flatten()
}

/// Whether the squares of an `n` x `n` grid that are `inside` form one piece,
/// touching by their sides (a flood fill from the first reaches them all);
/// false when there are none. The generator keeps its regions so; a
/// [`Puzzle`] need not be.
fn one_piece(n: usize, inside: impl Fn(usize) -> bool) -> bool {
    let Some(first) = (0..n * n).find(|&i| inside(i)) else {
        return false;
    };
    let mut seen = vec![false; n * n];
    seen[first] = true;
    let mut stack = vec![first];
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        for j in side_neighbours(i, n) {
            if !seen[j] && inside(j) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == (0..n * n).filter(|&i| inside(i)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_letters_read_back_as_written() {
        let text = "AAB\nACB\nCCB\n";
        let p = Puzzle::parse_letters(text).unwrap();
        assert_eq!(p.n(), 3);
        assert_eq!(p.letters(), text);
        assert_eq!(p.region_at(2, 0), 1);
        assert_eq!(Puzzle::parse_letters(" a a b \n\n a c b\nc c b\n\n").unwrap(), p);
    }

    #[test]
    fn a_region_may_be_in_several_pieces() {
        // A and B each in two pieces, touching only at corners.
        let p = Puzzle::parse_letters("AB\nBA\n").unwrap();
        assert_eq!((p.region_at(0, 0), p.region_at(1, 1)), (0, 0));
        assert_eq!(p.region_mask_in_row(0, 1), 0b10);
    }

    #[test]
    fn bad_grids_are_one_line_each() {
        let cases = [
            ("AAB\nACB\n", "must be square"),
            ("AA\nAA\n", "region 1 (B) has no square"),
            ("AAA\nAAA\nBBB\n", "region 2 (C) has no square"),
            ("AAB\nAC?\nCCB\n", "'?' is not a region letter"),
            ("AAD\nACB\nCCB\n", "regions 0 to 2 (A to C)"),
            ("", "no puzzle"),
        ];
        for (text, expected) in cases {
            let why = Puzzle::parse_letters(text).unwrap_err().to_string();
            assert!(why.contains(expected), "{text:?}: {why}");
            assert!(!why.contains('\n'), "{why}");
        }
    }
}
