//! `queens pieces` against seed 004, the Prolog program, whose order of search
//! is ported here as an independent oracle: `main` builds the locations
//! `[X, Y]` (X from 1 to SizeX outermost, Y from 1 to SizeY), `possibleSolution`
//! binds the knights, bishops, rooks, queens and amazons in turn, each
//! `checkXXX` recursing on the tail of its list before `member` picks the
//! head's location, with `validOrder` keeping a kind's locations increasing,
//! and `correctSolution` then checks every piece against every other.
//! Prolog's backtracking is nested loops, the first bound varying slowest.
//!
//! Two things are not the paper's text. Its appendix compares knights'
//! squares with `\=` (no arithmetic: `A+2 \= C` always holds) and gives
//! `validBishops` a base case `validBishops([], [])` that no bishop meets; the
//! paper's own results (its 5x5 mix of one of each, first solution and count
//! 96) need the evident meaning, which the port uses: a knight attacks a
//! knight's move away, a bishop along its diagonals. And kings, which the
//! program does not have, are ported as one more `checkKings` after the
//! knights, attacking the eight squares around them; `--place` pieces as
//! pieces every added one is checked against.

use crate::common;

use common::Rng;
use queens::puzzle::Square;
use queens::solver::piece::Piece;
use queens::solver::pieces::{Placed, Problem, Solver};

/// A location `[X, Y]`: X the file (1 = a), Y the rank (1 = bottom).
type Loc = (i32, i32);

/// Whether a piece of `kind` on `a` may stand with a piece on `b`
/// (`validKnights`, `validBishops`, ... for one other piece).
fn valid(kind: Piece, (ax, ay): Loc, (cx, cy): Loc) -> bool {
    let same = ax == cx && ay == cy;
    let row = ax != cx;
    let column = ay != cy;
    let diagonals = cx - ax != cy - ay && cx - ax != ay - cy;
    let knight = [(2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2)]
        .iter()
        .all(|&(dx, dy)| ax + dx != cx || ay + dy != cy);
    match kind {
        Piece::Knight => !same && knight,
        Piece::Bishop => diagonals,
        Piece::Rook => row && column,
        Piece::Queen => row && column && diagonals,
        Piece::Amazon => row && column && diagonals && knight,
        Piece::King => (ax - cx).abs() > 1 || (ay - cy).abs() > 1,
    }
}

/// `validOrder(Loc, P, PS)`: `P` strictly before every location in `PS`.
fn valid_order(p: Loc, ps: &[Loc]) -> bool {
    ps.iter().all(|&c| p.0 < c.0 || (p.0 == c.0 && p.1 < c.1))
}

/// Every binding of `checkXXX(Loc, [P1..Pk], Others)` with the pieces unbound, in
/// Prolog's order: the tail's bindings first (outer loop), then `member` for the head.
fn check(kind: Piece, k: usize, locs: &[Loc], others: &[Loc]) -> Vec<Vec<Loc>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for tail in check(kind, k - 1, locs, others) {
        for &p in locs {
            let rest: Vec<Loc> = tail.iter().chain(others).copied().collect();
            if valid_order(p, &tail) && rest.iter().all(|&c| valid(kind, p, c)) {
                let mut bound = vec![p];
                bound.extend(&tail);
                out.push(bound);
            }
        }
    }
    out
}

/// `checkXXX` with the pieces bound: each piece on the board, in order, and at peace.
fn check_bound(kind: Piece, pieces: &[Loc], others: &[Loc]) -> bool {
    (0..pieces.len()).all(|i| {
        let rest: Vec<Loc> = pieces[i + 1..].iter().chain(others).copied().collect();
        valid_order(pieces[i], &pieces[i + 1..]) && rest.iter().all(|&c| valid(kind, pieces[i], c))
    })
}

/// The kinds in `main`'s argument order, with kings after the knights.
const ORDER: [Piece; 6] =
    [Piece::Knight, Piece::King, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::Amazon];

