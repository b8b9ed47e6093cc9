//! Strict mode's Solve, as the Scratch program in seed 000 does it ("Place
//! Queen In Row"): rows from the top; a row that already holds a queen is
//! skipped; otherwise the queen goes in the first column from the left that
//! conflicts with no queen on the board, and a row with no such column sends
//! the search back to the row before to try its next column.
//!
//! The answer is exactly the seed's: the first completion in that order.
//! What differs is only speed. Lines are bitboards, and a branch is cut as
//! soon as some empty row further down has no square left: such a branch
//! holds no completion, so cutting it never changes which one comes first.

use crate::puzzle::{Placement, Square};

/// The largest board the search takes: its diagonals fit in a `u64`.
pub(crate) const MAX_SCRATCH_N: usize = 32;

/// The seed's completion of `placement`: its queens stay, the others are
/// placed row by row as above. `None` when the seed would say "no solution"
/// (including when two given queens attack each other).
///
/// ```
/// use queens_engine::game::solve_like_scratch;
/// use queens_engine::puzzle::{Placement, Square};
///
/// // From an empty board: the first solution row by row, each queen in the
/// // first free column from the left (the top row's in column a).
/// let solved = solve_like_scratch(&Placement::empty(8)).unwrap();
/// assert!(solved.is_full() && solved.is_peaceful());
/// assert_eq!(solved.get(0), Some(0));
///
/// // The player's queens stay where they are.
/// let given = Placement::from_squares(8, &[Square::new(2, 0)]).unwrap();
/// assert!(given.is_subset_of(&solve_like_scratch(&given).unwrap()));
///
/// // Two queens that attack each other: the seed says "no solution".
/// let clash = Placement::from_squares(8, &[Square::new(0, 0), Square::new(1, 1)]).unwrap();
/// assert_eq!(solve_like_scratch(&clash), None);
/// ```
pub fn solve_like_scratch(placement: &Placement) -> Option<Placement> {
    let n = placement.n();
    assert!(n <= MAX_SCRATCH_N, "the Scratch search takes boards up to {MAX_SCRATCH_N}");
    let mut search = Search::new(n);
    for q in placement.queens() {
        if search.attacked(q.row as usize, q.col as usize) {
            return None;
        }
        search.place(q.row as usize, q.col as usize);
    }
    if !search.place_queen_in_row(0) {
        return None;
    }
    let squares: Vec<Square> = search
        .queen_in_row
        .iter()
        .enumerate()
        .filter_map(|(row, col)| col.map(|c| Square::new(c, row as u8)))
        .collect();
    Placement::from_squares(n, &squares)
}

struct Search {
    n: usize,
    /// Every column, as bits.
    full: u64,
    /// The column of each row's queen.
    queen_in_row: Vec<Option<u8>>,
    columns: u64,
    /// Diagonals by `row + col`.
    falling: u64,
    /// Diagonals by `col - row + n - 1`.
    rising: u64,
}

impl Search {
    fn new(n: usize) -> Search {
        let full = (1u64 << n) - 1;
        Search { n, full, queen_in_row: vec![None; n], columns: 0, falling: 0, rising: 0 }
    }

    /// The columns of `row` where a queen would conflict with none.
    fn free(&self, row: usize) -> u64 {
        let taken = self.columns | self.falling >> row | self.rising >> (self.n - 1 - row);
        self.full & !taken
    }

    fn attacked(&self, row: usize, col: usize) -> bool {
        self.queen_in_row[row].is_some() || self.free(row) >> col & 1 == 0
    }

    fn place(&mut self, row: usize, col: usize) {
        self.queen_in_row[row] = Some(col as u8);
        self.toggle(row, col);
    }

    fn remove(&mut self, row: usize, col: usize) {
        self.queen_in_row[row] = None;
        self.toggle(row, col);
    }

    fn toggle(&mut self, row: usize, col: usize) {
        self.columns ^= 1 << col;
        self.falling ^= 1 << (row + col);
        self.rising ^= 1 << (col + self.n - 1 - row);
    }

    /// Whether every empty row from `row` down still has a free square.
    fn rows_below_open(&self, row: usize) -> bool {
        (row..self.n).all(|r| self.queen_in_row[r].is_some() || self.free(r) != 0)
    }

    /// The seed's recursive procedure; `true` for its return code 0 (success).
    fn place_queen_in_row(&mut self, row: usize) -> bool {
        if row == self.n {
            return true;
        }
        if self.queen_in_row[row].is_some() {
            return self.place_queen_in_row(row + 1);
        }
        let mut free = self.free(row);
        while free != 0 {
            // The lowest bit is the leftmost free column.
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            self.place(row, col);
            if self.rows_below_open(row + 1) && self.place_queen_in_row(row + 1) {
                return true;
            }
            self.remove(row, col);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_8x8_is_solved_as_the_seed_solves_it() {
        let solved = solve_like_scratch(&Placement::empty(8)).unwrap();
        let names: Vec<String> = solved.queens().map(|q| q.chess(8)).collect();
        assert_eq!(names, ["a8", "b2", "c4", "d1", "e7", "f5", "g3", "h6"]);
    }

    #[test]
    fn attacking_queens_and_boards_without_room_have_no_solution() {
        let attacking = Placement::from_squares(8, &[Square::new(0, 0), Square::new(2, 2)]).unwrap();
        assert_eq!(solve_like_scratch(&attacking), None);
        assert_eq!(solve_like_scratch(&Placement::empty(3)), None);
        assert!(solve_like_scratch(&Placement::empty(16)).is_some());
    }
}
