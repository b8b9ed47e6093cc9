//! The menu, strict mode, hints, sizes, progress messages and the intro,
//! frame by frame (letters as in `common::picture`).
//!
//! What it proves, in full (with the tests of `cover_mode`): the menu (*HELP* in every mode,
//! re-choosing the mode or size keeps the board, what *hold, press* repeats), strict and cover
//! modes, hints, sizes, scrolled messages (read back letter by letter by `common::scroll`),
//! progress and the first input during it, the intro and strict's instructions before its first
//! game of a run (with the intro only), frame by frame

use crate::common;

use Event::*;
use common::{Rng, board, brute_force_solutions, picture};
use queens::game::{
    Asked, BoardSize, Configured, Engine, Event, Frame, Host, INTRO, ModeKind, REFUSED_MS, REGION_COLOURS,
    Rgb, SavedState, Setup, Style, Theme, region_shades, scroll,
};

struct Game {
    engine: Engine,
    now: u64,
}

impl Game {
    fn new(mode: ModeKind, size: usize) -> Game {
        let setup = Setup::of(mode, size).setup();
        Game { engine: Engine::fresh(setup), now: 0 }
    }

    /// Sends the events, letting every animation end; returns the settled picture.
    fn send(&mut self, events: &[Event]) -> String {
        for &e in events {
            self.watch(e);
        }
        picture(self.engine.frame())
    }

    /// Sends the events; returns the frames the last one showed.
    fn watch_all(&mut self, events: &[Event]) -> Vec<String> {
        let (last, first) = events.split_last().unwrap();
        self.send(first);
        self.watch(*last).into_iter().map(|(_, p)| p).collect()
    }

    /// Opens the menu and moves right until the item `label` is selected.
    fn select(&mut self, label: &str) {
        self.send(&[Hold]);
        let selected = |g: &Game| g.engine.on_show().menu.map(|(items, at)| items[at].clone());
        for _ in 0..64 {
            if selected(self).as_deref() == Some(label) {
                return;
            }
            self.send(&[Right]);
        }
        panic!("no {label} in the menu");
    }

    /// Sends one event and returns every frame shown until it settles, with its time.
    fn watch(&mut self, event: Event) -> Vec<(u64, String)> {
        let t0 = self.now;
        self.engine.handle(event, t0);
        let mut seen = vec![(0, picture(self.engine.frame()))];
        while let Some(deadline) = self.engine.next_deadline() {
            self.now = deadline;
            self.engine.tick(deadline);
            seen.push((deadline - t0, picture(self.engine.frame())));
        }
        seen
    }
}

/// The frames of a scrolled message, as pictures.
fn message(text: &str) -> Vec<String> {
    scroll(text, Style::default().text, 8).steps.iter().map(|(f, _)| picture(f)).collect()
}

/// The menu's still picture for an item whose label starts with "HI".
const MENU_HINT: &str = "\
WW..WW.W
WW..WW..
WW..WW..
WWWWWW..
WW..WW..
WW..WW..
WW..WW.W
........
";

#[test]
fn a_hold_opens_the_menu_on_the_modes_first_action() {
    let mut g = Game::new(ModeKind::Classic, 8);
    let shown = g.watch(Hold);
    // The label scrolls in from the right, then rests with its start at the left.
    assert_eq!(shown[0].1, picture(&Frame::dark(8)));
    assert_eq!(
        shown.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>()[..message("HINT").len()],
        message("HINT")[..]
    );
    assert_eq!(shown.last().unwrap().1, MENU_HINT);
    assert!(g.engine.is_menu_open());
    // Letting go of the hold leaves it open; up or down closes it, game unchanged.
    assert_eq!(g.send(&[Release]), MENU_HINT);
    assert_eq!(g.send(&[Down]), board(&[(3, 4, 'B')]));
    assert!(!g.engine.is_menu_open());
}

