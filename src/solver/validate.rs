//! Independent checks of answers, used before printing and by the tests.
//! They share no code with the searches, so a bug there cannot hide here.

/// Whether `rows` (row of the queen in each column) is a full n-queens
/// solution. O(n) time and memory: each row and each diagonal is marked once,
/// so this checks even a construction for ten million queens in milliseconds.
pub fn is_solution(rows: &[u32]) -> bool {
    let n = rows.len();
    let mut row_used = vec![false; n];
    let mut down = vec![false; 2 * n]; // row + col
    let mut up = vec![false; 2 * n]; // row - col + n
    for (col, &row) in rows.iter().enumerate() {
        let row = row as usize;
        if row >= n {
            return false;
        }
        let (d, u) = (row + col, row + n - col);
        if row_used[row] || down[d] || up[u] {
            return false;
        }
        row_used[row] = true;
        down[d] = true;
        up[u] = true;
    }
    true
}

/// Whether the full placement `full` keeps every queen given in `fixed`
/// (`None` = a column with no given queen) on its square.
pub fn keeps_queens(fixed: &[Option<u32>], full: &[u32]) -> bool {
    fixed.len() == full.len() && fixed.iter().zip(full).all(|(f, r)| f.is_none_or(|f| f == *r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_a_solution_and_refuses_every_kind_of_clash() {
        assert!(is_solution(&[0, 4, 7, 5, 2, 6, 1, 3]));
        assert!(is_solution(&[0]));
        assert!(!is_solution(&[0, 4, 7, 5, 2, 6, 1, 1]), "same row");
        assert!(!is_solution(&[0, 1, 7, 5, 2, 6, 4, 3]), "diagonal");
        assert!(!is_solution(&[3, 1]), "off the board");
        assert!(!is_solution(&[1, 0]), "anti-diagonal");
    }
}
