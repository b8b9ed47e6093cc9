//! The lexicographically first n-queens solution, found the way the MATLAB
//! program of the sources (seed 003) finds it: columns left to right, each
//! queen on the topmost row no earlier queen attacks, back to the previous
//! column when a column has no such row. The same placements in the same order,
//! only with bitboards (one bit per row; `u64` up to 64 rows, `u128` up to
//! 128) or, above 128, with flags per row and diagonal.
//!
//! The search is exponential and its cost jumps about from one n to the next,
//! so it counts its placements: a budget stops it (the same answer on every
//! machine), and a caller's check, asked every [`TICK`] placements, can stop it
//! too (Ctrl-C) or report progress. The search reads no clock.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// How many placements pass between two calls of the caller's check.
pub const TICK: u64 = 1 << 20;

/// Where a search stands when the caller's check is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tick {
    /// Queens placed so far, counting every placement that was later taken back.
    pub placements: u64,
    /// The most columns that held queens at once so far.
    pub deepest: usize,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The first solution: `rows[c]` is the row (0 = top) of the queen in column `c`.
    Found(Vec<u32>),
    /// Every placement was tried: there is none (n = 2 and 3).
    NoSolution,
    /// The budget of placements ran out first.
    OutOfBudget,
    /// The caller's check said stop.
    Stopped,
}

/// A search's outcome and the placements it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// What the search found, or why it stopped.
    pub outcome: Outcome,
    /// Queens placed, counting every placement that was later taken back.
    pub placements: u64,
}

/// Searches for the first solution of `n` queens, making at most `budget`
/// placements (`None`: no limit); `check` is called every [`TICK`] placements
/// and stops the search by returning `false`.
pub fn search(n: usize, budget: Option<u64>, check: &mut dyn FnMut(Tick) -> bool) -> Search {
    let budget = budget.unwrap_or(u64::MAX);
    if n == 0 {
        return Search { outcome: Outcome::Found(Vec::new()), placements: 0 };
    }
    if n <= 64 {
        bitboard::<u64>(n, budget, check)
    } else if n <= 128 {
        bitboard::<u128>(n, budget, check)
    } else {
        flags(n, budget, check)
    }
}

/// One column's rows as bits: bit `r` is row `r` from the top.
trait Rows:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    fn all(n: usize) -> Self;
    fn lowest(self) -> Self;
    fn index(self) -> u32;
}

impl Rows for u64 {
    const ZERO: u64 = 0;
    fn all(n: usize) -> u64 {
        u64::MAX >> (64 - n)
    }
    fn lowest(self) -> u64 {
        self & self.wrapping_neg()
    }
    fn index(self) -> u32 {
        self.trailing_zeros()
    }
}

impl Rows for u128 {
    const ZERO: u128 = 0;
    fn all(n: usize) -> u128 {
        u128::MAX >> (128 - n)
    }
    fn lowest(self) -> u128 {
        self & self.wrapping_neg()
    }
    fn index(self) -> u32 {
        self.trailing_zeros()
    }
}

/// The search state of one column: rows still to try, and the rows of this
/// column that earlier queens attack along a row or a diagonal.
#[derive(Clone, Copy)]
struct Column<T> {
    untried: T,
    taken: T,
    down: T,
    up: T,
}

fn bitboard<T: Rows>(n: usize, budget: u64, check: &mut dyn FnMut(Tick) -> bool) -> Search {
    let all = T::all(n);
    let empty = Column { untried: all, taken: T::ZERO, down: T::ZERO, up: T::ZERO };
    let mut columns = vec![empty; n];
    let mut rows: Vec<u32> = Vec::with_capacity(n);
    let mut placements = 0u64;
    let mut deepest = 0;
    loop {
        let c = rows.len();
        let here = columns[c];
        if here.untried == T::ZERO {
            // No row left in this column: back to the previous one (the MATLAB
            // program's roll-back), or, in the first column, no solution at all.
            if rows.pop().is_none() {
                return Search { outcome: Outcome::NoSolution, placements };
            }
            continue;
        }
        if placements == budget {
            return Search { outcome: Outcome::OutOfBudget, placements };
        }
        let bit = here.untried.lowest();
        columns[c].untried = here.untried ^ bit;
        placements += 1;
        rows.push(bit.index());
        if c + 1 == n {
            return Search { outcome: Outcome::Found(rows), placements };
        }
        deepest = deepest.max(c + 1);
        let taken = here.taken | bit;
        let down = ((here.down | bit) << 1) & all;
        let up = (here.up | bit) >> 1;
        columns[c + 1] = Column { untried: all & !(taken | down | up), taken, down, up };
        if placements.is_multiple_of(TICK) && !check(Tick { placements, deepest }) {
            return Search { outcome: Outcome::Stopped, placements };
        }
    }
}

