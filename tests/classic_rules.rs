//! Every rule of `classic-rules.md`, checked frame by frame.
//!
//! Frames are compared as letter pictures, one letter per LED, with the
//! default theme's colours mapped one to one: `g` dark square (0,92,0),
//! `r` light square (92,0,0), `B` blue (0,0,120: the cursor, and a
//! misplaced queen), `W` white queen (120,120,120), `Y` yellow needed
//! queen (120,120,0), `.` off. Any other colour would show as `?`.
//!
//! What it proves, in full: every rule of `docs/classic-rules.md`, frame by frame; a direction held
//! on the stand-in Sense HAT moving the cursor once in classic and repeating in strict and cover

use crate::common;

use common::{board, picture};
use queens::game::{Classic, Engine, Event, FLASH_MS, Frame, ModeKind};

struct Game {
    engine: Engine,
    now: u64,
}

impl Game {
    fn new() -> Game {
        Game { engine: Engine::new(Box::new(Classic::eight())), now: 0 }
    }

    fn send(&mut self, events: &[Event]) -> String {
        for &e in events {
            self.engine.handle(e, self.now);
            self.settle();
        }
        self.shown()
    }

    /// Lets any animation run to its end on the clock.
    fn settle(&mut self) {
        while let Some(deadline) = self.engine.next_deadline() {
            self.now = deadline;
            self.engine.tick(self.now);
        }
    }

    fn shown(&self) -> String {
        picture(self.engine.frame())
    }

    /// Moves the cursor from `from` to (x, y), rightwards and downwards.
    fn move_to(&mut self, from: &mut (usize, usize), x: usize, y: usize) -> String {
        let steps = |a: usize, b: usize| (b + 8 - a) % 8;
        let mut events = vec![Event::Right; steps(from.0, x)];
        events.extend(vec![Event::Down; steps(from.1, y)]);
        *from = (x, y);
        self.send(&events)
    }

    /// Moves the cursor to (x, y) and presses.
    fn place(&mut self, from: &mut (usize, usize), x: usize, y: usize) -> String {
        self.move_to(from, x, y);
        self.send(&[Event::Press])
    }
}

use Event::*;

#[test]
fn the_game_starts_on_a_checkerboard_with_the_cursor_at_3_4() {
    let start = "\
grgrgrgr
rgrgrgrg
grgrgrgr
rgrgrgrg
grgBgrgr
rgrgrgrg
grgrgrgr
rgrgrgrg
";
    assert_eq!(Game::new().shown(), start);
}

#[test]
fn the_cursor_moves_one_square_and_wraps_at_every_edge() {
    let mut g = Game::new();
    assert_eq!(g.send(&[Up]), board(&[(3, 3, 'B')]));
    assert_eq!(g.send(&[Down, Down]), board(&[(3, 5, 'B')]));
    assert_eq!(g.send(&[Left]), board(&[(2, 5, 'B')]));
    assert_eq!(g.send(&[Right, Right]), board(&[(4, 5, 'B')]));
    // Wrap-around on all four edges.
    assert_eq!(g.send(&[Down, Down]), board(&[(4, 7, 'B')]));
    assert_eq!(g.send(&[Down]), board(&[(4, 0, 'B')]));
    assert_eq!(g.send(&[Up]), board(&[(4, 7, 'B')]));
    assert_eq!(g.send(&[Right, Right, Right]), board(&[(7, 7, 'B')]));
    assert_eq!(g.send(&[Right]), board(&[(0, 7, 'B')]));
    assert_eq!(g.send(&[Left]), board(&[(7, 7, 'B')]));
}

#[test]
fn a_press_places_a_white_queen_that_hides_the_cursor() {
    let mut g = Game::new();
    assert_eq!(g.send(&[Press]), board(&[(3, 4, 'W')]));
    assert_eq!(g.send(&[Right]), board(&[(3, 4, 'W'), (4, 4, 'B')]));
}

