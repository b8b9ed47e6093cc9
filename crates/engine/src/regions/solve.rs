//! The solutions of a regions puzzle, by search: row by row, a queen in a
//! column, a region and a place not touching the row above's queen. The
//! referee for the deduction rules and the generator, and for the player's
//! queens before a hint ([`judge`]).

use super::Puzzle;
use crate::puzzle::{Placement, Square};
use crate::solver::watch::{SearchProgress, Watch};

/// The solutions of `puzzle`, at most `limit` of them, in the order of the
/// search (rows from the top, columns from the left). Each is a placement:
/// the row of the queen in each column.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Placement> {
    let mut found = Vec::new();
    if limit > 0 {
        let mut cols = vec![0u8; puzzle.n()];
        let mut go_on = |_| true;
        let mut watch = Watch::new(&mut go_on);
        let anywhere = vec![low_bits(puzzle.n()); puzzle.n()];
        search(puzzle, &anywhere, 0, 0, 0, (0.0, 1.0), &mut cols, &mut watch, &mut |cols| {
            let rows: Vec<Option<u8>> = column_rows(cols);
            found.push(Placement::from_rows(&rows));
            found.len() < limit
        });
    }
    found
}

/// How many solutions `puzzle` has, counting no further than `limit`.
pub fn count(puzzle: &Puzzle, limit: u64) -> u64 {
    count_watched(puzzle, limit, &mut |_| true).expect("a check that never stops")
}

/// [`count`], with `check` called every [`crate::solver::watch::TICK`]
/// nodes of the search (its `done` by the columns tried in the rows so far);
/// it stops the search by returning `false`, and then the count is `None`.
pub fn count_watched(
    puzzle: &Puzzle,
    limit: u64,
    check: &mut dyn FnMut(SearchProgress) -> bool,
) -> Option<u64> {
    let mut counted = 0;
    let mut watch = Watch::new(check);
    if limit > 0 {
        let mut cols = vec![0u8; puzzle.n()];
        let anywhere = vec![low_bits(puzzle.n()); puzzle.n()];
        search(puzzle, &anywhere, 0, 0, 0, (0.0, 1.0), &mut cols, &mut watch, &mut |_| {
            counted += 1;
            counted < limit
        });
    }
    (!watch.stopped).then_some(counted)
}

/// What the search says of a player's queens, before any hint is given:
/// a hint reasons from them, so if they are in no solution it must say so
/// first (issue 30: it went on placing queens that fitted only the wrong one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some solution has a queen on every one of them (none given included).
    InASolution,
    /// No solution has them all, and this one is the only queen whose
    /// removal leaves the others in a solution: it is wrong.
    Wrong(Square),
    /// No solution has them all, and no single queen can be blamed: two or
    /// more are wrong (or, on a puzzle with several solutions, removing any
    /// of several would do).
    SomeWrong,
}

/// Judges `queens` on `puzzle` by search alone (never a stored answer): at
/// most one search per queen, each stopping at the first solution found.
/// No queens are in a solution by this judge (a puzzle with none is not
/// the player's fault).
pub fn judge(puzzle: &Puzzle, queens: &[Square]) -> Verdict {
    if queens.is_empty() || in_a_solution(puzzle, queens) {
        return Verdict::InASolution;
    }
    let mut blamed = (0..queens.len()).filter(|&i| {
        let others: Vec<Square> =
            queens.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &q)| q).collect();
        in_a_solution(puzzle, &others)
    });
    match (blamed.next(), blamed.next()) {
        (Some(i), None) => Verdict::Wrong(queens[i]),
        _ => Verdict::SomeWrong,
    }
}

/// Whether some solution of `puzzle` has a queen on every one of `queens`.
pub fn in_a_solution(puzzle: &Puzzle, queens: &[Square]) -> bool {
    let allowed = squares_left(puzzle, queens);
    let mut cols = vec![0u8; puzzle.n()];
    let mut go_on = |_| true;
    let mut watch = Watch::new(&mut go_on);
    let mut found = false;
    search(puzzle, &allowed, 0, 0, 0, (0.0, 1.0), &mut cols, &mut watch, &mut |_| {
        found = true;
        false
    });
    found
}

/// Per row, a bit per column: where a queen may go once `queens` are
/// placed. A queen's row keeps only its square; every other row loses the
/// queen's column, its region's squares and the squares touching it. Two
/// queens that break a rule together leave a row with nothing.
fn squares_left(puzzle: &Puzzle, queens: &[Square]) -> Vec<u16> {
    let n = puzzle.n();
    let mut allowed = vec![low_bits(n); n];
    for q in queens {
        let (col, row) = (q.col as usize, q.row as usize);
        let region = puzzle.region(*q);
        let touching = ((0b111u32 << col) >> 1) as u16;
        for (r, squares) in allowed.iter_mut().enumerate() {
            if r == row {
                *squares &= 1 << col;
            } else {
                *squares &= !(1 << col) & !puzzle.region_mask_in_row(region, r);
                if r.abs_diff(row) == 1 {
                    *squares &= !touching;
                }
            }
        }
    }
    allowed
}

