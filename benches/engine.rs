//! The game's hot paths: one joystick event, building the 92, and the
//! searches that answer on boards above 12 (16x16 here).
//!
//! Run with `cargo bench --bench engine`; figures are in docs/PERFORMANCE.md.

use divan::{Bencher, black_box};
use queens::game::Answers;
use queens::game::{Classic, Engine, Event, ModeKind, Setup, solve_like_scratch};
use queens::puzzle::{Placement, Solutions, Square};

fn main() {
    divan::main();
}

/// A game with five queens that are in no common solution, the cursor on
/// the last one: the next press asks for the closest solution.
fn game_before_answer() -> Engine {
    let mut e = Engine::new(Box::new(Classic::eight()));
    let moves =
        "right press right down down press right down down press right down press right down down down press";
    for word in moves.split(' ') {
        e.handle(word.parse().unwrap(), 0);
    }
    e
}

#[divan::bench]
fn build_the_92() -> Solutions {
    Solutions::new(8)
}

#[divan::bench]
fn press_for_the_answer(bencher: Bencher) {
    bencher.with_inputs(game_before_answer).bench_local_values(|mut e| {
        e.handle(Event::Press, 0);
        *e.frame()
    });
}

#[divan::bench]
fn move_the_cursor(bencher: Bencher) {
    bencher.with_inputs(game_before_answer).bench_local_values(|mut e| {
        e.handle(Event::Left, 0);
        *e.frame()
    });
}

#[divan::bench]
fn place_a_queen(bencher: Bencher) {
    let setup = || {
        let mut e = game_before_answer();
        e.handle(Event::Up, 0);
        e
    };
    bencher.with_inputs(setup).bench_local_values(|mut e| {
        e.handle(Event::Press, 0);
        *e.frame()
    });
}

#[divan::bench]
fn closest_solution_query(bencher: Bencher) {
    let partial =
        Placement::from_squares(8, &[Square::new(0, 7), Square::new(1, 1), Square::new(2, 6)]).unwrap();
    let solutions = Solutions::eight();
    bencher.bench(|| solutions.closest(black_box(&partial)));
}

/// A 16x16 board written as its `Debug` form: a row per column, `.` for none.
fn sixteen(rows: &str) -> Placement {
    let rows: Vec<Option<u8>> = rows.split(' ').map(|r| r.parse().ok()).collect();
    Placement::from_rows(&rows)
}

/// 16x16 boards: an empty one, a dead end (queens in columns 1 to 7 that
/// attack all of column 0), and the slowest found for each query by a hill
/// climb over random boards (see docs/PERFORMANCE.md).
const BOARDS_16: [(&str, &str); 4] = [
    ("empty", ". . . . . . . . . . . . . . . ."),
    ("dead_end", ". 0 2 8 14 7 9 13 . . . . . . . ."),
    ("slowest_closest", "12 . . . 0 . . . . 13 8 . 4 2 15 10"),
    ("slowest_hint", "0 15 . . . . . . . . . . . 1 . 14"),
];

#[divan::bench(args = BOARDS_16.map(|(name, _)| name))]
fn closest_16(bencher: Bencher, name: &str) {
    let board = sixteen(BOARDS_16.iter().find(|b| b.0 == name).unwrap().1);
    let answers = Answers::new(16);
    bencher.bench(|| answers.closest(black_box(&board)));
}

#[divan::bench(args = BOARDS_16.map(|(name, _)| name))]
fn hint_16(bencher: Bencher, name: &str) {
    let board = sixteen(BOARDS_16.iter().find(|b| b.0 == name).unwrap().1);
    let answers = Answers::new(16);
    bencher.bench(|| answers.safe_squares(black_box(&board)));
}

/// Strict's Solve on 16x16, the Scratch program's row-by-row search: the
/// boards above, and the slowest for it that a hill climb found (counting
/// its nodes: 11,733; see docs/PERFORMANCE.md).
const SCRATCH_16: [(&str, &str); 5] = [
    BOARDS_16[0],
    BOARDS_16[1],
    BOARDS_16[2],
    BOARDS_16[3],
    ("slowest_scratch", "2 . 3 . . . . . . . . . . . . ."),
];

#[divan::bench(args = SCRATCH_16.map(|(name, _)| name))]
fn strict_solve_16(bencher: Bencher, name: &str) {
    let board = sixteen(SCRATCH_16.iter().find(|b| b.0 == name).unwrap().1);
    bencher.bench(|| solve_like_scratch(black_box(&board)));
}

/// The whole event on 16x16: a press on a queen of the dead end, through the engine.
#[divan::bench]
fn press_for_the_answer_16(bencher: Bencher) {
    let setup = || {
        let mut e = Engine::fresh(Setup::of(ModeKind::Classic, 16).largest(16).setup());
        // From (7, 8): queens at (1,0) (2,2) (3,8) (4,14) (5,7) (6,9) (7,13), the cursor on the last.
        let moves = "left left left left left left down down down down down down down down press \
                     right down down press right down down down down down down press \
                     right down down down down down down press \
                     right down down down down down down down down down press \
                     right down down press right down down down down press";
        for word in moves.split_whitespace() {
            e.handle(word.parse().unwrap(), 0);
        }
        let white = e.frame().pixels().iter().filter(|&&p| p == queens::game::Theme::default().queen).count();
        assert_eq!(white, 7, "the seven queens of the dead end");
        e
    };
    bencher.with_inputs(setup).bench_local_values(|mut e| {
        e.handle(Event::Press, 0);
        *e.frame()
    });
}
