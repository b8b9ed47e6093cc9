//! The regions puzzle's generator and solver. Run with `cargo bench --bench
//! regions`; figures, and what they mean for a Pi Zero, are in
//! docs/PERFORMANCE.md.

use divan::{Bencher, black_box};
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
