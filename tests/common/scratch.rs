//! The Scratch program of seed 000 (`000_*.txt`), its back end ported line
//! by line as an independent oracle for strict mode: the list "Board" of
//! n x n numbers (1 = a queen), rows and columns counted from 1 at the top
//! left as the seed counts them, its conflict checks that add up cells, and
//! its recursive "Place Queen In Row" with a return code. Written from the
//! seed's text only, as slowly as the seed runs: no bitboards, no pruning.

/// The seed's global data: the board list and its side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scratch {
    n: usize,
    board: Vec<u8>,
}

impl Scratch {
    /// "The initial layout is empty."
    pub fn new(n: usize) -> Scratch {
        Scratch { n, board: vec![0; n * n] }
    }

    /// The cell at (row, column), both from 1.
    fn cell(&self, row: usize, column: usize) -> u8 {
        self.board[(row - 1) * self.n + (column - 1)]
    }

    fn set(&mut self, row: usize, column: usize, value: u8) {
        self.board[(row - 1) * self.n + (column - 1)] = value;
    }

    /// "Place Queen": set the array location (row, column) to 1.
    fn place_queen(&mut self, row: usize, column: usize) {
        self.set(row, column, 1);
    }

    /// "Remove Queen": set the array location (row, column) to 0.
    fn remove_queen(&mut self, row: usize, column: usize) {
        self.set(row, column, 0);
    }

    /// "CheckConflictRow": the row adds up to more than 1.
    fn check_conflict_row(&self, row: usize) -> bool {
        let sum: u32 = (1..=self.n).map(|c| self.cell(row, c) as u32).sum();
        sum > 1
    }

    /// "CheckConflictColumn".
    fn check_conflict_column(&self, column: usize) -> bool {
        let sum: u32 = (1..=self.n).map(|r| self.cell(r, column) as u32).sum();
        sum > 1
    }

    /// "CheckConflictDiagonalNE-SW": up and right from the cell, then down
    /// and left, the cell itself counted twice and taken off once.
    fn check_conflict_diagonal_ne_sw(&self, row: usize, column: usize) -> bool {
        let n = self.n as i64;
        let mut sum = 0i64;
        let (mut r, mut c) = (row as i64, column as i64);
        while r >= 1 && c <= n {
            sum += self.cell(r as usize, c as usize) as i64;
            r -= 1;
            c += 1;
        }
        let (mut r, mut c) = (row as i64, column as i64);
        while r <= n && c >= 1 {
            sum += self.cell(r as usize, c as usize) as i64;
            r += 1;
            c -= 1;
        }
        sum -= self.cell(row, column) as i64;
        sum > 1
    }

    /// "CheckConflictDiagonalNW-SE": up and left, then down and right.
    fn check_conflict_diagonal_nw_se(&self, row: usize, column: usize) -> bool {
        let n = self.n as i64;
        let mut sum = 0i64;
        let (mut r, mut c) = (row as i64, column as i64);
        while r >= 1 && c >= 1 {
            sum += self.cell(r as usize, c as usize) as i64;
            r -= 1;
            c -= 1;
        }
        let (mut r, mut c) = (row as i64, column as i64);
        while r <= n && c <= n {
            sum += self.cell(r as usize, c as usize) as i64;
            r += 1;
            c += 1;
        }
        sum -= self.cell(row, column) as i64;
        sum > 1
    }

    /// "Check Conflict" for the queen just put at (row, column).
    fn check_conflict(&self, row: usize, column: usize) -> bool {
        self.check_conflict_row(row)
            || self.check_conflict_column(column)
            || self.check_conflict_diagonal_nw_se(row, column)
            || self.check_conflict_diagonal_ne_sw(row, column)
    }

    /// "Flip cell", the manual mode's click: place a queen on an empty cell
    /// unless it conflicts (then it is removed again: the red light), or
    /// remove the queen there. Says whether the click was refused.
    pub fn flip_cell(&mut self, row: usize, column: usize) -> bool {
        if self.cell(row, column) == 0 {
            self.place_queen(row, column);
            if self.check_conflict(row, column) {
                self.remove_queen(row, column);
                return true;
            }
        } else {
            self.remove_queen(row, column);
        }
        false
    }

    /// "Does Row Contain Queen".
    fn does_row_contain_queen(&self, row: usize) -> bool {
        let sum: u32 = (1..=self.n).map(|c| self.cell(row, c) as u32).sum();
        sum > 0
    }

    /// "Place Queen In Row" (recursive): 0 for success, 1 for failure.
    fn place_queen_in_row(&mut self, row: usize) -> u8 {
        if row > self.n {
            return 0;
        }
        if self.does_row_contain_queen(row) {
            return self.place_queen_in_row(row + 1);
        }
        for column in 1..=self.n {
            self.place_queen(row, column);
            if !self.check_conflict(row, column) {
                let code = self.place_queen_in_row(row + 1);
                if code == 0 {
                    return 0;
                }
            }
            self.remove_queen(row, column);
        }
        1
    }

    /// "Solve Puzzle": whether a solution was found (the board then holds it;
    /// on failure every queen the search tried is taken off again).
    pub fn solve_puzzle(&mut self) -> bool {
        self.place_queen_in_row(1) == 0
    }

    /// The queens as (x, y) from 0 at the top left, x first, sorted.
    pub fn queens(&self) -> Vec<(usize, usize)> {
        let mut out = vec![];
        for row in 1..=self.n {
            for column in 1..=self.n {
                if self.cell(row, column) == 1 {
                    out.push((column - 1, row - 1));
                }
            }
        }
        out.sort();
        out
    }
}
