//! Completing a partial board: the given queens stay, the rest are found by a
//! depth-first search that always branches on the most constrained line (the
//! empty column or the free row with the fewest safe squares), with every
//! column, row and diagonal held as a bitboard.
//!
//! Completion is NP-complete (Gent, Jefferson and Nightingale, 2017), so some
//! inputs take exponential time whatever the method. A plain search can also
//! get lost for a long time under one early bad choice on an easy board, so
//! ties are broken by a seeded pseudo-random order and the search restarts
//! with a fresh order and a doubled node budget whenever a budget runs out
//! (the restart strategy of Gomes, Selman and Kautz). A search that ends
//! within its budget is exhaustive, so "no completion" is always proved; the
//! answers are deterministic because the seeds are fixed.

use crate::puzzle::{Placement, Square};

/// The largest board [`complete_rows`] takes: one bit per row in a `u128`.
pub const MAX_COMPLETE_N: usize = 128;

/// Why a board cannot be completed before the search starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Two given queens attack each other.
    Attacking(Square, Square),
    /// The board is larger than [`MAX_COMPLETE_N`].
    TooLarge(usize),
}

/// Completes `placement` (a board of the game, up to 32 columns): a solution
/// keeping every queen on it, or `None` if there is none (including when two
/// of its queens attack each other).
pub fn complete(placement: &Placement) -> Option<Placement> {
    let given: Vec<Square> = placement.queens().collect();
    let rows = complete_rows(placement.n(), &given).ok()??;
    Some(Placement::from_full_rows(&rows.iter().map(|&r| r as u8).collect::<Vec<_>>()))
}

/// Completes the queens on `given` squares of an n x n board to a full
/// solution (`rows[c]`, 0 = top), `Ok(None)` if none exists.
pub fn complete_rows(n: usize, given: &[Square]) -> Result<Option<Vec<u32>>, Refusal> {
    if n > MAX_COMPLETE_N {
        return Err(Refusal::TooLarge(n));
    }
    for (i, a) in given.iter().enumerate() {
        if let Some(b) = given[i + 1..].iter().find(|b| a.queen_attacks(**b) || *b == a) {
            return Err(Refusal::Attacking(*a, *b));
        }
    }
    let mut budget = 1_000 * n as u64;
    for seed in 1u64.. {
        let mut board = Search::new(n, seed);
        for sq in given {
            board.place(sq.col as usize, sq.row as usize);
        }
        board.budget = budget;
        match board.search() {
            Outcome::Found => return Ok(Some(board.rows.iter().map(|&r| r as u32).collect())),
            Outcome::Exhausted => return Ok(None),
            Outcome::OutOfBudget => budget = budget.saturating_mul(2),
        }
    }
    unreachable!("the budget doubles until a search ends")
}

enum Outcome {
    Found,
    /// Every branch was tried: there is no completion.
    Exhausted,
    OutOfBudget,
}

/// A bit set of 256 bits, enough for the 2n - 1 diagonals of a 128 board.
#[derive(Clone, Copy, Default)]
struct Bits256 {
    lo: u128,
    hi: u128,
}

impl Bits256 {
    fn set(&mut self, i: usize) {
        if i < 128 { self.lo |= 1 << i } else { self.hi |= 1 << (i - 128) }
    }

    fn clear(&mut self, i: usize) {
        if i < 128 { self.lo &= !(1 << i) } else { self.hi &= !(1 << (i - 128)) }
    }

    /// Bits `k..k + 128` as a `u128`.
    fn window(&self, k: usize) -> u128 {
        match k {
            0 => self.lo,
            1..128 => (self.lo >> k) | (self.hi << (128 - k)),
            _ => self.hi >> (k - 128),
        }
    }
}

/// The search state. Diagonal `d` holds squares with `row + col = d`; `u` those
/// with `row - col + n - 1 = u`, and `v` the same set indexed by
/// `col - row + n - 1` so that rows can read their free columns as a window too.
struct Search {
    n: usize,
    full: u128,
    rows: Vec<u8>,
    cols_used: u128,
    rows_used: u128,
    d: Bits256,
    u: Bits256,
    v: Bits256,
    placed: usize,
    /// Nodes this run may still visit.
    budget: u64,
    /// xorshift state for breaking ties.
    rng: u64,
}

const EMPTY: u8 = u8::MAX;

impl Search {
    fn new(n: usize, seed: u64) -> Search {
        let full = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        let z = Bits256::default();
        let rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        Search {
            n,
            full,
            rows: vec![EMPTY; n],
            cols_used: 0,
            rows_used: 0,
            d: z,
            u: z,
            v: z,
            placed: 0,
            budget: 0,
            rng,
        }
    }