#[test]
fn a_hint_lights_exactly_the_squares_that_still_lead_to_a_solution() {
    let mut g = Game::new(ModeKind::Classic, 8);
    // Empty board: every square but the cursor's is lit.
    let lit = g.send(&[Hold, Press]);
    assert_eq!(
        lit,
        board(
            &(0..64)
                .map(|i| (i % 8, i / 8, if (i % 8, i / 8) == (3, 4) { 'B' } else { 'h' }))
                .collect::<Vec<_>>()
        )
    );
    // The next event clears it.
    assert_eq!(g.send(&[Up]), board(&[(3, 3, 'B')]));
    // With a queen at (3,3): squares in empty columns of the solutions that keep it.
    g.send(&[Press, Right]);
    let solutions = brute_force_solutions(8);
    let mut marks = vec![];
    for y in 0..8 {
        for x in 0..8 {
            if x != 3 && solutions.iter().any(|s| s[3] == 3 && s[x] == y) {
                marks.push((x, y, 'h'));
            }
        }
    }
    marks.push((4, 3, 'B'));
    marks.push((3, 3, 'W'));
    assert_eq!(g.send(&[Hold, Press]), board(&marks));
}

#[test]
fn a_dead_end_gets_a_hint_with_nothing_lit() {
    // (0,0) and (1,2) are in no common solution.
    let mut g = Game::new(ModeKind::Classic, 8);
    g.send(&[Up, Up, Up, Up, Left, Left, Left, Press, Right, Down, Down, Press]);
    let shown = g.send(&[Hold, Press]);
    assert_eq!(shown, board(&[(0, 0, 'W'), (1, 2, 'W')]));
    // Issue 43: what the LEDs say by lighting nothing is said in words.
    let why = g.engine.take_said();
    assert_eq!(why.as_deref(), Some("no hint: no square left leads to a solution"));
    // After the answer (a press on a queen) the board is empty: a hint lights every square.
    g.send(&[Press, Hold, Press]);
    assert_eq!(g.engine.take_said().as_deref(), Some("hint: 64 squares still lead to a solution"));
    // Strict's board completed by Solve: nothing to light either.
    let mut g = Game::new(ModeKind::Strict, 8);
    g.send(&[Hold, Right, Press, Hold, Left, Press]);
    assert_eq!(g.engine.take_said().as_deref(), Some("no hint: the board is full"));
}

/// Issue 43: a hint says what it lit, once, for a player who cannot see the
/// LEDs: how many squares, and which when they are few enough to hear.
#[test]
fn a_hint_says_what_it_lit() {
    let mut g = Game::new(ModeKind::Strict, 8);
    g.send(&[Hold, Press]);
    assert_eq!(g.engine.take_said().as_deref(), Some("hint: 64 squares still lead to a solution"));
    assert_eq!(g.engine.take_said(), None, "said once");
    // Queens on d4 (the cursor's start) and b8 leave few: each is named, as the grid reads.
    g.send(&[Press, Left, Left, Up, Up, Up, Up, Press, Hold, Press]);
    let said = g.engine.take_said().unwrap();
    let lit = g.engine.frame();
    let named: Vec<String> = (0..8)
        .flat_map(|y| (0..8).map(move |x| (x, y)))
        .filter(|&(x, y)| lit.get(x, y) == Theme::default().hint)
        .map(|(x, y)| format!("{}{}", (b'a' + x as u8) as char, 8 - y))
        .collect();
    assert!((2..=8).contains(&named.len()), "{said}");
    assert_eq!(said, format!("hint: {} squares still lead to a solution: {}", named.len(), named.join(", ")));
    // The next event clears the hint, and says nothing.
    g.send(&[Up]);
    assert_eq!(g.engine.take_said(), None);
}

#[test]
fn the_menu_switches_modes_and_remembers_the_last_choice() {
    let mut g = Game::new(ModeKind::Classic, 8);
    // Classic's menu: HINT, CLASSIC, STRICT, 4X4 ... 8X8.
    g.send(&[Hold, Right, Right, Press]);
    assert_eq!(g.engine.setup().mode(), ModeKind::Strict);
    assert!(g.engine.take_changed());
    assert_eq!(g.send(&[]), board(&[(3, 4, 'B')]), "a new game of the new mode");
    // The menu now opens on STRICT, the last choice.
    let strict_label = g.watch(Hold);
    assert_eq!(
        strict_label[1..=message("STRICT").len() - 1].iter().map(|(_, p)| p.clone()).collect::<Vec<_>>(),
        message("STRICT")[1..]
    );
}

