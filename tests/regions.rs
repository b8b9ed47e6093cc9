//! The regions puzzle's generator, solver and deduction rules, each checked
//! against an independent brute force over every placement
//! (tests/common/regions_brute.rs), and `queens regions` from outside.
//!
//! What it proves, in full (with the tests of `regions_mode`): the regions puzzle against
//! `common::regions_brute`, a brute force over all n! placements written apart from the engine: the
//! search finds exactly its solutions on hundreds of random grids, half with regions in several
//! pieces; a puzzle with two regions in two pieces each solves, built and LinkedIn's own (No. 336,
//! `tests/fixtures/regions/linkedin-two-pieces.txt`); the search's judgement of a player's queens
//! (in a solution, or which one to blame) agrees with it on random grids and queens; every
//! generated puzzle (5x5 to 9x9, many seeds) has exactly its one solution; 200 generated 8x8s
//! shaped within LinkedIn's range (one-square regions, paths, the largest region) and every
//! LinkedIn puzzle in the fixture unique by brute force; no deduction step ever places a queen
//! outside, or rules out a square of, any solution (grids with regions in pieces included); each
//! difficulty needs its rule; the puzzle of 2026-11-25 (a golden grid); `queens regions` end to
//! end, and bad grids one line each; a puzzle through a FIFO or a pipe, a wrong `"solution"` or
//! `"difficulty"` or an unreal `"date"` refused, a byte-order mark skipped, JSON errors without
//! Rust types, wrong dates said to be wrong. The mode: the press cycle, clashes shown red, a solve
//! timed, hints followed to the end (each checked against the solution), the first hint on queens
//! in no solution saying a queen is wrong (and which, with one wrong: random puzzles and wrong
//! queens against the brute force, and the puzzle of 2026-11-25 with D3), and the daily streak
//! across restarts of the binary; sizes other than the 8x8 new at every start, the one in play kept
//! across restarts (also past a game on the 8x8, which stays the puzzle of the day) and a new one
//! once it is solved

use crate::common;

use common::bin::run;
use common::regions_brute;
use queens::puzzle::Square;
use queens::regions::deduce::{Difficulty, Grid, Outcome};
use queens::regions::generate::{self, MAX_ATTEMPTS, days_from_civil, generate};
use queens::regions::shapes::{ShapeTotals, shapes};
use queens::regions::{Puzzle, share, solve};
use std::os::unix::fs::OpenOptionsExt;

/// The engine's solutions in the referee's form: the column of the queen in each row, sorted.
fn engine_solutions(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = solve::solutions(puzzle, usize::MAX)
        .iter()
        .map(|s| {
            let mut cols = vec![0; puzzle.n()];
            for q in s.queens() {
                cols[q.row as usize] = q.col as usize;
            }
            cols
        })
        .collect();
    all.sort();
    all
}

/// A random grid of `n` regions grown from random seeds (xorshift, not the
/// engine's generator), most with many solutions or none.
fn random_grid(n: usize, state: &mut u64) -> Vec<Vec<usize>> {
    let mut next = |bound: usize| {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % bound as u64) as usize
    };
    let mut region = vec![usize::MAX; n * n];
    let mut placed = 0;
    while placed < n {
        let i = next(n * n);
        if region[i] == usize::MAX {
            region[i] = placed;
            placed += 1;
        }
    }
    while region.contains(&usize::MAX) {
        let i = next(n * n);
        if region[i] != usize::MAX {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let sides = [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ];
        let owners: Vec<usize> = sides.into_iter().flatten().filter(|&j| region[j] != usize::MAX).collect();
        if !owners.is_empty() {
            region[i] = region[owners[next(owners.len())]];
        }
    }
    region.chunks(n).map(<[usize]>::to_vec).collect()
}

/// [`random_grid`] with a few squares handed to random regions, so that
/// most grids have regions in several pieces (issue 30: the rules allow
/// them, and published puzzles have them). Every region keeps a square.
fn random_grid_in_pieces(n: usize, state: &mut u64) -> Vec<Vec<usize>> {
    let mut grid = random_grid(n, state);
    let mut next = |bound: usize| {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % bound as u64) as usize
    };
    for _ in 0..1 + next(n) {
        let (r, c, to) = (next(n), next(n), next(n));
        let from = grid[r][c];
        if grid.iter().flatten().filter(|&&g| g == from).count() > 1 {
            grid[r][c] = to;
        }
    }
    grid
}

