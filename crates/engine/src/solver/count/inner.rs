//! The inner search of one start constellation: the rows between the border
//! queens, one queen each, with bitboards (Somers' method). The border
//! queens' diagonals are known before the search starts, so each row's
//! squares they attack are one precomputed mask, and the rows the side
//! queens already fill are stepped over by shifting the diagonals further.

use super::MAX_COUNT_N;
use super::constellation::{Constellation, Square, attacks, map};

/// One row of the inner search.
#[derive(Clone, Copy, Default)]
struct Row {
    /// Squares of this row that a border queen attacks along a diagonal.
    attacked: u32,
    /// How many rows down the next inner row is (1, or more past a side queen's row).
    shift: u32,
}

/// The inner search of one constellation.
pub(super) struct Inner {
    /// Every column of the board (the `n` low bits).
    mask: u32,
    /// The border queens' columns.
    columns: u32,
    rows: [Row; MAX_COUNT_N],
    /// How many rows the inner search fills.
    depth: usize,
}

impl Inner {
    pub(super) fn new(n: usize, constellation: &Constellation) -> Self {
        let border = constellation.queens(n);
        let mut inner =
            Inner { mask: super::full(n), columns: 0, rows: [Row::default(); MAX_COUNT_N], depth: 0 };
        for &(_, col) in &border {
            inner.columns |= 1 << col;
        }
        let free_rows: Vec<usize> = (0..n).filter(|&r| border.iter().all(|q| q.0 != r)).collect();
        for (d, &row) in free_rows.iter().enumerate() {
            let mut attacked = 0u32;
            for &(queen_row, queen_col) in &border {
                let distance = row.abs_diff(queen_row);
                if queen_col >= distance {
                    attacked |= 1 << (queen_col - distance);
                }
                if queen_col + distance < n {
                    attacked |= 1 << (queen_col + distance);
                }
            }
            let shift = free_rows.get(d + 1).map_or(0, |next| (next - row) as u32);
            inner.rows[d] = Row { attacked, shift };
        }
        inner.depth = free_rows.len();
        inner
    }

    /// How many ways the inner rows can be filled: the constellation's solutions.
    pub(super) fn count(&self) -> u64 {
        match self.depth {
            0 => 1, // The border queens fill every row (n = 4).
            1 => u64::from(self.mask & !(self.columns | self.rows[0].attacked) != 0),
            _ => {
                let taken = self.columns | !self.mask;
                self.below(0, 0, 0, taken, !(taken | self.rows[0].attacked))
            }
        }
    }

    /// The solutions from inner row `d` on (at least two rows before the end),
    /// given the inner queens' diagonals shifted to that row, every column taken,
    /// and the row's free squares (which the caller has computed already).
    fn below(&self, d: usize, left: u32, right: u32, taken: u32, free: u32) -> u64 {
        // `taken` holds the bits beyond the board too, so no mask is needed; `% MAX_COUNT_N`
        // (an and) spares the bounds checks.
        let row = self.rows[d % MAX_COUNT_N];
        let mut free = free;
        let mut total = 0;
        if d + 3 == self.depth {
            // Two rows are left after this one: both are searched here, without calls.
            let next = self.rows[(d + 1) % MAX_COUNT_N];
            let last = self.rows[(d + 2) % MAX_COUNT_N].attacked;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let (left, right, taken) =
                    ((left | bit) << row.shift, (right | bit) >> row.shift, taken | bit);
                let mut free = !(left | right | taken | next.attacked);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let below = (left | bit) << next.shift | (right | bit) >> next.shift;
                    total += u64::from(!(below | bit | taken | last) != 0);
                }
            }
            return total;
        }
        if d + 2 == self.depth {
            // The next row is the last, with one column left: count the queens here that leave it free.
            let last = self.rows[(d + 1) % MAX_COUNT_N].attacked | taken;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let below = (left | bit) << row.shift | (right | bit) >> row.shift;
                total += u64::from(!(below | bit | last) != 0);
            }
            return total;
        }
        // Deeper: a child is searched only if its row, and the row after it as far as
        // the queens so far leave it, have room (a cheap test that spares most dead calls).
        let next = self.rows[(d + 1) % MAX_COUNT_N];
        let after = self.rows[(d + 2) % MAX_COUNT_N].attacked;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (left, right, taken) = ((left | bit) << row.shift, (right | bit) >> row.shift, taken | bit);
            let child = !(left | right | taken | next.attacked);
            if child != 0 && !(left << next.shift | right >> next.shift | taken | after) != 0 {
                total += self.below(d + 1, left, right, taken, child);
            }
        }
        total
    }

    /// The nodes of the first `levels` inner rows: how many queens the search
    /// places there. A cheap, deterministic measure of the whole search's size.
    pub(super) fn nodes_to(&self, levels: usize) -> u64 {
        fn go(inner: &Inner, d: usize, levels: usize, left: u32, right: u32, taken: u32) -> u64 {
            if d == levels.min(inner.depth) {
                return 0;
            }
            let row = inner.rows[d];
            let mut free = inner.mask & !(left | right | taken | row.attacked);
            let mut nodes = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                nodes += 1 + go(
                    inner,
                    d + 1,
                    levels,
                    (left | bit) << row.shift,
                    (right | bit) >> row.shift,
                    taken | bit,
                );
            }
            nodes
        }
        go(self, 0, levels, 0, 0, self.columns)
    }
}

/// The solutions with the border queens `border` that each symmetry in
/// `group` (a group: closed, with the identity) maps to themselves. The
/// border must be mapped to itself by the group. Queens are placed a whole
/// orbit at a time, so the search is about the square root of a full one.
pub(super) fn count_symmetric(n: usize, border: &[Square], group: &[usize]) -> u64 {
    struct Board {
        n: usize,
        rows: Vec<bool>,
        cols: Vec<bool>,
        falling: Vec<bool>,
        rising: Vec<bool>,
    }
    impl Board {
        fn free(&self, (r, c): Square) -> bool {
            !self.rows[r] && !self.cols[c] && !self.falling[r + self.n - 1 - c] && !self.rising[r + c]
        }
        fn set(&mut self, (r, c): Square, on: bool) {
            self.rows[r] = on;
            self.cols[c] = on;
            self.falling[r + self.n - 1 - c] = on;
            self.rising[r + c] = on;
        }
        fn fill(&mut self, group: &[usize]) -> u64 {
            let Some(row) = (0..self.n).find(|&r| !self.rows[r]) else { return 1 };
            let mut total = 0;
            for col in 0..self.n {
                let mut orbit: Vec<Square> = group.iter().map(|&g| map(g, self.n, (row, col))).collect();
                orbit.sort_unstable();
                orbit.dedup();
                let fits = orbit
                    .iter()
                    .enumerate()
                    .all(|(i, &s)| self.free(s) && orbit[..i].iter().all(|&t| !attacks(s, t)));
                if fits {
                    orbit.iter().for_each(|&s| self.set(s, true));
                    total += self.fill(group);
                    orbit.iter().for_each(|&s| self.set(s, false));
                }
            }
            total
        }
    }
    let mut board = Board {
        n,
        rows: vec![false; n],
        cols: vec![false; n],
        falling: vec![false; 2 * n - 1],
        rising: vec![false; 2 * n - 1],
    };
    border.iter().for_each(|&q| board.set(q, true));
    board.fill(group)
}