#[test]
fn strict_refuses_an_attacking_queen_with_a_red_flash() {
    let mut g = Game::new(ModeKind::Strict, 8);
    g.send(&[Press, Right]);
    let before = board(&[(3, 4, 'W'), (4, 4, 'B')]);
    let red =
        board(&(0..64).map(|i| (i % 8, i / 8, if i == 4 * 8 + 3 { 'W' } else { 'R' })).collect::<Vec<_>>());
    let shown = g.watch(Press);
    let ms = REFUSED_MS as u64;
    assert_eq!(shown, [(0, red.clone()), (ms, before.clone()), (2 * ms, red), (3 * ms, before.clone())]);
    // Same column is refused too; pressing the queen takes it back.
    assert_eq!(g.send(&[Left, Up, Press]), board(&[(3, 4, 'W'), (3, 3, 'B')]));
    assert_eq!(g.send(&[Down, Press]), board(&[(3, 4, 'B')]));
}

/// Issue 43: a refused queen is said in words, once, naming the queens that
/// attack its square, for a player who cannot see the red flash.
#[test]
fn strict_says_once_why_a_queen_is_refused() {
    let mut g = Game::new(ModeKind::Strict, 8);
    // The cursor starts on d4: a queen there, then one on e4 beside it.
    g.send(&[Press, Right, Press]);
    let one = g.engine.take_said();
    assert_eq!(one.as_deref(), Some("e4 refused: the queen on d4 attacks it"));
    assert_eq!(g.engine.take_said(), None, "said once");
    // A queen on f5 attacks e4 too; then one on e1.
    g.send(&[Right, Up, Press, Left, Down, Press]);
    let two = g.engine.take_said();
    assert_eq!(two.as_deref(), Some("e4 refused: the queens on d4 and f5 attack it"));
    g.send(&[Down, Down, Down, Press, Up, Up, Up, Press]);
    let three = g.engine.take_said();
    assert_eq!(three.as_deref(), Some("e4 refused: the queens on d4, e1 and f5 attack it"));
    // Not taken, it is gone after the next event; a queen placed is not refused.
    g.send(&[Press, Left, Left, Up, Up]);
    assert_eq!(g.engine.take_said(), None);
    g.send(&[Press]);
    assert_eq!(g.engine.take_said(), None, "c6 is free");
    assert_eq!(g.engine.frame().get(2, 2), Theme::default().queen);
}

#[test]
fn strict_solve_without_a_solution_shows_the_queens_in_the_way() {
    let mut g = Game::new(ModeKind::Strict, 8);
    // (0,0) and (1,2) attack neither each other nor share a solution.
    g.send(&[Up, Up, Up, Up, Left, Left, Left, Press, Right, Down, Down, Press]);
    let shown = g.send(&[Hold, Right]);
    let _ = shown;
    let frames: Vec<String> = g.watch(Press).into_iter().map(|(_, p)| p).collect();
    let text = message("NO SOLUTION");
    assert_eq!(frames[..text.len()], text[..]);
    // The closest solution, [7 2 0 5 1 4 6 3], keeps (1,2): (0,0) is in the way.
    assert_eq!(frames.last().unwrap(), &board(&[(0, 0, 'R'), (1, 2, 'W')]));
    // The next event clears the red and acts: the cursor on (1,2) moves up.
    assert_eq!(g.send(&[Up]), board(&[(0, 0, 'W'), (1, 2, 'W'), (1, 1, 'B')]));
}

#[test]
fn a_smaller_board_is_drawn_centred_with_the_edges_dark() {
    let mut g = Game::new(ModeKind::Classic, 8);
    // Classic's menu: HINT, the modes (CLASSIC, STRICT, ...), HELP, 4X4, 5X5, 6X6.
    let to_six = 1 + ModeKind::ALL.len() + 1 + 2;
    g.send(&[&[Hold][..], &vec![Right; to_six], &[Press]].concat());
    assert_eq!(g.engine.setup().size().get(), 6);
    let six = "\
........
.grgrgr.
.rgrgrg.
.grgrgr.
.rgBgrg.
.grgrgr.
.rgrgrg.
........
";
    assert_eq!(g.send(&[]), six);
    // The cursor wraps at the 6x6's edges.
    let wrapped = g.send(&[Right, Right, Right, Right]);
    assert_eq!(wrapped.lines().nth(4), Some(".Bgrgrg."));
}