/// Of `cases` random grids, 4x4 to 8x8 and every other one with regions in
/// pieces, those with a solution, each with the brute force's solutions.
fn solvable_random_grids(cases: usize, state: &mut u64) -> Vec<(Puzzle, Vec<Vec<usize>>)> {
    let mut solvable = vec![];
    for case in 0..cases {
        let n = 4 + case % 5;
        let grid = if case % 2 == 0 { random_grid(n, state) } else { random_grid_in_pieces(n, state) };
        let solutions = regions_brute::solutions(&grid);
        if !solutions.is_empty() {
            solvable.push((Puzzle::new(&grid).unwrap(), solutions));
        }
    }
    solvable
}

/// Whether some region of `grid` is in more than one piece (squares joined by their sides).
fn has_a_region_in_pieces(grid: &[Vec<usize>]) -> bool {
    let n = grid.len();
    (0..n).any(|region| {
        let squares: Vec<(usize, usize)> =
            (0..n * n).map(|i| (i / n, i % n)).filter(|&(r, c)| grid[r][c] == region).collect();
        let mut reached = vec![squares[0]];
        let mut i = 0;
        while i < reached.len() {
            let (r, c) = reached[i];
            for &s in &squares {
                if r.abs_diff(s.0) + c.abs_diff(s.1) == 1 && !reached.contains(&s) {
                    reached.push(s);
                }
            }
            i += 1;
        }
        reached.len() < squares.len()
    })
}

#[test]
fn the_search_finds_exactly_what_brute_force_finds_on_random_grids() {
    let mut state = 0x9E37_79B9_7F4A_7C15;
    let mut with_solutions = 0;
    let mut in_pieces = 0;
    for case in 0..400 {
        let n = 4 + case % 5; // 4 to 8
        // Every other grid with regions in pieces (issue 30).
        let grid =
            if case % 2 == 0 { random_grid(n, &mut state) } else { random_grid_in_pieces(n, &mut state) };
        in_pieces += usize::from(has_a_region_in_pieces(&grid));
        let puzzle = Puzzle::new(&grid).unwrap();
        let expected = regions_brute::solutions(&grid);
        assert_eq!(engine_solutions(&puzzle), expected, "{puzzle:?}");
        assert_eq!(solve::count(&puzzle, u64::MAX), expected.len() as u64);
        assert_eq!(solve::count(&puzzle, 1), expected.len().min(1) as u64);
        with_solutions += usize::from(!expected.is_empty());
    }
    assert!(with_solutions > 50, "the random grids exercise solvable puzzles: {with_solutions}");
    assert!(in_pieces > 100, "the random grids exercise regions in pieces: {in_pieces}");
}

#[test]
fn every_generated_puzzle_has_exactly_one_solution_by_brute_force() {
    for n in 5..=8 {
        let seeds = if n == 8 { 12 } else { 25 };
        for seed in 0..seeds {
            let made = generate(n, seed, None).unwrap();
            let grid = made.puzzle.rows();
            let all = regions_brute::solutions(&grid);
            let mut cols = vec![0; n];
            for q in made.solution.queens() {
                cols[q.row as usize] = q.col as usize;
            }
            assert_eq!(all, vec![cols], "{n}x{n} seed {seed}: {:?}", made.puzzle);
        }
    }
}

/// Issue 30: over `regions generate --size 8` with seeds 1 to 200 (as
/// `examples/regions-stats.rs` prints them), the regions look like
/// LinkedIn's: few one-square regions (a queen given away), paths, and one
/// region of a third of the board or more.
#[test]
fn generated_8x8_regions_are_shaped_like_linkedins() {
    let mut tally = ShapeTotals::default();
    for seed in 1..=200 {
        tally.add(shapes(&generate(8, seed, None).unwrap().puzzle));
    }
    let figures = format!(
        "one-square {:.2}, paths {:.2}, largest {:.3}",
        tally.one_square(),
        tally.paths(),
        tally.largest_share()
    );
    assert!(tally.one_square() <= 0.4, "{figures}");
    assert!(tally.paths() >= 2.0, "{figures}");
    assert!(tally.largest_share() >= 1.0 / 3.0, "{figures}");
}

