//! The solver's counts against published sequences (OEIS) and brute force.
//! Larger cases are `#[ignore]`d here and run in release by .ci/run
//! (`cargo test --release -- --ignored`).

mod common;

use common::QUEENS;
use queens::solver::cover::Board;
use queens::solver::pieces::{Piece, Problem, Solver};
use queens::solver::{count, count_solutions};

fn check_queens(n: usize, threads: usize) {
    let (total, unique) = QUEENS[n - 1];
    let counts = count(n, true, threads, None);
    assert_eq!((counts.total, counts.unique), (total, Some(unique)), "n = {n}, {threads} thread(s)");
    assert_eq!(count(n, false, threads, None).total, total, "n = {n} without --unique");
}

#[test]
fn queens_up_to_12_match_oeis_on_one_and_on_three_threads() {
    for n in 1..=12 {
        check_queens(n, 1);
        check_queens(n, 3);
    }
}

#[test]
#[ignore = "seconds in release; run by .ci/run with --release --ignored"]
fn queens_13_to_16_match_oeis() {
    for n in 13..=16 {
        check_queens(n, 2);
    }
}

#[test]
fn the_counter_agrees_with_a_plain_search() {
    // A search written without bitboards or symmetry, for the small sizes.
    fn plain(n: usize, rows: &mut Vec<usize>) -> u64 {
        if rows.len() == n {
            return 1;
        }
        let c = rows.len();
        let mut total = 0;
        for r in 0..n {
            if rows.iter().enumerate().all(|(c2, &r2)| r2 != r && c.abs_diff(c2) != r.abs_diff(r2)) {
                rows.push(r);
                total += plain(n, rows);
                rows.pop();
            }
        }
        total
    }
    for n in 1..=9 {
        assert_eq!(count_solutions(n), plain(n, &mut Vec::new()), "n = {n}");
    }
}

fn pieces(w: usize, h: usize, list: &[(Piece, usize)]) -> u64 {
    let problem = list.iter().fold(Problem::new(w, h), |p, &(piece, k)| p.with(piece, k));
    Solver::new(&problem).unwrap().count()
}

#[test]
fn the_prolog_papers_five_pieces_on_5x5() {
    use Piece::*;
    assert_eq!(pieces(5, 5, &[(Knight, 1), (Bishop, 1), (Rook, 1), (Queen, 1), (Amazon, 1)]), 96);
    assert_eq!(pieces(8, 8, &[(Queen, 8)]), 92);
    // Rooks: n! ways; two kinds of rooks are the same as one kind, split.
    assert_eq!(pieces(5, 5, &[(Rook, 5)]), 120);
    assert_eq!(pieces(4, 4, &[(Rook, 2)]), 72); // 16 * 9 / 2
}

#[test]
fn amazons_match_oeis_a051223() {
    let expected = [1, 0, 0, 0, 0, 0, 0, 0, 0, 4];
    for (i, &e) in expected.iter().enumerate() {
        let n = i + 1;
        assert_eq!(pieces(n, n, &[(Piece::Amazon, n)]), e, "{n} amazons");
    }
}

#[test]
fn knights_match_oeis_a201540() {
    let expected = [1, 6, 36, 412, 9386];
    for (i, &e) in expected.iter().enumerate() {
        let n = i + 1;
        assert_eq!(pieces(n, n, &[(Piece::Knight, n)]), e, "{n} knights");
    }
}

#[test]
#[ignore = "about a second in release, much longer in debug; run by .ci/run"]
fn the_issues_seven_by_seven_mix_and_more_knights_and_amazons() {
    use Piece::*;
    assert_eq!(pieces(7, 7, &[(King, 2), (Queen, 2), (Bishop, 2), (Knight, 1)]), 3_063_828);
    assert_eq!(pieces(6, 6, &[(Knight, 6)]), 257_318);
    assert_eq!(pieces(7, 7, &[(Knight, 7)]), 8_891_854);
    assert_eq!(pieces(11, 11, &[(Amazon, 11)]), 44);
    assert_eq!(pieces(12, 12, &[(Amazon, 12)]), 156);
}

/// OEIS A075458 (domination numbers), A002564 (how many minimum covers)
/// and the independent domination numbers A075324, n = 1..11.
const COVERS: [(usize, u64, usize); 11] = [
    (1, 1, 1),
    (1, 4, 1),
    (1, 1, 1),
    (2, 12, 3),
    (3, 186, 3),
    (3, 4, 4),
    (4, 86, 4),
    (5, 4860, 5),
    (5, 114, 5),
    (5, 8, 5),
    (5, 2, 5),
];

#[test]
fn queen_covers_match_oeis_up_to_8() {
    for n in 1..=8 {
        check_cover(n);
    }
}

#[test]
#[ignore = "seconds in debug; run by .ci/run"]
fn queen_covers_match_oeis_9_to_11() {
    for n in 9..=11 {
        check_cover(n);
    }
}

fn check_cover(n: usize) {
    let (gamma, ways, independent) = COVERS[n - 1];
    let board = Board::new(n, false);
    assert_eq!(board.minimum(), gamma, "domination number of {n}x{n}");
    assert_eq!(board.count_minimum(), ways, "minimum covers of {n}x{n}");
    assert_eq!(Board::new(n, true).minimum(), independent, "independent domination number of {n}x{n}");
}

#[test]
fn cover_counts_agree_with_brute_force_on_small_boards() {
    type Cell = (usize, usize);
    // Every k-subset of squares, checked square by square.
    fn brute(n: usize, k: usize, independent: bool) -> u64 {
        let squares: Vec<(usize, usize)> = (0..n * n).map(|s| (s % n, s / n)).collect();
        let sees = |a: (usize, usize), b: (usize, usize)| {
            a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
        };
        let mut total = 0;
        let mut pick = Vec::new();
        fn go(
            from: usize,
            k: usize,
            squares: &[(usize, usize)],
            pick: &mut Vec<(usize, usize)>,
            f: &mut dyn FnMut(&[Cell]),
        ) {
            if pick.len() == k {
                return f(pick);
            }
            for i in from..squares.len() {
                pick.push(squares[i]);
                go(i + 1, k, squares, pick, f);
                pick.pop();
            }
        }
        go(0, k, &squares, &mut pick, &mut |set| {
            let covers = squares.iter().all(|&s| set.iter().any(|&q| sees(q, s)));
            let apart = set.iter().enumerate().all(|(i, &a)| set[i + 1..].iter().all(|&b| !sees(a, b)));
            if covers && (!independent || apart) {
                total += 1;
            }
        });
        total
    }
    for n in 1..=5 {
        for independent in [false, true] {
            let board = Board::new(n, independent);
            let k = board.minimum();
            assert_eq!(brute(n, k - 1, independent), 0, "n = {n}: a smaller cover exists");
            assert_eq!(
                board.count_minimum(),
                brute(n, k, independent),
                "n = {n}, independent = {independent}"
            );
        }
    }
}
