//! The Delphi program's own search (seed 001, `GoSolve`): the covers its
//! *Go* button finds, one per press, in its order.
//!
//! The program counts the squares from the top-left, left to right, then row
//! by row (its field counter: x from 1 to n, then y), and puts each queen on
//! the next square that is neither occupied nor attacked, backtracking when
//! the allowed number of queens (its `maxQueen`) is on the board without
//! covering it. So every cover it finds has no two queens attacking each
//! other, a cover reached with fewer queens than allowed counts too, and the
//! covers come in increasing order of their squares read as that counter.

use super::cover::CoverBoard;
use crate::puzzle::Square;

/// The covers Go finds with at most `most` queens, as an iterator that
/// resumes where the last cover was found (a second Go gives the next).
#[derive(Clone, Debug)]
pub struct CoverWalk {
    n: usize,
    most: usize,
    full: u128,
    /// reach[s]: the squares a queen on s attacks or occupies.
    reach: Vec<u128>,
    /// The queens on the board, as square numbers (row * n + column), increasing.
    queens: Vec<usize>,
    /// covered[d]: the squares the first d queens reach; covered[0] is empty.
    covered: Vec<u128>,
    /// Where the next free square is looked for (inclusive).
    from: usize,
    done: bool,
}

impl CoverWalk {
    /// The walk from the start (an empty board), allowing `most` queens.
    pub fn new(board: &CoverBoard, most: usize) -> CoverWalk {
        let n = board.n();
        CoverWalk {
            n,
            most,
            full: board.full_mask(),
            reach: (0..n * n).map(|s| board.reach(s)).collect(),
            queens: Vec::with_capacity(most.min(n)),
            covered: vec![0],
            from: 0,
            done: false,
        }
    }

    /// The most queens allowed.
    pub fn most(&self) -> usize {
        self.most
    }

    /// The next cover as square numbers (row * n + column), increasing.
    pub(crate) fn next_numbers(&mut self) -> Option<&[usize]> {
        if self.done {
            return None;
        }
        loop {
            let covered = *self.covered.last().expect("covered[0] is always there");
            // Free squares at or after `from`: neither occupied nor attacked.
            let after = if self.from >= 128 { 0 } else { u128::MAX << self.from };
            let free = self.full & !covered & after;
            if self.queens.len() < self.most && free != 0 {
                let q = free.trailing_zeros() as usize;
                let now = covered | self.reach[q];
                self.queens.push(q);
                self.covered.push(now);
                self.from = q + 1;
                if now == self.full {
                    // Go again finds no free square: the last queen comes off first.
                    return Some(&self.queens);
                }
            } else if self.queens.is_empty() {
                self.done = true;
                return None;
            } else {
                self.take_back();
            }
        }
    }

    /// Takes the last queen off; the search goes on from the square after it.
    fn take_back(&mut self) {
        let q = self.queens.pop().expect("a queen to take back");
        self.covered.pop();
        self.from = q + 1;
    }

    /// Whether the walk has found every cover (Go answers "no solution").
    pub fn is_done(&self) -> bool {
        self.done
    }
}

impl Iterator for CoverWalk {
    /// A cover's squares, in the walk's order (top row first, left to right).
    type Item = Vec<Square>;

    fn next(&mut self) -> Option<Vec<Square>> {
        let n = self.n;
        self.next_numbers()
            .map(|numbers| numbers.iter().map(|&s| Square::new((s % n) as u8, (s / n) as u8)).collect())
    }
}
