//! The inner search: the rows left free by some fixed queens, one queen
//! each, with bitboards (Somers' method). The fixed queens' diagonals are
//! known before the search starts, so each row's squares they attack are one
//! precomputed mask, and the rows they fill are stepped over by shifting the
//! diagonals further. The last rows (up to [`BATCHED_ROWS`]) are searched in
//! batches, breadth first (`batch`); the rows above them, on the largest
//! boards, one queen at a time, looking for a request to stop.
//!
//! The fixed queens are a start constellation's border queens, or three of
//! them with the bottom row left free: then one search counts, by the
//! column of its queen in the last row, every constellation that differs
//! only in the bottom queen (see `grouping`).

use super::batch::{BATCHED_ROWS, Batches, Scratch};
use super::constellation::{Square, attacks, map};
use super::rows::{ByLastColumn, Inner, MAX_COUNT_N};
use std::sync::atomic::{AtomicBool, Ordering};

/// What a watched search looks at, and where it is.
struct Watched<'a> {
    stop: &'a AtomicBool,
    at: &'a mut dyn FnMut(f64),
    /// The share of the search done so far.
    place: f64,
    /// The rows at the end searched without looking (in batches).
    unwatched: usize,
}

impl Inner {
    /// How many ways the free rows can be filled, by the last free row's queen's column.
    #[cfg(test)]
    pub(super) fn count(&self, scratch: &mut Scratch) -> ByLastColumn {
        self.count_watched(scratch, &AtomicBool::new(false), &mut |_| {}).expect("a flag never set")
    }

    /// [`Inner::count`], stopped once `stop` is set (then `None`), telling `at` how far it has
    /// come (0 to 1, by its place in the tree: each queen of a row an equal share of its
    /// parent's). Both are looked at before each queen of a row with more than
    /// [`BATCHED_ROWS`] free rows from it to the end, and never in the batches below: a batch
    /// of subtrees of that many rows takes well under a millisecond, so even a search of days
    /// stops at once (issue 50: looked at only in the first two rows, a search at N = 23 went
    /// on for minutes after Ctrl-C, since each of those rows' subtrees took that long), and
    /// its progress moves.
    pub(super) fn count_watched(
        &self,
        scratch: &mut Scratch,
        stop: &AtomicBool,
        at: &mut dyn FnMut(f64),
    ) -> Option<ByLastColumn> {
        self.count_watched_above(BATCHED_ROWS, scratch, stop, at)
    }

    /// [`Inner::count_watched`], looking in the rows with more than `unwatched` (3 to
    /// [`BATCHED_ROWS`]) rows from them to the end.
    fn count_watched_above(
        &self,
        unwatched: usize,
        scratch: &mut Scratch,
        stop: &AtomicBool,
        at: &mut dyn FnMut(f64),
    ) -> Option<ByLastColumn> {
        debug_assert!((3..=BATCHED_ROWS).contains(&unwatched), "a batch takes three rows or more");
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut counts = [0; MAX_COUNT_N];
        let taken = self.columns | !self.mask;
        let free = !(taken | self.rows[0].attacked);
        match self.depth {
            0 => {
                // The fixed queens fill every row (n = 4): only a whole border does, never a group.
                debug_assert_eq!(self.last_allowed, self.mask, "a group leaves the bottom row free");
                counts[0] = 1;
            }
            1 | 2 => self.small(0, 0, 0, self.columns, &mut counts),
            depth if depth <= unwatched => {
                let mut batch = scratch.batch(self, 0);
                batch.push(0, 0, taken, free, &mut counts);
                batch.finish(&mut counts);
            }
            depth => {
                let mut watch = Watched { stop, at, place: 0.0, unwatched };
                let mut batch = scratch.batch(self, depth - unwatched);
                self.watched(0, 0, 0, taken, free, 1.0, &mut watch, &mut batch, &mut counts)?;
                batch.finish(&mut counts);
            }
        }
        Some(counts)
    }