    fn random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn place(&mut self, col: usize, row: usize) {
        let n = self.n;
        self.rows[col] = row as u8;
        self.cols_used |= 1 << col;
        self.rows_used |= 1 << row;
        self.d.set(row + col);
        self.u.set(row + n - 1 - col);
        self.v.set(col + n - 1 - row);
        self.placed += 1;
    }

    fn remove(&mut self, col: usize, row: usize) {
        let n = self.n;
        self.rows[col] = EMPTY;
        self.cols_used &= !(1 << col);
        self.rows_used &= !(1 << row);
        self.d.clear(row + col);
        self.u.clear(row + n - 1 - col);
        self.v.clear(col + n - 1 - row);
        self.placed -= 1;
    }

    /// The free rows of an empty column.
    fn rows_free_in(&self, col: usize) -> u128 {
        let n = self.n;
        // Row r is on diagonal r + col, and on u-diagonal r + (n - 1 - col).
        self.full & !self.rows_used & !self.d.window(col) & !self.u.window(n - 1 - col)
    }

    /// The free columns of an empty row.
    fn cols_free_in(&self, row: usize) -> u128 {
        let n = self.n;
        self.full & !self.cols_used & !self.d.window(row) & !self.v.window(n - 1 - row)
    }

    /// Fills the board; on failure it is left as it was.
    fn search(&mut self) -> Outcome {
        if self.placed == self.n {
            return Outcome::Found;
        }
        if self.budget == 0 {
            return Outcome::OutOfBudget;
        }
        self.budget -= 1;
        // The most constrained empty line: fewest free squares, ties broken at random.
        let mut best: Option<(u32, bool, usize, u128)> = None; // (count, is_row, index, free)
        let mut ties = 0u64;
        for line in 0..self.n {
            for is_row in [false, true] {
                let (used, free) = if is_row {
                    (self.rows_used, self.cols_free_in(line))
                } else {
                    (self.cols_used, self.rows_free_in(line))
                };
                if used >> line & 1 == 1 {
                    continue;
                }
                let count = free.count_ones();
                if count == 0 {
                    return Outcome::Exhausted;
                }
                let better = match best {
                    None => true,
                    Some(b) if count < b.0 => true,
                    Some(b) if count == b.0 => {
                        ties += 1;
                        self.random().is_multiple_of(ties + 1)
                    }
                    Some(_) => false,
                };
                if better {
                    if best.is_none_or(|b| count < b.0) {
                        ties = 0;
                    }
                    best = Some((count, is_row, line, free));
                }
            }
        }
        let (_, is_row, line, free) = best.expect("an empty line exists while the board is not full");
        // Squares in a rotated order, so each run starts somewhere else.
        let start = (self.random() % self.n as u64) as u32;
        let mut ordered = [free & (u128::MAX << start), free & !(u128::MAX << start)];
        for part in &mut ordered {
            while *part != 0 {
                let other = part.trailing_zeros() as usize;
                *part &= *part - 1;
                let (col, row) = if is_row { (other, line) } else { (line, other) };
                self.place(col, row);
                let outcome = self.search();
                if !matches!(outcome, Outcome::Exhausted) {
                    if matches!(outcome, Outcome::OutOfBudget) {
                        self.remove(col, row);
                    }
                    return outcome;
                }
                self.remove(col, row);
            }
        }
        Outcome::Exhausted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::validate::{is_solution, keeps_queens};

    #[test]
    fn an_empty_board_completes_for_every_size_but_2_and_3() {
        for n in 1..=40 {
            let rows = complete_rows(n, &[]).unwrap();
            assert_eq!(rows.is_some(), n != 2 && n != 3, "n = {n}");
            if let Some(rows) = rows {
                assert!(is_solution(&rows));
            }
        }
    }

    #[test]
    fn given_queens_stay() {
        let given = [Square::new(0, 0), Square::new(5, 1)];
        let rows = complete_rows(8, &given).unwrap().unwrap();
        assert!(is_solution(&rows));
        let mut fixed = vec![None; 8];
        fixed[0] = Some(0);
        fixed[5] = Some(1);
        assert!(keeps_queens(&fixed, &rows));
    }

    #[test]
    fn attacking_queens_are_refused_and_dead_ends_say_none() {
        let clash = [Square::new(0, 0), Square::new(3, 3)];
        assert_eq!(complete_rows(8, &clash), Err(Refusal::Attacking(clash[0], clash[1])));
        // Neither 4x4 solution has a queen in a corner.
        assert_eq!(complete_rows(4, &[Square::new(0, 0)]), Ok(None));
        assert!(matches!(complete_rows(129, &[]), Err(Refusal::TooLarge(129))));
    }

    #[test]
    fn the_largest_board_completes() {
        let rows = complete_rows(128, &[Square::new(64, 64)]).unwrap().unwrap();
        assert!(is_solution(&rows) && rows[64] == 64);
    }
}
