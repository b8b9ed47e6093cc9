//! The solver's counts against published sequences (OEIS) and brute force.
//! Larger cases are `#[ignore]`d here and run optimised by .ci/run
//! (`cargo test --profile checked -- --ignored`).
//!
//! What it proves, in full (with the tests of `puzzle`, `solver_complete`): the puzzle core and the
//! solvers against brute force and published counts (OEIS A000170, A002562, A075458, A051223,
//! A201540); every answer checked by an independent validator; completion against brute force on
//! small boards (proptest). Larger published counts are `#[ignore]`d and run in release by CI

use crate::common;

use common::QUEENS;
use queens::solver::count::{Part, Plan};
use queens::solver::cover::CoverBoard;
use queens::solver::piece::Piece;
use queens::solver::pieces::{Problem, Solver};
use queens::solver::{count, count_solutions};
use std::process::{Command, Output, Stdio};

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
#[ignore = "seconds optimised; run by .ci/run with --profile checked --ignored"]
fn queens_13_to_16_match_oeis() {
    for n in 13..=16 {
        check_queens(n, 2);
    }
}

#[test]
#[ignore = "about ten seconds optimised; run by .ci/run"]
fn queens_17_matches_oeis() {
    assert_eq!(
        count(17, true, 2, None),
        queens::solver::Counts { total: 95_815_104, unique: Some(11_977_939) }
    );
}

#[test]
#[ignore = "about half a minute optimised on two threads; run by .ci/run"]
fn queens_18_matches_oeis() {
    // A000170 and A002562: the largest board issue 55 asks to be checked.
    assert_eq!(
        count(18, true, 2, None),
        queens::solver::Counts { total: 666_090_624, unique: Some(83_263_591) }
    );
}

/// The counts of parts 1..=m of the count for `n`, each on `threads` threads,
/// with the orbits of constellations each counts and the searches it runs.
fn parts(n: usize, m: usize, threads: usize) -> Vec<(u64, u64, usize, usize)> {
    Plan::split(n, m)
        .unwrap()
        .iter()
        .map(|plan| {
            let counts = plan.count(threads, None);
            let unique = counts.unique.expect("parts always count classes");
            (counts.total, unique, plan.constellations(), plan.searches())
        })
        .collect()
}

#[test]
fn parts_add_up_to_the_published_counts() {
    for n in 8..=14 {
        let whole = parts(n, 1, 1)[0];
        assert_eq!((whole.0, whole.1), QUEENS[n - 1], "n = {n} as one part");
        // 1, 2, 3, 7 parts, and more parts than there are orbits (the most searches there can be).
        for m in [2, 3, 7, whole.2 + 5] {
            let counts = parts(n, m, 1 + m % 2);
            let total: u64 = counts.iter().map(|c| c.0).sum();
            let unique: u64 = counts.iter().map(|c| c.1).sum();
            assert_eq!((total, unique), QUEENS[n - 1], "n = {n} in {m} parts: {counts:?}");
            let constellations: usize = counts.iter().map(|c| c.2).sum();
            assert_eq!(constellations, whole.2, "n = {n} in {m} parts: each constellation once");
            if m > whole.2 {
                assert!(
                    counts.iter().filter(|c| c.3 == 0).count() >= 5,
                    "n = {n}: the extra parts are empty"
                );
            } else {
                assert!(counts.iter().all(|c| c.3 > 0), "n = {n} in {m} parts: a part is empty");
            }
        }
    }
}

#[test]
fn small_boards_split_too() {
    // N = 1 has one solution and no border to split: part 1 holds it.
    for n in 1..=7 {
        for m in [1, 2, 3, 7] {
            let counts = parts(n, m, 1);
            let sum = counts.iter().fold((0, 0), |a, c| (a.0 + c.0, a.1 + c.1));
            assert_eq!(sum, QUEENS[n - 1], "n = {n} in {m} parts");
        }
    }
}

#[test]
fn parts_are_balanced_by_cost_and_do_not_depend_on_threads() {
    let n = 14;
    let m = 4;
    let shares: Vec<f64> = (1..=m).map(|k| Plan::new(n, Part::new(k, m).unwrap()).share()).collect();
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{shares:?}");
    assert!(shares.iter().all(|&s| (s - 0.25).abs() < 0.01), "estimated costs dealt evenly: {shares:?}");
    assert_eq!(parts(n, m, 1), parts(n, m, 3));
    // One part made alone is the same part as made with all the others.
    let alone = Plan::new(n, Part::new(3, m).unwrap());
    assert_eq!(alone.count(2, None), Plan::split(n, m).unwrap()[2].count(1, None));
    // Balanced by cost, not by number: the parts run different numbers of searches.
    let sizes: Vec<usize> = Plan::split(12, 16).unwrap().iter().map(Plan::searches).collect();
    assert!(sizes.iter().any(|&s| s != sizes[0]), "{sizes:?}");
}

