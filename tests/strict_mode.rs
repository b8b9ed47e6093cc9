//! Strict mode against the Scratch program of seed 000, ported into
//! `common::scratch` as an independent oracle: Solve's completion (and "no
//! solution") on thousands of random boards of every size the mode plays,
//! random games compared move by move, the time Solve shows measured on an
//! injected stopwatch and on the real clock through the binary, the solved
//! board kept, Restart, and eight queens placed by hand.
//!
//! What it proves, in full: strict against `common::scratch`, a line-by-line port of the Scratch
//! program's back end (its board list, conflict sums and recursive "Place Queen In Row"): *Solve*'s
//! completion or "no solution" on thousands of random legal boards of every size 4x4 to 16x16, and
//! through the game on 4x4 to 16x16; random games compared move by move (clicks, refusals, *Solve*,
//! *Restart*, which queens are the program's); the time *Solve* scrolls, from an injected stopwatch
//! and, through the binary, measured and never zero; the kept completion, *Restart*, eight queens
//! by hand with the time taken

use crate::common;

use Event::*;
use common::scratch::Scratch;
use common::{Rng, board, moves_to, picture, scroll};
use queens::game::{
    Engine, Event, Frame, ModeKind, NoCalendar, SavedState, Setup, Stopwatch, Style, solve_like_scratch,
};
use queens::puzzle::{Placement, Square};
use std::cell::Cell;

/// A stopwatch that moves on by `step` nanoseconds each time it is read:
/// the search, read before and after, takes exactly `step`.
struct StepWatch {
    now: Cell<u64>,
    step: u64,
}

impl StepWatch {
    fn boxed(step: u64) -> Box<StepWatch> {
        Box::new(StepWatch { now: Cell::new(1_000_000), step })
    }
}

impl Stopwatch for StepWatch {
    fn nanos(&self) -> Option<u64> {
        let t = self.now.get();
        self.now.set(t + self.step);
        Some(t)
    }
}

struct Game {
    engine: Engine,
    n: usize,
    cursor: (usize, usize),
    now: u64,
}

impl Game {
    fn new(n: usize) -> Game {
        Game::timed(n, 4_200)
    }

    /// A game whose stopwatch moves `step` nanoseconds at every reading.
    fn timed(n: usize, step: u64) -> Game {
        let setup = Setup::of(ModeKind::Strict, n).largest(16).setup();
        let engine =
            Engine::start(setup, &SavedState::default(), StepWatch::boxed(step), Box::new(NoCalendar));
        Game { engine, n, cursor: ((n - 1) / 2, n / 2), now: 0 }
    }

    /// Sends one event at the current time; every frame shown until it settles.
    fn watch(&mut self, event: Event) -> Vec<Frame> {
        common::frames_until_settled(&mut self.engine, &mut self.now, event)
    }

    /// Sends the events, letting every animation end; the settled picture.
    fn send(&mut self, events: &[Event]) -> String {
        for &e in events {
            self.watch(e);
        }
        picture(self.engine.frame())
    }

    /// Moves to each square and presses there.
    fn place(&mut self, squares: &[(usize, usize)]) -> String {
        for &sq in squares {
            let moves = moves_to(self.n, self.cursor, sq);
            self.send(&moves);
            self.cursor = sq;
            self.send(&[Press]);
        }
        picture(self.engine.frame())
    }
}

/// The squares of the 8x8 showing one of `letters`, as (x, y), sorted.
fn squares(shown: &str, letters: &str) -> Vec<(usize, usize)> {
    on_board(8, shown, letters)
}

/// The squares of an n x n board showing one of `letters`, as (x, y) on
/// the board, sorted. A board smaller than 8 is drawn centred on the 8x8.
fn on_board(n: usize, shown: &str, letters: &str) -> Vec<(usize, usize)> {
    let offset = (n.max(8) - n) / 2;
    let mut out = vec![];
    for (y, row) in shown.lines().enumerate().skip(offset).take(n) {
        for (x, c) in row.chars().enumerate().skip(offset).take(n) {
            if letters.contains(c) {
                out.push((x - offset, y - offset));
            }
        }
    }
    out.sort();
    out
}

fn text_colour() -> queens::game::Rgb {
    Style::default().text.colour
}

/// What a scrolled message said, from the frames an event showed (the
/// message's, then the settled picture).
fn said(frames: &[Frame]) -> String {
    let (_settled, message) = frames.split_last().expect("frames");
    scroll::read(message, text_colour()).expect("a message")
}

// Strict's menu: HINT, SOLVE, RESTART, then the modes, HELP and the sizes.
const SOLVE_FIRST_TIME: [Event; 3] = [Hold, Right, Press];
const RESTART_AFTER_SOLVE: [Event; 3] = [Hold, Right, Press];

