//! Issue 43's past days, shared results and region letters, through the
//! engine and the binary: `play --date` plays an earlier day's puzzle of the
//! day and never moves the streak, its refusals are one line each, the
//! lines to share a solve are the engine's, and the letters are the
//! puzzle's text form's.

use crate::common;

use common::bin::run;
use queens::backend::clock::UtcCalendar;
use queens::game::{Asked, Configured, Engine, Event, Host, ModeKind, SavedState, Setup};
use queens::regions::generate::{self, FIRST_DAY, date_string};
use std::fs;

fn state_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-past-days-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The streak the state file keeps: its last day and its length.
fn streak(state: &std::path::Path) -> Option<(i64, u32)> {
    let text = fs::read_to_string(state).unwrap();
    let saved = queens::daemon::state_toml::parse(&text).unwrap();
    saved.progress.streak().map(|s| (s.last, s.days))
}

#[test]
fn a_past_day_solved_plays_that_days_puzzle_and_the_streak_does_not_move() {
    let dir = state_dir("streak");
    let state = dir.join("state.toml");
    let today = UtcCalendar::today().unwrap();
    let yesterday = today - 1;
    assert!(yesterday >= FIRST_DAY, "the machine's clock is before the first day");
    // A streak of 3 up to the day before yesterday: solving yesterday's puzzle on its day would make it 4.
    let kept = format!(
        "version = 2\nmode = \"classic\"\nsize = 8\nfound = []\ndaily_solved = \"{}\"\ndaily_streak = 3\n",
        date_string(today - 2)
    );
    fs::write(&state, &kept).unwrap();
    let date = date_string(yesterday);
    let args = ["--backend", "script", "--date", &date, "--state", state.to_str().unwrap()];
    let out = common::bin::play(args, &common::regions_solving_script(&generate::daily(yesterday).puzzle));
    // The last frame: its solution's eight queens, white, none clashing (red): that day's puzzle.
    let frames = String::from_utf8_lossy(&out.stdout);
    let last = frames.trim_end().rsplit("\n\n").next().unwrap();
    assert_eq!(last.matches("787878").count(), 8, "yesterday's puzzle solved by its solution:\n{last}");
    assert_eq!(streak(&state), Some((today - 2, 3)), "a past day solved today is not in the streak");
    // Today's date is today's puzzle, counted as ever (a run across midnight UTC would see tomorrow's).
    let today_text = date_string(today);
    let args = ["--backend", "script", "--date", &today_text, "--state", state.to_str().unwrap()];
    common::bin::play(args, &common::regions_solving_script(&generate::daily(today).puzzle));
    assert_eq!(streak(&state), Some((today, 1)), "today's puzzle, solved today, starts a streak");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_date_that_cannot_be_played_is_refused_in_one_line() {
    let today = UtcCalendar::today().unwrap();
    let refused = |args: &[&str]| {
        let mut all = vec!["play", "--backend", "script"];
        all.extend_from_slice(args);
        let (code, stdout, stderr) = run(&all);
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{args:?}: {stderr}");
        assert_eq!(stderr.matches('\n').count(), 1, "{args:?}: one line: {stderr}");
        stderr.trim_end().to_string()
    };
    let first = date_string(FIRST_DAY);
    let before = date_string(FIRST_DAY - 1);
    assert_eq!(
        refused(&["--date", &before]),
        format!(
            "queens play: --date: '{before}' is before {first}, the first day with a puzzle of the day (see 'queens play --help')"
        )
    );
    let tomorrow = date_string(today + 1);
    assert_eq!(
        refused(&["--date", &tomorrow]),
        format!(
            "queens play: --date: '{tomorrow}' is after today ({}): its puzzle is not out yet (see 'queens play --help')",
            date_string(today)
        )
    );
    // A text that is no date: the words `regions daily --date` says it in.
    for wrong in ["2026-13-01", "26-11-27", "-1"] {
        let daily = run(&["regions", "daily", "--date", wrong]).2;
        let why = daily.split_once("--date: ").unwrap().1.split(" (see").next().unwrap().to_string();
        assert!(refused(&["--date", wrong]).contains(&format!("--date: {why} (see")), "{wrong}: {daily}");
    }
    let yesterday = date_string(today - 1);
    assert!(refused(&["--mode", "cover", "--date", &yesterday]).contains("--date: only regions mode plays"));
    assert!(
        refused(&["--size", "7", "--date", &yesterday]).contains("--size 7: the puzzle of the day is 8x8")
    );
    let link =
        generate::generate(6, 1, None).map(|made| queens::regions::share::fragment(&made.puzzle)).unwrap();
    assert!(
        refused(&["--puzzle", &link, "--date", &yesterday])
            .contains("--date and --puzzle: give one or the other")
    );
}

/// The engine of `queens play --date DAY` on day `today`, settled.
fn past_day_engine(day: i64, today: i64) -> Engine {
    let asked = Asked { date: Some(day), ..Asked::default() };
    let host =
        Host { largest_board: 16, intro_by_default: false, today: Some(today), seed: 1, senses_tilt: false };
    let setup = Setup::choose(asked, &Configured::default(), &SavedState::default(), host).unwrap();
    assert_eq!((setup.mode(), setup.size().get()), (ModeKind::Regions, 8));
    Engine::fresh(setup)
}

#[test]
fn the_lines_to_share_name_the_day_the_time_and_the_hints_and_show_no_square() {
    let (day, today) = (FIRST_DAY, FIRST_DAY + 2);
    let mut engine = past_day_engine(day, today);
    assert_eq!(engine.share_lines(), None, "nothing solved yet");
    let puzzle = generate::daily(day).puzzle;
    let mut now = 0;
    // A hint first (the menu's first item), then the solution, 65 seconds after the first press.
    engine.handle(Event::Hold, now);
    common::frames_until_settled(&mut engine, &mut now, Event::Press);
    let script = common::regions_solving_script(&puzzle);
    let events: Vec<&str> = script.lines().collect();
    let mut first_press = None;
    for (i, line) in events.iter().enumerate() {
        now += 10;
        let event = match *line {
            "up" => Event::Up,
            "down" => Event::Down,
            "left" => Event::Left,
            "right" => Event::Right,
            _ => Event::Press,
        };
        if event == Event::Press {
            let first = *first_press.get_or_insert(now);
            // The last queen 65.5 seconds after the first press.
            if i + 1 == events.len() {
                now = first + 65_500;
            }
        }
        common::frames_until_settled(&mut engine, &mut now, event);
    }
    let lines = engine.share_lines().expect("lines to share once solved");
    assert_eq!(
        lines,
        [
            format!("queens regions: the puzzle of {}, played on {}", date_string(day), date_string(today)),
            "solved in 1m05s with 1 hint".to_string(),
            format!("{} 💡", "👑".repeat(8)),
        ]
    );
    assert_eq!(engine.on_show().share.as_ref(), Some(&lines), "what the terminal and the page are given");
    // A press brings a new puzzle: nothing to share any more.
    common::frames_until_settled(&mut engine, &mut now, Event::Press);
    assert_eq!(engine.share_lines(), None);
}

#[test]
fn the_letters_are_the_puzzles_text_forms_on_every_square_and_only_in_regions() {
    let day = FIRST_DAY;
    let engine = past_day_engine(day, day + 1);
    let letters: String = engine.region_letters().iter().map(|l| l.expect("every pixel a square")).collect();
    assert_eq!(letters, generate::daily(day).puzzle.letters().replace('\n', ""));
    // A 6x6 on the 8x8 frame: a ring off the board has none.
    let six = Setup::of(ModeKind::Regions, 6).setup();
    let letters = Engine::fresh(six).region_letters();
    assert_eq!((letters.len(), letters.iter().filter(|l| l.is_some()).count()), (64, 36));
    assert!(letters[0].is_none() && letters[9].is_some());
    assert!(Engine::fresh(Setup::default()).region_letters().is_empty(), "classic");
}

/// A calendar stopped on one day.
struct OnDay(i64);

impl queens::game::Calendar for OnDay {
    fn today(&self) -> Option<i64> {
        Some(self.0)
    }
}

/// The page's session of a past day (its `#d=`) solved by the keyboard.
fn solved_on_the_page(day: i64, today: i64) -> queens_web::session::Session {
    use queens_web::session::{Given, Session};
    let stopwatch = Box::new(queens::game::StoppedWatch);
    let mut session =
        Session::start(None, false, 0.0, 1, Some(Given::Day(day)), stopwatch, Box::new(OnDay(today)));
    for (i, event) in common::regions_solving_script(&generate::daily(day).puzzle).lines().enumerate() {
        let event = match event {
            "up" => Event::Up,
            "down" => Event::Down,
            "left" => Event::Left,
            "right" => Event::Right,
            _ => Event::Press,
        };
        session.keyboard(event, 700.0 * i as f64);
    }
    session
}

/// Issue 43: the lines the page's Share button shares (its `describe`'s
/// `share`) are those the terminal writes under the board, for the same
/// solve: both the engine's.
#[test]
fn the_terminal_writes_under_the_board_the_lines_the_page_shares() {
    use queens::backend::terminal::render::{Size, under};
    let (day, today) = (FIRST_DAY, FIRST_DAY + 3);
    let session = solved_on_the_page(day, today);
    let on_show = session.on_show();
    let json = queens_web::describe_json(&on_show);
    let shared = &json[json.find(r#""share":["#).expect("lines to share") + 9..];
    let shared: Vec<String> =
        shared[..shared.find(']').unwrap()].split("\",\"").map(|l| l.trim_matches('"').to_string()).collect();
    assert_eq!(
        shared[0],
        format!("queens regions: the puzzle of {}, played on {}", date_string(day), date_string(today))
    );
    let size = Size { cols: 80, rows: 24 };
    let mut screen =
        vt100::Parser::new(std::num::NonZeroU16::new(24).unwrap(), std::num::NonZeroU16::new(80).unwrap(), 0);
    screen.process(under(&on_show, None, size, 8).as_bytes());
    let rows: Vec<String> = screen.screen().rows(0, 80).map(|row| row.trim().to_string()).collect();
    let at = rows.iter().position(|row| *row == shared[0]).unwrap_or_else(|| panic!("{rows:#?}"));
    assert_eq!(rows[at..at + shared.len()], shared[..], "the terminal's lines, in the page's order");
}
