//! The last rows of the inner search, breadth first, in batches (issue 55).
//!
//! A backtracking search near the end of the board is thin: a queen placed
//! there leaves on average one square or none in the next row, so the search
//! spends its time on the loop and look-ahead branches that decide whether to
//! go on, and the processor guesses them wrong about as often as right.
//! Here the states of a row (the queens' diagonals, the columns taken, the
//! row's free squares) are kept in arrays, up to [`BATCH`] of them, and the
//! next row's are made from them all at once: a free square of every state a
//! pass, the children written whether they are kept or not and the count of
//! those kept advanced by a comparison, the states with squares left kept for
//! the next pass the same way. No branch depends on the board, and the loops
//! run over arrays the processor reads ahead. A row's states are expanded in
//! chunks small enough that their children fit the next row's arrays, each
//! chunk's children taken to the end before the next chunk (depth first
//! between batches, breadth first within them), so a search holds at most a
//! batch a row. The last three rows are counted as the backtracking search
//! counted them: both orders of the last two columns, tested with bit
//! operations.
//!
//! At N = 16 this counts in about half the time of the backtracking search
//! it replaced, which visited the same squares (docs/PERFORMANCE.md).

use super::rows::{ByLastColumn, Inner, MAX_COUNT_N};
use std::ops::Range;

/// The states a row's batch holds: a power of two, so that an index taken `% BATCH` needs no
/// bounds check. Its arrays (16 KiB a row) stay in the processor's second-level cache.
const BATCH: usize = 1024;

/// The most free rows searched in batches: the rows above them, on the largest boards, are
/// searched one queen at a time and look for a request to stop (`Inner::count_watched`), so a
/// batch is the most work done without looking: subtrees of 12 rows, well under a millisecond
/// for a batch of them.
pub(super) const BATCHED_ROWS: usize = 12;

/// The rows that have a batch: every batched row but the last two, which the third last counts.
const LEVELS: usize = BATCHED_ROWS - 2;

/// One state of a row. Its four words lie together, 16 bytes (four states a cache line):
/// a child reads all four of its parent's, so one load brings them, where four arrays of one
/// word each took four (issue 55: with the constant shifts of [`children`], a tenth less time
/// at N = 16 and 17).
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct State {
    /// The queens' diagonals going down to the right, shifted to this row.
    left: u32,
    /// The queens' diagonals going down to the left, shifted to this row.
    right: u32,
    /// The columns taken, and every bit beyond the board.
    taken: u32,
    /// The row's free squares (never none).
    free: u32,
}

/// The states of one row.
#[derive(Clone)]
struct States {
    state: [State; BATCH],
    len: usize,
}

/// The states that still have squares to place a queen on, and those squares, between passes.
struct Kept {
    state: [u16; BATCH],
    squares: [u32; BATCH],
}

/// The arrays a search's batches use, made once for each thread and used for every search it
/// runs (about 170 KiB).
pub(crate) struct Scratch {
    rows: Vec<States>,
    kept: Box<Kept>,
}

impl Scratch {
    /// The arrays of one thread's searches.
    pub(crate) fn new() -> Self {
        let empty = States { state: [State::default(); BATCH], len: 0 };
        Scratch { rows: vec![empty; LEVELS], kept: Box::new(Kept { state: [0; BATCH], squares: [0; BATCH] }) }
    }

    /// The batches of `inner`'s search from its free row `first` (at most [`BATCHED_ROWS`] rows
    /// before its end, and at least three) to the end.
    pub(super) fn batch<'a>(&'a mut self, inner: &'a Inner, first: usize) -> Batches<'a> {
        debug_assert!((3..=BATCHED_ROWS).contains(&(inner.depth - first)), "{first} of {}", inner.depth);
        self.rows[0].len = 0;
        Batches { inner, first, scratch: self }
    }
}

/// The batched rows of one search.
pub(super) struct Batches<'a> {
    inner: &'a Inner,
    /// The free row of the first batch.
    first: usize,
    scratch: &'a mut Scratch,
}

impl Batches<'_> {
    /// Adds the state of the first batched row: the queens' diagonals shifted to it, the
    /// columns taken and the row's free squares. A full batch is searched at once, its
    /// solutions added to `counts` by the last row's column.
    pub(super) fn push(&mut self, left: u32, right: u32, taken: u32, free: u32, counts: &mut ByLastColumn) {
        if free == 0 {
            return;
        }
        let states = &mut self.scratch.rows[0];
        let i = states.len % BATCH;
        states.state[i] = State { left, right, taken, free };
        states.len += 1;
        if states.len == BATCH {
            self.search(counts);
        }
    }

    /// Searches the states pushed since the last full batch.
    pub(super) fn finish(mut self, counts: &mut ByLastColumn) {
        if self.scratch.rows[0].len > 0 {
            self.search(counts);
        }
    }

    fn search(&mut self, counts: &mut ByLastColumn) {
        if self.inner.last_allowed == self.inner.mask {
            expand::<false>(self.inner, self.first, 0, self.scratch, counts);
        } else {
            expand::<true>(self.inner, self.first, 0, self.scratch, counts);
        }
    }
}