/// Every solution of `main([SizeX, SizeY], NS, (KS,) BS, RS, QS, AS)`, in order,
/// each as the kinds' lists one after another; `fixed` are `--place` pieces.
fn prolog(
    size_x: i32,
    size_y: i32,
    counts: [usize; 6],
    fixed: &[(Piece, Loc)],
    limit: usize,
) -> Vec<Vec<Loc>> {
    let locs: Vec<Loc> = (1..=size_x).flat_map(|x| (1..=size_y).map(move |y| (x, y))).collect();
    // possibleSolution: each kind bound against no other pieces.
    let lists: Vec<Vec<Vec<Loc>>> = (0..6).map(|i| check(ORDER[i], counts[i], &locs, &[])).collect();
    let mut out = Vec::new();
    let mut chosen: Vec<&Vec<Loc>> = Vec::new();
    fn nest<'a>(
        lists: &'a [Vec<Vec<Loc>>],
        chosen: &mut Vec<&'a Vec<Loc>>,
        fixed: &[(Piece, Loc)],
        out: &mut Vec<Vec<Loc>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let Some(options) = lists.get(chosen.len()) else {
            // correctSolution: every kind against all the other kinds' pieces.
            let ok = (0..6).all(|i| {
                let others: Vec<Loc> = (0..6)
                    .filter(|&j| j != i)
                    .flat_map(|j| chosen[j].iter().copied())
                    .chain(fixed.iter().map(|f| f.1))
                    .collect();
                check_bound(ORDER[i], chosen[i], &others)
            });
            // And the pieces given with --place: at peace both ways with every added one.
            let at_peace_with_fixed = fixed.iter().all(|&(kind, f)| {
                (0..6).all(|i| chosen[i].iter().all(|&p| valid(kind, f, p) && valid(ORDER[i], p, f)))
            });
            if ok && at_peace_with_fixed {
                out.push(chosen.iter().flat_map(|l| l.iter().copied()).collect());
            }
            return;
        };
        let kind = ORDER[chosen.len()];
        for option in options {
            // Pruning only: correctSolution checks every pair again, and dropping a
            // partial binding no pair of which can pass changes neither the order nor the set.
            let clash = chosen.iter().enumerate().any(|(j, earlier)| {
                earlier.iter().any(|&e| option.iter().any(|&p| !valid(kind, p, e) || !valid(ORDER[j], e, p)))
            });
            if clash {
                continue;
            }
            chosen.push(option);
            nest(lists, chosen, fixed, out, limit);
            chosen.pop();
        }
    }
    nest(&lists, &mut chosen, fixed, &mut out, limit);
    out
}

fn loc(sq: Square, height: usize) -> Loc {
    (sq.col as i32 + 1, (height - sq.row as usize) as i32)
}

/// The library's solutions in its order, as the added pieces' locations.
fn library(w: usize, h: usize, counts: [usize; 6], fixed: &[Placed], limit: usize) -> Vec<Vec<Loc>> {
    let mut problem = Problem::new(w, h);
    for (i, kind) in ORDER.into_iter().enumerate() {
        problem = problem.with(kind, counts[i]);
    }
    problem.fixed = fixed.to_vec();
    let mut out = Vec::new();
    Solver::new(&problem).unwrap().for_each(|s| {
        assert_eq!(&s[..fixed.len()], fixed, "the fixed pieces come first");
        let kinds: Vec<Piece> = s[fixed.len()..].iter().map(|p| p.piece).collect();
        let expected: Vec<Piece> =
            ORDER.iter().enumerate().flat_map(|(i, &k)| std::iter::repeat_n(k, counts[i])).collect();
        assert_eq!(kinds, expected, "the pieces come kind by kind in the program's order");
        out.push(s[fixed.len()..].iter().map(|p| loc(p.square, h)).collect());
        out.len() < limit
    });
    out
}

/// The number of bindings `possibleSolution` tries, to keep the port's cases small.
fn combinations(w: usize, h: usize, counts: [usize; 6]) -> f64 {
    let squares = (w * h) as f64;
    counts.iter().map(|&k| (0..k).fold(1.0, |acc, i| acc * (squares - i as f64) / (i as f64 + 1.0))).product()
}

