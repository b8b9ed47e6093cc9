//! The game's hot paths: one joystick event, and building the 92.
//!
//! Run with `cargo bench --bench engine`; figures are in docs/PERFORMANCE.md.

use divan::{Bencher, black_box};
use queens::game::{Classic, Engine, Event};
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
