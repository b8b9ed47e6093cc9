//! The puzzle core against independent checks: brute force, published
//! counts, and the seed program's own enumeration.
//!
//! What it proves, in full (with the tests of `solver_counts`, `solver_complete`): the puzzle core
//! and the solvers against brute force and published counts (OEIS A000170, A002562, A075458,
//! A051223, A201540); every answer checked by an independent validator; completion against brute
//! force on small boards (proptest). Larger published counts are `#[ignore]`d and run in release by
//! CI

use crate::common;

use common::{QUEENS, Rng, brute_force_solutions, is_solution, rows_of};
use queens::puzzle::{Placement, Solutions, Square, Symmetry};
use std::collections::HashSet;

#[test]
fn solution_and_class_counts_match_the_published_ones() {
    // The game keeps every solution for boards up to 12.
    for (i, &(total, unique)) in QUEENS[..12].iter().enumerate() {
        let n = i + 1;
        let s = Solutions::new(n);
        assert_eq!((s.len() as u64, s.class_count() as u64), (total, unique), "n = {n}");
    }
}

#[test]
fn every_one_of_the_92_is_valid_and_they_are_exactly_the_brute_force_set() {
    let s = Solutions::eight();
    let listed: HashSet<Vec<usize>> = s.iter().map(rows_of).collect();
    assert_eq!(listed.len(), 92, "no duplicates");
    assert!(listed.iter().all(|rows| is_solution(rows)));
    let brute: HashSet<Vec<usize>> = brute_force_solutions(8).into_iter().collect();
    assert_eq!(listed, brute);
}

#[test]
fn the_order_is_the_seed_programs() {
    // The first five and the last three that the seed's find_all() produces
    // (its Python, run as printed in seed 002).
    let s = Solutions::eight();
    let rows = |i: usize| rows_of(s.get(i));
    assert_eq!(rows(0), [7, 1, 3, 0, 6, 4, 2, 5]);
    assert_eq!(rows(1), [7, 1, 4, 2, 0, 6, 3, 5]);
    assert_eq!(rows(2), [7, 2, 0, 5, 1, 4, 6, 3]);
    assert_eq!(rows(3), [7, 3, 0, 2, 5, 1, 6, 4]);
    assert_eq!(rows(4), [6, 0, 2, 7, 5, 3, 1, 4]);
    assert_eq!(rows(89), [0, 5, 7, 2, 6, 3, 1, 4]);
    assert_eq!(rows(90), [0, 6, 3, 5, 7, 1, 4, 2]);
    assert_eq!(rows(91), [0, 6, 4, 7, 1, 3, 5, 2]);
}

#[test]
fn the_12_classes_have_eleven_of_eight_and_one_of_four() {
    let s = Solutions::eight();
    let mut sizes = vec![0; s.class_count()];
    for i in 0..s.len() {
        let (class, symmetry) = s.class_of(i);
        sizes[class] += 1;
        let image = symmetry.apply_placement(s.representative(class)).unwrap();
        assert_eq!(&image, s.get(i), "solution {i} is {symmetry:?} of class {class}");
    }
    sizes.sort();
    assert_eq!(sizes, [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    // The class of four is the one symmetric under a half turn.
    let small = (0..12).find(|&c| (0..92).filter(|&i| s.class_of(i).0 == c).count() == 4).unwrap();
    let rep = s.representative(small);
    assert_eq!(Symmetry::Rotate180.apply_placement(rep).as_ref(), Some(rep));
}

/// A random peaceful partial placement, made as a player makes one: by
/// putting queens on random squares with "the latest move wins".
fn random_partial(rng: &mut Rng, n: usize) -> Placement {
    let mut p = Placement::empty(n);
    for _ in 0..rng.below(2 * n) {
        p.place_latest_wins(Square::new(rng.below(n) as u8, rng.below(n) as u8));
    }
    p
}

#[test]
fn queries_on_partial_boards_agree_with_brute_force() {
    let mut rng = Rng::new(0x5eed);
    for n in [5usize, 6, 8] {
        let solutions = Solutions::new(n);
        let all: Vec<Vec<usize>> = solutions.iter().map(rows_of).collect();
        for _ in 0..2000 {
            let partial = random_partial(&mut rng, n);
            assert!(partial.is_peaceful());
            let queens: Vec<(usize, usize)> =
                partial.queens().map(|q| (q.col as usize, q.row as usize)).collect();
            let shared = |rows: &Vec<usize>| queens.iter().filter(|&&(c, r)| rows[c] == r).count();

            // Closest: the most shared queens, ties to the earliest.
            let best = all.iter().map(shared).max().unwrap();
            let first_best = all.iter().position(|s| shared(s) == best).unwrap();
            let closest = solutions.closest(&partial).expect("these boards have solutions");
            assert_eq!((closest.solution, closest.kept), (*solutions.get(first_best), best), "{partial:?}");

            // Extensions and "part of a solution".
            let extending = all.iter().filter(|s| shared(s) == queens.len()).count();
            assert_eq!(solutions.count_extending(&partial), extending);
            assert_eq!(solutions.is_extendable(&partial), extending > 0);

            // Safe squares: one more queen there, and the board still extends.
            let mut safe = Vec::new();
            for row in 0..n {
                for col in 0..n {
                    if partial.get(col).is_some() {
                        continue;
                    }
                    let still = all.iter().any(|s| s[col] == row && shared(s) == queens.len());
                    if still {
                        safe.push(Square::new(col as u8, row as u8));
                    }
                }
            }
            assert_eq!(solutions.safe_squares(&partial), safe, "{partial:?}");
        }
    }
}

#[test]
fn an_empty_board_extends_to_all_92_and_every_square_is_safe() {
    let s = Solutions::eight();
    let empty = Placement::empty(8);
    assert_eq!(s.count_extending(&empty), 92);
    assert_eq!(s.safe_squares(&empty).len(), 64);
}
