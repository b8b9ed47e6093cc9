//! Mixed pieces against brute force on tiny boards: every way to give each
//! square one of the wanted pieces or none, kept when the independent
//! validator says no piece attacks another. Identical pieces are
//! interchangeable, so each set of squares per kind counts once.

use proptest::prelude::*;
use queens::puzzle::Square;
use queens::solver::piece::Piece;
use queens::solver::pieces::{Placed, Problem, Solver};
use queens::solver::validate::pieces_at_peace;

/// Counts assignments square by square: each square gets no piece or one of
/// the kinds still wanted, so every placement is met exactly once.
fn brute(w: usize, h: usize, want: &mut [usize; 6], placed: &mut Vec<Placed>, square: usize) -> u64 {
    if want.iter().all(|&k| k == 0) {
        return u64::from(pieces_at_peace(w, h, placed));
    }
    if square == w * h || !pieces_at_peace(w, h, placed) {
        return 0;
    }
    let sq = Square::new((square % w) as u8, (square / w) as u8);
    let mut total = brute(w, h, want, placed, square + 1);
    for (i, piece) in Piece::ALL.into_iter().enumerate() {
        if want[i] > 0 {
            want[i] -= 1;
            placed.push(Placed { piece, square: sq });
            total += brute(w, h, want, placed, square + 1);
            placed.pop();
            want[i] += 1;
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn counts_and_every_listed_solution_agree_with_brute_force(
        w in 1usize..=4,
        h in 1usize..=4,
        counts in prop::array::uniform6(0usize..=2),
    ) {
        let mut problem = Problem::new(w, h);
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            problem = problem.with(piece, counts[i]);
        }
        let solver = Solver::new(&problem).unwrap();
        let mut want = counts;
        let expected = brute(w, h, &mut want, &mut Vec::new(), 0);
        prop_assert_eq!(solver.count(), expected);
        let mut listed = std::collections::HashSet::new();
        solver.for_each(|s| {
            let mut key = s.to_vec();
            key.sort();
            assert!(pieces_at_peace(w, h, s), "{s:?}");
            assert!(listed.insert(key), "a solution listed twice: {s:?}");
            true
        });
        prop_assert_eq!(listed.len() as u64, expected);
        prop_assert_eq!(solver.first().is_some(), expected > 0);
    }
}

/// Boards above 16 per side, up to 32, against counts known in closed form.
#[test]
fn boards_up_to_32_per_side() {
    let count = |w: usize, h: usize, piece: Piece, k: usize| {
        Solver::new(&Problem::new(w, h).with(piece, k)).expect("a board up to 32x32").count()
    };
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    // k rooks on w x h: choose their columns and rows, then match them up.
    assert_eq!(count(20, 3, Piece::Rook, 3), choose(20, 3) * 6);
    assert_eq!(count(32, 32, Piece::Rook, 2), choose(32, 2) * choose(32, 2) * 2);
    assert_eq!(count(17, 30, Piece::Rook, 1), 17 * 30);
    // k kings in a line of n squares, no two neighbours: choose(n - k + 1, k).
    assert_eq!(count(32, 1, Piece::King, 10), choose(23, 10));
    assert_eq!(count(1, 32, Piece::King, 16), choose(17, 16));
    assert!(Solver::new(&Problem::new(33, 1)).is_err());
    // The first 20 queens on 20x20 in the program's order is a solution.
    let first = Solver::new(&Problem::new(20, 20).with(Piece::Queen, 20)).unwrap().first().unwrap();
    assert_eq!(first.len(), 20);
    assert!(pieces_at_peace(20, 20, &first));
}

/// The bounds that answer impossible requests at once: never below the most
/// pieces a search fits (so no possible request is refused), and equal to it
/// where the bound is exact (every kind but queens and amazons; queens from 4x4).
#[test]
fn the_bounds_against_the_most_pieces_a_search_fits() {
    use queens::solver::bounds::most;
    for w in 1..=6 {
        for h in 1..=6 {
            for piece in Piece::ALL {
                let fits =
                    |k: usize| Solver::new(&Problem::new(w, h).with(piece, k)).unwrap().first().is_some();
                let found = (1..=w * h).take_while(|&k| fits(k)).last().unwrap_or(0);
                let bound = most(piece, w, h);
                assert!(bound >= found, "{w}x{h} {piece:?}: bound {bound} < {found}");
                let exact = !matches!(piece, Piece::Queen | Piece::Amazon)
                    || (piece == Piece::Queen && w == h && w >= 4);
                if exact {
                    assert_eq!(bound, found, "{w}x{h} {piece:?}");
                }
            }
        }
    }
}

/// Every request the bounds refuse has no solution, by the search itself:
/// each kind (and the rooks, queens and amazons together, and the bishops,
/// queens and amazons together) at or near its bound beside other pieces.
#[test]
fn what_the_bounds_refuse_has_no_solution() {
    use queens::solver::bounds::{impossible, most};
    let mut refused = 0;
    for w in 1..=5 {
        for h in 1..=5 {
            let mut requests = Vec::new();
            for a in Piece::ALL {
                for b in Piece::ALL.into_iter().filter(|&b| b != a) {
                    for extra in 1..=2 {
                        for less in 0..=1 {
                            let k = most(a, w, h).saturating_sub(less);
                            requests.push(Problem::new(w, h).with(a, k).with(b, extra));
                        }
                    }
                }
            }
            for split in 0..=w.min(h) {
                let lines = Problem::new(w, h).with(Piece::Rook, split).with(Piece::Queen, w.min(h) - split);
                requests.push(lines.clone().with(Piece::Knight, 1));
                requests.push(lines.with(Piece::King, 1));
                let diagonal = most(Piece::Bishop, w, h).saturating_sub(split);
                let diagonals = Problem::new(w, h).with(Piece::Queen, split.min(diagonal));
                let diagonals = diagonals.with(Piece::Bishop, diagonal - split.min(diagonal));
                requests.push(diagonals.clone().with(Piece::Rook, 1));
                requests.push(diagonals.with(Piece::Knight, 1));
            }
            for problem in requests {
                if let Some(reason) = impossible(&problem) {
                    refused += 1;
                    let count = Solver::new(&problem).unwrap().count();
                    assert_eq!(count, 0, "{problem:?} refused ({reason}) but has {count} solutions");
                }
            }
        }
    }
    assert!(refused > 500, "the bounds refused only {refused} requests");
}

/// Issue 26: kings or knights alone are counted row by row. Every board up to
/// 6x6 (and the thin ones up to 8 across and 10 long) and every number of
/// pieces against the search, an independent count (it places piece after
/// piece on masks; the rows count never places one), and on boards up to 3x4
/// against the brute force above too. Knights go square by square on boards
/// up to 10 across (issue 50): on 9x10 and 10x10 with up to three knights
/// against the search too (the search takes hours where they are dense),
/// and the largest sets, all on one colour, which 9x9 has one of and 10x10
/// two.
#[test]
fn the_row_by_row_count_agrees_with_the_search_and_brute_force() {
    use queens::solver::bounds::most;
    use queens::solver::rows::RowCount;
    let mut boards: Vec<(usize, usize)> = (1..=6).flat_map(|w| (1..=6).map(move |h| (w, h))).collect();
    boards.extend([(7, 3), (2, 10), (8, 4), (10, 3), (5, 8)]);
    let mut cases: Vec<(usize, usize, Piece, usize)> = boards
        .into_iter()
        .flat_map(|(w, h)| [Piece::King, Piece::Knight].map(|piece| (w, h, piece)))
        .flat_map(|(w, h, piece)| (0..=most(piece, w, h) + 1).map(move |k| (w, h, piece, k)))
        .collect();
    cases.extend([9, 10].into_iter().flat_map(|w| (0..=3).map(move |k| (w, 10, Piece::Knight, k))));
    for (w, h, piece, k) in cases {
        let problem = Problem::new(w, h).with(piece, k);
        let solver = Solver::new(&problem).unwrap();
        let rows = RowCount::new(piece, w, h, k).expect("a narrow board").count().unwrap();
        assert_eq!(rows, solver.count(), "{w}x{h} {k} {piece:?}");
        if k > 0 {
            assert!(solver.row_count().is_some(), "{w}x{h} {k} {piece:?} is counted row by row");
        }
        if w * h <= 12 {
            let mut want = [0; 6];
            want[Piece::ALL.iter().position(|&p| p == piece).unwrap()] = k;
            assert_eq!(rows, brute(w, h, &mut want, &mut Vec::new(), 0), "{w}x{h} {k} {piece:?}");
        }
    }
    let knights = |w, h, k| RowCount::new(Piece::Knight, w, h, k).unwrap().count().unwrap();
    assert_eq!((knights(9, 9, 41), knights(9, 9, 42), knights(10, 10, 50)), (1, 0, 2));
    // Not for a mix, nor beside a piece that stays.
    let mixed = Solver::new(&Problem::new(4, 4).with(Piece::King, 2).with(Piece::Knight, 1)).unwrap();
    assert!(mixed.row_count().is_none());
    let mut placed = Problem::new(4, 4).with(Piece::King, 2);
    placed.fixed = queens::solver::pieces::parse_pieces("Ka1", 4, 4).unwrap();
    assert!(Solver::new(&placed).unwrap().row_count().is_none());
}

/// How far through the count the reported `done` says it is, against the
/// share of the nodes visited: never below half or above twice that from a
/// tenth of the search on, so that a line saying 10% after a minute means
/// about ten minutes in all. Kings and knights spent three quarters of
/// their time below a quarter of the share the progress line reported (8x8
/// with 10 kings and 4 knights sat at 2% for 20 s, issue 39); the queens
/// and rooks keep their closeness. The nodes of the whole search are taken
/// as those of its last report (at most one tick short).
#[test]
fn the_counts_progress_moves_with_the_nodes_visited() {
    let cases = [
        // Dense knights said 100% from the first second (issue 50).
        Problem::new(7, 7).with(Piece::Knight, 18),
        Problem::new(6, 7).with(Piece::King, 7).with(Piece::Knight, 3),
        Problem::new(6, 6).with(Piece::King, 5).with(Piece::Knight, 4),
        Problem::new(10, 10).with(Piece::Queen, 8),
        Problem::new(7, 7)
            .with(Piece::King, 2)
            .with(Piece::Queen, 2)
            .with(Piece::Bishop, 2)
            .with(Piece::Knight, 1),
    ];
    for problem in cases {
        let mut reports = Vec::new();
        Solver::new(&problem).unwrap().count_watched(&mut |p| {
            reports.push((p.nodes, p.done));
            true
        });
        let total = reports.last().expect("a search of many ticks").0 as f64;
        assert!(reports.len() >= 10, "{problem:?}: too small a search to show progress");
        for &(nodes, done) in &reports {
            let work = nodes as f64 / total;
            if work >= 0.1 {
                let ratio = done / work;
                assert!(
                    (0.5..=2.0).contains(&ratio),
                    "{problem:?}: {:.1}% reported after {:.1}% of the nodes",
                    done * 100.0,
                    work * 100.0
                );
            }
        }
    }
}
