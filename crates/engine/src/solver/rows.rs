//! Counting one kind of piece row by row: kings or knights alone on an empty
//! board. A king reaches only the row next to it and a knight the two next
//! rows, so the ways to fill the board so far depend on what is above only
//! through the last row (kings) or the last two (knights): a dynamic
//! programme over those squares' masks, with the number of pieces placed so
//! far, counts what the search would have to visit one placement at a time
//! (1,830,733,371 placements of 20 knights on 8x8: ten minutes of search,
//! milliseconds here).
//!
//! Kings go a whole row at a time: a state is the last row's mask. Knights
//! go a square at a time (a broken profile): a state is the last two rows'
//! squares and the square before them, `2 x across + 1` bits, and only the
//! masks no two of whose knights attack each other are ever reached (42,081
//! of them at most on a row of 10, where whole rows would take pairs of rows
//! by the million). The search took hours over 45 knights on 10x10 (issue
//! 50), which this counts in a second.
//!
//! Both kinds attack the same way on a board and its transpose, so the rows
//! run along the shorter side, which keeps the masks small.

use super::piece::Piece;
use std::collections::HashMap;

/// The widest row (the board's shorter side) counted this way for kings: 2584
/// masks of 16 squares with no two neighbours, some millions of transitions.
const MAX_KING_ROW: usize = 16;
/// The widest row for knights: 42,081 states of 21 squares, each with the
/// ways for every number of knights (51 on 10x10): some 30 MB.
const MAX_KNIGHT_ROW: usize = 10;

/// A prepared row-by-row count: the steps of one row (a whole row for
/// kings, one step a square for knights), each step's states and which
/// follow which.
pub struct RowCount {
    /// Kings or knights.
    piece: Piece,
    /// Rows to fill: the board's longer side.
    rows: usize,
    /// Pieces to place.
    pieces: usize,
    /// For each step of a row, for each state before it, the states after
    /// it that can follow, each with the number of pieces the step adds.
    /// The states after the last step are those before the first.
    steps: Vec<Vec<Vec<(u32, u32)>>>,
}

/// The count overflowed 64 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl RowCount {
    /// The count of `pieces` of `kind` alone on an empty `width` x `height`
    /// board, prepared; `None` for a kind this does not cover (only kings and
    /// knights) or a board whose shorter side is too wide for it.
    pub fn new(kind: Piece, width: usize, height: usize, pieces: usize) -> Option<RowCount> {
        let (across, rows) = (width.min(height), width.max(height));
        let steps = match kind {
            Piece::King if across <= MAX_KING_ROW => vec![king_rows(across)],
            Piece::Knight if across <= MAX_KNIGHT_ROW => knight_squares(across),
            _ => return None,
        };
        Some(RowCount { piece: kind, rows, pieces, steps })
    }

    /// The kind counted: kings or knights.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The additions the count makes: a fixed figure, for its time estimate.
    pub fn work(&self) -> f64 {
        let transitions: usize = self.steps.iter().flatten().map(Vec::len).sum();
        transitions as f64 * (self.pieces + 1) as f64 * self.rows as f64
    }

    /// How many ways there are to place the pieces, or [`Overflow`] when that
    /// does not fit 64 bits. The sums saturate: a count of fewer pieces that
    /// does not fit 64 bits is no overflow of the answer unless it leads to it
    /// (every sum it feeds saturates too); a wrapping sum, remembered, said
    /// 128 knights on 8x32, two ways, and 64 kings on 16x16 were past 64 bits
    /// (issue 50).
    pub fn count(&self) -> Result<u64, Overflow> {
        let width = self.pieces + 1;
        // ways[state * width + placed]: the ways to fill the squares so far.
        let mut ways = vec![0u64; self.steps[0].len() * width];
        ways[0] = 1;
        // The next step's ways, in one buffer kept from step to step (a new one
        // each step costs the memory's pages anew).
        let mut after: Vec<u64> = Vec::new();
        for k in (0..self.rows).flat_map(|_| 0..self.steps.len()) {
            let (step, states_after) = (&self.steps[k], self.steps[(k + 1) % self.steps.len()].len());
            after.clear();
            after.resize(states_after * width, 0);
            for (state, follows) in step.iter().enumerate() {
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
                        *sum = sum.saturating_add(w);
                    }
                }
            }
            std::mem::swap(&mut ways, &mut after);
        }
        let total = ways.chunks(width).fold(0u64, |total, placed| total.saturating_add(placed[self.pieces]));
        if total == u64::MAX { Err(Overflow) } else { Ok(total) }
    }
}