#[test]
fn a_fine_split_searches_orbits_alone_so_that_parts_stay_small() {
    // A group search holds up to a dozen orbits: one larger than a part's share would
    // make its part that much larger, so a fine split takes no such group.
    let n = 12;
    let whole = Plan::new(n, Part::WHOLE);
    assert!(whole.searches() < whole.constellations(), "one part: orbits are searched in groups");
    let fine = parts(n, 5000, 1);
    assert!(fine.iter().all(|c| c.2 == c.3), "5000 parts: each search is one orbit");
    let sum = fine.iter().fold((0, 0), |a, c| (a.0 + c.0, a.1 + c.1));
    assert_eq!(sum, QUEENS[n - 1]);
}

fn queens_bin(args: &[&str]) -> Output {
    common::bin::queens().args(args).output().expect("the binary runs")
}

#[test]
fn bad_part_specs_are_one_line_and_status_2() {
    for spec in [
        "0/3",
        "4/3",
        "1/0",
        "0/0",
        "3",
        "1/",
        "/1",
        "a/b",
        "-1/3",
        "1/3/5",
        "1 /3",
        "1/1000001",
        "1/99999999999999999999",
    ] {
        let o = queens_bin(&["count", "10", &format!("--part={spec}")]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{spec}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{spec}: {stderr}");
        assert!(stderr.contains("--part"), "{spec}: {stderr}");
        assert!(o.stdout.is_empty(), "{spec}");
    }
}

#[test]
fn a_count_of_hours_is_refused_with_a_pointer_to_parts() {
    let o = queens_bin(&["count", "23", "--threads", "1"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--part K/M"), "{stderr}");
    // A part that would still take more than a week is refused too, with the parts that would do.
    let o = queens_bin(&["count", "25", "--threads", "1", "--part", "1/2"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("use more parts"), "{stderr}");
}

fn part_lines(n: usize, m: usize) -> String {
    (1..=m)
        .map(|k| {
            let o = queens_bin(&["count", &n.to_string(), "--part", &format!("{k}/{m}"), "--format", "json"]);
            assert_eq!(o.status.code(), Some(0));
            String::from_utf8(o.stdout).unwrap()
        })
        .collect()
}

#[test]
fn part_lines_are_json_with_n_part_parts_count_and_unique() {
    let lines = part_lines(12, 3);
    let mut sum = (0, 0);
    for (k, line) in lines.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["count", "n", "part", "parts", "unique"], "{line}");
        assert_eq!(
            (v["n"].as_u64(), v["part"].as_u64(), v["parts"].as_u64()),
            (Some(12), Some(k as u64 + 1), Some(3))
        );
        sum = (sum.0 + v["count"].as_u64().unwrap(), sum.1 + v["unique"].as_u64().unwrap());
    }
    assert_eq!(sum, QUEENS[11]);
    let human = queens_bin(&["count", "12", "--part", "2/3", "--unique"]);
    let text = String::from_utf8_lossy(&human.stdout);
    assert!(text.contains("for 12 queens in part 2/3") && text.contains("distinct"), "{text}");
}

/// Runs scripts/sum-parts with `input` on standard input.
fn sum_parts(input: &str) -> Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/sum-parts");
    let mut child = Command::new(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("scripts/sum-parts runs (it needs python3)");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_sum_script_adds_the_parts_and_wants_each_once() {
    let lines = part_lines(11, 4);
    let o = sum_parts(&lines);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v, serde_json::json!({"n": 11, "count": 2680, "unique": 341}));
    let all: Vec<&str> = lines.lines().collect();
    let missing = [all[0], all[1], all[3]].join("\n");
    let twice = [all[0], all[1], all[2], all[3], all[2]].join("\n");
    let other = format!("{}\n{}", lines.trim_end(), part_lines(10, 4).lines().next().unwrap());
    for (what, input) in [
        ("missing", missing.as_str()),
        ("again", &twice),
        ("N = 10", &other),
        ("no parts", ""),
        ("not JSON", "92 solutions"),
    ] {
        let o = sum_parts(input);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{what}: {stderr}");
        assert!(stderr.contains(what) && stderr.lines().count() == 1, "{what}: {stderr}");
        assert!(o.stdout.is_empty(), "{what}");
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
#[ignore = "about a second optimised, much longer in debug; run by .ci/run"]
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
    let board = CoverBoard::new(n, false);
    assert_eq!(board.minimum(), gamma, "domination number of {n}x{n}");
    assert_eq!(board.count_minimum(), ways, "minimum covers of {n}x{n}");
    assert_eq!(CoverBoard::new(n, true).minimum(), independent, "independent domination number of {n}x{n}");
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
            let board = CoverBoard::new(n, independent);
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