/// The fixture of LinkedIn's puzzles that the statistics compare with: each
/// has exactly one solution by brute force, so it is a fair sample.
#[test]
fn linkedins_puzzles_in_the_fixture_have_one_solution_each() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/regions/linkedin-8x8.txt"
    ))
    .unwrap();
    let mut puzzles = 0;
    for block in text.split("\n\n") {
        let grid: String = block.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
        if grid.trim().is_empty() {
            continue;
        }
        let puzzle = Puzzle::parse_letters(&grid).unwrap();
        assert_eq!(regions_brute::solutions(&puzzle.rows()).len(), 1, "{block}");
        puzzles += 1;
    }
    assert_eq!(puzzles, 49);
}

#[test]
fn a_nine_by_nine_is_unique_by_brute_force_too() {
    let made = generate(9, 3, None).unwrap();
    assert_eq!(regions_brute::solutions(&made.puzzle.rows()).len(), 1, "{:?}", made.puzzle);
}

/// Issue 30: a hint first asks whether any solution keeps the player's
/// queens, and which queen to blame if not. On random grids (half with
/// regions in pieces) and random sets of queens, the search's answer is
/// the brute force's, and a queen blamed is the only one whose removal
/// leaves the others in a solution.
#[test]
fn judging_queens_agrees_with_brute_force() {
    let mut state = 0x1234_5678_9ABC_DEF1;
    let (mut kept, mut blamed, mut not_blamed) = (0, 0, 0);
    for (puzzle, solutions) in solvable_random_grids(600, &mut state) {
        let n = puzzle.n();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Up to three queens: from a solution, or anywhere.
        let from = &solutions[state as usize % solutions.len()];
        let queens: Vec<Square> = (0..n)
            .filter(|r| (state >> (r * 3)) & 7 < 2)
            .map(|r| {
                let col =
                    if (state >> (40 + r)) & 3 == 0 { (state >> (20 + r)) as usize % n } else { from[r] };
                Square::new(col as u8, r as u8)
            })
            .take(3)
            .collect();
        let keeps = |queens: &[Square]| {
            solutions.iter().any(|s| queens.iter().all(|q| s[q.row as usize] == q.col as usize))
        };
        assert_eq!(solve::in_a_solution(&puzzle, &queens), keeps(&queens), "{queens:?} on {puzzle:?}");
        let without = |i: usize| -> Vec<Square> {
            queens.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &q)| q).collect()
        };
        let mendable: Vec<Square> =
            (0..queens.len()).filter(|&i| keeps(&without(i))).map(|i| queens[i]).collect();
        let expected = if queens.is_empty() || keeps(&queens) {
            solve::Verdict::InASolution
        } else if let [one] = mendable[..] {
            solve::Verdict::Wrong(one)
        } else {
            solve::Verdict::SomeWrong
        };
        assert_eq!(solve::judge(&puzzle, &queens), expected, "{queens:?} on {puzzle:?}");
        kept += usize::from(expected == solve::Verdict::InASolution);
        blamed += usize::from(matches!(expected, solve::Verdict::Wrong(_)));
        not_blamed += usize::from(expected == solve::Verdict::SomeWrong);
    }
    assert!(kept > 20 && blamed > 20 && not_blamed > 5, "{kept} kept, {blamed} blamed, {not_blamed} not");
}

/// Applies deduction steps one by one; every queen it places is in every
/// solution and every square it rules out is in none.
fn check_deduction_is_sound(puzzle: &Puzzle, solutions: &[Vec<usize>]) -> Outcome {
    let in_every = |sq: Square| solutions.iter().all(|s| s[sq.row as usize] == sq.col as usize);
    let in_some = |sq: Square| solutions.iter().any(|s| s[sq.row as usize] == sq.col as usize);
    let mut grid = Grid::new(puzzle);
    loop {
        let Some(step) = grid.next_step(Difficulty::Hard) else {
            return grid.clone().solve(Difficulty::Hard);
        };
        if let Some(q) = step.queen {
            assert!(
                in_every(q),
                "{:?} placed {q} by {:?}, not in every solution of {puzzle:?}",
                step.rule,
                step.because
            );
        }
        for &sq in &step.ruled_out {
            assert!(
                !in_some(sq),
                "{:?} ruled out {sq} by {:?}, in a solution of {puzzle:?}",
                step.rule,
                step.because
            );
        }
        assert!(step.queen.is_some() || !step.ruled_out.is_empty(), "a step does something");
        grid.apply(&step);
    }
}

