//! What LinkedIn's players reach for in regions mode (issue 54), through the
//! engine, as the board says it in words ([`Engine::square_words`], what the
//! page's grid reads out and the terminal's squares show): undo takes back
//! every move of the puzzle in play (a press, a restart) one at a time, to
//! its empty board, and then says there is nothing to undo; the menu's UNDO
//! does the same on the LEDs; other modes take no moves back. Auto-mark, off
//! by default: a queen placed dots exactly the empty squares it rules out
//! (row, column, region, the eight around it), which one undo takes back
//! with it, and removing the queen takes back those dots and never the
//! player's or another queen's; the menu's AUTO MARK turns it on and the
//! saved state keeps it. Best times: each puzzle's and the daily's, said at
//! the solve against the best before it and in the share lines, kept
//! across runs through the page's JSON and the state file's TOML, and
//! older saved states read as having none.

use crate::common;

use Event::*;
use queens::game::{Engine, Event, ModeKind, Setup};
use queens::puzzle::Square;

struct Game {
    engine: Engine,
    now: u64,
}

impl Game {
    fn new() -> Game {
        Game::of(ModeKind::Regions)
    }

    fn of(mode: ModeKind) -> Game {
        let setup = Setup::of(mode, 8).today(None).seed(7).setup();
        Game { engine: Engine::fresh(setup), now: 0 }
    }

    fn send(&mut self, event: Event) {
        self.now += 1000;
        common::frames_until_settled(&mut self.engine, &mut self.now, event);
    }

    /// A tap on `sq`: pointing there, and a press.
    fn tap(&mut self, sq: Square) {
        self.send(At { x: sq.col, y: sq.row });
        self.send(Press);
    }

    /// What square `sq` shows, past its name and region: `""`, `"dot"`, `"queen"`.
    fn shows(&self, sq: Square) -> String {
        let words = &self.engine.square_words()[sq.row as usize * 8 + sq.col as usize];
        let mut parts = words.split(", ").skip(2);
        parts.next().unwrap_or("").to_string()
    }

    /// The board, a word a square where something is on it.
    fn board(&self) -> Vec<(Square, String)> {
        (0..8u8)
            .flat_map(|row| (0..8u8).map(move |col| Square::new(col, row)))
            .map(|sq| (sq, self.shows(sq)))
            .filter(|(_, shows)| !shows.is_empty())
            .collect()
    }

    /// Taps `sq` until it shows `what`.
    fn tap_until(&mut self, sq: Square, what: &str) {
        for _ in 0..3 {
            if self.shows(sq) == what {
                return;
            }
            self.tap(sq);
        }
        assert_eq!(self.shows(sq), what, "{sq}");
    }

    /// The squares the queen on `q` rules out: its row, column and region, and the eight around it.
    fn ruled_out_by(&self, q: Square) -> Vec<Square> {
        let letters = self.engine.region_letters();
        let region = |sq: Square| letters[sq.row as usize * 8 + sq.col as usize];
        (0..8u8)
            .flat_map(|row| (0..8u8).map(move |col| Square::new(col, row)))
            .filter(|&sq| {
                sq != q
                    && (sq.row == q.row
                        || sq.col == q.col
                        || region(sq) == region(q)
                        || (sq.row.abs_diff(q.row) <= 1 && sq.col.abs_diff(q.col) <= 1))
            })
            .collect()
    }

    /// Chooses the menu's item `label`: a hold, then right until it is selected, and a press.
    fn choose(&mut self, label: &str) {
        self.send(Hold);
        self.send(Release);
        for _ in 0..40 {
            let (items, selected) = self.engine.on_show().menu.expect("the menu is open");
            if items[selected] == label {
                self.send(Press);
                return;
            }
            self.send(Right);
        }
        panic!("no {label} in the menu");
    }
}

fn sq(col: u8, row: u8) -> Square {
    Square::new(col, row)
}

