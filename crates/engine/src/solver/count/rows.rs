//! The free rows of an inner search, as the fixed queens leave them: the
//! squares each row's fixed queens attack and how far down the next free row
//! is. Both searches of those rows read them: the one queen at a time of
//! `inner` and the batches of `batch`, which `inner` starts.

use super::constellation::Square;

/// The largest n the counter takes: one bit per column in a `u32`.
pub const MAX_COUNT_N: usize = 32;

/// Every row of an `n` x `n` board as a bit mask (the `n` low bits).
pub(in crate::solver) fn full(n: usize) -> u32 {
    (u64::MAX >> (64 - n)) as u32
}

/// One free row of the inner search.
#[derive(Clone, Copy, Default)]
pub(super) struct Row {
    /// Squares of this row that a fixed queen attacks along a diagonal.
    pub(super) attacked: u32,
    /// How many rows down the next free row is (1, or more past a fixed queen's row).
    pub(super) shift: u32,
}

/// Solutions by the column of the queen in the search's last free row.
pub(super) type ByLastColumn = [u64; MAX_COUNT_N];

/// The inner search below some fixed queens.
pub(super) struct Inner {
    /// Every column of the board (the `n` low bits).
    pub(super) mask: u32,
    /// The fixed queens' columns.
    pub(super) columns: u32,
    pub(super) rows: [Row; MAX_COUNT_N],
    /// How many rows the inner search fills.
    pub(super) depth: usize,
    /// The columns the last free row's queen may take.
    pub(super) last_allowed: u32,
}

impl Inner {
    /// The search of the rows free of `fixed` (queens that do not attack
    /// each other, at most one a row), its last queen in a column of `last_allowed`.
    pub(super) fn new(n: usize, fixed: &[Square], last_allowed: u32) -> Self {
        let mut inner = Inner {
            mask: full(n),
            columns: 0,
            rows: [Row::default(); MAX_COUNT_N],
            depth: 0,
            last_allowed: last_allowed & full(n),
        };
        let mut filled = 0u32;
        for &(row, col) in fixed {
            inner.columns |= 1 << col;
            filled |= 1 << row;
        }
        let mut free_rows = (0..n).filter(|&r| filled & (1 << r) == 0).peekable();
        while let Some(row) = free_rows.next() {
            let mut attacked = 0u32;
            for &(queen_row, queen_col) in fixed {
                let distance = row.abs_diff(queen_row);
                if queen_col >= distance {
                    attacked |= 1 << (queen_col - distance);
                }
                if queen_col + distance < n {
                    attacked |= 1 << (queen_col + distance);
                }
            }
            let shift = free_rows.peek().map_or(0, |next| (next - row) as u32);
            inner.rows[inner.depth] = Row { attacked, shift };
            inner.depth += 1;
        }
        inner
    }
}