#[test]
fn deduction_never_places_a_wrong_queen_nor_rules_out_a_right_square() {
    let mut state = 0x2545_F491_4F6C_DD1D;
    let (mut solved, mut solved_in_pieces) = (0, 0);
    // Half the grids with regions in several pieces (issue 30): no rule may
    // take a region to be one piece.
    for (puzzle, solutions) in solvable_random_grids(800, &mut state) {
        if let Outcome::Solved(_) = check_deduction_is_sound(&puzzle, &solutions) {
            assert_eq!(solutions.len(), 1, "deduction solved a puzzle with several solutions: {puzzle:?}");
            solved += 1;
            solved_in_pieces += usize::from(has_a_region_in_pieces(&puzzle.rows()));
        }
    }
    assert!(solved_in_pieces > 5, "some grids in pieces are solved by deduction: {solved_in_pieces}");
    for seed in 0..30 {
        let made = generate(5 + seed as usize % 4, seed, None).unwrap();
        let solutions = regions_brute::solutions(&made.puzzle.rows());
        assert!(matches!(check_deduction_is_sound(&made.puzzle, &solutions), Outcome::Solved(_)));
    }
    assert!(solved > 5, "some random grids are solved by deduction: {solved}");
}

#[test]
fn a_puzzle_is_as_hard_as_the_hardest_rule_it_needs() {
    for difficulty in Difficulty::ALL {
        for seed in 0..4 {
            let made = generate(7, seed, Some(difficulty)).unwrap();
            assert_eq!(made.difficulty, difficulty);
            let mut easier = Grid::new(&made.puzzle);
            match difficulty {
                Difficulty::Easy => {
                    assert_eq!(easier.solve(Difficulty::Easy), Outcome::Solved(Difficulty::Easy))
                }
                Difficulty::Medium => assert_eq!(easier.solve(Difficulty::Easy), Outcome::Stuck),
                Difficulty::Hard => assert_eq!(easier.solve(Difficulty::Medium), Outcome::Stuck),
            }
            assert_eq!(Grid::new(&made.puzzle).solve(difficulty), Outcome::Solved(difficulty));
        }
    }
}

#[test]
fn a_seed_is_a_puzzle_and_another_seed_another() {
    let a = generate(8, 42, None).unwrap();
    assert_eq!(generate(8, 42, None).unwrap(), a);
    assert_ne!(generate(8, 43, None).unwrap().puzzle, a.puzzle);
    assert!(a.attempts >= 1 && a.attempts < MAX_ATTEMPTS);
}

/// Issue 30: two regions in two pieces each (B: six squares and two; E:
/// six and ten), and exactly one solution, as a LinkedIn puzzle has. The
/// rules do not need a region in one piece; `regions solve` refused it.
const TWO_REGIONS_IN_TWO_PIECES: &str = include_str!("fixtures/regions/two-pieces.txt");

#[test]
fn a_puzzle_with_regions_in_two_pieces_solves() {
    solves_with_regions_in_pieces(TWO_REGIONS_IN_TWO_PIECES, &[]);
}

/// LinkedIn's own puzzle No. 336 (2025-04-01, its April Fools' puzzle): B
/// and F are each two lone squares apart, and it has one solution. Given as
/// the file a player would give, its `#` lines naming it.
const LINKEDIN_TWO_PIECES: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/regions/linkedin-two-pieces.txt");

#[test]
fn linkedins_puzzle_with_regions_in_two_pieces_solves() {
    let text = std::fs::read_to_string(LINKEDIN_TWO_PIECES).unwrap();
    solves_with_regions_in_pieces(&text, &[LINKEDIN_TWO_PIECES]);
}

