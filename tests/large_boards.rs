//! Boards of 13 to 16 in classic and strict, where the game answers by
//! search instead of from the list of every solution; and which sizes each
//! mode offers. Every answer is checked with the independent validator and
//! the independent exhaustive search of `common`.
//!
//! What it proves, in full: 13x13 to 16x16: the answer keeps the most of the player's queens
//! (checked by completing every larger choice of them with an independent exhaustive search), hints
//! light exactly the squares that complete, strict's solve and its queens in the way; the sizes
//! each mode's menu offers; `--size` refusals (and in `terminal_pty`: a 16x16 game in a real
//! terminal, and the message of a terminal too small for it)

use crate::common;

use Event::*;
use common::{choose, completion, is_solution, moves_to, picture};
use queens::game::{Engine, Event, ModeKind, NoCalendar, Setup, StoppedWatch};

/// For each n, peaceful queens in columns 1.. that attack every square of
/// column 0: a dead end, so no solution keeps them all.
const BLOCKERS: [(usize, &[(usize, usize)]); 4] = [
    (13, &[(1, 1), (2, 6), (3, 9), (4, 7), (5, 10)]),
    (14, &[(1, 1), (2, 3), (3, 9), (4, 7), (5, 13), (6, 4)]),
    (15, &[(1, 0), (2, 2), (3, 8), (4, 14), (5, 7), (6, 3), (7, 13)]),
    (16, &[(1, 0), (2, 2), (3, 8), (4, 14), (5, 7), (6, 9), (7, 13)]),
];

struct Game {
    engine: Engine,
    n: usize,
    cursor: (usize, usize),
    now: u64,
}

impl Game {
    /// A game with room for 16x16 boards, as in the terminal.
    fn new(mode: ModeKind, n: usize) -> Game {
        let setup = Setup::of(mode, n).largest(16).setup();
        let engine = Engine::fresh(setup);
        assert_eq!(engine.frame().side(), n);
        Game { engine, n, cursor: ((n - 1) / 2, n / 2), now: 0 }
    }

    /// Sends the events, letting every animation end; the settled picture as rows of letters.
    fn send(&mut self, events: &[Event]) -> Vec<Vec<char>> {
        for &e in events {
            self.engine.handle(e, self.now);
            while let Some(deadline) = self.engine.next_deadline() {
                self.now = deadline;
                self.engine.tick(deadline);
            }
        }
        picture(self.engine.frame()).lines().map(|l| l.chars().collect()).collect()
    }

    /// Moves to each square and presses there.
    fn place(&mut self, squares: &[(usize, usize)]) -> Vec<Vec<char>> {
        let mut shown = vec![];
        for &sq in squares {
            let mut moves = moves_to(self.n, self.cursor, sq);
            moves.push(Press);
            self.cursor = sq;
            shown = self.send(&moves);
        }
        shown
    }
}

/// The squares showing one of `letters`, as (x, y).
fn squares(shown: &[Vec<char>], letters: &str) -> Vec<(usize, usize)> {
    let mut out = vec![];
    for (y, row) in shown.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            if letters.contains(*c) {
                out.push((x, y));
            }
        }
    }
    out.sort();
    out
}

fn fixed(n: usize, queens: &[(usize, usize)]) -> Vec<Option<usize>> {
    let mut rows = vec![None; n];
    for &(x, y) in queens {
        rows[x] = Some(y);
    }
    rows
}

/// `solution` (one square per column) is a full solution; it keeps the
/// `kept` of the player's queens and no other; and no solution keeps more:
/// no larger choice of the player's queens can be completed.
fn assert_keeps_the_most(
    n: usize,
    player: &[(usize, usize)],
    kept: &[(usize, usize)],
    solution: &[(usize, usize)],
) {
    let rows: Vec<usize> = solution.iter().map(|&(_, y)| y).collect();
    assert!(solution.iter().enumerate().all(|(c, &(x, _))| x == c) && is_solution(&rows), "{solution:?}");
    let in_solution: Vec<(usize, usize)> = player.iter().copied().filter(|q| solution.contains(q)).collect();
    assert_eq!(kept, in_solution, "{n}x{n}: the kept queens are those of the solution");
    for more in choose(player, kept.len() + 1) {
        assert!(completion(&fixed(n, &more)).is_none(), "{n}x{n}: {more:?} can be completed");
    }
}

#[test]
fn pressing_a_queen_on_13_to_16_shows_a_solution_keeping_the_most_queens() {
    for (n, blockers) in BLOCKERS {
        let mut g = Game::new(ModeKind::Classic, n);
        g.place(blockers);
        // The cursor is on the last queen: press it for the closest solution.
        let shown = g.send(&[Press]);
        let solution = squares(&shown, "WY");
        let kept = squares(&shown, "W");
        let dropped = squares(&shown, "B");
        assert!(!dropped.is_empty(), "{n}x{n}: a dead end cannot be kept whole");
        let mut player = [kept.clone(), dropped].concat();
        player.sort();
        assert_eq!(player, blockers, "{n}x{n}: every queen of the player's is white or blue");
        assert_keeps_the_most(n, blockers, &kept, &solution);
    }
}

#[test]
fn queens_that_are_part_of_a_solution_are_all_kept_on_16() {
    let mut g = Game::new(ModeKind::Classic, 16);
    let queens = [(2, 5), (9, 0), (13, 11), (15, 3)];
    g.place(&queens);
    let shown = g.send(&[Press]);
    assert_eq!(squares(&shown, "B"), [], "no blue: the four are part of a solution");
    assert_keeps_the_most(16, &queens, &squares(&shown, "W"), &squares(&shown, "WY"));
}

