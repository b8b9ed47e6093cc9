//! Completion of partial boards against brute force, and the construction
//! and first solutions against the independent validator.
//!
//! What it proves, in full (with the tests of `puzzle`, `solver_counts`): the puzzle core and the
//! solvers against brute force and published counts (OEIS A000170, A002562, A075458, A051223,
//! A201540); every answer checked by an independent validator; completion against brute force on
//! small boards (proptest). Larger published counts are `#[ignore]`d and run in release by CI

use crate::common;

use common::{Rng, brute_force_solutions, is_solution};
use proptest::prelude::*;
use queens::puzzle::{Placement, Square};
use queens::solver::{Method, SEARCH_MAX_N, complete, complete_rows, construct, first_solution, solve};

/// What brute force says about completing `given` on an n x n board.
fn completable(solutions: &[Vec<usize>], given: &[Square]) -> bool {
    solutions.iter().any(|s| given.iter().all(|q| s[q.col as usize] == q.row as usize))
}

fn check(n: usize, given: &[Square], solutions: &[Vec<usize>]) -> Result<(), TestCaseError> {
    let peaceful = given.iter().enumerate().all(|(i, a)| given[i + 1..].iter().all(|b| !a.queen_attacks(*b)));
    let answer = complete_rows(n, given);
    if !peaceful {
        prop_assert!(answer.is_err(), "attacking queens {given:?} were accepted");
        return Ok(());
    }
    let answer = answer.unwrap();
    prop_assert_eq!(answer.is_some(), completable(solutions, given), "n = {}, given {:?}", n, given);
    if let Some(rows) = answer {
        let rows: Vec<usize> = rows.iter().map(|&r| r as usize).collect();
        prop_assert!(is_solution(&rows));
        for q in given {
            prop_assert_eq!(rows[q.col as usize], q.row as usize, "a given queen moved");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn completion_agrees_with_brute_force(n in 1usize..=8, picks in prop::collection::vec((0u8..8, 0u8..8), 0..5)) {
        let solutions = brute_force_solutions(n);
        let mut given: Vec<Square> = Vec::new();
        for (c, r) in picks {
            let sq = Square::new(c % n as u8, r % n as u8);
            if given.iter().all(|g| g.col != sq.col) {
                given.push(sq);
            }
        }
        check(n, &given, &solutions)?;
    }
}

#[test]
fn every_peaceful_pair_on_6x6_and_7x7() {
    for n in [6usize, 7] {
        let solutions = brute_force_solutions(n);
        let squares: Vec<Square> = (0..n * n).map(|i| Square::new((i % n) as u8, (i / n) as u8)).collect();
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                if a.col != b.col {
                    check(n, &[a, b], &solutions).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_games_placement_completes_and_keeps_its_queens() {
    let mut p = Placement::empty(8);
    p.set(0, Some(0));
    p.set(2, Some(7));
    let full = complete(&p).expect("a8 and c1 extend to a solution");
    assert!(full.is_full() && full.is_peaceful() && p.is_subset_of(&full));
    p.set(1, Some(6)); // b2 is next to c1 on a diagonal
    assert!(!p.is_peaceful());
    assert_eq!(complete(&p), None);
}

#[test]
fn random_boards_of_100_complete_quickly_or_say_no() {
    // Typical inputs: a few queens dropped at random on a 100 x 100 board.
    let mut rng = Rng::new(7);
    for _ in 0..20 {
        let mut given: Vec<Square> = Vec::new();
        for _ in 0..10 {
            let sq = Square::new(rng.below(100) as u8, rng.below(100) as u8);
            if given.iter().all(|g| g.col != sq.col && g.row != sq.row && !g.queen_attacks(sq)) {
                given.push(sq);
            }
        }
        let rows = complete_rows(100, &given).unwrap().expect("ten scattered queens leave room on 100x100");
        let rows: Vec<usize> = rows.iter().map(|&r| r as usize).collect();
        assert!(is_solution(&rows));
        assert!(given.iter().all(|q| rows[q.col as usize] == q.row as usize));
    }
}

#[test]
fn first_solutions_and_constructions_are_solutions() {
    for n in 1..=20 {
        let first = first_solution(n);
        assert_eq!(first.is_some(), n != 2 && n != 3);
        if let Some(rows) = first {
            assert!(is_solution(&rows.iter().map(|&r| r as usize).collect::<Vec<_>>()), "n = {n}");
        }
    }
    // The first solution is the smallest: brute force lists solutions in no
    // particular order, so compare against their minimum.
    for n in 4..=8 {
        let min = brute_force_solutions(n).into_iter().min().unwrap();
        assert_eq!(first_solution(n).unwrap().iter().map(|&r| r as usize).collect::<Vec<_>>(), min);
    }
    // Above the search's reach, the construction, and it says so.
    for n in [SEARCH_MAX_N + 1, 1000, 12_345] {
        let (rows, method, placements) = solve(n).unwrap();
        assert_eq!((method, placements), (Method::Construction, 0));
        assert_eq!(rows, construct(n).unwrap());
        assert!(is_solution(&rows.iter().map(|&r| r as usize).collect::<Vec<_>>()), "n = {n}");
    }
}