/// The same search for boards above 128: a flag per row and per diagonal,
/// each column scanned downwards from the row after the one last tried.
fn flags(n: usize, budget: u64, check: &mut dyn FnMut(Tick) -> bool) -> Search {
    let mut row_taken = vec![false; n];
    // Diagonals by row + column, and by row - column + n - 1.
    let mut sum_taken = vec![false; 2 * n - 1];
    let mut difference_taken = vec![false; 2 * n - 1];
    let mut rows: Vec<u32> = Vec::with_capacity(n);
    // The row to try next in the current column.
    let mut next = 0usize;
    let mut placements = 0u64;
    let mut deepest = 0;
    loop {
        let c = rows.len();
        let free =
            (next..n).find(|&r| !row_taken[r] && !sum_taken[r + c] && !difference_taken[r + n - 1 - c]);
        let Some(r) = free else {
            let Some(last) = rows.pop() else {
                return Search { outcome: Outcome::NoSolution, placements };
            };
            let (r, c) = (last as usize, c - 1);
            row_taken[r] = false;
            sum_taken[r + c] = false;
            difference_taken[r + n - 1 - c] = false;
            next = r + 1;
            continue;
        };
        if placements == budget {
            return Search { outcome: Outcome::OutOfBudget, placements };
        }
        placements += 1;
        rows.push(r as u32);
        if c + 1 == n {
            return Search { outcome: Outcome::Found(rows), placements };
        }
        deepest = deepest.max(c + 1);
        row_taken[r] = true;
        sum_taken[r + c] = true;
        difference_taken[r + n - 1 - c] = true;
        next = 0;
        if placements.is_multiple_of(TICK) && !check(Tick { placements, deepest }) {
            return Search { outcome: Outcome::Stopped, placements };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(n: usize) -> Option<Vec<u32>> {
        match search(n, None, &mut |_| true).outcome {
            Outcome::Found(rows) => Some(rows),
            Outcome::NoSolution => None,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_matlab_programs_printed_boards() {
        // Read off the grids the paper prints for 8, 9 and 10.
        assert_eq!(found(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
        assert_eq!(found(9), Some(vec![0, 2, 5, 7, 1, 3, 8, 6, 4]));
        assert_eq!(found(10), Some(vec![0, 2, 5, 7, 9, 4, 8, 1, 3, 6]));
        assert_eq!(found(1), Some(vec![0]));
        assert_eq!(found(2), None);
        assert_eq!(found(3), None);
    }

    #[test]
    fn the_three_boards_agree_placement_for_placement() {
        // Sizes with at most about 50,000 placements each (22 and 28 on take millions).
        for n in (1..=21).chain([23, 25]) {
            let small = bitboard::<u64>(n, u64::MAX, &mut |_| true);
            assert_eq!(bitboard::<u128>(n, u64::MAX, &mut |_| true), small, "n = {n}");
            assert_eq!(flags(n, u64::MAX, &mut |_| true), small, "n = {n}");
        }
        // And where only the wider ones reach.
        for n in [65, 70, 100] {
            let wide = bitboard::<u128>(n, 200_000, &mut |_| true);
            assert_eq!(flags(n, 200_000, &mut |_| true), wide, "n = {n}");
        }
    }

    /// The first solution, if a search of at most `budget` placements finds it.
    fn first_within(n: usize, budget: u64) -> Search {
        search(n, Some(budget), &mut |_| true)
    }

    #[test]
    fn a_budget_and_the_check_stop_it() {
        let full = first_within(8, u64::MAX);
        assert!(matches!(full.outcome, Outcome::Found(_)));
        let short = first_within(8, full.placements - 1);
        assert_eq!(short, Search { outcome: Outcome::OutOfBudget, placements: full.placements - 1 });
        assert_eq!(first_within(8, full.placements), full, "the budget is placements, inclusive");
        // 40 queens take billions of placements: the check's third "no" stops it.
        let mut ticks = Vec::new();
        let stopped = search(40, None, &mut |t| {
            ticks.push(t);
            ticks.len() < 3
        });
        assert_eq!(stopped, Search { outcome: Outcome::Stopped, placements: 3 * TICK });
        assert_eq!(ticks.iter().map(|t| t.placements).collect::<Vec<_>>(), [TICK, 2 * TICK, 3 * TICK]);
        assert!(ticks.iter().all(|t| t.deepest > 20 && t.deepest < 40), "{ticks:?}");
    }
}