#[test]
fn a_hint_on_16_lights_exactly_the_squares_that_still_lead_to_a_solution() {
    let n = 16;
    let (_, blockers) = BLOCKERS[3];
    let queens = &blockers[..blockers.len() - 1];
    let mut g = Game::new(ModeKind::Classic, n);
    g.place(queens);
    // Classic's menu opens on HINT; the cursor stands on the last queen.
    let shown = g.send(&[Hold, Press]);
    assert_eq!(squares(&shown, "W"), queens);
    let lit = squares(&shown, "h");
    assert!(!lit.is_empty());
    for x in (0..n).filter(|&x| queens.iter().all(|q| q.0 != x)) {
        for y in 0..n {
            let mut with = fixed(n, queens);
            with[x] = Some(y);
            let leads = completion(&with).is_some();
            assert_eq!(
                lit.contains(&(x, y)),
                leads,
                "({x},{y}): lit or not, it should be lit iff it completes"
            );
        }
    }
}

#[test]
fn strict_solves_a_16x16_or_shows_the_fewest_queens_in_the_way() {
    let n = 16;
    let (_, blockers) = BLOCKERS[3];
    let mut g = Game::new(ModeKind::Strict, n);
    let some = &blockers[..3];
    g.place(some);
    // Strict's menu: HINT, SOLVE, RESTART.
    let shown = g.send(&[Hold, Right, Press]);
    let solution = squares(&shown, "WY");
    assert_eq!(squares(&shown, "W"), some, "the player's queens stay, white");
    assert_keeps_the_most(n, some, some, &solution);
    // The completion stays on the board; RESTART (right of SOLVE, where the menu opens)
    // empties it and puts the cursor back. All the blockers make a dead end.
    g.send(&[Hold, Right, Press]);
    g.cursor = ((n - 1) / 2, n / 2);
    g.place(blockers);
    // After RESTART the menu opens on its first item, HINT.
    let shown = g.send(&[Hold, Right, Press]);
    let in_the_way = squares(&shown, "R");
    let kept = squares(&shown, "W");
    assert!(!in_the_way.is_empty());
    assert_eq!([kept.clone(), in_the_way].concat().len(), blockers.len());
    let rest = completion(&fixed(n, &kept)).expect("without the red queens the board completes");
    let rest: Vec<(usize, usize)> = rest.into_iter().enumerate().collect();
    assert_keeps_the_most(n, blockers, &kept, &rest);
}

/// What choosing the menu's last item (one step left of the first) does.
fn choose_last_item(mode: ModeKind, size: usize) -> Setup {
    let mut g = Game::new(mode, size);
    g.send(&[Hold, Left, Press]);
    g.engine.setup().clone()
}

#[test]
fn the_menu_offers_the_sizes_the_mode_plays() {
    // With room for 16: classic and strict go up to 16x16, cover to 11x11.
    assert_eq!(choose_last_item(ModeKind::Classic, 8).size().get(), 16);
    assert_eq!(choose_last_item(ModeKind::Strict, 8).size().get(), 16);
    assert_eq!(choose_last_item(ModeKind::Cover, 8).size().get(), 11);
    // Choosing cover on a 14x14 board: the largest cover plays, 11x11.
    let mut g = Game::new(ModeKind::Classic, 14);
    // Classic's menu: HINT, CLASSIC, STRICT, COVER.
    let shown = g.send(&[Hold, Right, Right, Right, Press]);
    assert_eq!(
        (g.engine.setup().mode(), g.engine.setup().size().get(), shown.len()),
        (ModeKind::Cover, 11, 11)
    );
    // The menu opens on COVER, the last choice; two steps left is CLASSIC. Back in classic
    // 4X4..16X16 are offered again: from CLASSIC, left past HINT, 16X16, 15X15 to 14X14.
    let shown = g.send(&[Hold, Left, Left, Press, Hold, Left, Left, Left, Left, Press]);
    assert_eq!(
        (g.engine.setup().mode(), g.engine.setup().size().get(), shown.len()),
        (ModeKind::Classic, 14, 14)
    );
}

#[test]
fn a_saved_size_the_mode_cannot_play_is_clamped() {
    let saved =
        queens::daemon::state_toml::parse("mode = \"cover\"\nsize = 14\nfound = []\n").expect("not an error");
    let setup = Setup::of(saved.mode, saved.size.get()).largest(16).setup();
    let engine = Engine::start(setup, &saved, Box::new(StoppedWatch), Box::new(NoCalendar));
    assert_eq!((engine.setup().size().get(), engine.frame().side()), (11, 11));
}

#[test]
fn a_size_the_mode_or_the_backend_cannot_play_is_refused_in_one_line() {
    let state = std::env::temp_dir().join(format!("queens-sizes-{}", std::process::id()));
    let refusals: [(&[&str], &str); 2] = [
        (
            &["--backend", "terminal", "--mode", "cover", "--size", "12"],
            "cover mode plays boards of 4x4 to 11x11",
        ),
        (&["--backend", "script", "--size", "9"], "up to 8x8"),
    ];
    for (args, says) in refusals {
        let out = common::bin::queens()
            .arg("play")
            .args(args)
            .env("XDG_STATE_HOME", &state)
            .env_remove("STATE_DIRECTORY")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&state);
}
