//! The regions puzzle's generator and solver. Run with `cargo bench --bench
//! regions`; figures, and what they mean for a Pi Zero, are in
//! docs/PERFORMANCE.md.

use divan::{Bencher, black_box};
use queens::puzzle::Square;
use queens::regions::deduce::{self, Difficulty};
use queens::regions::generate::{self, days_from_civil, generate};
use queens::regions::solve;

fn main() {
    divan::main();
}

/// One puzzle of each size, any difficulty, a new seed each time.
#[divan::bench(args = [5, 6, 8, 10, 12])]
fn generate_any(bencher: Bencher, n: usize) {
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        generate(n, black_box(seed), None).unwrap()
    });
}

/// An 8x8 at each difficulty.
#[divan::bench(args = ["easy", "medium", "hard"])]
fn generate_8x8(bencher: Bencher, difficulty: &str) {
    let difficulty: Difficulty = difficulty.parse().unwrap();
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        generate(8, black_box(seed), Some(difficulty)).unwrap()
    });
}

fn days_of_2026() -> std::ops::Range<i64> {
    days_from_civil(2026, 1, 1).unwrap()..days_from_civil(2027, 1, 1).unwrap()
}

/// Every puzzle of the day of 2026 (365 of them): the mean is this divided by 365.
#[divan::bench(sample_count = 5)]
fn daily_every_day_of_2026() -> usize {
    days_of_2026().map(|day| generate::daily(black_box(day)).attempts as usize).sum()
}

/// The puzzle of 2026's day that takes the most candidates to find.
#[divan::bench]
fn daily_slowest_day_of_2026(bencher: Bencher) {
    let slowest = days_of_2026().max_by_key(|&day| generate::daily(day).attempts).unwrap();
    bencher.bench_local(|| generate::daily(black_box(slowest)));
}

/// Solving and grading a generated 8x8: the search for every solution, and
/// the deduction rules to the end.
#[divan::bench]
fn solve_and_grade_8x8(bencher: Bencher) {
    let puzzle = generate(8, 1, None).unwrap().puzzle;
    bencher
        .bench_local(|| (solve::count(black_box(&puzzle), u64::MAX), deduce::difficulty(black_box(&puzzle))));
}

/// Two wrong queens on a generated `n` x `n`, each pair of squares outside
/// the solution that breaks no rule together (what a hint is asked about
/// once clashes are ruled out).
fn wrong_pairs(made: &generate::Generated) -> Vec<[Square; 2]> {
    let n = made.puzzle.n();
    let solution: Vec<Square> = made.solution.queens().collect();
    let puzzle = &made.puzzle;
    let apart = |a: Square, b: Square| {
        a.row != b.row
            && a.col != b.col
            && puzzle.region(a) != puzzle.region(b)
            && (a.row.abs_diff(b.row) > 1 || a.col.abs_diff(b.col) > 1)
    };
    let wrong: Vec<Square> = (0..n * n)
        .map(|i| Square::new((i % n) as u8, (i / n) as u8))
        .filter(|sq| !solution.contains(sq))
        .collect();
    let mut pairs = vec![];
    for (i, &a) in wrong.iter().enumerate() {
        for &b in &wrong[i + 1..] {
            if apart(a, b) {
                pairs.push([a, b]);
            }
        }
    }
    pairs
}

/// A hint's first question (issue 30), on every pair of wrong queens alone
/// on the board (no right queen narrows the searches): whether a solution
/// keeps them (none), then one search per queen for one to blame. The mean
/// per pair is this divided by the pairs' number, printed first.
#[divan::bench(args = [8, 12], sample_count = 10)]
fn judge_every_two_wrong_queens(bencher: Bencher, n: usize) {
    let made = generate(n, 1, None).unwrap();
    let pairs = wrong_pairs(&made);
    eprintln!("{n}x{n}: {} pairs", pairs.len());
    bencher.bench_local(|| {
        pairs
            .iter()
            .filter(|q| solve::judge(black_box(&made.puzzle), *q) == solve::Verdict::SomeWrong)
            .count()
    });
}

/// The pair of [`judge_every_two_wrong_queens`] that takes longest, found
/// by timing each once: the slowest hint a player can meet there.
#[divan::bench(args = [8, 12])]
fn judge_the_slowest_two_wrong_queens(bencher: Bencher, n: usize) {
    let made = generate(n, 1, None).unwrap();
    let time = |q: &[Square; 2]| {
        let start = std::time::Instant::now();
        for _ in 0..3 {
            black_box(solve::judge(&made.puzzle, q));
        }
        start.elapsed()
    };
    let slowest = wrong_pairs(&made).into_iter().max_by_key(time).unwrap();
    assert_eq!(solve::judge(&made.puzzle, &slowest), solve::Verdict::SomeWrong);
    bencher.bench_local(|| solve::judge(black_box(&made.puzzle), black_box(&slowest)));
}