#[test]
fn solve_scrolls_how_long_the_search_took_on_the_engines_stopwatch() {
    for (step, text) in [(4_200, "SOLVED IN 4.2us"), (1_234_567, "SOLVED IN 1.2ms"), (850, "SOLVED IN 850ns")]
    {
        let mut g = Game::timed(8, step);
        g.send(&[Hold, Right]);
        assert_eq!(said(&g.watch(Press)), text);
    }
}

#[test]
fn through_the_binary_solve_shows_a_time_measured_on_the_real_clock() {
    // An empty board, then the rows of the seed's search from a queen in the bottom row's middle.
    for script in ["hold\nright\npress\n", "down\ndown\ndown\npress\nhold\nright\npress\n"] {
        let frames = common::bin::play_traced(&["--mode", "strict"], script);
        let message = scroll::read(&common::bin::last_animation(&frames), text_colour()).expect("a message");
        let figure = message.strip_prefix("SOLVED IN ").unwrap_or_else(|| panic!("{message:?}"));
        let digits: String = figure.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let unit = &figure[digits.len()..];
        assert!(["ns", "us", "ms", "s"].contains(&unit), "{message:?}");
        let value: f64 = digits.parse().unwrap_or_else(|_| panic!("{message:?}"));
        assert!(value > 0.0, "a search takes some time, and it is measured: {message:?}");
    }
}

#[test]
fn an_empty_8x8_is_solved_a8_b2_c4_d1_e7_f5_g3_h6_as_in_the_seed() {
    let mut g = Game::new(8);
    let shown = g.send(&SOLVE_FIRST_TIME);
    // a8 is (0,0) at the top left; b2 is (1,6); and so on.
    let seed = [(0, 0), (1, 6), (2, 4), (3, 7), (4, 1), (5, 3), (6, 5), (7, 2)];
    let mut marks: Vec<(usize, usize, char)> = seed.iter().map(|&(x, y)| (x, y, 'Y')).collect();
    marks.insert(0, (3, 4, 'B'));
    assert_eq!(shown, board(&marks));
    let names: Vec<String> = seed.iter().map(|&(x, y)| Square::new(x as u8, y as u8).chess(8)).collect();
    assert_eq!(names, ["a8", "b2", "c4", "d1", "e7", "f5", "g3", "h6"]);
}

/// A board a player of strict mode can make: up to `most` queens, each put
/// where it attacks no queen already there.
fn random_legal_board(rng: &mut Rng, n: usize, most: usize) -> Scratch {
    let mut scratch = Scratch::new(n);
    for _ in 0..rng.below(most + 1) {
        let (row, column) = (1 + rng.below(n), 1 + rng.below(n));
        if !scratch.queens().contains(&(column - 1, row - 1)) {
            // A refused click leaves the board as it was.
            scratch.flip_cell(row, column);
        }
    }
    scratch
}

fn placement(n: usize, queens: &[(usize, usize)]) -> Placement {
    let squares: Vec<Square> = queens.iter().map(|&(x, y)| Square::new(x as u8, y as u8)).collect();
    Placement::from_squares(n, &squares).expect("one queen per column")
}

#[test]
fn solve_completes_as_the_scratch_program_does_on_thousands_of_random_boards() {
    let mut rng = Rng::new(2020);
    for n in 4..=16 {
        // The seed's search, unpruned, is slow on the largest boards without a completion.
        let cases = match n {
            4..=10 => 1500,
            11..=12 => 300,
            _ => 100,
        };
        let (mut completed, mut refused) = (0, 0);
        for _ in 0..cases {
            // Larger boards need more queens before some have no completion.
            let mut seed = random_legal_board(&mut rng, n, if n <= 10 { n.min(7) } else { n });
            let given = seed.queens();
            let found = seed.solve_puzzle();
            let ours = solve_like_scratch(&placement(n, &given));
            match (found, ours) {
                (true, Some(ours)) => {
                    let ours: Vec<(usize, usize)> =
                        ours.queens().map(|q| (q.col as usize, q.row as usize)).collect();
                    assert_eq!(ours, seed.queens(), "{n}x{n} from {given:?}");
                    completed += 1;
                }
                (false, None) => refused += 1,
                (seed_found, ours) => panic!("{n}x{n} from {given:?}: the seed {seed_found}, ours {ours:?}"),
            }
        }
        eprintln!("{n}x{n}: {completed} completed, {refused} without a solution");
        assert!(completed > 0 && refused > 0, "{n}x{n}: boards with a completion and without");
    }
}

