//! Independent checks of answers, used before printing and by the tests.
//! They share no code with the searches, so a bug there cannot hide here.

use super::piece::Piece;
use super::pieces::Placed;

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

/// Whether no piece attacks another and no two share a square, checked by
/// walking each piece's moves square by square (sliders stop at the first
/// piece, as in chess) rather than with the search's precomputed masks.
pub fn pieces_at_peace(width: usize, height: usize, pieces: &[Placed]) -> bool {
    let at =
        |c: i64, r: i64| pieces.iter().position(|p| (p.square.col as i64, p.square.row as i64) == (c, r));
    let on_board = |c: i64, r: i64| c >= 0 && r >= 0 && c < width as i64 && r < height as i64;
    const LINES: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAGONALS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const LEAPS: [(i64, i64); 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
    for (i, p) in pieces.iter().enumerate() {
        let (c, r) = (p.square.col as i64, p.square.row as i64);
        if !on_board(c, r) || at(c, r) != Some(i) {
            return false; // off the board, or a square shared with an earlier piece
        }
        type Moves = Vec<(i64, i64)>;
        let (slides, steps): (Moves, Moves) = match p.piece {
            Piece::Rook => (LINES.to_vec(), vec![]),
            Piece::Bishop => (DIAGONALS.to_vec(), vec![]),
            Piece::Queen => ([LINES, DIAGONALS].concat(), vec![]),
            Piece::Amazon => ([LINES, DIAGONALS].concat(), LEAPS.to_vec()),
            Piece::Knight => (vec![], LEAPS.to_vec()),
            Piece::King => (vec![], [LINES, DIAGONALS].concat()),
        };
        for (dc, dr) in steps {
            if on_board(c + dc, r + dr) && at(c + dc, r + dr).is_some() {
                return false;
            }
        }
        for (dc, dr) in slides {
            let (mut x, mut y) = (c + dc, r + dr);
            while on_board(x, y) {
                if at(x, y).is_some() {
                    return false;
                }
                x += dc;
                y += dr;
            }
        }
    }
    true
}

/// Whether queens on `cells` (`(col, row)`) cover every square of the n x n
/// board (each square holds or is attacked by a queen), none attacking
/// another if `independent`. Plain O(n^2 * k) checking, square by square.
pub fn queens_cover(n: usize, cells: &[(usize, usize)], independent: bool) -> bool {
    let sees =
        |(c, r): (usize, usize), (x, y): (usize, usize)| c == x || r == y || c.abs_diff(x) == r.abs_diff(y);
    let all_on_board = cells.iter().all(|&(c, r)| c < n && r < n);
    let covered = (0..n).all(|y| (0..n).all(|x| cells.iter().any(|&q| sees(q, (x, y)))));
    let apart = (0..cells.len()).all(|i| (i + 1..cells.len()).all(|j| !sees(cells[i], cells[j])));
    all_on_board && covered && (!independent || apart)
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

    #[test]
    fn pieces_attack_as_in_chess() {
        let p = |piece, col, row| Placed { piece, square: crate::puzzle::Square::new(col, row) };
        assert!(pieces_at_peace(3, 3, &[p(Piece::Knight, 0, 0), p(Piece::Knight, 1, 0)]));
        assert!(
            !pieces_at_peace(3, 3, &[p(Piece::Knight, 0, 0), p(Piece::Bishop, 1, 2)]),
            "the knight leaps"
        );
        assert!(!pieces_at_peace(3, 3, &[p(Piece::Bishop, 1, 2), p(Piece::Knight, 0, 0)]), "either order");
        assert!(!pieces_at_peace(3, 3, &[p(Piece::Rook, 0, 0), p(Piece::King, 0, 2)]));
        assert!(pieces_at_peace(3, 3, &[p(Piece::King, 0, 0), p(Piece::King, 2, 0)]));
        assert!(!pieces_at_peace(3, 3, &[p(Piece::Amazon, 0, 0), p(Piece::Knight, 2, 1)]));
        assert!(!pieces_at_peace(3, 3, &[p(Piece::King, 0, 0), p(Piece::King, 0, 0)]), "one square");
        assert!(!pieces_at_peace(3, 3, &[p(Piece::King, 3, 0)]), "off the board");
    }
}
