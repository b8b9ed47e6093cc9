//! Counting one kind of piece row by row: kings or knights alone on an empty
//! board. A king reaches only the row next to it and a knight the two next
//! rows, so the ways to fill the rows so far depend on the board above only
//! through the last row (kings) or the last two (knights): a dynamic
//! programme over those rows' masks, with the number of pieces placed so far,
//! counts what the search would have to visit one placement at a time
//! (1,830,733,371 placements of 20 knights on 8x8: ten minutes of search,
//! milliseconds here).
//!
//! Both kinds attack the same way on a board and its transpose, so the rows
//! run along the shorter side, which keeps the masks small.

use super::piece::Piece;

/// The widest row (the board's shorter side) counted this way for kings: 2584
/// masks of 16 squares with no two neighbours, some millions of transitions.
const MAX_KING_ROW: usize = 16;
/// The widest row for knights: a state is two rows (65,536 pairs of 8 squares).
const MAX_KNIGHT_ROW: usize = 8;

/// A prepared row-by-row count: the states (the last rows' masks) and which
/// follow which.
pub struct RowCount {
    /// Rows to fill: the board's longer side.
    rows: usize,
    /// Pieces to place.
    pieces: usize,
    /// For each state, the states that can follow it, each with the number
    /// of pieces its new row adds.
    next: Vec<Vec<(u32, u32)>>,
    /// The state before the first row (empty rows above the board).
    start: usize,
}

/// Whether a row's mask can follow the two rows above it (two above, above, row).
type Fits = fn(u32, u32, u32) -> bool;

/// The count overflowed 64 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl RowCount {
    /// The count of `pieces` of `kind` alone on an empty `width` x `height`
    /// board, prepared; `None` for a kind this does not cover (only kings and
    /// knights) or a board whose shorter side is too wide for it.
    pub fn new(kind: Piece, width: usize, height: usize, pieces: usize) -> Option<RowCount> {
        let (across, rows) = (width.min(height), width.max(height));
        let (masks, fits): (Vec<u32>, Fits) = match kind {
            Piece::King if across <= MAX_KING_ROW => {
                // No two kings side by side in a row; the row above touches none.
                let masks = (0..1u32 << across).filter(|m| m & (m << 1) == 0).collect();
                (masks, |_, above, row| row & (above | above << 1 | above >> 1) == 0)
            }
            Piece::Knight if across <= MAX_KNIGHT_ROW => {
                // A knight reaches two files over on the next row, one over on the row after.
                let masks = (0..1u32 << across).collect();
                (masks, |two_above, above, row| {
                    row & (above << 2 | above >> 2) == 0 && row & (two_above << 1 | two_above >> 1) == 0
                })
            }
            _ => return None,
        };
        // States are (the row two above, the row above), found from the empty
        // start; kings keep the first at zero.
        let remembers_two = kind == Piece::Knight;
        let mut index = std::collections::HashMap::new();
        let mut states: Vec<(u32, u32)> = vec![(0, 0)];
        index.insert((0u32, 0u32), 0usize);
        let mut next = Vec::new();
        let mut i = 0;
        while i < states.len() {
            let (two_above, above) = states[i];
            let mut follows = Vec::new();
            for &row in masks.iter().filter(|&&row| fits(two_above, above, row)) {
                let state = if remembers_two { (above, row) } else { (0, row) };
                let j = *index.entry(state).or_insert_with(|| {
                    states.push(state);
                    states.len() - 1
                });
                follows.push((j as u32, row.count_ones()));
            }
            next.push(follows);
            i += 1;
        }
        Some(RowCount { rows, pieces, next, start: 0 })
    }

    /// The additions the count makes: a fixed figure, for its time estimate.
    pub fn work(&self) -> f64 {
        let transitions: usize = self.next.iter().map(Vec::len).sum();
        transitions as f64 * (self.pieces + 1) as f64 * self.rows as f64
    }

    /// How many ways there are to place the pieces, or [`Overflow`] when that
    /// does not fit 64 bits.
    pub fn count(&self) -> Result<u64, Overflow> {
        let width = self.pieces + 1;
        // ways[state * width + placed]: the ways to fill the rows so far.
        let mut ways = vec![0u64; self.next.len() * width];
        let mut after = vec![0u64; ways.len()];
        ways[self.start * width] = 1;
        let mut overflow = false;
        for _ in 0..self.rows {
            after.fill(0);
            for (state, follows) in self.next.iter().enumerate() {
                let from = &ways[state * width..(state + 1) * width];
                if from.iter().all(|&w| w == 0) {
                    continue;
                }
                for &(to, added) in follows {
                    let added = added as usize;
                    if added > self.pieces {
                        continue;
                    }
                    let to = &mut after[to as usize * width..(to as usize + 1) * width];
                    for (sum, &w) in to[added..].iter_mut().zip(from) {
                        let (s, o) = sum.overflowing_add(w);
                        *sum = s;
                        overflow |= o;
                    }
                }
            }
            std::mem::swap(&mut ways, &mut after);
        }
        let mut total = 0u64;
        for state in 0..self.next.len() {
            let (s, o) = total.overflowing_add(ways[state * width + self.pieces]);
            total = s;
            overflow |= o;
        }
        if overflow { Err(Overflow) } else { Ok(total) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_counts() {
        let count = |kind, w, h, k| RowCount::new(kind, w, h, k).unwrap().count().unwrap();
        // 25 kings fit on 9x9 in one way: every other square of every other row.
        assert_eq!(count(Piece::King, 9, 9, 25), 1);
        assert_eq!(count(Piece::King, 8, 8, 16), 281_571);
        assert_eq!(count(Piece::Knight, 8, 8, 32), 2);
        assert_eq!(count(Piece::Knight, 8, 8, 20), 1_830_733_371);
        assert!(RowCount::new(Piece::Queen, 8, 8, 8).is_none());
        assert!(RowCount::new(Piece::Knight, 9, 9, 8).is_none());
    }

    #[test]
    fn an_overflow_is_said() {
        // 2 knights on a 8x32 board fit; 100 on it in more ways than 64 bits hold.
        assert!(RowCount::new(Piece::Knight, 8, 32, 100).unwrap().count().is_err());
        assert!(RowCount::new(Piece::Knight, 8, 32, 2).unwrap().count().is_ok());
    }
}
