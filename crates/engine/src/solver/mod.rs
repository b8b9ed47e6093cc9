//! The solver toolkit behind `queens solve`, `count`, `pieces` and `cover`:
//! n queens of any size, completion of partial boards, mixed pieces on
//! rectangular boards, and the fewest queens that cover a board. Pure
//! computation; the `queens` command line does the printing.
//!
//! ```
//! use queens_engine::solver;
//!
//! // All 92 solutions of the 8x8, of which 12 are distinct under the
//! // board's rotations and reflections (two threads, no progress reports).
//! let counts = solver::count(8, true, 2, None);
//! assert_eq!((counts.total, counts.unique), (92, Some(12)));
//! assert_eq!(solver::count_solutions(10), 724);
//! ```

pub mod bounds;
pub mod closest;
pub mod complete;
pub mod construct;
pub mod count;
pub mod cover;
pub mod cover_walk;
pub mod first;
pub mod notation;
pub mod piece;
pub mod pieces;
pub mod rows;
pub mod validate;
pub mod watch;

pub use complete::{MAX_COMPLETE_N, complete, complete_rows};
pub use construct::construct;
pub use count::{Counts, MAX_COUNT_N, count, count_solutions};

/// The most placements [`solve`] lets the search for the first solution make
/// before it answers with the construction instead: about a second on the
/// machine docs/PERFORMANCE.md measures on (130 to 150 million a second). A
/// count, not a time, so that every machine gives the same answer for an n.
pub const SEARCH_BUDGET: u64 = 150_000_000;

/// The largest n [`solve`] searches: up to 128 a placement is a few bit
/// operations; above, the search scans a column per placement, and no n
/// from 34 to 128 finds the first solution within the budget anyway.
pub const SEARCH_MAX_N: usize = 128;

/// A solution, how it was found, and the placements the search made.
pub type Solved = (Vec<u32>, Method, u64);

/// How [`solve`] found its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Backtracking: the lexicographically first solution.
    First,
    /// The explicit construction by n mod 6.
    Construction,
}

/// One solution for n queens (`rows[c]`, 0 = top), or `None` for n = 2 and 3:
/// the lexicographically first one, as the MATLAB program of the sources
/// prints it, wherever the search finds it within [`SEARCH_BUDGET`]
/// placements (and n is at most [`SEARCH_MAX_N`]); otherwise the
/// construction, which answers for ten million queens in well under a
/// second. Also the placements the search made.
pub fn solve(n: usize) -> Option<Solved> {
    solve_watched(n, false, &mut |_| true).expect("a check that never stops")
}

/// [`solve`], or with `insist` the first solution however long the search takes (never the
/// construction), with `check` told how far the search is every [`first::TICK`] placements;
/// it stops the search by returning false (then `None`).
pub fn solve_watched(
    n: usize,
    insist: bool,
    check: &mut dyn FnMut(first::Tick) -> bool,
) -> Option<Option<Solved>> {
    if n > SEARCH_MAX_N && !insist {
        return Some(construct(n).map(|rows| (rows, Method::Construction, 0)));
    }
    let search = first::search(n, (!insist).then_some(SEARCH_BUDGET), check);
    match search.outcome {
        first::Outcome::Found(rows) => Some(Some((rows, Method::First, search.placements))),
        first::Outcome::NoSolution => Some(None),
        first::Outcome::OutOfBudget => {
            Some(construct(n).map(|rows| (rows, Method::Construction, search.placements)))
        }
        first::Outcome::Stopped => None,
    }
}

/// The lexicographically first solution, however long the search takes
/// (see [`first`] for one that can be stopped).
pub fn first_solution(n: usize) -> Option<Vec<u32>> {
    match first::search(n, None, &mut |_| true).outcome {
        first::Outcome::Found(rows) => Some(rows),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_solutions_are_the_matlab_programs() {
        // Read off the grids the MATLAB program prints for 8, 9 and 10.
        assert_eq!(first_solution(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
        assert_eq!(first_solution(9), Some(vec![0, 2, 5, 7, 1, 3, 8, 6, 4]));
        assert_eq!(first_solution(10), Some(vec![0, 2, 5, 7, 9, 4, 8, 1, 3, 6]));
        assert_eq!(first_solution(3), None);
        assert_eq!(first_solution(1), Some(vec![0]));
    }
}