#[test]
fn undo_takes_back_every_move_to_the_empty_board_and_then_says_so() {
    let mut g = Game::new();
    let mut seen = vec![g.board()];
    // A dot, a queen (two presses on a square), a dot elsewhere, then the board restarted.
    for square in [sq(0, 0), sq(0, 0), sq(3, 5)] {
        g.tap(square);
        seen.push(g.board());
    }
    assert_eq!(g.shows(sq(0, 0)), "queen");
    assert_eq!(g.shows(sq(3, 5)), "dot");
    g.choose("RESTART");
    assert_eq!(g.board(), [], "restarted: the board is empty");
    g.send(Undo);
    assert_eq!(g.board(), seen[3], "the restart taken back");
    for before in seen[..3].iter().rev() {
        g.send(Undo);
        assert_eq!(&g.board(), before);
    }
    assert_eq!(g.board(), []);
    g.engine.take_said();
    g.send(Undo);
    assert_eq!(g.engine.take_said().as_deref(), Some("nothing to undo"));
    assert_eq!(g.board(), []);
    // And back: from the start undo left, the same puzzle plays on to its solve, which is done:
    // undo takes nothing back from it.
    let puzzle = g.engine.mode().puzzle().unwrap().puzzle.clone();
    for q in queens::regions::solve::solutions(&puzzle, 1).remove(0).queens() {
        g.tap_until(q, "queen");
    }
    assert!(g.engine.share_lines().is_some(), "solved after undoing to the start");
    let solved = g.board();
    g.engine.take_said();
    g.send(Undo);
    assert_eq!(g.board(), solved, "a solved board takes nothing back");
    assert_eq!(g.engine.take_said().as_deref(), Some("solved: nothing to undo"), "and says so");
}

#[test]
fn the_menus_undo_takes_back_the_last_move_on_the_leds() {
    let mut g = Game::new();
    g.tap(sq(2, 2));
    g.tap(sq(2, 2));
    assert_eq!(g.shows(sq(2, 2)), "queen");
    g.choose("UNDO");
    assert_eq!(g.shows(sq(2, 2)), "dot", "the queen taken back to the dot it was");
    assert!(!g.engine.is_menu_open());
}

#[test]
fn modes_without_moves_to_take_back_ignore_undo() {
    for mode in ModeKind::ALL.into_iter().filter(|m| !m.undoes()) {
        let mut g = Game::of(mode);
        g.send(Press);
        let before = *g.engine.frame();
        g.send(Undo);
        assert_eq!(*g.engine.frame(), before, "{mode}");
    }
    assert!(ModeKind::Regions.undoes());
}

#[test]
fn auto_mark_dots_what_a_queen_rules_out_and_takes_back_exactly_those() {
    let mut g = Game::new();
    assert!(!g.engine.auto_mark(), "off by default");
    g.choose("AUTO MARK");
    assert!(g.engine.auto_mark() && g.engine.state().auto_mark, "on, and saved");
    let q = sq(3, 3);
    let ruled = g.ruled_out_by(q);
    // The player's own dot on a square the queen will rule out, and one elsewhere.
    let (mine, elsewhere) =
        (ruled[0], *g.ruled_out_by(sq(0, 0)).iter().find(|s| !ruled.contains(s) && **s != q).unwrap());
    g.tap(mine);
    g.tap(elsewhere);
    g.tap_until(q, "queen");
    let mut expected: Vec<(Square, String)> = ruled.iter().map(|&s| (s, "dot".to_string())).collect();
    expected.push((q, "queen".into()));
    expected.push((elsewhere, "dot".into()));
    expected.sort_by_key(|(s, _)| (s.row, s.col));
    assert_eq!(g.board(), expected, "every square the queen rules out dotted, nothing else");
    // One undo: the queen (back to the dot it was) and every dot it placed.
    g.send(Undo);
    let mut before = vec![(mine, "dot".to_string()), (elsewhere, "dot".into()), (q, "dot".into())];
    before.sort_by_key(|(s, _)| (s.row, s.col));
    assert_eq!(g.board(), before);
    // Placed again, then pressed off: its dots go, the player's stay.
    g.tap(q);
    assert_eq!(g.shows(q), "queen");
    // A second queen on a square the first ruled out is a queen at one press; its dots are its own.
    let second = *ruled.iter().find(|s| **s != mine).unwrap();
    g.tap(second);
    assert_eq!(g.shows(second), "queen", "a dot placed for a queen becomes a queen at one press");
    let seconds: Vec<Square> = g.ruled_out_by(second);
    g.tap(q);
    assert_eq!(g.shows(q), "", "the queen pressed off");
    for s in ruled.iter().filter(|s| **s != second) {
        let kept = *s == mine;
        assert_eq!(g.shows(*s) == "dot", kept, "{s}: the player's dot kept, the first queen's taken back");
    }
    for s in seconds.iter().filter(|s| !ruled.contains(s) && **s != q && **s != elsewhere) {
        assert_eq!(g.shows(*s), "dot", "{s}: the second queen's dots stay");
    }
    assert_eq!(g.shows(elsewhere), "dot");
    // Off again: a queen placed marks nothing.
    g.choose("AUTO MARK");
    assert!(!g.engine.auto_mark());
    g.choose("RESTART");
    g.tap_until(q, "queen");
    assert_eq!(g.board(), [(q, "queen".to_string())]);
}