#[test]
fn through_the_game_solve_shows_the_scratch_programs_completion_or_no_solution() {
    let mut rng = Rng::new(31);
    for n in 4..=16 {
        // Each new game of 11 or 12 lists all its solutions first: slow in debug.
        let cases = match n {
            4..=10 => 40,
            11..=12 => 6,
            _ => 15,
        };
        for _ in 0..cases {
            let mut seed = random_legal_board(&mut rng, n, if n <= 10 { n.min(6) } else { n });
            let given = seed.queens();
            let mut g = Game::new(n);
            g.place(&given);
            let frames = g.watch_menu_solve();
            let shown = picture(frames.last().unwrap());
            if seed.solve_puzzle() {
                assert_eq!(said(&frames), "SOLVED IN 4.2us");
                assert_eq!(on_board(n, &shown, "W"), given, "{n}x{n}: the player's queens stay white");
                assert_eq!(on_board(n, &shown, "WY"), seed.queens(), "{n}x{n} from {given:?}");
            } else {
                assert_eq!(said(&frames), "NO SOLUTION", "{n}x{n} from {given:?}");
                assert_eq!(on_board(n, &shown, "WR"), given);
            }
        }
    }
}

impl Game {
    /// HOLD, then SOLVE (one step right of the first item, HINT); the frames the press showed.
    fn watch_menu_solve(&mut self) -> Vec<Frame> {
        self.send(&[Hold, Right]);
        self.watch(Press)
    }
}

#[test]
fn the_solved_board_stays_and_play_goes_on_from_it() {
    let mut g = Game::new(8);
    // A queen at a8: the seed's completion keeps the empty board's first row.
    g.place(&[(0, 0)]);
    let solved = g.send(&SOLVE_FIRST_TIME);
    let seed = [(0, 0), (1, 6), (2, 4), (3, 7), (4, 1), (5, 3), (6, 5), (7, 2)];
    assert_eq!(squares(&solved, "W"), [(0, 0)]);
    assert_eq!(squares(&solved, "Y"), seed[1..]);
    // A move keeps the board; the program's queens stay yellow.
    let moved = g.send(&[Down]);
    assert_eq!(squares(&moved, "Y"), seed[1..]);
    assert_eq!(squares(&moved, "B"), [(0, 1)]);
    g.cursor = (0, 1);
    // Pressing a program queen takes it back like any queen: b2 goes.
    let taken = g.place(&[(1, 6)]);
    assert_eq!(squares(&taken, "Y"), [seed[2..].to_vec()].concat());
    assert_eq!(squares(&taken, "W"), [(0, 0)]);
    // Put back by the player, it is the player's (white): the board is full again.
    let again = g.place(&[(1, 6)]);
    assert_eq!(squares(&again, "W"), [(0, 0), (1, 6)]);
    assert_eq!(squares(&again, "Y"), seed[2..]);
    // A board finished with the program's help is not counted among the 92 found.
    assert_eq!(g.engine.progress().count(), 0);
}

#[test]
fn restart_is_in_strict_menu_and_empties_the_board() {
    let mut g = Game::new(8);
    g.place(&[(0, 0), (4, 1)]);
    g.send(&SOLVE_FIRST_TIME);
    assert_eq!(g.send(&[Left, Left]), {
        let s = g.send(&[]);
        assert_eq!(squares(&s, "WY").len(), 8);
        s
    });
    let labels: Vec<&str> = g.engine.mode().actions().iter().map(|a| a.label()).collect();
    assert_eq!(labels, ["HINT", "SOLVE", "RESTART"]);
    let restarted = g.send(&RESTART_AFTER_SOLVE);
    assert_eq!(g.engine.setup().mode(), ModeKind::Strict);
    assert_eq!(restarted, board(&[(3, 4, 'B')]), "empty, the cursor back at the start");
    // Nothing of the last board is left: a queen put where the program's was is white.
    assert_eq!(g.send(&[Up, Up, Up, Up, Left, Left, Left, Press]), board(&[(0, 0, 'W')]));
}

/// Places [7 1 3 0 6 4 2 5] by hand from the start, the first queen at
/// `first` ms and the last at `last` ms; the frames the last press showed.
fn solve_by_hand(g: &mut Game, first: u64, last: u64) -> Vec<Frame> {
    let solution: Vec<(usize, usize)> = [7, 1, 3, 0, 6, 4, 2, 5].into_iter().enumerate().collect();
    g.now = first;
    g.place(&solution[..7]);
    g.send(&moves_to(8, g.cursor, solution[7]));
    g.cursor = solution[7];
    g.now = last;
    g.watch(Press)
}