/// Takes the states of batch `level`, at free row `row`, to the end of the board, adding their
/// solutions to `counts`. `RESTRICTED`: whether the last row's columns are restricted (a group),
/// so that a state whose free columns hold none of them ends at once.
fn expand<const RESTRICTED: bool>(
    inner: &Inner,
    row: usize,
    level: usize,
    scratch: &mut Scratch,
    counts: &mut ByLastColumn,
) {
    let len = std::mem::take(&mut scratch.rows[level].len);
    if row + 3 == inner.depth {
        let (from, kept) = (&scratch.rows[level], &mut scratch.kept);
        return if inner.rows[row].shift == 1 && inner.rows[row + 1].shift == 1 {
            last_three::<true>(inner, row, from, 0..len, kept, counts)
        } else {
            last_three::<false>(inner, row, from, 0..len, kept, counts)
        };
    }
    // A state has as many free columns as rows left, and no more children than that.
    let chunk = BATCH / (inner.depth - row);
    for start in (0..len).step_by(chunk) {
        let (these, below) = scratch.rows.split_at_mut(level + 1);
        let range = start..len.min(start + chunk);
        below[0].len = if inner.rows[row].shift == 1 && inner.rows[row + 1].shift == 1 {
            children::<RESTRICTED, true>(inner, row, &these[level], range, &mut below[0], &mut scratch.kept)
        } else {
            children::<RESTRICTED, false>(inner, row, &these[level], range, &mut below[0], &mut scratch.kept)
        };
        if below[0].len > 0 {
            expand::<RESTRICTED>(inner, row + 1, level + 1, scratch, counts);
        }
    }
}

/// Writes the children of the states `range` of `from` (at free row `row`) to `to`: each with
/// its next row's free squares, kept if that row has one and so does the row after it (as far
/// as the queens so far leave it), and, for a group, a column of the last row is still free.
/// Returns how many were kept.
#[inline(always)]
/// `PLAIN`: whether this row and the next are both followed by a free row, as most are, so
/// that both shifts are the constant 1 (a shift by a count in a register is slower on x86-64).
fn children<const RESTRICTED: bool, const PLAIN: bool>(
    inner: &Inner,
    row: usize,
    from: &States,
    range: Range<usize>,
    to: &mut States,
    kept: &mut Kept,
) -> usize {
    let (mut this, mut next, after) = (inner.rows[row], inner.rows[row + 1], inner.rows[row + 2]);
    if PLAIN {
        (this.shift, next.shift) = (1, 1);
    }
    let mut written = 0;
    each_free_square(from, range, kept, |i, bit| {
        let state = from.state[i % BATCH];
        let left = (state.left | bit) << this.shift;
        let right = (state.right | bit) >> this.shift;
        let taken = state.taken | bit;
        let free = !(left | right | taken | next.attacked);
        let room_after = !(left << next.shift | right >> next.shift | taken | after.attacked);
        let at = written % BATCH;
        to.state[at] = State { left, right, taken, free };
        let mut keep = (free != 0) & (room_after != 0);
        if RESTRICTED {
            keep &= inner.last_allowed & !taken != 0;
        }
        written += usize::from(keep);
    });
    written
}

/// Counts the solutions of the states `range` of `from`, three rows before the end, by the
/// last row's column: when two rows are left there are two columns left, and both orders are
/// tested with bit operations. `PLAIN` as for [`children`].
fn last_three<const PLAIN: bool>(
    inner: &Inner,
    row: usize,
    from: &States,
    range: Range<usize>,
    kept: &mut Kept,
    counts: &mut ByLastColumn,
) {
    let (mut this, mut next) = (inner.rows[row], inner.rows[row + 1]);
    if PLAIN {
        (this.shift, next.shift) = (1, 1);
    }
    let last = inner.rows[row + 2].attacked | !inner.last_allowed;
    each_free_square(from, range, kept, |i, bit| {
        let state = from.state[i % BATCH];
        let left = (state.left | bit) << this.shift;
        let right = (state.right | bit) >> this.shift;
        let taken = state.taken | bit;
        // `taken` holds the bits beyond the board too, so the two columns left are its zeros.
        let rest = !taken;
        debug_assert_eq!(rest.count_ones(), 2, "as many free columns as free rows");
        let (one, other) = (rest & rest.wrapping_neg(), rest & (rest - 1));
        let next_attacked = left | right | next.attacked;
        let last_attacked = left << next.shift | right >> next.shift | last;
        let attacks_last = |q: u32| q << next.shift | q >> next.shift;
        let one_first = (one & next_attacked == 0) & (other & (last_attacked | attacks_last(one)) == 0);
        let other_first = (other & next_attacked == 0) & (one & (last_attacked | attacks_last(other)) == 0);
        // `% MAX_COUNT_N` (an and) spares the bounds checks.
        counts[other.trailing_zeros() as usize % MAX_COUNT_N] += u64::from(one_first);
        counts[one.trailing_zeros() as usize % MAX_COUNT_N] += u64::from(other_first);
    });
}

/// Calls `visit(i, square)` once for each square free in `free[i]`, `i` in `range`: one
/// square of every state a pass, the states with squares left kept for the next pass, written
/// whether they are kept or not and their count advanced by a comparison.
#[inline(always)]
fn each_free_square(from: &States, range: Range<usize>, kept: &mut Kept, mut visit: impl FnMut(usize, u32)) {
    let mut left = 0;
    for i in range {
        let squares = from.state[i % BATCH].free;
        let square = squares & squares.wrapping_neg();
        visit(i, square);
        (kept.state[left % BATCH], kept.squares[left % BATCH]) = (i as u16, squares ^ square);
        left += usize::from(squares ^ square != 0);
    }
    while left > 0 {
        let this_pass = std::mem::take(&mut left);
        for k in 0..this_pass {
            let (i, squares) = (usize::from(kept.state[k % BATCH]), kept.squares[k % BATCH]);
            let square = squares & squares.wrapping_neg();
            visit(i, square);
            (kept.state[left % BATCH], kept.squares[left % BATCH]) = (i as u16, squares ^ square);
            left += usize::from(squares ^ square != 0);
        }
    }
}