#[test]
fn every_size_from_4_to_8_plays_a_full_game_in_both_modes() {
    let mut rng = Rng::new(7);
    for n in 4..=8 {
        for mode in [ModeKind::Classic, ModeKind::Strict] {
            let mut g = Game::new(mode, n);
            // Random play never shows a colour outside the theme.
            for _ in 0..300 {
                let e = [Up, Down, Left, Right, Press, Press, Hold, Release][rng.below(8)];
                let shown = g.send(&[e]);
                assert!(!shown.contains('?'), "{mode} {n}x{n}: {shown}");
            }
        }
    }
}

#[test]
fn a_solved_board_scrolls_the_progress_and_counts_each_solution_once() {
    let mut g = Game::new(ModeKind::Classic, 8);
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    let mut at = (3, 4);
    for (x, &y) in solution.iter().enumerate() {
        let mut moves = vec![Right; (x + 8 - at.0) % 8];
        moves.extend(vec![Down; (y + 8 - at.1) % 8]);
        g.send(&moves);
        at = (x, y);
        if x < 7 {
            g.send(&[Press]);
        }
    }
    let frames: Vec<String> = g.watch(Press).into_iter().map(|(_, p)| p).collect();
    let text = message("1/92 NEW FUNDAMENTAL 1/12");
    assert_eq!(frames[6..6 + text.len()], text[..]);
    assert_eq!(g.engine.progress().count(), 1);
    assert!(g.engine.take_changed());
    assert!(!g.engine.take_changed(), "reported once");
    // The same solution again: counted once.
    g.send(&[Press]); // standby
    g.send(&[Press]); // a new game
    at = (3, 4);
    for (x, &y) in solution.iter().enumerate() {
        let mut moves = vec![Right; (x + 8 - at.0) % 8];
        moves.extend(vec![Down; (y + 8 - at.1) % 8]);
        moves.push(Press);
        at = (x, y);
        let frames = g.watch_all(&moves);
        if x == 7 {
            let text = message("1/92 FOUND BEFORE");
            assert_eq!(frames[6..6 + text.len()], text[..]);
        }
    }
    assert_eq!(g.engine.progress().count(), 1);
    assert!(!g.engine.take_changed(), "nothing new to save");
}

#[test]
fn the_intro_scrolls_once_and_any_key_skips_it_unapplied() {
    let setup = Setup::of(ModeKind::Classic, 8).intro(true).setup();
    let mut e = Engine::fresh(setup.clone());
    assert!(e.frame().is_dark());
    assert_eq!(e.next_deadline(), Some(100));
    let steps = scroll(INTRO, Style::default().text, 8).steps.len() as u64;
    e.tick(50 * 100);
    assert!(e.next_deadline().is_some());
    e.handle(Press, 5000);
    assert_eq!(e.next_deadline(), None);
    assert_eq!(picture(e.frame()), board(&[(3, 4, 'B')]), "skipped, and the press not applied");
    // Left alone, it ends by itself after one pass.
    let mut e = Engine::fresh(setup.clone());
    e.tick(steps * 100);
    assert_eq!(picture(e.frame()), board(&[(3, 4, 'B')]));
    // A tap on a square is not used up by it: pointing ends the intro, and the press after it
    // places the queen there, as on a board with no intro (the page's first tap on a phone).
    let (mut e, mut without) = (Engine::fresh(setup), Engine::fresh(Setup::default()));
    e.tick(50 * 100);
    e.handle(At { x: 6, y: 1 }, 5000);
    assert_eq!((e.next_deadline(), e.on_show().message), (None, None), "the intro is over");
    e.handle(Press, 5000);
    without.handle(At { x: 6, y: 1 }, 0);
    without.handle(Press, 0);
    assert_eq!(picture(e.frame()), picture(without.frame()));
    assert_ne!(picture(e.frame()), board(&[(6, 1, 'B')]), "a queen on (6, 1), not the cursor alone");
}