    /// The rows of [`Inner::count_watched`] that look at `stop`: from free row `d` (more than
    /// `watch.unwatched` rows before the end), the queens' diagonals shifted to it, every
    /// column taken and its free squares; `share` is this subtree's share of the search,
    /// which starts at `watch.place`. The rows below go to `batch`.
    #[expect(clippy::too_many_arguments, reason = "the search's state, the watch and the batches")]
    fn watched(
        &self,
        d: usize,
        left: u32,
        right: u32,
        taken: u32,
        mut free: u32,
        share: f64,
        watch: &mut Watched<'_>,
        batch: &mut Batches<'_>,
        counts: &mut ByLastColumn,
    ) -> Option<()> {
        let row = self.rows[d];
        let next = self.rows[d + 1];
        let (start, each) = (watch.place, share / f64::from(free.count_ones().max(1)));
        let mut placed = 0.0;
        while free != 0 {
            if watch.stop.load(Ordering::Relaxed) {
                return None;
            }
            (watch.at)(watch.place);
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (left, right, taken) = ((left | bit) << row.shift, (right | bit) >> row.shift, taken | bit);
            let child = !(left | right | taken | next.attacked);
            if self.depth - (d + 1) > watch.unwatched {
                self.watched(d + 1, left, right, taken, child, each, watch, batch, counts)?;
            } else {
                batch.push(left, right, taken, child, counts);
            }
            placed += 1.0;
            watch.place = start + placed * each;
        }
        Some(())
    }

    /// The plain search, for one or two free rows (boards of 4 and 5).
    fn small(&self, d: usize, left: u32, right: u32, taken: u32, counts: &mut ByLastColumn) {
        let row = self.rows[d];
        let mut free = self.mask & !(left | right | taken | row.attacked);
        if d + 1 == self.depth {
            free &= self.last_allowed;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            if d + 1 == self.depth {
                counts[bit.trailing_zeros() as usize] += 1;
            } else {
                self.small(d + 1, (left | bit) << row.shift, (right | bit) >> row.shift, taken | bit, counts);
            }
        }
    }

    /// The nodes of the first `levels` free rows, all of them or the last row's
    /// (`nodes`): how many queens the search places there. A cheap,
    /// deterministic measure of the whole search's size.
    pub(super) fn nodes_to(&self, levels: usize, nodes: Nodes) -> u64 {
        /// `ALL`: whether the rows before the last count too.
        fn go<const ALL: bool>(
            inner: &Inner,
            d: usize,
            end: usize,
            left: u32,
            right: u32,
            taken: u32,
        ) -> u64 {
            let row = inner.rows[d];
            let mut free = inner.mask & !(left | right | taken | row.attacked);
            if d + 1 == end {
                return u64::from(free.count_ones());
            }
            let queens = u64::from(free.count_ones());
            if d + 2 == end {
                // The row before the last is most of the nodes, so its children are counted
                // without a loop: each queen of this row takes from `next`, the next row's
                // squares free of the queens above, its own column and its two diagonals there.
                let s = row.shift;
                let next = inner.mask & !((left << s) | (right >> s) | taken | inner.rows[d + 1].attacked);
                let taken_by_each = (free & next).count_ones()
                    + ((free << s) & next).count_ones()
                    + ((free >> s) & next).count_ones();
                let children = queens * u64::from(next.count_ones()) - u64::from(taken_by_each);
                return if ALL { queens + children } else { children };
            }
            let mut below = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let (left, right, taken) =
                    ((left | bit) << row.shift, (right | bit) >> row.shift, taken | bit);
                below += go::<ALL>(inner, d + 1, end, left, right, taken);
            }
            if ALL { queens + below } else { below }
        }
        let end = levels.min(self.depth);
        match (end, nodes) {
            (0, _) => 0,
            (_, Nodes::All) => go::<true>(self, 0, end, 0, 0, self.columns),
            (_, Nodes::LastRow) => go::<false>(self, 0, end, 0, 0, self.columns),
        }
    }
}

/// Which of the estimated rows' nodes [`Inner::nodes_to`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Nodes {
    /// Every row's.
    All,
    /// The last row's alone.
    LastRow,
}

