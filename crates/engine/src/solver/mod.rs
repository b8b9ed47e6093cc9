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

pub mod closest;
pub mod complete;
pub mod construct;
// count and pieces belong to other branches of issue 17's round, which document them.
#[allow(missing_docs)]
pub mod count;
pub mod cover;
pub mod cover_walk;
pub mod notation;
#[allow(missing_docs)]
pub mod pieces;
pub mod validate;

pub use complete::{MAX_COMPLETE_N, complete, complete_rows};
pub use construct::construct;
pub use count::{Counts, MAX_COUNT_N, count, count_solutions};

/// Up to this n, [`solve`] gives the lexicographically first solution.
pub const FIRST_SOLUTION_MAX_N: usize = 20;

/// How [`solve`] found its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Backtracking: the lexicographically first solution.
    First,
    /// The explicit construction by n mod 6.
    Construction,
}

/// One solution for n queens (`rows[c]`, 0 = top), or `None` for n = 2 and 3.
/// Up to [`FIRST_SOLUTION_MAX_N`] this is the lexicographically first one,
/// as the MATLAB program of the sources prints it; above, the construction,
/// which answers for ten million queens in well under a second.
pub fn solve(n: usize) -> Option<(Vec<u32>, Method)> {
    if n <= FIRST_SOLUTION_MAX_N {
        first_solution(n).map(|rows| (rows, Method::First))
    } else {
        construct(n).map(|rows| (rows, Method::Construction))
    }
}

/// The lexicographically first solution: columns left to right, each taking
/// the smallest row that no earlier queen attacks, backtracking on a dead end.
/// Exponential in the worst case, so meant for n up to about 30.
pub fn first_solution(n: usize) -> Option<Vec<u32>> {
    assert!(n <= MAX_COUNT_N, "first_solution takes n up to {MAX_COUNT_N}");
    let full = (u64::MAX >> (64 - n.max(1))) as u32;
    let mut rows = Vec::with_capacity(n);
    fn go(n: usize, full: u32, used: u32, down: u32, up: u32, rows: &mut Vec<u32>) -> bool {
        if rows.len() == n {
            return true;
        }
        // Lowest bit = smallest row index; `down`/`up` are the rows of this column on a taken diagonal.
        let mut free = full & !(used | down | up);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            rows.push(bit.trailing_zeros());
            if go(n, full, used | bit, ((down | bit) << 1) & full, (up | bit) >> 1, rows) {
                return true;
            }
            rows.pop();
        }
        false
    }
    go(n, full, 0, 0, 0, &mut rows).then_some(rows)
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