/// Every frame shown until the engine settles, from its first.
fn until_settled(g: &mut Game) -> Vec<String> {
    let mut seen = vec![picture(g.engine.frame())];
    while let Some(deadline) = g.engine.next_deadline() {
        g.now = deadline;
        g.engine.tick(deadline);
        seen.push(picture(g.engine.frame()));
    }
    seen
}

/// A game started with the start-up messages (the Sense HAT's default, `--intro`, the page's
/// first visit).
fn with_intro(mode: ModeKind) -> Game {
    let setup = Setup::of(mode, 8).intro(true).setup();
    Game { engine: Engine::fresh(setup), now: 0 }
}

/// Strict's instructions page, scrolled, then the empty 8x8 board.
fn instructions_then_the_board() -> Vec<String> {
    [message(&ModeKind::Strict.rules(8)), vec![board(&[(3, 4, 'B')])]].concat()
}

#[test]
fn strict_started_with_the_intro_shows_its_instructions_after_the_title_once_a_run() {
    // The Scratch program shows its instructions page before play.
    let mut g = with_intro(ModeKind::Strict);
    assert_eq!(until_settled(&mut g), [message(INTRO), instructions_then_the_board()].concat());
    // Left for classic (strict's menu: HINT, SOLVE, RESTART, CLASSIC, ...) and chosen again
    // (classic's menu opens on CLASSIC, the last choice; STRICT is next): not again.
    g.send(&[Hold, Right, Right, Right, Press]);
    assert_eq!(g.engine.setup().mode(), ModeKind::Classic);
    assert_eq!(g.watch_all(&[Hold, Right, Press]), [board(&[(3, 4, 'B')])], "once a run");
    assert_eq!(g.engine.setup().mode(), ModeKind::Strict);
}

#[test]
fn strict_chosen_in_the_menu_shows_its_instructions_first_once_and_any_event_ends_them() {
    let mut g = with_intro(ModeKind::Classic);
    assert_eq!(until_settled(&mut g), [message(INTRO), vec![board(&[(3, 4, 'B')])]].concat());
    // Classic's menu: HINT, CLASSIC, STRICT.
    assert_eq!(g.watch_all(&[Hold, Right, Right, Press]), instructions_then_the_board());
    // Classic and back (the menu opens on the last choice each time): not again.
    g.send(&[Hold, Left, Press, Hold, Right, Press]);
    assert_eq!(g.engine.setup().mode(), ModeKind::Strict);
    assert!(g.engine.next_deadline().is_none(), "once a run");

    // Any event ends them and is not applied, as HELP's.
    let mut g = with_intro(ModeKind::Classic);
    until_settled(&mut g);
    g.send(&[Hold, Right, Right]);
    g.engine.handle(Press, g.now);
    assert_eq!(g.engine.on_show().message, Some(ModeKind::Strict.rules(8)));
    assert_eq!(g.send(&[Press]), board(&[(3, 4, 'B')]), "ended, and the press not applied");
}

#[test]
fn without_the_intro_strict_shows_its_instructions_only_under_help() {
    // The terminal's and the script backend's default: the board at once, also when chosen.
    let mut g = Game::new(ModeKind::Strict, 8);
    assert_eq!(until_settled(&mut g), [board(&[(3, 4, 'B')])]);
    let mut g = Game::new(ModeKind::Classic, 8);
    assert_eq!(g.watch_all(&[Hold, Right, Right, Press]), [board(&[(3, 4, 'B')])]);
    // Strict's menu opens on STRICT, the last choice; HELP is after the modes, however many.
    g.select("HELP");
    assert_eq!(g.watch_all(&[Press]), instructions_then_the_board());
}