/// The solutions with the border queens `border` that each symmetry in
/// `group` (rotations forming a group: closed, with the identity, at most
/// four) maps to themselves. The border must be mapped to itself by the
/// group. Queens are placed a whole orbit at a time, so the search is about
/// the square root of a full one.
pub(super) fn count_symmetric(n: usize, border: &[Square], group: &[usize]) -> u64 {
    struct Taken {
        n: usize,
        rows: Vec<bool>,
        cols: Vec<bool>,
        falling: Vec<bool>,
        rising: Vec<bool>,
    }
    impl Taken {
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
                // The orbit's distinct squares, without a Vec for each (0.9 ms of a count at N = 15).
                let mut squares = [(0, 0); 4];
                let mut len = 0;
                for &g in group {
                    let square = map(g, self.n, (row, col));
                    if !squares[..len].contains(&square) {
                        squares[len] = square;
                        len += 1;
                    }
                }
                let orbit = &squares[..len];
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
    let mut board = Taken {
        n,
        rows: vec![false; n],
        cols: vec![false; n],
        falling: vec![false; 2 * n - 1],
        rising: vec![false; 2 * n - 1],
    };
    border.iter().for_each(|&q| board.set(q, true));
    board.fill(group)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count::constellation::representatives;

    /// The queens that fit in the first `levels` rows free of `fixed`, one square at a time.
    fn partial_placements(n: usize, fixed: &[Square], levels: usize) -> u64 {
        fn place(n: usize, rows: &[usize], queens: &mut Vec<Square>) -> u64 {
            let Some((&row, below)) = rows.split_first() else { return 0 };
            let mut nodes = 0;
            for col in 0..n {
                if queens.iter().all(|&q| !attacks(q, (row, col))) {
                    queens.push((row, col));
                    nodes += 1 + place(n, below, queens);
                    queens.pop();
                }
            }
            nodes
        }
        let free_rows: Vec<usize> = (0..n).filter(|&r| fixed.iter().all(|&(row, _)| row != r)).collect();
        place(n, &free_rows[..levels.min(free_rows.len())], &mut fixed.to_vec())
    }

    #[test]
    fn a_watched_search_counts_the_same_says_how_far_it_is_and_stops_when_told() {
        let n = 12;
        let stop = AtomicBool::new(false);
        let scratch = &mut Scratch::new();
        for rep in representatives(n).iter().step_by(7) {
            let border = rep.constellation.queens(n);
            for fixed in [&border[..], &border[..border.len() - 1]] {
                let inner = Inner::new(n, fixed, u32::MAX);
                let mut places = Vec::new();
                let watched = inner.count_watched_above(3, scratch, &stop, &mut |place| places.push(place));
                assert_eq!(watched, Some(inner.count(scratch)), "{fixed:?}");
                assert!(places.len() > 10, "{fixed:?}: looked at {} times", places.len());
                assert!(places.windows(2).all(|w| w[0] <= w[1]) && places[0] == 0.0, "{places:?}");
                assert!(*places.last().unwrap() < 1.0, "{places:?}");
                // Told to stop part of the way through: it stops at its next look.
                let mut looks = 0;
                let stopped = inner.count_watched_above(3, scratch, &stop, &mut |_| {
                    looks += 1;
                    stop.store(looks == 5, Ordering::Relaxed);
                });
                assert_eq!((stopped, looks), (None, 5), "{fixed:?}");
                stop.store(false, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn the_estimate_counts_the_nodes_of_its_rows_as_a_plain_search_does() {
        for n in 5..=11 {
            for rep in representatives(n).iter().step_by(3) {
                let border = rep.constellation.queens(n);
                // With the bottom queen too and without it (a group), past fixed rows or not.
                for fixed in [&border[..], &border[..border.len() - 1]] {
                    for levels in 1..=5 {
                        let inner = Inner::new(n, fixed, u32::MAX);
                        let placed = partial_placements(n, fixed, levels);
                        assert_eq!(
                            inner.nodes_to(levels, Nodes::All),
                            placed,
                            "n = {n}, {fixed:?}, {levels} rows"
                        );
                        // The last row counted: the board's last free row, if that comes first.
                        let rows = levels.min(inner.depth);
                        let last =
                            partial_placements(n, fixed, rows) - partial_placements(n, fixed, rows - 1);
                        assert_eq!(
                            inner.nodes_to(levels, Nodes::LastRow),
                            last,
                            "n = {n}, {fixed:?}, row {rows}"
                        );
                    }
                }
            }
        }
    }
}
