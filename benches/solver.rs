//! The solver toolkit's speed: counting, covers, pieces, completion and the
//! construction. Run with `cargo bench --bench solver`; the N = 16 one-core
//! comparison with `cargo bench --bench solver -- --include-ignored n1` (N = 16 on one
//! core against the reference in the same run, and N = 17 on two threads).
//! Figures are in docs/PERFORMANCE.md.

use divan::{Bencher, black_box};
use queens::puzzle::Square;
use queens::solver::cover::CoverBoard;
use queens::solver::cover_walk::CoverWalk;
use queens::solver::piece::Piece;
use queens::solver::pieces::{Problem, Solver};
use queens::solver::{complete_rows, construct, count};

fn main() {
    divan::main();
}

/// The reference: Somers' classic bitwise backtracker, halving by mirror
/// symmetry, one core. Kept here, apart from the library, as the yardstick.
fn somers(n: usize) -> u64 {
    fn go(all: u32, cols: u32, ld: u32, rd: u32) -> u64 {
        if cols == all {
            return 1;
        }
        let mut total = 0;
        let mut free = all & !(cols | ld | rd);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free -= bit;
            total += go(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        }
        total
    }
    let all = (1u32 << n) - 1;
    let mut total = 0;
    for c in 0..n / 2 {
        let bit = 1 << c;
        total += 2 * go(all, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let bit = 1 << (n / 2);
        total += go(all, bit, bit << 1, bit >> 1);
    }
    total
}

#[divan::bench(args = [12, 13, 14])]
fn count_somers_reference(n: usize) -> u64 {
    somers(black_box(n))
}

#[divan::bench(args = [12, 13, 14])]
fn count_one_thread(n: usize) -> u64 {
    count(black_box(n), false, 1, None).total
}

#[divan::bench(args = [12, 13, 14])]
fn count_two_threads(n: usize) -> u64 {
    count(black_box(n), false, 2, None).total
}

#[divan::bench(args = [12, 13, 14])]
fn count_unique_two_threads(n: usize) -> Option<u64> {
    count(black_box(n), true, 2, None).unique
}

/// The yardstick at N = 16, one sample each (seconds per run).
#[divan::bench(ignore, sample_count = 1, sample_size = 1)]
fn n16_somers_one_core() -> u64 {
    somers(black_box(16))
}

#[divan::bench(ignore, sample_count = 1, sample_size = 1)]
fn n16_counter_one_core() -> u64 {
    count(black_box(16), false, 1, None).total
}

#[divan::bench(ignore, sample_count = 1, sample_size = 1)]
fn n16_counter_two_threads() -> u64 {
    count(black_box(16), false, 2, None).total
}

/// The fundamental solutions come from the same run: this is the one-core time with them.
#[divan::bench(ignore, sample_count = 1, sample_size = 1)]
fn n16_counter_unique_one_core() -> Option<u64> {
    count(black_box(16), true, 1, None).unique
}

/// The second yardstick: N = 17 on both cores, under 5 s.
#[divan::bench(ignore, sample_count = 1, sample_size = 1)]
fn n17_counter_two_threads() -> u64 {
    count(black_box(17), false, 2, None).total
}

#[divan::bench(sample_count = 10)]
fn cover_8x8_minimum_and_count() -> (usize, u64) {
    let board = CoverBoard::new(black_box(8), false);
    (board.minimum(), board.count_minimum())
}

/// Where cover mode's number of queens starts on every size the terminal
/// plays, 4x4 to 11x11: the fewest with which Go finds a cover (the
/// independent domination number), worked out once per size on the first
/// cover game of that size.
#[divan::bench(sample_count = 10)]
fn cover_fewest_for_go_4_to_11() -> usize {
    (4..=black_box(11)).map(|n| CoverBoard::new(n, true).minimum()).sum()
}

/// The Delphi program's Go, every cover it finds on the 8x8 with 8 queens
/// allowed (`queens cover 8 --independent --queens 8 --count`).
#[divan::bench(sample_count = 10)]
fn cover_walk_8x8_every_cover_with_8() -> usize {
    CoverWalk::new(&CoverBoard::new(black_box(8), true), 8).count()
}

/// One Go on the largest cover board: its first cover with 5 queens.
#[divan::bench(sample_count = 10)]
fn cover_walk_11x11_first_with_5() -> Option<Vec<Square>> {
    CoverWalk::new(&CoverBoard::new(black_box(11), true), 5).next()
}

/// Every cover Go finds on the 11x11 with 5 queens (`queens cover 11 --independent --count`).
#[divan::bench(sample_count = 3)]
fn cover_walk_11x11_every_cover_with_5() -> usize {
    CoverWalk::new(&CoverBoard::new(black_box(11), true), 5).count()
}

/// Every cover Go finds on the 11x11 with 11 queens allowed.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn cover_walk_11x11_every_cover_with_11() -> usize {
    CoverWalk::new(&CoverBoard::new(black_box(11), true), 11).count()
}

#[divan::bench(sample_count = 5)]
fn pieces_7x7_kings_queens_bishops_knight() -> u64 {
    let problem = Problem::new(7, 7)
        .with(Piece::King, 2)
        .with(Piece::Queen, 2)
        .with(Piece::Bishop, 2)
        .with(Piece::Knight, 1);
    Solver::new(&problem).unwrap().count()
}

#[divan::bench]
fn complete_100_from_ten_queens(bencher: Bencher) {
    // Ten scattered queens that do not attack each other.
    let given: Vec<Square> = (0..10u8).map(|i| Square::new(i * 10 + 3, (i * 37 + 11) % 100)).collect();
    assert!(given.iter().enumerate().all(|(i, a)| given[i + 1..].iter().all(|b| !a.queen_attacks(*b))));
    bencher.bench(|| complete_rows(100, black_box(&given)).unwrap().expect("completes"));
}

#[divan::bench]
fn complete_100_empty() -> Option<Vec<u32>> {
    complete_rows(black_box(100), &[]).unwrap()
}

#[divan::bench(sample_count = 10)]
fn construct_and_validate_10_million() -> bool {
    let rows = construct(black_box(10_000_000)).unwrap();
    queens::solver::validate::is_solution(&rows)
}