#[test]
fn auto_mark_is_kept_in_the_saved_state_and_older_states_read_it_as_off() {
    use queens::game::{Asked, Configured, Host, SavedState};
    let host = Host { largest_board: 8, intro_by_default: false, today: None, seed: 0, senses_tilt: false };
    let start = |json: &str, asked: bool, config: Option<bool>| {
        let saved = SavedState::from_json(json, None).unwrap();
        let asked = Asked { auto_mark: asked, ..Asked::default() };
        let config = Configured { auto_mark: config, ..Configured::default() };
        Setup::choose(asked, &config, &saved, host).unwrap().auto_mark()
    };
    let older = r#"{"version":2,"mode":"regions","size":8,"found":[]}"#;
    let on = r#"{"version":3,"mode":"regions","size":8,"found":[],"auto_mark":true}"#;
    assert!(!start(older, false, None), "an older state: off");
    assert!(start(on, false, None), "as it was last played");
    assert!(!start(on, false, Some(false)), "the config file's over the saved state's");
    assert!(start(older, true, Some(false)), "--auto-mark over both");
    let mut g = Game::new();
    g.engine.set_auto_mark(true);
    let json = g.engine.state().to_json();
    assert!(json.contains(r#""version":3"#) && json.ends_with(r#","auto_mark":true}"#), "{json}");
    assert!(!Game::new().engine.state().to_json().contains("auto_mark"), "off is not written");
    let why =
        SavedState::from_json(r#"{"mode":"regions","size":8,"found":[],"auto_mark":1}"#, None).unwrap_err();
    assert_eq!(why.to_string(), "is not valid: \"auto_mark\" is a number: expected true or false");
}

#[test]
fn the_clock_runs_from_the_first_press_pauses_and_the_solve_says_its_time() {
    let mut g = Game::new();
    let clock = |g: &Game| g.engine.clock().expect("regions keeps a clock");
    assert_eq!((clock(&g).elapsed, clock(&g).running, g.engine.clock_deadline()), (0, false, None));
    assert_eq!(g.engine.on_show().clock.as_deref(), Some("0s"), "shown before the first press, standing");
    g.send(Press);
    let started = g.now;
    assert!(clock(&g).running);
    g.engine.tick(started + 65_400);
    assert_eq!(g.engine.on_show().clock.as_deref(), Some("1m05s"));
    assert_eq!(g.engine.clock_deadline(), Some(started + 66_000), "the next second");
    // Paused (the page hidden) for ten minutes: no time played, nothing due.
    g.engine.pause(true, started + 70_000);
    g.engine.tick(started + 670_000);
    assert_eq!((clock(&g).elapsed, clock(&g).running, g.engine.clock_deadline()), (70_000, false, None));
    g.engine.pause(false, started + 670_000);
    g.engine.tick(started + 675_000);
    assert_eq!(clock(&g).elapsed, 75_000);
    // The LEDs show it only when asked: the menu's TIME scrolls it.
    g.now = started + 675_000;
    g.send(Hold);
    g.send(Release);
    while g.engine.on_show().menu.map(|(items, at)| items[at] != "TIME").unwrap_or(false) {
        g.send(Right);
    }
    g.engine.handle(Press, started + 680_000);
    assert_eq!(g.engine.on_show().message.as_deref(), Some("TIME 1m20s"));
    g.now = started + 680_000;
    // Solved: SOLVED IN is the clock's time at the last press, and the clock stands there.
    let puzzle = g.engine.mode().puzzle().unwrap().puzzle.clone();
    let solution = queens::regions::solve::solutions(&puzzle, 1).remove(0);
    g.tap(sq(0, 0));
    g.tap(sq(0, 0));
    g.tap(sq(0, 0));
    for q in solution.queens() {
        g.tap_until(q, "queen");
    }
    let shown = g.engine.on_show().clock.unwrap();
    let lines = g.engine.share_lines().expect("solved");
    assert!(lines[1].starts_with(&format!("solved in {shown} ")), "{lines:?} against {shown}");
    assert!(!clock(&g).running && g.engine.clock_deadline().is_none());
    g.engine.tick(g.now + 100_000);
    assert_eq!(g.engine.on_show().clock.unwrap(), shown, "it stands after the solve");
}

#[test]
fn other_modes_keep_no_clock() {
    for mode in ModeKind::ALL.into_iter().filter(|&m| m != ModeKind::Regions) {
        let mut g = Game::of(mode);
        g.send(Press);
        assert_eq!(
            (g.engine.clock(), g.engine.clock_deadline(), g.engine.on_show().clock),
            (None, None, None)
        );
    }
}

#[test]
fn a_drag_marks_each_empty_square_it_crosses_once_and_places_no_queen() {
    let mut g = Game::new();
    g.tap_until(sq(2, 0), "queen");
    g.tap(sq(5, 0));
    let before = g.board();
    // Across a row: four empty squares, the queen and the dot left as they are; crossed twice, once.
    for col in [0, 1, 2, 3, 4, 5, 6, 5, 4] {
        g.send(Mark { x: col, y: 0 });
    }
    let dots: Vec<u8> = g.board().iter().filter(|(_, w)| w == "dot").map(|(s, _)| s.col).collect();
    assert_eq!(dots, [0, 1, 3, 4, 5, 6]);
    assert_eq!(g.shows(sq(2, 0)), "queen");
    assert_eq!(g.board().iter().filter(|(_, w)| w == "queen").count(), 1, "no queen placed");
    // A tap still cycles: the dot a drag placed becomes a queen.
    g.tap(sq(6, 0));
    assert_eq!(g.shows(sq(6, 0)), "queen");
    // Each square marked is a move undo takes back.
    for _ in 0..6 {
        g.send(Undo);
    }
    assert_eq!(g.board(), before);
    // Off the board of a smaller puzzle, nothing.
    let mut five =
        Game { engine: Engine::fresh(Setup::of(ModeKind::Regions, 5).today(None).setup()), now: 0 };
    five.send(Mark { x: 0, y: 0 });
    assert_eq!(five.engine.square_words().iter().filter(|w| w.ends_with("dot")).count(), 0);
    five.send(Mark { x: 1, y: 1 });
    assert_eq!(five.engine.square_words().iter().filter(|w| w.ends_with("dot")).count(), 1);
}

/// A run of the game on day `day` from `saved`: the puzzle of the day solved, `pause` ms
/// between presses; what the solve scrolls, its share lines, and the state saved after it as
/// the page stores it and read back as the state file's TOML (each front end's one record).
fn solve_the_daily(
    saved: &queens::game::SavedState,
    day: i64,
    pause: u64,
) -> (String, Vec<String>, queens::game::SavedState) {
    use queens::game::{FixedDay, SavedState, StoppedWatch};
    let setup = Setup::of(ModeKind::Regions, 8).today(Some(day)).setup();
    let engine = Engine::start(setup, saved, Box::new(StoppedWatch), Box::new(FixedDay(Some(day))));
    let mut g = Game { engine, now: 0 };
    let puzzle = g.engine.mode().puzzle().unwrap().puzzle.clone();
    let queens: Vec<Square> = queens::regions::solve::solutions(&puzzle, 1).remove(0).queens().collect();
    let (last, first) = queens.split_last().unwrap();
    for &q in first {
        g.send(At { x: q.col, y: q.row });
        g.send(Press);
        g.now += pause;
        g.send(Press);
    }
    g.send(At { x: last.col, y: last.row });
    g.send(Press);
    g.now += pause;
    g.engine.handle(Press, g.now);
    let said = loop {
        if let Some(message) = g.engine.on_show().message {
            break message;
        }
        let deadline = g.engine.next_deadline().expect("a message after the solve");
        g.engine.tick(deadline);
    };
    let lines = g.engine.share_lines().expect("solved");
    let json = g.engine.state().to_json();
    let page = SavedState::from_json(&json, Some(day)).unwrap();
    let toml = queens::daemon::state_toml::render(&page);
    let file = queens::daemon::state_toml::parse_on(&toml, Some(day)).unwrap();
    assert_eq!(file, page, "the state file and the page keep the same\n{toml}");
    (said, lines, file)
}

#[test]
fn best_times_are_said_at_the_solve_and_kept_across_runs() {
    use queens::game::SavedState;
    let day = 20_790;
    // The first solve of the first daily: nothing to beat.
    let (said, lines, saved) = solve_the_daily(&SavedState::default(), day, 2_000);
    let took = said.strip_prefix("SOLVED IN ").and_then(|s| s.split(" - ").next()).unwrap().to_string();
    assert_eq!(said, format!("SOLVED IN {took} - DAILY STREAK 1 DAY"));
    assert_eq!(lines[1], format!("solved in {took} with no hints"));
    assert_eq!(saved.version(), 5);
    // Another run, the same day, slower: this puzzle's best and the daily's, each said.
    let (said, lines, saved) = solve_the_daily(&saved, day, 5_000);
    let slower = said.strip_prefix("SOLVED IN ").and_then(|s| s.split(" - ").next()).unwrap().to_string();
    assert_ne!(slower, took);
    assert_eq!(said, format!("SOLVED IN {slower} - BEST {took} - DAILY BEST {took} - DAILY STREAK 1 DAY"));
    assert_eq!(lines[1], format!("solved in {slower} with no hints - best {took} - daily best {took}"));
    // The next day's puzzle, faster: a new daily best (its puzzle had none).
    let (said, lines, saved) = solve_the_daily(&saved, day + 1, 1_000);
    let faster = said.strip_prefix("SOLVED IN ").and_then(|s| s.split(" - ").next()).unwrap().to_string();
    assert_eq!(said, format!("SOLVED IN {faster} - NEW DAILY BEST - DAILY STREAK 2 DAYS"));
    assert!(lines[1].ends_with(" - new daily best"), "{lines:?}");
    assert_eq!(saved.best.puzzles().len(), 2, "two puzzles, each once");
    // That day's puzzle again, faster still: both bests beaten.
    let (said, _, saved) = solve_the_daily(&saved, day + 1, 500);
    assert!(said.contains(" - NEW BEST - NEW DAILY BEST - "), "{said}");
    assert_eq!(saved.best.puzzles().len(), 2);
}

#[test]
fn older_saved_states_read_with_no_best_times_and_bad_ones_are_refused() {
    use queens::game::SavedState;
    for older in [
        r#"{"mode":"regions","size":8,"found":[3]}"#,
        r#"{"version":1,"mode":"regions","size":8,"found":[3],"daily_solved":"2026-11-20","daily_streak":3}"#,
        r#"{"version":2,"mode":"regions","size":7,"found":[],"regions_puzzle":"7:763a7268fb424736"}"#,
        r#"{"version":3,"mode":"regions","size":8,"found":[],"auto_mark":true}"#,
        r#"{"version":4,"mode":"regions","size":8,"found":[],"auto_mark":true,"tilt":true}"#,
    ] {
        let state = SavedState::from_json(older, None).unwrap_or_else(|e| panic!("{older}: {e}"));
        assert!(state.best.is_empty(), "{older}");
        let declared =
            older.split(r#""version":"#).nth(1).map_or(1, |rest| u32::from(rest.as_bytes()[0] - b'0'));
        assert_eq!(state.version(), declared, "written again in its own version: {older}");
    }
    let stored = |best: &str| format!(r#"{{"version":5,"mode":"regions","size":8,"found":[],{best}}}"#);
    let read =
        SavedState::from_json(&stored(r#""best_times":["00000000000000ff:61000"],"daily_best":61000"#), None);
    let best = read.unwrap().best;
    assert_eq!((best.of(255), best.daily()), (Some(61_000), Some(61_000)));
    for (bad, why) in [
        (
            r#""best_times":["ff:61000"]"#,
            r#""best_times" lists "ff:61000": expected a list of FINGERPRINT:MILLISECONDS"#,
        ),
        (
            r#""best_times":[61000]"#,
            r#""best_times" lists a number: expected a list of FINGERPRINT:MILLISECONDS"#,
        ),
        (r#""best_times":"x""#, r#""best_times" is a string: expected a list of FINGERPRINT:MILLISECONDS"#),
        (r#""daily_best":-1"#, "daily_best -1 is not a whole number of milliseconds"),
        (r#""daily_best":"1m""#, r#""daily_best" is a string: expected a whole number of milliseconds"#),
    ] {
        let why_not = SavedState::from_json(&stored(bad), None).unwrap_err().to_string();
        assert_eq!(why_not, format!("is not valid: {why}"), "{bad}");
    }
}