#[test]
fn the_latest_move_wins_against_rows_diagonals_and_its_own_column() {
    let mut g = Game::new();
    let mut at = (3, 4);
    g.place(&mut at, 0, 0);
    g.place(&mut at, 2, 1);
    assert_eq!(g.place(&mut at, 4, 2), board(&[(0, 0, 'W'), (2, 1, 'W'), (4, 2, 'W')]));
    // (1,1) attacks (0,0) diagonally and (2,1) along the row; (4,2) is safe.
    assert_eq!(g.place(&mut at, 1, 1), board(&[(1, 1, 'W'), (4, 2, 'W')]));
    // A queen in a column that has one moves that queen.
    assert_eq!(g.place(&mut at, 4, 6), board(&[(1, 1, 'W'), (4, 6, 'W')]));
    // Releases do nothing in classic mode (a hold opens the menu: tests/modes.rs).
    assert_eq!(g.send(&[Release, Release]), board(&[(1, 1, 'W'), (4, 6, 'W')]));
}

#[test]
fn pressing_a_queen_shows_the_closest_solution_in_white_blue_and_yellow() {
    // Only two solutions keep queens at (0,7) and (1,1): [7 1 3 0 6 4 2 5],
    // the first in the seed's order, and [7 1 4 2 0 6 3 5]. Neither has (2,6),
    // and no solution keeps all three, so the first wins the tie at two.
    let mut g = Game::new();
    let mut at = (3, 4);
    g.place(&mut at, 0, 7);
    g.place(&mut at, 1, 1);
    g.place(&mut at, 2, 6);
    let answer = g.send(&[Press]);
    let expected = "\
grgYgrgr
rWrgrgrg
grgrgrYr
rgYgrgrg
grgrgYgr
rgrgrgrY
grBrYrgr
Wgrgrgrg
";
    assert_eq!(answer, expected);
    // The game was emptied: moving starts a new game where the cursor is.
    assert_eq!(g.send(&[Up]), board(&[(2, 5, 'B')]));
}

#[test]
fn a_subset_of_a_solution_gets_an_answer_without_blue() {
    let mut g = Game::new();
    let mut at = (3, 4);
    for (x, y) in [(0, 7), (1, 1), (2, 3)] {
        g.place(&mut at, x, y);
    }
    let answer = g.send(&[Press]);
    assert!(!answer.contains('B'), "{answer}");
    assert_eq!(answer.matches('W').count(), 3);
    assert_eq!(answer.matches('Y').count(), 5);
}

#[test]
fn a_middle_press_on_an_answer_is_standby_and_the_next_event_only_wakes() {
    let mut g = Game::new();
    g.send(&[Press, Press]);
    assert!(g.shown().contains('Y'));
    assert_eq!(g.send(&[Press]), picture(&Frame::dark(8)));
    assert!(g.engine.is_standby());
    // Any event wakes a new game with the cursor back at (3,4), and is not applied.
    assert_eq!(g.send(&[Left]), board(&[(3, 4, 'B')]));
}

#[test]
fn eight_queens_flash_three_times_then_rest_white_and_start_over() {
    let mut g = Game::new();
    let mut at = (3, 4);
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    for (x, &y) in solution.iter().enumerate().take(7) {
        g.place(&mut at, x, y);
    }
    let queens = |c: char| -> Vec<(usize, usize, char)> {
        solution.iter().enumerate().map(|(x, &y)| (x, y, c)).collect()
    };
    // The eighth queen, watched step by step on the clock.
    g.move_to(&mut at, 7, 5);
    let t0 = g.now;
    g.engine.handle(Press, t0);
    let mut seen = vec![(0, g.shown())];
    while let Some(deadline) = g.engine.next_deadline() {
        g.now = deadline;
        g.engine.tick(g.now);
        seen.push((g.now - t0, g.shown()));
    }
    let (white, blue) = (board(&queens('W')), board(&queens('B')));
    let flash: Vec<(u64, String)> = [&white, &blue, &white, &blue, &white, &blue]
        .into_iter()
        .enumerate()
        .map(|(i, f)| (i as u64 * FLASH_MS as u64, f.clone()))
        .collect();
    assert_eq!(seen[..6], flash[..], "three flashes of 0.25 s each way");
    // Then the progress message scrolls (tests/modes.rs reads it), and the
    // board rests with its white queens.
    assert_eq!(seen[6], (1500, picture(&Frame::dark(8))), "the message enters from the right");
    assert_eq!(seen.last().unwrap().1, white);
    // The game is emptied: a direction starts a new one from where the cursor is.
    assert_eq!(g.send(&[Up]), board(&[(7, 4, 'B')]));
    assert_eq!(g.send(&[Down]), board(&[(7, 5, 'B')]));
}

