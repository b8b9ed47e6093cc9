//! The solution closest to a partial board, found by search: a full
//! solution keeping as many of the given queens as possible. The game asks
//! this of boards too large to list every solution (13 and up).
//!
//! Branch and bound over bitboards, columns left to right as in
//! [`first_solution`](super::first_solution). In each column the given
//! queen's row is tried first, then the other free rows from the top. The
//! search asks for `target` kept queens, from all of them downwards; a
//! branch is cut when the queens kept so far plus the given queens of later
//! columns whose squares are still free fall short of the target, or when a
//! later column or an unused row has no free square left (forward checking).
//! The first target that succeeds is the largest, so the answer keeps the
//! most queens; of the solutions that keep that many, it is the first in the
//! search's order: compare the columns from the left, the given queen's row
//! counting before every other row and the others from the top.

use super::count::full;
use crate::puzzle::{Closest, MAX_N, Placement};

/// The solution keeping the most of `partial`'s queens (which may attack
/// each other), first in the order described above; `None` only for the
/// boards that have no solution at all (2 x 2 and 3 x 3).
pub fn closest(partial: &Placement) -> Option<Closest> {
    let n = partial.n();
    let given: Vec<Option<u8>> = partial.columns().collect();
    (0..=partial.len()).rev().find_map(|target| {
        let mut search = Search { n, full: full(n), given: &given, target, rows: [0; MAX_N] };
        search.go(0, 0, 0, 0, 0).then(|| {
            let solution = Placement::from_full_rows(&search.rows[..n]);
            Closest { solution, kept: partial.shared(&solution) }
        })
    })
}

struct Search<'a> {
    n: usize,
    full: u32,
    given: &'a [Option<u8>],
    /// How many given queens the solution must keep.
    target: usize,
    rows: [u8; MAX_N],
}

impl Search<'_> {
    /// Fills columns `col..`: `used` are the rows taken, `down` and `up` the
    /// rows of column `col` on a taken diagonal (shifted one row per column).
    fn go(&mut self, col: usize, used: u32, down: u32, up: u32, kept: usize) -> bool {
        let n = self.n;
        if col == n {
            return true;
        }
        // The bound, and forward checking of the later columns and the unused rows.
        let mut reachable = kept;
        let mut rows_left = 0;
        for j in col..n {
            let d = j - col;
            let free = self.full & !(used | down << d | up >> d);
            if free == 0 {
                return false;
            }
            rows_left |= free;
            if self.given[j].is_some_and(|r| free >> r & 1 == 1) {
                reachable += 1;
            }
        }
        if reachable < self.target || rows_left != self.full & !used {
            return false;
        }
        let free = self.full & !(used | down | up);
        let mine = self.given[col].map(|r| 1u32 << r).filter(|bit| free & bit != 0);
        let others = free & !mine.unwrap_or(0);
        let order = mine.into_iter().chain(bits(others));
        for bit in order {
            self.rows[col] = bit.trailing_zeros() as u8;
            let keep = usize::from(Some(bit) == mine);
            if self.go(col + 1, used | bit, ((down | bit) << 1) & self.full, (up | bit) >> 1, kept + keep) {
                return true;
            }
        }
        false
    }
}

/// The set bits of `mask`, lowest first, each as a mask.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Solutions, Square};

    /// On every board the list holds, the search keeps as many queens as the
    /// list's closest solution (the tie-breaks differ: the list's is the seed's order).
    #[test]
    fn keeps_as_many_queens_as_the_listed_closest() {
        for n in [5, 6, 8] {
            let listed = Solutions::new(n);
            let mut seed = 12345u64;
            for _ in 0..300 {
                let mut p = Placement::empty(n);
                for _ in 0..n {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let (c, r) = ((seed >> 33) as usize % n, (seed >> 45) as usize % n);
                    p.place_latest_wins(Square::new(c as u8, r as u8));
                }
                let found = closest(&p).unwrap();
                assert!(found.solution.is_full() && found.solution.is_peaceful(), "{p:?}");
                assert_eq!(Some(found.kept), listed.closest(&p).map(|c| c.kept), "{p:?}");
            }
        }
    }

    #[test]
    fn the_players_row_comes_first_then_rows_from_the_top() {
        // An empty 8x8: the lexicographically first solution.
        let found = closest(&Placement::empty(8)).unwrap();
        assert_eq!(found.solution, Placement::from_full_rows(&[0, 4, 7, 5, 2, 6, 1, 3]));
        // A queen at (0,7): the first solution with 7 in column 0.
        let mut p = Placement::empty(8);
        p.set(0, Some(7));
        let found = closest(&p).unwrap();
        assert_eq!(found.solution, Placement::from_full_rows(&[7, 1, 3, 0, 6, 4, 2, 5]));
        assert_eq!(found.kept, 1);
        assert_eq!(closest(&Placement::empty(3)), None);
    }
}