#[test]
fn the_size_played_last_is_kept_within_what_the_display_holds() {
    let start = |mode, size, largest_board| {
        let size = BoardSize::try_from(size).unwrap();
        let saved = SavedState { mode, size, ..SavedState::default() };
        let host = Host { largest_board, intro_by_default: false, today: None, seed: 0, senses_tilt: false };
        let setup = Setup::choose(Asked::default(), &Configured::default(), &saved, host).unwrap();
        Engine::fresh(setup)
    };
    let e = start(ModeKind::Classic, 12, 8);
    assert_eq!((e.setup().size().get(), e.frame().side()), (8, 8));
    // With room for more, classic plays up to 16 and cover up to 11 (its solver's limit).
    let e = start(ModeKind::Classic, 16, 16);
    assert_eq!((e.setup().size().get(), e.frame().side()), (16, 16));
    let e = start(ModeKind::Cover, 14, 16);
    assert_eq!((e.setup().size().get(), e.frame().side()), (11, 11));
    // Regions mode's generator starts at 5.
    assert_eq!(start(ModeKind::Regions, 4, 16).setup().size().get(), 5);
}

#[test]
fn where_there_is_room_every_mode_plays_boards_up_to_11() {
    for mode in ModeKind::ALL {
        let setup = Setup::of(mode, 11).largest(11).setup();
        let mut engine = Engine::fresh(setup);
        assert_eq!(engine.frame().side(), 11, "{mode}");
        // The cursor starts in the middle, (5, 5), and a press places a white queen there
        // (in regions mode the second press: the first marks the square).
        engine.handle(Press, 0);
        if mode == ModeKind::Regions {
            engine.handle(Press, 1);
        }
        while let Some(t) = engine.next_deadline() {
            engine.tick(t);
        }
        let shown = picture(engine.frame());
        let rows: Vec<&str> = shown.lines().collect();
        assert_eq!(rows[5].as_bytes()[5], b'W', "{mode}:\n{shown}");
        assert!(!shown.contains('.'), "no dark edge on an 11x11 frame:\n{shown}");
    }
}

/// What a scrolled message said, from the frames an event showed: the
/// message's, then the settled picture.
fn said(frames: &[Frame]) -> String {
    let (_settled, message) = frames.split_last().unwrap();
    common::scroll::read(message, Style::default().text.colour).expect("a message")
}

impl Game {
    /// Sends one event; every frame shown until it settles.
    fn frames(&mut self, event: Event) -> Vec<Frame> {
        common::frames_until_settled(&mut self.engine, &mut self.now, event)
    }
}

#[test]
fn help_is_in_every_modes_menu_and_scrolls_its_rules_once() {
    let words: [(ModeKind, &[&str]); 3] = [
        (
            ModeKind::Classic,
            &["PLACE 8 QUEENS", "NONE ATTACKING", "NEWEST QUEEN WINS", "PRESS A QUEEN FOR A SOLUTION"],
        ),
        // The Scratch program's instructions page: what Solve does with your queens, its
        // time or no solution, and Restart.
        (
            ModeKind::Strict,
            &[
                "PLACE 8 QUEENS",
                "NONE ATTACKING",
                "REFUSED",
                "TAKE IT BACK",
                "SOLVE ADDS THE MISSING QUEENS WITHOUT MOVING YOURS",
                "HOW LONG IT TOOK",
                "NO SOLUTION",
                "RESTART EMPTIES THE BOARD",
            ],
        ),
        (ModeKind::Cover, &["COVER EVERY SQUARE", "TAKE IT BACK", "GO"]),
    ];
    for (mode, words) in words {
        let mut g = Game::new(mode, 8);
        let before = g.send(&[Press]);
        // HELP comes after the mode's actions and the three modes.
        let steps = g.engine.mode().actions().len() + ModeKind::ALL.len();
        assert_eq!(said(&g.frames(Hold)), g.engine.mode().actions()[0].label());
        for _ in 0..steps - 1 {
            g.send(&[Right]);
        }
        assert_eq!(said(&g.frames(Right)), "HELP");
        let frames = g.frames(Press);
        let rules = said(&frames);
        for word in words {
            assert!(rules.contains(word), "{mode}: {rules:?} says {word:?}");
        }
        assert_eq!(picture(frames.last().unwrap()), before, "{mode}: once, then the board as it was");
        // Any input ends it, and is not applied.
        g.send(&[Hold]);
        g.engine.handle(Press, g.now);
        assert!(g.engine.next_deadline().is_some(), "{mode}: the menu opens on HELP, the rules scroll");
        g.engine.handle(Left, g.now + 300);
        assert_eq!(g.engine.next_deadline(), None);
        assert_eq!(picture(g.engine.frame()), before, "{mode}: ended, and the move not applied");
    }
}