#[test]
fn eight_queens_by_hand_say_solved_with_the_time_taken_and_stay() {
    let mut g = Game::new(8);
    let shown = solve_by_hand(&mut g, 5_000, 70_000);
    // The flash as in classic, then the time since the first queen and the progress.
    let flash = 6;
    assert_eq!(said(&shown[flash..]), "SOLVED IN 1m05s - 1/92 NEW FUNDAMENTAL 1/12");
    assert_eq!(g.engine.progress().count(), 1);
    let solution: Vec<(usize, usize)> = [7, 1, 3, 0, 6, 4, 2, 5].into_iter().enumerate().collect();
    let mut sorted = solution.clone();
    sorted.sort();
    let settled = picture(shown.last().unwrap());
    assert_eq!(squares(&settled, "W"), sorted, "the queens stay");
    // The next press is no standby: it takes back the queen under the cursor (h6).
    let after = g.send(&[Press]);
    assert!(!g.engine.is_standby());
    assert_eq!(squares(&after, "W"), sorted[..7]);
    // Put back, the board is solved again; the clock still runs from the first queen.
    g.now = 5_000 + 42_000;
    let again = g.watch(Press);
    assert_eq!(said(&again[flash..]), "SOLVED IN 42s - 1/92 FOUND BEFORE");
}

#[test]
fn the_clock_of_a_board_starts_again_when_it_was_emptied() {
    let mut g = Game::new(8);
    g.now = 1_000;
    g.place(&[(1, 1)]);
    g.send(&[Press]); // taken back: the board is empty again
    let shown = solve_by_hand(&mut g, 90_000, 99_500);
    assert_eq!(said(&shown[6..]), "SOLVED IN 9s - 1/92 NEW FUNDAMENTAL 1/12");
}

/// What a random game does, as the seed would: each click and Solve on the
/// port, and the queens the game shows (white or yellow) compared after
/// every step, with the program's queens yellow until taken back or Restart.
#[test]
fn random_games_match_the_scratch_program_move_by_move() {
    let mut rng = Rng::new(99);
    for n in [4, 5, 6, 8] {
        for game in 0..40 {
            let mut g = Game::new(n);
            let mut seed = Scratch::new(n);
            let mut program: Vec<(usize, usize)> = vec![];
            let start = ((n - 1) / 2, n / 2);
            let mut cursor = start;
            // What the menu opens on: HINT at first and after RESTART, SOLVE after SOLVE.
            let mut on_solve = false;
            for step in 0..150 {
                let roll = rng.below(20);
                let what = if roll < 12 {
                    let event = [Up, Down, Left, Right][rng.below(4)];
                    g.send(&[event]);
                    let (x, y) = cursor;
                    cursor = match event {
                        Up => (x, (y + n - 1) % n),
                        Down => (x, (y + 1) % n),
                        Left => ((x + n - 1) % n, y),
                        _ => ((x + 1) % n, y),
                    };
                    format!("{event}")
                } else if roll < 18 {
                    let (x, y) = cursor;
                    g.send(&[Press]);
                    seed.flip_cell(y + 1, x + 1);
                    program.retain(|&q| q != (x, y));
                    format!("press at ({x},{y})")
                } else if roll < 19 {
                    let events: &[Event] = if on_solve { &[Hold, Press] } else { &[Hold, Right, Press] };
                    g.send(events);
                    on_solve = true;
                    let before = seed.queens();
                    if seed.solve_puzzle() {
                        program.extend(seed.queens().into_iter().filter(|q| !before.contains(q)));
                    }
                    "solve".to_string()
                } else {
                    let events: &[Event] =
                        if on_solve { &[Hold, Right, Press] } else { &[Hold, Right, Right, Press] };
                    g.send(events);
                    on_solve = false;
                    seed = Scratch::new(n);
                    program.clear();
                    cursor = start;
                    "restart".to_string()
                };
                let shown = g.send(&[]);
                program.sort();
                let context = format!("{n}x{n} game {game} step {step}: {what}\n{shown}");
                // Red marks the queens in the way after "no solution": still queens of the board.
                assert_eq!(on_board(n, &shown, "WYR"), seed.queens(), "{context}");
                assert_eq!(on_board(n, &shown, "Y"), program, "{context}");
            }
        }
    }
}

#[test]
fn the_readmes_solve_picture_is_what_solve_shows() {
    // docs/play.md, "strict: solve": a queen at a1, the cursor under it, then SOLVE.
    let mut g = Game::new(8);
    g.place(&[(0, 7)]);
    let shown = g.send(&SOLVE_FIRST_TIME);
    let added = [(2, 0), (4, 1), (1, 2), (7, 3), (5, 4), (3, 5), (6, 6)];
    let mut marks: Vec<(usize, usize, char)> = added.iter().map(|&(x, y)| (x, y, 'Y')).collect();
    marks.push((0, 7, 'W'));
    assert_eq!(shown, board(&marks));
}
