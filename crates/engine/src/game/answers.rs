//! The questions classic and strict ask about the player's queens, answered
//! from the list of every solution where it is small enough to keep, and by
//! search above.

use crate::puzzle::{MAX_LISTED_N, Placement, Solutions, Square};
use crate::solver::{closest, complete};
use std::sync::Arc;

/// Where a game's answers come from. The game asks its questions through
/// the methods and never knows which.
#[derive(Clone)]
pub enum Answers {
    /// Boards up to [`MAX_LISTED_N`]: every solution in memory, in the seed's
    /// order, so ties go as they do in the seed.
    Listed(Arc<Solutions>),
    /// Larger boards: each answer is a search of the `n` x `n` board
    /// ([`closest::closest`] and [`complete::complete`]).
    Searched {
        /// The board's side, in squares.
        n: usize,
    },
}

impl Answers {
    /// The answers for an `n` x `n` board: listed up to [`MAX_LISTED_N`]
    /// (the 8x8's 92 computed once and shared), searched above.
    pub fn new(n: usize) -> Answers {
        match n {
            8 => Answers::Listed(Solutions::eight_shared()),
            _ if n <= MAX_LISTED_N => Answers::Listed(Arc::new(Solutions::new(n))),
            _ => Answers::Searched { n },
        }
    }

    /// The board's side, in squares.
    pub fn n(&self) -> usize {
        match self {
            Answers::Listed(s) => s.n(),
            Answers::Searched { n } => *n,
        }
    }

    /// A solution that keeps the most of `partial`'s queens. Listed: the
    /// first such in the seed's order. Searched: the first in the search's
    /// order (see [`closest`](crate::solver::closest)).
    ///
    /// # Panics
    /// On a board with no solution (2 x 2, 3 x 3).
    ///
    /// # Example
    /// ```
    /// use queens_engine::game::Answers;
    /// use queens_engine::puzzle::{Placement, Square};
    ///
    /// // Two queens on one diagonal: no solution keeps both, some keep one.
    /// let squares = ["a1", "c3"].map(|name| Square::parse_chess(name, 8).unwrap());
    /// let partial = Placement::from_squares(8, &squares).unwrap();
    /// assert!(!partial.is_peaceful());
    ///
    /// let closest = Answers::new(8).closest(&partial);
    /// assert!(closest.is_full() && closest.is_peaceful());
    /// assert_eq!(closest.shared(&partial), 1);
    /// ```
    pub fn closest(&self, partial: &Placement) -> Placement {
        let found = match self {
            Answers::Listed(s) => s.closest(partial),
            Answers::Searched { .. } => closest::closest(partial),
        };
        found.expect("the board has solutions").solution
    }

    /// A solution keeping every queen of `partial`, if there is one. Listed:
    /// the first in the seed's order; searched: what the completion search finds.
    pub fn completion(&self, partial: &Placement) -> Option<Placement> {
        match self {
            Answers::Listed(s) => s.extending(partial).next().copied(),
            Answers::Searched { .. } => complete::complete(partial),
        }
    }

    /// Every empty square, in a column without a queen, where one more queen
    /// still leads to a solution; none when `partial` is a dead end.
    pub fn safe_squares(&self, partial: &Placement) -> Vec<Square> {
        match self {
            Answers::Listed(s) => s.safe_squares(partial),
            Answers::Searched { .. } => searched_safe_squares(partial),
        }
    }
}

/// One completion per square at most: every completion found shows all of
/// its squares in the empty columns to be safe, so only squares no earlier
/// completion passed through are searched.
fn searched_safe_squares(partial: &Placement) -> Vec<Square> {
    let n = partial.n();
    let mut safe = vec![false; n * n];
    let mark = |solution: &Placement, safe: &mut Vec<bool>| {
        for q in solution.queens().filter(|q| partial.get(q.col as usize).is_none()) {
            safe[q.row as usize * n + q.col as usize] = true;
        }
    };
    let Some(first) = complete::complete(partial) else { return vec![] };
    mark(&first, &mut safe);
    let squares = (0..n * n).map(|i| Square::new((i % n) as u8, (i / n) as u8));
    for sq in squares.clone() {
        let i = sq.row as usize * n + sq.col as usize;
        if safe[i] || partial.get(sq.col as usize).is_some() || partial.queens().any(|q| q.queen_attacks(sq))
        {
            continue;
        }
        let mut with = *partial;
        with.set(sq.col as usize, Some(sq.row));
        if let Some(solution) = complete::complete(&with) {
            mark(&solution, &mut safe);
        }
    }
    squares.filter(|sq| safe[sq.row as usize * n + sq.col as usize]).collect()
}