#[test]
fn choosing_the_mode_or_size_already_played_keeps_the_board() {
    for mode in ModeKind::ALL {
        let mut g = Game::new(mode, 8);
        let with_queen = g.send(&[Press, Right]);
        let actions = g.engine.mode().actions().len();
        let at = ModeKind::ALL.iter().position(|&m| m == mode).unwrap();
        // The mode itself, in the menu after the actions.
        let mut events = vec![Hold];
        events.extend(vec![Right; actions + at]);
        events.push(Press);
        assert_eq!(g.send(&events), with_queen, "{mode}");
        assert!(!g.engine.is_menu_open());
        // The menu opens on the mode; the size played, 8X8, is the last item, after HELP and
        // the smaller sizes (4X4..7X7, regions 5X5..7X7).
        let smaller = 8 - mode.sizes().start();
        let mut events = vec![Hold];
        events.extend(vec![Right; ModeKind::ALL.len() - at + 1 + smaller]);
        events.push(Press);
        assert_eq!(g.send(&events), with_queen, "{mode}: 8X8");
        assert_eq!(g.engine.setup().size().get(), 8);
        // Another size is a new game (regions: a new puzzle, from the seed now in force).
        let shown = g.send(&[Hold, Left, Press]);
        let seed = g.engine.setup().seed();
        assert_eq!(shown, picture(&Engine::fresh(Setup::of(mode, 7).seed(seed).setup()).frame().clone()));
    }
}

#[test]
fn hold_press_repeats_the_last_choice_only_when_it_loses_nothing() {
    // Strict: SOLVE is repeated (the menu opens on it) ...
    let mut g = Game::new(ModeKind::Strict, 8);
    g.send(&[Press, Hold, Right, Press]);
    assert_eq!(said(&g.frames(Hold)), "SOLVE");
    // ... RESTART is not: after it the menu opens on HINT, its first item.
    g.send(&[Right, Press]);
    let queen = g.send(&[Press]);
    assert_eq!(queen, board(&[(3, 4, 'W')]));
    assert_eq!(said(&g.frames(Hold)), "HINT");
    let hinted = g.send(&[Press]);
    assert!(hinted.contains('h') && hinted.contains('W'), "hold, press is a hint, the queen kept:\n{hinted}");
    // Cover: after RESET the menu opens on GO, not RESET.
    let mut g = Game::new(ModeKind::Cover, 8);
    g.send(&[Hold, Right, Press]);
    assert_eq!(said(&g.frames(Hold)), "GO");
    // Choosing a mode is repeated: choosing it again changes nothing.
    let mut g = Game::new(ModeKind::Classic, 8);
    g.send(&[Hold, Right, Right, Press]);
    assert_eq!(said(&g.frames(Hold)), "STRICT");
}

#[test]
fn an_input_during_the_progress_message_ends_it_and_acts_at_once() {
    // Classic: eight queens, the flash (1.5 s), then the message; a move during it starts a new game.
    let solve = |g: &mut Game| {
        let mut at = (3, 4);
        for (x, y) in [7, 1, 3, 0, 6, 4, 2, 5].into_iter().enumerate() {
            let mut moves = common::moves_to(8, at, (x, y));
            at = (x, y);
            if x < 7 {
                moves.push(Press);
            }
            g.send(&moves);
        }
        g.engine.handle(Press, g.now);
        g.engine.tick(g.now + 2_000);
        assert!(g.engine.next_deadline().is_some(), "the message is scrolling");
        g.now += 2_000;
    };
    let mut g = Game::new(ModeKind::Classic, 8);
    solve(&mut g);
    g.engine.handle(Down, g.now);
    assert_eq!(g.engine.next_deadline(), None);
    assert_eq!(picture(g.engine.frame()), board(&[(7, 6, 'B')]), "a new game, the move applied");
    // A press during it sleeps, as on the settled board.
    let mut g = Game::new(ModeKind::Classic, 8);
    solve(&mut g);
    g.engine.handle(Press, g.now);
    assert!(g.engine.is_standby() && g.engine.frame().is_dark());
}

