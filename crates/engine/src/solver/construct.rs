//! Explicit n-queens solutions for every n except 2 and 3, in O(n): the
//! classic construction (Hoffman, Loessi and Moore 1969; Bernhardsson 1991)
//! that lists even rows then odd rows, with small repairs when n mod 6 is 2 or 3.

/// One solution as the row (0 = top) of the queen in each column, or
/// `None` for n = 2 and 3, which have none. n = 0 gives the empty board.
pub fn construct(n: usize) -> Option<Vec<u32>> {
    if n == 2 || n == 3 {
        return None;
    }
    // The formulas count rows 1..=n; the output is 0-based.
    let evens = (2..=n).step_by(2);
    let odds = (1..=n).step_by(2);
    let rows: Vec<usize> = match n % 6 {
        2 => {
            // Odds 3, 1, 7, 9, ..., 5: swap 1 and 3, move 5 to the end.
            let odd: Vec<usize> = [3, 1].into_iter().chain(odds.skip(3)).chain([5]).collect();
            evens.chain(odd).collect()
        }
        3 => {
            // Evens 4, 6, ..., 2 and odds 5, 7, ..., 1, 3.
            let even = evens.skip(1).chain([2]);
            let odd = odds.skip(2).chain([1, 3]);
            even.chain(odd).collect()
        }
        _ => evens.chain(odds).collect(),
    };
    debug_assert_eq!(rows.len(), n);
    Some(rows.into_iter().map(|r| (r - 1) as u32).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::validate::is_solution;

    #[test]
    fn every_size_up_to_a_thousand_is_a_solution() {
        assert!(construct(2).is_none() && construct(3).is_none());
        for n in (1..=1000).filter(|&n| n != 2 && n != 3) {
            let rows = construct(n).unwrap();
            assert_eq!(rows.len(), n);
            assert!(is_solution(&rows), "n = {n}: {rows:?}");
        }
    }
}