/// The row of the queen in each column, from the column of the queen in each row.
fn column_rows(cols: &[u8]) -> Vec<Option<u8>> {
    let mut rows = vec![None; cols.len()];
    for (row, &col) in cols.iter().enumerate() {
        rows[col as usize] = Some(row as u8);
    }
    rows
}

/// Places queens in rows `row..` on the squares `allowed` (per row, a bit
/// per column), given the columns and regions taken; calls
/// `found` with each solution (the column per row), and stops when it or
/// `watch`'s check says so. `share` is where this node's subtree starts in
/// the whole search and how much of it it is, by the columns of the rows
/// above. Returns false once stopped.
#[allow(clippy::too_many_arguments)]
fn search(
    puzzle: &Puzzle,
    allowed: &[u16],
    row: usize,
    used_cols: u16,
    used_regions: u16,
    share: (f64, f64),
    cols: &mut [u8],
    watch: &mut Watch,
    found: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    let n = puzzle.n();
    if row == n {
        watch.found += 1;
        return found(cols);
    }
    if !watch.visit(row, share.0) {
        return false;
    }
    let mut free = !used_cols & allowed[row];
    if row > 0 {
        let above = cols[row - 1] as u32;
        // The squares touching the queen above, diagonally included.
        free &= !(((0b111u32 << above) >> 1) as u16);
    }
    // Each square left an equal share of this subtree, in the order they are tried: a share
    // of the row's n columns put a subtree as far along as its column, taken squares and all
    // (a stranger's find: 16 regions of one column each showed 1% after 30 s of some 37 hours).
    let step = share.1 / f64::from(free.count_ones().max(1));
    let mut tried = 0.0;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let child = (share.0 + step * tried, step);
        tried += 1.0;
        let region = puzzle.region_at(col, row);
        if used_regions >> region & 1 == 1 {
            continue;
        }
        let (cols_now, regions_now) = (used_cols | 1 << col, used_regions | 1 << region);
        if !every_region_has_room(puzzle, allowed, row + 1, cols_now, regions_now) {
            continue;
        }
        cols[row] = col as u8;
        if !search(puzzle, allowed, row + 1, cols_now, regions_now, child, cols, watch, found) {
            return false;
        }
    }
    true
}

/// Whether every region without its queen still has an allowed square in
/// rows `from..` and a free column: the check that keeps the search small
/// when the regions, not the rows, are what is tight.
fn every_region_has_room(
    puzzle: &Puzzle,
    allowed: &[u16],
    from: usize,
    used_cols: u16,
    used_regions: u16,
) -> bool {
    let n = puzzle.n();
    let mut waiting = !used_regions & low_bits(n);
    while waiting != 0 {
        let region = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        if !(from..n).any(|row| puzzle.region_mask_in_row(region, row) & allowed[row] & !used_cols != 0) {
            return false;
        }
    }
    true
}

/// The lowest `n` bits set.
pub(crate) fn low_bits(n: usize) -> u16 {
    ((1u32 << n) - 1) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_with_one_solution_has_it_found() {
        // Regions drawn around the solution b1.. : rows from the top.
        let p = Puzzle::parse_letters("ABBBB\nAACCC\nDDDCC\nDDEEE\nDDEEE\n").unwrap();
        let all = solutions(&p, 10);
        for s in &all {
            let queens: Vec<_> = s.queens().collect();
            assert_eq!(queens.len(), 5);
            for (i, a) in queens.iter().enumerate() {
                for b in &queens[i + 1..] {
                    assert!(a.col.abs_diff(b.col) > 1 || a.row.abs_diff(b.row) > 1, "{a} touches {b}");
                    assert!(a.row != b.row && a.col != b.col);
                    assert_ne!(p.region(*a), p.region(*b));
                }
            }
        }
        assert_eq!(count(&p, 100), all.len() as u64);
        assert_eq!(count(&p, 1), 1.min(all.len() as u64));
    }

    /// A count's `done` against the truth: on a grid with many solutions spread evenly, the
    /// share of them found so far is within 2x of what `done` says, as a progress line shown
    /// to the player must be. One region a column: the queens' problem with kings, A002464.
    #[test]
    fn a_counts_progress_is_within_twice_the_share_of_solutions_found() {
        let n = 11;
        let columns: Vec<Vec<usize>> = (0..n).map(|_| (0..n).collect()).collect();
        let p = Puzzle::new(&columns).unwrap();
        let mut seen = Vec::new();
        let total = count_watched(&p, u64::MAX, &mut |progress| {
            seen.push((progress.done, progress.found));
            true
        })
        .unwrap();
        assert_eq!(total, 5_296_790, "A002464(11)");
        let middle: Vec<(f64, f64)> = seen
            .iter()
            .map(|&(done, found)| (done, found as f64 / total as f64))
            .filter(|&(done, _)| (0.02..=0.98).contains(&done))
            .collect();
        assert!(middle.len() > 20, "{} checks", middle.len());
        for (done, share) in middle {
            assert!(share / 2.0 <= done && done <= share * 2.0, "said {done:.4}, found {share:.4}");
        }
    }
}