#[test]
fn a_middle_press_after_a_solved_board_is_standby() {
    let mut g = Game::new();
    let mut at = (3, 4);
    for (x, y) in [7, 1, 3, 0, 6, 4, 2, 5].into_iter().enumerate() {
        g.place(&mut at, x, y);
    }
    assert_eq!(g.send(&[Press]), picture(&Frame::dark(8)));
    assert_eq!(g.send(&[Press]), board(&[(3, 4, 'B')]));
}

#[test]
fn an_event_during_the_flash_ends_it_and_is_applied() {
    let mut g = Game::new();
    let mut at = (3, 4);
    for (x, y) in [7, 1, 3, 0, 6, 4, 2, 5].into_iter().take(7).enumerate() {
        g.place(&mut at, x, y);
    }
    g.move_to(&mut at, 7, 5);
    g.engine.handle(Press, 0);
    g.engine.tick(300); // blue, mid-flash
    g.engine.handle(Down, 310);
    assert_eq!(g.engine.next_deadline(), None);
    assert_eq!(g.shown(), board(&[(7, 6, 'B')]), "the seed applies queued moves after its flash");
}

/// Holds the joystick right for 1.2 s on the stand-in Sense HAT, playing
/// `mode`, and says how many squares the cursor went. A direction that
/// repeats does so after 500 ms, every 150 ms: 6 squares in 1.2 s.
fn squares_moved_holding_right(mode: ModeKind) -> usize {
    use common::hat::{Hat, Play, on_leds};
    use queens::game::Setup;
    use sense_hat::stick::record::{EV_KEY, EV_SYN, KEY_RIGHT, SYN_REPORT};
    use sense_hat::{Picture, Rotation};
    use std::time::Duration;
    // The LEDs after k pushes right, as the engine draws them.
    let mut engine = Engine::fresh(Setup::of(mode, 8).setup());
    let after: Vec<Picture> = (0..8)
        .map(|k| {
            if k > 0 {
                engine.handle(Right, 0);
            }
            on_leds(engine.frame(), Rotation::R0, 100)
        })
        .collect();
    let hat = Hat::new(&format!("held-{mode}"));
    let game = hat.start(Play { mode, ..Play::default() });
    let stick = hat.stick();
    hat.wait_for(&after[0]);
    let key = |value| stick.records(&[(EV_KEY, KEY_RIGHT, value), (EV_SYN, SYN_REPORT, 0)]).unwrap();
    key(1);
    std::thread::sleep(Duration::from_millis(1200));
    key(0);
    // Let go: nothing moves any more once the LEDs stay the same a while.
    let mut shown = hat.leds();
    loop {
        std::thread::sleep(Duration::from_millis(300));
        let now = hat.leds();
        if now == shown {
            break;
        }
        shown = now;
    }
    game.terminate().unwrap();
    after.iter().position(|f| Some(*f) == shown).expect("the cursor is on its row, nothing else changed")
}

#[test]
fn a_held_direction_moves_the_cursor_once_as_the_seed_does() {
    // Seed 002 acts on presses only: its held and repeated key events are ignored.
    assert_eq!(squares_moved_holding_right(ModeKind::Classic), 1);
}

#[test]
fn a_held_direction_still_repeats_in_the_other_modes() {
    for mode in [ModeKind::Strict, ModeKind::Cover] {
        let moved = squares_moved_holding_right(mode);
        assert!(moved > 1, "{mode}: held 1.2 s, the cursor went {moved} square(s)");
    }
}