/// `queens regions solve` (the grid on standard input, or `file` if given)
/// gives the grid's one solution by the referee, its count and its JSON,
/// and says nothing of pieces.
fn solves_with_regions_in_pieces(letters: &str, file: &[&str]) {
    let grid = share::read(letters).unwrap().rows();
    assert!(has_a_region_in_pieces(&grid));
    let expected = regions_brute::solutions(&grid);
    assert_eq!(expected.len(), 1, "the referee finds one solution");
    // The queens as the solver names them, by column: a1 is column a's queen on the bottom row.
    let n = grid.len();
    let names: Vec<String> = (0..n)
        .map(|c| {
            let r = expected[0].iter().position(|&col| col == c).unwrap();
            format!("{}{}", (b'a' + c as u8) as char, n - r)
        })
        .collect();

    // Given a file, nothing on standard input.
    let input = if file.is_empty() { letters } else { "" };
    let solve = |options: &[&str]| regions_solve(&[options, file].concat(), input);
    let (status, out, err) = solve(&[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("one solution:\n"), "{out}");
    assert!(out.contains(&format!("\nqueens: {}\n", names.join(" "))), "{out}");
    assert!(!err.contains("piece"), "{err}");
    let (status, out, err) = solve(&["--count"]);
    assert_eq!((status, out.as_str()), (Some(0), "1 solution\n"), "{err}");
    let (status, json, err) = solve(&["--format", "json"]);
    assert_eq!(status, Some(0), "{err}");
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows: Vec<usize> = (0..n).map(|c| expected[0].iter().position(|&col| col == c).unwrap()).collect();
    assert_eq!(
        (answer["solutions"].clone(), answer["solution"].clone()),
        (serde_json::json!(1), serde_json::json!(rows))
    );
}

/// The puzzle of 2026-11-25, as every device shows it: the generator, its
/// random numbers and the date arithmetic all feed this.
const DAILY_2026_11_25: &str = "\
GGGGGAAA
GGDDDAAA
GGHFFAAA
GHHAAAAA
HHHAAAAA
HHHBAAEE
HBBBAACE
HBBAAACE
";

#[test]
fn the_puzzle_of_a_day_is_the_same_everywhere() {
    let day = days_from_civil(2026, 11, 25).unwrap();
    let daily = generate::daily(day);
    assert_eq!(daily.puzzle.letters(), DAILY_2026_11_25);
    assert_eq!(daily.difficulty, Difficulty::Medium);
    assert_ne!(generate::daily(day + 1).puzzle, daily.puzzle, "the next day has its own");
    // The command prints the days `play --date` plays, from the first: 2026-11-25's grid was
    // never a puzzle of the day (a stranger's find: it was printed as one, and so were days to come).
    let (status, out, _) = run(&["regions", "daily", "--date", "2026-11-26"]);
    assert_eq!(status, Some(0));
    assert!(out.ends_with(&generate::daily(day + 1).puzzle.letters()), "{out}");
    // Two days on: a day that turns between here and the command still leaves it ahead.
    let ahead = queens::backend::clock::UtcCalendar::today().unwrap() + 2;
    for (date, why) in [
        (
            "2026-11-25".to_string(),
            "'2026-11-25' is before 2026-11-26, the first day with a puzzle of the day",
        ),
        (generate::date_string(ahead), "its puzzle is not out yet"),
    ] {
        let (status, out, err) = run(&["regions", "daily", "--date", &date]);
        assert_eq!((status, out.as_str()), (Some(2), ""), "{date}");
        assert!(err.contains(why) && err.lines().count() == 1, "{date}: {err}");
    }
}

fn regions_solve(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = common::bin::with_input(["regions", "solve"].iter().chain(args), input);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_generated_puzzle_goes_through_solve_in_both_forms() {
    let (status, text, _) = run(&["regions", "generate", "--size", "6", "--seed", "11"]);
    assert_eq!(status, Some(0));
    let (status, solved, err) = regions_solve(&[], &text);
    assert_eq!(status, Some(0), "{err}");
    assert!(solved.starts_with("one solution:\n"), "{solved}");
    let (_, json, _) = run(&["regions", "generate", "--size", "6", "--seed", "11", "--format", "json"]);
    let made: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(made["n"], 6);
    let (status, answer, _) = regions_solve(&["--format", "json"], &json);
    assert_eq!(status, Some(0));
    let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(answer["solutions"], 1);
    assert_eq!(answer["solution"], made["solution"], "the one solution is the generator's");
    assert_eq!(answer["difficulty"], made["difficulty"]);
    // The queens it names are one per row, column and region on the grid.
    let expected = generate(6, 11, None).unwrap();
    let rows: Vec<usize> = expected.solution.columns().map(|r| usize::from(r.unwrap())).collect();
    assert_eq!(made["solution"], serde_json::json!(rows));
}

#[test]
fn counting_counts_what_brute_force_counts() {
    // Two regions of two columns each: many solutions.
    let grid = "AAABB\nAAABB\nCCDDD\nCCDEE\nCCDEE\n";
    let expected = regions_brute::solutions(&Puzzle::parse_letters(grid).unwrap().rows()).len();
    assert!(expected > 1, "the grid has several solutions: {expected}");
    let (status, out, _) = regions_solve(&["--count"], grid);
    assert_eq!((status, out.trim()), (Some(0), format!("{expected} solutions").as_str()));
}

#[test]
fn bad_puzzles_are_one_line_and_exit_2() {
    let cases = [
        ("AAB\nACB\n", "must be square"),
        ("AAB\nA1B\nCCB\n", "not a region letter"),
        ("AAA\nAAA\nAAA\n", "region 1 (B) has no square"),
        ("", "no puzzle"),
        ("{\"n\": 3, \"regions\": [[0,0,1],[0,2,1],[2,2,1]], \"colour\": 1}", "unknown key 'colour'"),
        ("{\"n\": 4, \"regions\": [[0,0,1],[0,2,1],[2,2,1]]}", "\"n\" is 4 but the grid has 3 rows"),
        ("{\"n\": 3, \"regions\": [[0,0,1],[0,2,1],[2,2,7]]}", "regions 0 to 2"),
        ("{\"n\": 3", "JSON is not valid"),
        // Issue 39: a number too large was "not a whole number" (serde's "floating point").
        (
            "{\"n\": 1e20, \"regions\": [[0]]}",
            "\"n\" is 1e20, too large: expected a whole number from 1 to 16",
        ),
        (
            "{\"n\": 1, \"regions\": [[99999999999999999999]]}",
            "row 1, square 1 is 99999999999999999999, too large",
        ),
        // The line number is the input's, comment lines counted.
        ("# a comment\nAAB\nAxB\nCCB\n", "line 3, square 2"),
    ];
    for (input, why) in cases {
        let (status, out, err) = regions_solve(&[], input);
        assert_eq!(status, Some(2), "{input:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(err.contains(why), "{input:?}: {err}");
    }
    for args in [
        &["regions", "generate", "--size", "4"][..],
        &["regions", "generate", "--size", "13"],
        &["regions", "generate", "--difficulty", "fiendish"],
        &["regions", "daily", "--date", "2026-02-29"],
        &["regions", "solve", "/"],
        &["regions", "solve", "/no/such/puzzle"],
    ] {
        let (status, _, err) = run(args);
        assert_eq!(status, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_grid_with_no_solution_says_so_and_exits_1() {
    let (status, out, _) = regions_solve(&[], "AAB\nACB\nCCB\n");
    assert_eq!(
        (status, out.as_str()),
        (Some(1), "no solution: no placement has one queen in every row, column and region, none touching\n")
    );
}

#[test]
fn a_grid_with_several_solutions_says_how_many() {
    let grid = "AAABB\nAAABB\nCCDDD\nCCDEE\nCCDEE\n";
    let expected = regions_brute::solutions(&Puzzle::parse_letters(grid).unwrap().rows()).len();
    assert!(expected > 1, "the grid has several solutions: {expected}");
    let (status, out, _) = regions_solve(&[], grid);
    assert_eq!(status, Some(0));
    assert!(out.starts_with(&format!("{expected} solutions; the first:")), "{out}");
}

#[test]
fn the_largest_sizes_are_made_too() {
    for n in [10, 12] {
        let made = generate(n, 1, None).unwrap();
        assert_eq!(solve::count(&made.puzzle, 2), 1);
        assert_eq!(made.puzzle.n(), n);
    }
}

/// Issue 26: a puzzle is an input, and a pipe is how a shell passes one
/// (`queens regions solve <(queens regions generate)` names a FIFO such as
/// /dev/fd/63): it is read as a file is, and only its size is limited.
#[test]
fn a_puzzle_comes_through_a_fifo_or_a_pipe_and_an_endless_one_is_refused() {
    let (_, puzzle, _) = run(&["regions", "generate", "--size", "6", "--seed", "3"]);
    let dir = std::env::temp_dir().join(format!("queens-regions-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("puzzle");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR).unwrap();
    // The writer opens the FIFO after the solver has started, as a shell's `<(...)` may.
    let writer = {
        let (fifo, puzzle) = (fifo.clone(), puzzle.clone());
        std::thread::spawn(move || std::fs::write(fifo, puzzle).unwrap())
    };
    let (status, out, err) = run(&["regions", "solve", fifo.to_str().unwrap()]);
    // A reader of our own, so that a writer left waiting (the solver refused the FIFO unread) ends.
    let _unblock =
        std::fs::OpenOptions::new().read(true).custom_flags(nix::libc::O_NONBLOCK).open(&fifo).unwrap();
    writer.join().unwrap();
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("one solution:\n"), "{out}");

    // /dev/stdin names the pipe the puzzle comes through.
    let (status, out, err) = regions_solve(&["/dev/stdin"], &puzzle);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("one solution:\n"), "{out}");

    // A stream that never ends is read up to the limit, then refused in one line.
    let (status, out, err) = run(&["regions", "solve", "/dev/zero"]);
    assert_eq!((status, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "queens regions solve: /dev/zero is larger than 64 KiB (see 'queens regions solve --help')\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 26: a date starting with `-` is a wrong date, not an unknown option,
/// and a day the calendar lacks is said to be that, not a wrong format.
#[test]
fn a_wrong_date_gets_the_date_message() {
    for (date, why) in [
        ("-2026-01-01", "'-2026-01-01' is not a date as YYYY-MM-DD"),
        ("2023-02-29", "'2023-02-29' is not a real date"),
        ("2026-13-01", "'2026-13-01' is not a real date"),
        ("2026-1-1", "'2026-1-1' is not a date as YYYY-MM-DD"),
    ] {
        for args in
            [&["regions", "daily", "--date", date][..], &["regions", "daily", &format!("--date={date}")]]
        {
            let (status, out, err) = run(args);
            assert_eq!((status, out.as_str()), (Some(2), ""), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.contains(why), "{args:?}: {err}");
        }
    }
}

/// Issue 26: a `"solution"` given with the puzzle was ignored, even a wrong
/// one. A wrong one is refused in one line; a right one is said to be right.
#[test]
fn a_given_solution_is_checked() {
    let (_, json, _) = run(&["regions", "generate", "--size", "6", "--seed", "11", "--format", "json"]);
    let made: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (status, out, err) = regions_solve(&[], &json);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.ends_with("the puzzle's own \"solution\" is right\n"), "{out}");
    let (status, out, _) = regions_solve(&["--count"], &json);
    assert_eq!((status, out.as_str()), (Some(0), "1 solution\nthe puzzle's own \"solution\" is right\n"));

    let right: Vec<usize> = serde_json::from_value(made["solution"].clone()).unwrap();
    let mut swapped = right.clone();
    swapped.swap(0, 5);
    let mut short = right.clone();
    short.pop();
    for (wrong, why) in [
        (swapped, "the queens on"),
        (short, "it has 5 queens for the grid's 6 columns"),
        (vec![9; 6], "column a's queen is in row 9, past the grid's 6 rows"),
    ] {
        let mut puzzle = made.clone();
        puzzle["solution"] = serde_json::json!(wrong);
        for args in [&[][..], &["--count"], &["--format", "json"]] {
            let (status, out, err) = regions_solve(args, &puzzle.to_string());
            assert_eq!((status, out.as_str()), (Some(2), ""), "{wrong:?} {args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("the puzzle's \"solution\" does not solve its grid: "), "{err}");
            assert!(err.contains(why), "{err}");
        }
    }
}

/// Issue 26: a count that takes long shows progress and stops on Ctrl-C with
/// one line. Sixteen rows, each a region of its own, have as many solutions
/// as 16 queens with no two touching; before, the count said nothing for
/// minutes.
#[test]
fn a_long_count_shows_progress_and_stops_on_ctrl_c() {
    let grid: String =
        (0..16).map(|r| format!("{}\n", ((b'A' + r) as char).to_string().repeat(16))).collect();
    let (status, out, _) = regions_solve(&[], &grid);
    assert_eq!((status, out.lines().next()), (Some(0), Some("at least 1000 solutions; the first:")));
    let run = common::bin::interrupt_when(
        &["regions", "solve", "--count"],
        &grid,
        std::time::Duration::from_secs(30),
        |line| line.starts_with("queens regions solve: counting: "),
    );
    let progress = run.matched.unwrap_or_else(|| panic!("no progress within 30 s: {}", run.stderr));
    assert!(
        progress.contains(" solutions so far, ") && progress.contains("% of the search tree, "),
        "{progress}"
    );
    assert_eq!(run.status, Some(130), "{}", run.stderr);
    let last = run.stderr.lines().last().unwrap();
    assert!(
        last.starts_with("queens regions solve: stopped after ") && last.ends_with(" s; no count printed"),
        "{last}"
    );
    assert_eq!(run.stdout, "");
}

/// An easy 12x12 takes thousands of candidates (seed 1: over a thousand,
/// seconds here), which before said nothing until the puzzle came: it shows
/// progress after a second, and Ctrl-C stops it with one line.
#[test]
fn a_long_generation_shows_progress_and_stops_on_ctrl_c() {
    let run = common::bin::interrupt_when(
        &["regions", "generate", "--size", "12", "--difficulty", "easy", "--seed", "1"],
        "",
        std::time::Duration::from_secs(30),
        |line| line.starts_with("queens regions generate: easy 12x12: "),
    );
    let progress = run.matched.unwrap_or_else(|| panic!("no progress within 30 s: {}", run.stderr));
    assert!(progress.contains(" candidates of at most 20000, "), "{progress}");
    assert_eq!(run.status, Some(130), "{}", run.stderr);
    let last = run.stderr.lines().last().unwrap();
    assert!(
        last.starts_with("queens regions generate: stopped after ")
            && last.ends_with(" s; no puzzle printed"),
        "{last}"
    );
    assert_eq!(run.stdout, "");
}

/// Issue 26: a wrong `"difficulty"` or an unreal `"date"` in a puzzle's JSON
/// was silently accepted; each is refused in one line, as a wrong `"solution"` is.
/// (A date is a label: it must be a real day, not that day's puzzle.)
#[test]
fn a_given_difficulty_and_date_are_checked() {
    let (_, json, _) = run(&["regions", "generate", "--size", "6", "--seed", "11", "--format", "json"]);
    let made: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(made["difficulty"], "easy", "the case below relies on seed 11 being easy");
    for (key, value, why) in [
        ("difficulty", "hard", "the puzzle's \"difficulty\" is hard but its grid is easy"),
        ("difficulty", "trivial", "the puzzle's \"difficulty\": unknown difficulty 'trivial'"),
        ("date", "2023-02-29", "the puzzle's \"date\": '2023-02-29' is not a real date"),
        ("date", "soon", "the puzzle's \"date\": 'soon' is not a date as YYYY-MM-DD"),
    ] {
        let mut puzzle = made.clone();
        puzzle[key] = serde_json::json!(value);
        let (status, out, err) = regions_solve(&[], &puzzle.to_string());
        assert_eq!((status, out.as_str()), (Some(2), ""), "{key}={value}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(why), "{key}={value}: {err}");
    }
    let mut dated = made.clone();
    dated["date"] = serde_json::json!("2024-02-29");
    let (status, _, err) = regions_solve(&[], &dated.to_string());
    assert_eq!(status, Some(0), "a real date and the right difficulty: {err}");
}

/// Issue 26: a puzzle file beginning with a UTF-8 byte-order mark was refused
/// as `'\u{feff}' is not a region letter`; and JSON errors spoke Rust (`expected usize`).
#[test]
fn a_byte_order_mark_is_skipped_and_json_errors_name_no_rust_types() {
    let (_, letters, _) = run(&["regions", "generate", "--size", "6", "--seed", "11"]);
    let (_, json, _) = run(&["regions", "generate", "--size", "6", "--seed", "11", "--format", "json"]);
    for text in [&letters, &json] {
        let (status, out, err) = regions_solve(&[], &format!("\u{feff}{text}"));
        assert_eq!(status, Some(0), "{err}");
        assert!(out.starts_with("one solution:\n"), "{out}");
    }
    for (from, to) in [("\"n\":6", "\"n\":-1"), ("\"seed\":11", "\"seed\":\"x\""), ("\"n\":6", "\"n\":1.5")] {
        let (status, _, err) = regions_solve(&[], &json.replace(from, to));
        assert_eq!(status, Some(2), "{to}: {err}");
        assert!(err.contains("the puzzle's JSON is not valid: "), "{to}: {err}");
        for rust in ["usize", "u64", "u32", "u8", "i64", "f64"] {
            assert!(!err.contains(rust), "{to}: {rust} in {err}");
        }
    }
}