#[test]
fn the_papers_own_answers() {
    let queens = prolog(8, 8, [0, 0, 0, 0, 8, 0], &[], 1);
    assert_eq!(queens[0], [(1, 4), (2, 2), (3, 7), (4, 3), (5, 6), (6, 8), (7, 5), (8, 1)]);
    assert_eq!(library(8, 8, [0, 0, 0, 0, 8, 0], &[], 1), queens);
    let mix = [1, 0, 1, 1, 1, 1];
    let all = prolog(5, 5, mix, &[], usize::MAX);
    assert_eq!(all.len(), 96);
    assert_eq!(all[0], [(1, 2), (1, 3), (2, 5), (4, 1), (5, 4)], "N, B, R, Q, A as the paper prints them");
    assert_eq!(library(5, 5, mix, &[], usize::MAX), all);
}

#[test]
fn every_solution_in_the_programs_order_on_many_boards_and_mixes() {
    let mut rng = Rng::new(16);
    let mut compared = 0;
    while compared < 400 {
        let (w, h) = (1 + rng.below(5), 1 + rng.below(5));
        let mut counts = [0; 6];
        for _ in 0..1 + rng.below(5) {
            counts[rng.below(6)] += 1;
        }
        if combinations(w, h, counts) > 200_000.0 {
            continue;
        }
        let oracle = prolog(w as i32, h as i32, counts, &[], usize::MAX);
        assert_eq!(library(w, h, counts, &[], usize::MAX), oracle, "{w}x{h}, {counts:?} (N K B R Q A)");
        compared += 1;
    }
    // Queens alone, every solution on the square boards up to 7.
    for n in 1..=7 {
        let counts = [0, 0, 0, 0, n, 0];
        assert_eq!(
            library(n, n, counts, &[], usize::MAX),
            prolog(n as i32, n as i32, counts, &[], usize::MAX)
        );
    }
}

#[test]
fn pieces_given_with_place_only_filter_the_same_order() {
    let mut rng = Rng::new(4);
    let mut compared = 0;
    while compared < 150 {
        let (w, h) = (2 + rng.below(4), 2 + rng.below(4));
        let kind = ORDER[rng.below(6)];
        let square = Square::new(rng.below(w) as u8, rng.below(h) as u8);
        let fixed = [Placed { piece: kind, square }];
        let mut counts = [0; 6];
        for _ in 0..1 + rng.below(4) {
            counts[rng.below(6)] += 1;
        }
        if combinations(w, h, counts) > 100_000.0 {
            continue;
        }
        let oracle = prolog(w as i32, h as i32, counts, &[(kind, loc(square, h))], usize::MAX);
        assert_eq!(library(w, h, counts, &fixed, usize::MAX), oracle, "{w}x{h}, {counts:?}, {fixed:?}");
        compared += 1;
    }
}

#[test]
fn first_and_all_through_the_binary() {
    let o = common::bin::queens()
        .args(["pieces", "--board", "8x8", "--queens", "8", "--first"])
        .output()
        .unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    // a4 b2 c7 d3 e6 f8 g5 h1: the paper's [1,4], [2,2], ... drawn.
    let expected = "\
8 . . . . . Q . .
7 . . Q . . . . .
6 . . . . Q . . .
5 . . . . . . Q .
4 Q . . . . . . .
3 . . . Q . . . .
2 . Q . . . . . .
1 . . . . . . . Q
  a b c d e f g h
";
    assert!(text.ends_with(expected), "{text}");
    let args = ["pieces", "--board", "4x5", "--knights", "2", "--rooks", "1", "--queens", "1", "--all"];
    let o = common::bin::queens().args(args).output().unwrap();
    let lines: Vec<String> = String::from_utf8(o.stdout).unwrap().lines().map(String::from).collect();
    let oracle: Vec<String> = prolog(4, 5, [2, 0, 0, 1, 1, 0], &[], usize::MAX)
        .iter()
        .map(|s| {
            let letters = ['N', 'N', 'R', 'Q'];
            let names: Vec<String> = s
                .iter()
                .zip(letters)
                .map(|(&(x, y), l)| format!("{l}{}{y}", (b'a' + x as u8 - 1) as char))
                .collect();
            names.join(" ")
        })
        .collect();
    assert!(!oracle.is_empty());
    assert_eq!(lines, oracle);
}