/// A colour as the Sense HAT's framebuffer shows it: quantised to RGB565
/// and widened back to 8 bits a channel by repeating the top bits.
fn on_the_leds(c: Rgb) -> Rgb {
    let (r, g, b) = (c.0 >> 3, c.1 >> 2, c.2 >> 3);
    Rgb(r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2)
}

/// CIE76: the distance between two colours in CIELAB (sRGB, D65), after
/// both are quantised as the LEDs show them.
fn delta_e76(a: Rgb, b: Rgb) -> f64 {
    fn lab(c: Rgb) -> [f64; 3] {
        let linear = |u: u8| {
            let u = u as f64 / 255.0;
            if u <= 0.04045 { u / 12.92 } else { ((u + 0.055) / 1.055).powf(2.4) }
        };
        let (r, g, b) = (linear(c.0), linear(c.1), linear(c.2));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }
    let (a, b) = (lab(on_the_leds(a)), lab(on_the_leds(b)));
    a.iter().zip(&b).map(|(p, q)| (p - q).powi(2)).sum::<f64>().sqrt()
}

/// How far (CIE76) a cursor must be from every colour it can sit on or
/// beside. 2.3 is a difference just noticed side by side under good light;
/// a cursor must be found at a glance on a small, bright LED, so we ask for
/// ten times that, about the distance between two colours with different
/// names (the regions' blue cursor beside the purple region measured 10;
/// the seed's blue cursor on its green and red squares is over 60).
const CURSOR_STANDS_OUT: f64 = 25.0;

#[test]
fn every_cursor_stands_out_from_every_colour_it_can_sit_on_or_beside_on_the_leds() {
    let theme = Theme::default();
    // The cursor each mode draws on an empty square, read off its frame.
    let drawn_cursor = |mode: ModeKind| {
        let g = Game::new(mode, 8);
        let (x, y) = g.engine.on_show().cursor.unwrap();
        g.engine.frame().get(x, y)
    };
    // Around the board of a smaller size, and in a hint's ruled-out squares: off.
    let common = [theme.queen, theme.needed, theme.refused, Rgb::BLACK];
    let board = [theme.dark_square, theme.light_square];
    // The seed's blue also marks misplaced queens, but only on an answer or
    // the solved flash, which the next move leaves: the cursor is not looked for there.
    let classic_strict: Vec<Rgb> = [&board[..], &[theme.hint], &common].concat();
    let cover: Vec<Rgb> = [&board[..], &[theme.attacked], &common].concat();
    let mut regions: Vec<Rgb> = (0..REGION_COLOURS.len()).flat_map(region_shades).collect();
    regions.extend(common);
    // Regions: the cursor also dims on a marked square (a press marks the square under it).
    let mut marked = Game::new(ModeKind::Regions, 8);
    marked.send(&[Press]);
    let (x, y) = marked.engine.on_show().cursor.unwrap();
    let dimmed = marked.engine.frame().get(x, y);
    let cases = [
        (ModeKind::Classic, drawn_cursor(ModeKind::Classic), &classic_strict),
        (ModeKind::Strict, drawn_cursor(ModeKind::Strict), &classic_strict),
        (ModeKind::Cover, drawn_cursor(ModeKind::Cover), &cover),
        (ModeKind::Regions, drawn_cursor(ModeKind::Regions), &regions),
        (ModeKind::Regions, dimmed, &regions),
    ];
    let mut close = vec![];
    for (mode, cursor, around) in cases {
        for &c in around.iter() {
            let d = delta_e76(cursor, c);
            if d < CURSOR_STANDS_OUT {
                close.push(format!("{mode}: cursor {cursor} beside {c}: {d:.1}"));
            }
        }
    }
    assert!(
        close.is_empty(),
        "cursors too close to their surroundings (CIE76 < {CURSOR_STANDS_OUT}):\n{}",
        close.join("\n")
    );
}
