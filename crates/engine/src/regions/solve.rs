//! The solutions of a regions puzzle, by search: row by row, a queen in a
//! column, a region and a place not touching the row above's queen. The
//! referee for the deduction rules and the generator.

use super::Puzzle;
use crate::puzzle::Placement;
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
        search(puzzle, 0, 0, 0, (0.0, 1.0), &mut cols, &mut watch, &mut |cols| {
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
        search(puzzle, 0, 0, 0, (0.0, 1.0), &mut cols, &mut watch, &mut |_| {
            counted += 1;
            counted < limit
        });
    }
    (!watch.stopped).then_some(counted)
}

/// The row of the queen in each column, from the column of the queen in each row.
fn column_rows(cols: &[u8]) -> Vec<Option<u8>> {
    let mut rows = vec![None; cols.len()];
    for (row, &col) in cols.iter().enumerate() {
        rows[col as usize] = Some(row as u8);
    }
    rows
}

/// Places queens in rows `row..`, given the columns and regions taken; calls
/// `found` with each solution (the column per row), and stops when it or
/// `watch`'s check says so. `share` is where this node's subtree starts in
/// the whole search and how much of it it is, by the columns of the rows
/// above. Returns false once stopped.
#[allow(clippy::too_many_arguments)]
fn search(
    puzzle: &Puzzle,
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
    let step = share.1 / n as f64;
    let mut free = !used_cols & low_bits(n);
    if row > 0 {
        let above = cols[row - 1] as u32;
        // The squares touching the queen above, diagonally included.
        free &= !(((0b111u32 << above) >> 1) as u16);
    }
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let region = puzzle.region_at(col, row);
        if used_regions >> region & 1 == 1 {
            continue;
        }
        let (cols_now, regions_now) = (used_cols | 1 << col, used_regions | 1 << region);
        if !every_region_has_room(puzzle, row + 1, cols_now, regions_now) {
            continue;
        }
        cols[row] = col as u8;
        let child = (share.0 + step * col as f64, step);
        if !search(puzzle, row + 1, cols_now, regions_now, child, cols, watch, found) {
            return false;
        }
    }
    true
}

/// Whether every region without its queen still has a square in rows
/// `from..` and a free column: the check that keeps the search small when
/// the regions, not the rows, are what is tight.
fn every_region_has_room(puzzle: &Puzzle, from: usize, used_cols: u16, used_regions: u16) -> bool {
    let n = puzzle.n();
    let mut waiting = !used_regions & low_bits(n);
    while waiting != 0 {
        let region = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        if !(from..n).any(|row| puzzle.region_mask_in_row(region, row) & !used_cols != 0) {
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
}