/// Kings a row at a time: the states are the rows with no two kings side by
/// side, and a row follows another when no king of one touches one of the
/// other. The empty row is state 0, the rows above the board.
fn king_rows(across: usize) -> Vec<Vec<(u32, u32)>> {
    let masks: Vec<u32> = (0..1u32 << across).filter(|m| m & (m << 1) == 0).collect();
    masks
        .iter()
        .map(|&above| {
            let fits = |row: u32| row & (above | above << 1 | above >> 1) == 0;
            (0..masks.len() as u32)
                .filter(|&j| fits(masks[j as usize]))
                .map(|j| (j, masks[j as usize].count_ones()))
                .collect()
        })
        .collect()
}

/// Knights a square at a time, the squares of a row from the first file: a
/// state is the last `2 x across + 1` squares (bit 0 the square just
/// filled), and the next square takes a knight when none of the four
/// squares above it that a knight reaches (two rows up and one file over,
/// or one up and two over) holds one. State 0, every square empty, is the
/// rows above the board. The states before each step are found from there,
/// row after row, until a row finds none new.
fn knight_squares(across: usize) -> Vec<Vec<Vec<(u32, u32)>>> {
    let bits = 2 * across + 1;
    let window = (1u32 << bits) - 1;
    // The distance back to each square a knight on column `c` reaches above
    // it, where that square is on the board: (rows up, files over).
    let reach = |c: usize| -> Vec<usize> {
        [(1, -2), (1, 2), (2, -1), (2, 1)]
            .into_iter()
            .filter(|&(_, dc): &(usize, i32)| (0..across as i32).contains(&(c as i32 + dc)))
            .map(|(dr, dc)| (dr * across) as i32 - dc)
            .map(|back| back as usize)
            .collect()
    };
    let reaches: Vec<Vec<usize>> = (0..across).map(reach).collect();
    let mut states: Vec<Vec<u32>> = vec![Vec::new(); across];
    let mut index: Vec<HashMap<u32, u32>> = vec![HashMap::new(); across];
    let mut add = |states: &mut Vec<Vec<u32>>, c: usize, state: u32| -> u32 {
        *index[c].entry(state).or_insert_with(|| {
            states[c].push(state);
            states[c].len() as u32 - 1
        })
    };
    add(&mut states, 0, 0);
    let next_states = |state: u32, c: usize| -> [Option<(u32, u32)>; 2] {
        let empty = (state << 1) & window;
        let free = reaches[c].iter().all(|&back| state >> (back - 1) & 1 == 0);
        [Some((empty, 0)), free.then_some((empty | 1, 1))]
    };
    // Every state reached before a step is reached again a row later (with
    // an empty row first), so the sets only grow: until a row adds none.
    let mut seen = 0;
    loop {
        for c in 0..across {
            let mut i = 0;
            while i < states[c].len() {
                let state = states[c][i];
                for (next, _) in next_states(state, c).into_iter().flatten() {
                    add(&mut states, (c + 1) % across, next);
                }
                i += 1;
            }
        }
        let now: usize = states.iter().map(Vec::len).sum();
        if now == seen {
            break;
        }
        seen = now;
    }
    (0..across)
        .map(|c| {
            let after = &index[(c + 1) % across];
            states[c]
                .iter()
                .map(|&state| {
                    next_states(state, c)
                        .into_iter()
                        .flatten()
                        .map(|(next, added)| (after[&next], added))
                        .collect()
                })
                .collect()
        })
        .collect()
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
        assert!(RowCount::new(Piece::Knight, 11, 11, 8).is_none());
    }

    #[test]
    fn an_overflow_is_said() {
        // 2 knights on a 8x32 board fit; 100 on it in more ways than 64 bits hold.
        assert!(RowCount::new(Piece::Knight, 8, 32, 100).unwrap().count().is_err());
        assert!(RowCount::new(Piece::Knight, 8, 32, 2).unwrap().count().is_ok());
        // A largest set is counted however many smaller ones there are: 128 knights on 8x32
        // stand on one colour, two ways, and 64 kings on 16x16 fit 64 bits too.
        assert_eq!(RowCount::new(Piece::Knight, 8, 32, 128).unwrap().count(), Ok(2));
        assert!(RowCount::new(Piece::King, 16, 16, 64).unwrap().count().is_ok());
    }
}
