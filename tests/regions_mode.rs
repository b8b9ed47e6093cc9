//! Regions mode played through the engine and the binary: the press cycle,
//! clashes, solving, hints (followed to the end, each checked against the
//! referee's solution), and the puzzle of the day's streak across restarts.

use crate::common;

use Event::*;
use common::{picture, regions_brute};
use queens::backend::clock::UtcCalendar;
use queens::game::{
    Engine, Event, Frame, ModeKind, Progress, REGION_COLOURS, Rgb, Setup, Theme, region_shades,
};
use queens::puzzle::Square;
use queens::regions::Puzzle;
use queens::regions::generate::{self, date_string};
use std::fs;
use std::path::PathBuf;

struct Game {
    engine: Engine,
    now: u64,
    cursor: (u8, u8),
}

impl Game {
    fn new(size: usize, today: Option<i64>) -> Game {
        let setup = Setup { mode: ModeKind::Regions, size, max_size: 12, today, ..Setup::default() };
        let engine = Engine::start(setup, Progress::default());
        let start = engine.mode().cursor().unwrap();
        Game { engine, now: 0, cursor: (start.col, start.row) }
    }

    /// Sends one event; returns every frame until the engine settles.
    fn send(&mut self, event: Event) -> Vec<Frame> {
        self.now += 1000;
        common::frames_until_settled(&mut self.engine, &mut self.now, event)
    }

    fn frame(&self) -> Frame {
        *self.engine.frame()
    }

    fn n(&self) -> usize {
        self.engine.setup().size
    }

    /// Moves the cursor to `sq` (right and down, wrapping).
    fn go(&mut self, sq: Square) {
        let n = self.n() as u8;
        while self.cursor.0 != sq.col {
            self.send(Right);
            self.cursor.0 = (self.cursor.0 + 1) % n;
        }
        while self.cursor.1 != sq.row {
            self.send(Down);
            self.cursor.1 = (self.cursor.1 + 1) % n;
        }
    }

    /// The puzzle on show, read off the frame's colours before anything is placed.
    fn puzzle(&self) -> Puzzle {
        let frame = self.frame();
        let n = self.n();
        let offset = frame.side().saturating_sub(n) / 2;
        let rows: Vec<Vec<usize>> = (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| {
                        let c = frame.get(offset + x, offset + y);
                        REGION_COLOURS.iter().position(|&r| r == c).unwrap_or_else(|| {
                            // The cursor hides its square's colour: take it from the region's neighbours.
                            let (cx, cy) = self.cursor;
                            assert_eq!(
                                (x as u8, y as u8),
                                (cx, cy),
                                "an unexpected colour {c:?} at ({x},{y})"
                            );
                            usize::MAX
                        })
                    })
                    .collect()
            })
            .collect();
        fill_cursor_square(rows)
    }

    /// The colour of square `sq` now.
    fn at(&self, sq: Square) -> Rgb {
        let frame = self.frame();
        let offset = frame.side().saturating_sub(self.n()) / 2;
        frame.get(offset + sq.col as usize, offset + sq.row as usize)
    }
}

/// The square under the cursor is unknown (`usize::MAX`): it is whichever
/// neighbouring region keeps the grid a valid puzzle.
fn fill_cursor_square(mut rows: Vec<Vec<usize>>) -> Puzzle {
    let n = rows.len();
    let (y, x) =
        (0..n).flat_map(|y| (0..n).map(move |x| (y, x))).find(|&(y, x)| rows[y][x] == usize::MAX).unwrap();
    let mut candidates = vec![];
    for (dy, dx) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (ny, nx) = (y as i32 + dy, x as i32 + dx);
        if ny >= 0 && nx >= 0 && (ny as usize) < n && (nx as usize) < n {
            candidates.push(rows[ny as usize][nx as usize]);
        }
    }
    let missing: Vec<usize> = (0..n).filter(|g| !rows.iter().flatten().any(|r| r == g)).collect();
    candidates.extend(missing);
    for g in candidates {
        rows[y][x] = g;
        if let Ok(p) = Puzzle::new(&rows)
            && regions_brute::solutions(&rows).len() == 1
        {
            return p;
        }
    }
    panic!("no region for the cursor's square makes a puzzle");
}

fn the_solution(puzzle: &Puzzle) -> Vec<Square> {
    let all = regions_brute::solutions(&puzzle.rows());
    assert_eq!(all.len(), 1);
    all[0].iter().enumerate().map(|(r, &c)| Square::new(c as u8, r as u8)).collect()
}

/// What the frames scrolled: the message after any flash, before the settled picture.
fn said(frames: &[Frame]) -> String {
    let (_settled, shown) = frames.split_last().unwrap();
    let colour = queens::game::Style::default().text.colour;
    (0..shown.len()).find_map(|i| common::scroll::read(&shown[i..], colour)).expect("a message")
}

const WHITE: Rgb = Rgb(120, 120, 120);
const RED: Rgb = Rgb(200, 0, 0);

#[test]
fn a_press_cycles_a_square_through_empty_mark_and_queen() {
    let mut g = Game::new(6, None);
    let puzzle = g.puzzle();
    let sq = Square::new(0, 0);
    g.go(Square::new(1, 0));
    let [plain, marked, _] = region_shades(puzzle.region(sq));
    assert_eq!(g.at(sq), plain);
    g.go(sq);
    assert_eq!(g.at(sq), Theme::default().regions_cursor, "the cursor on an empty square");
    g.send(Press);
    assert_eq!(g.at(sq), Theme::default().regions_cursor.scaled(40), "the cursor dimmed on a mark");
    g.send(Press);
    assert_eq!(g.at(sq), WHITE, "a queen hides the cursor");
    g.send(Press);
    assert_eq!(g.at(sq), Theme::default().regions_cursor, "empty again");
    g.send(Press);
    g.send(Right);
    g.cursor.0 += 1;
    assert_eq!(g.at(sq), marked, "a mark is its region's colour, dimmed");
}

#[test]
fn a_queen_that_breaks_a_rule_is_allowed_and_it_and_its_rival_show_red() {
    let mut g = Game::new(7, None);
    let a = Square::new(0, 0);
    let b = Square::new(1, 1); // touching a, diagonally
    g.go(a);
    g.send(Press);
    g.send(Press);
    g.go(b);
    g.send(Press);
    let frames = g.send(Press);
    assert!(frames.iter().any(|f| picture(f).starts_with("RR") || f.get(0, 0) == RED), "the clash flashes");
    assert_eq!((g.at(a), g.at(b)), (RED, RED), "both stay, red");
    g.send(Press); // b taken off: a is white again
    assert_eq!(g.at(a), WHITE);
}

#[test]
fn the_solution_placed_by_hand_is_celebrated_with_the_time_and_a_press_brings_the_next() {
    let mut g = Game::new(6, None);
    let puzzle = g.puzzle();
    let solution = the_solution(&puzzle);
    let mut last = vec![];
    for &q in &solution {
        g.go(q);
        g.send(Press);
        g.now += 60_000; // a minute for each queen
        last = g.send(Press);
    }
    let said = said(&last).trim().to_string();
    // A minute for each of the six queens, and a second for each move and press.
    assert!(said.starts_with("SOLVED IN 6m") && said.ends_with('s'), "{said}");
    for &q in &solution {
        assert_eq!(g.at(q), WHITE);
    }
    g.send(Press);
    assert_ne!(g.puzzle(), puzzle, "the next press, the next puzzle");
}

#[test]
fn hints_alone_solve_the_puzzle_and_never_point_wrong() {
    for (size, seed_day) in [(5, 1), (6, 2), (7, 3), (8, 4), (8, 5)] {
        let mut g = Game::new(size, Some(seed_day));
        let solution = the_solution(&g.puzzle());
        let mut queens = 0;
        for hint in 0..200 {
            assert!(hint < 199, "hints end in a solution");
            g.send(Hold);
            let frames = g.send(Press); // HINT, first in the menu and the last choice
            let words = said(&frames);
            let targets: Vec<(Square, Rgb)> = (0..size as u8)
                .flat_map(|r| (0..size as u8).map(move |c| Square::new(c, r)))
                .map(|sq| (sq, g.at(sq)))
                .filter(|&(_, c)| c == Theme::default().needed || c == Rgb::BLACK)
                .collect();
            assert!(!targets.is_empty(), "hint {hint} lights something: {words}");
            for (sq, colour) in targets {
                if colour == Theme::default().needed {
                    assert!(
                        solution.contains(&sq),
                        "hint {hint} ({words}) puts a queen on {sq}, not in the solution"
                    );
                    g.go(sq);
                    g.send(Press); // marked by an earlier hint, or empty: press to the queen
                    if g.at(sq) != WHITE {
                        g.send(Press);
                    }
                    queens += 1;
                } else {
                    assert!(!solution.contains(&sq), "hint {hint} ({words}) rules out {sq}, the solution's");
                    g.go(sq);
                    g.send(Press);
                }
            }
            if queens == size {
                break;
            }
        }
        for &q in &solution {
            assert_eq!(g.at(q), WHITE, "{size}x{size}");
        }
    }
}

#[test]
fn a_hint_with_a_wrong_queen_says_a_queen_is_wrong() {
    let mut g = Game::new(6, None);
    let solution = the_solution(&g.puzzle());
    // A queen on a square of the right row that is not the solution's, touching nothing.
    let wrong = (0..6u8).map(|c| Square::new(c, 0)).find(|sq| !solution.contains(sq)).unwrap();
    g.go(wrong);
    g.send(Press);
    g.send(Press);
    g.send(Hold);
    let words = said(&g.send(Press));
    assert!(words.contains("WRONG") || words.contains("NO HINT"), "{words}");
}

fn state_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-regions-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The script that solves `puzzle` from the cursor's start ((3, 4) on the 8x8).
fn solving_script(puzzle: &Puzzle) -> String {
    let n = puzzle.n();
    let start = queens::game::Board::new(n).start();
    let mut at = (start.col as usize, start.row as usize);
    let mut script = String::new();
    for q in the_solution(puzzle) {
        for event in common::moves_to(n, at, (q.col as usize, q.row as usize)) {
            script += &format!("{}\n", format!("{event:?}").to_lowercase());
        }
        at = (q.col as usize, q.row as usize);
        script += "press\npress\n";
    }
    script
}

#[test]
fn the_daily_streak_is_kept_across_restarts() {
    let dir = state_dir("streak");
    let state = dir.join("state.toml");
    let today = UtcCalendar::today().unwrap();
    let daily = generate::daily(today);
    let args =
        ["--backend", "script", "--mode", "regions", "--size", "8", "--state", state.to_str().unwrap()];
    let run = |script: &str| common::bin::play(args, script);
    run(&solving_script(&daily.puzzle));
    let saved = fs::read_to_string(&state).unwrap();
    // (A run across midnight UTC would see tomorrow's puzzle: not worth a flaky test.)
    assert!(
        saved.contains(&format!("daily_solved = \"{}\"\ndaily_streak = 1", date_string(today))),
        "{saved}"
    );
    // Solved again the same day: still one day.
    run(&solving_script(&daily.puzzle));
    assert!(fs::read_to_string(&state).unwrap().contains("daily_streak = 1"));
    // Yesterday's streak of 4 grows to 5 with today's.
    let yesterday = fs::read_to_string(&state)
        .unwrap()
        .replace(&date_string(today), &date_string(today - 1))
        .replace("daily_streak = 1", "daily_streak = 4");
    fs::write(&state, yesterday).unwrap();
    let out = run(&solving_script(&daily.puzzle));
    assert!(fs::read_to_string(&state).unwrap().contains("daily_streak = 5"));
    assert!(out.status.success());
    // A streak broken by a missed day starts again.
    let old = fs::read_to_string(&state).unwrap().replace(&date_string(today), &date_string(today - 3));
    fs::write(&state, old).unwrap();
    run(&solving_script(&daily.puzzle));
    assert!(fs::read_to_string(&state).unwrap().contains("daily_streak = 1"));
    fs::remove_dir_all(&dir).unwrap();
}

/// The first frame the script backend prints (the start board), as its text.
fn first_frame(out: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().take_while(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// The regions puzzle the state file keeps in play, if any.
fn kept(state: &std::path::Path) -> Option<queens::game::InPlay> {
    let text = fs::read_to_string(state).unwrap();
    queens::daemon::state::parse(&text).unwrap().regions
}

/// The script that solves the generated puzzle `kept` from the cursor's start.
fn solving_script_for(kept: queens::game::InPlay) -> String {
    solving_script(&generate::generate(kept.size, kept.seed, None).unwrap().puzzle)
}

/// Issue 27: only the 8x8 is the puzzle of the day. The other sizes bring a
/// new puzzle at every start, keep one not yet solved across restarts, and
/// a new one once it is solved.
#[test]
fn other_sizes_than_the_8x8_bring_a_new_puzzle_each_start_and_keep_one_in_play() {
    let dir = state_dir("fresh");
    let state = dir.join("state.toml");
    let state_arg = state.to_str().unwrap().to_string();
    let with_state = |size: &'static str| {
        let state_arg = state_arg.clone();
        move |script: &str| {
            let args = ["--backend", "script", "--mode", "regions", "--size", size, "--state", &state_arg];
            common::bin::play(args, script)
        }
    };
    let stateless =
        |script: &str| common::bin::play(["--backend", "script", "--mode", "regions", "--size", "7"], script);
    // Two starts without a state: two puzzles.
    assert_ne!(first_frame(&stateless("")), first_frame(&stateless("")), "the same 7x7 twice");

    // An unsolved 7x7 (a dot placed) is the same after a restart.
    let seven = with_state("7");
    let first = first_frame(&seven("press\n"));
    let in_play = kept(&state).expect("the 7x7 in play is saved");
    assert_eq!(in_play.size, 7);
    assert!(fs::read_to_string(&state).unwrap().contains("version = 2\n"));
    assert_eq!(first_frame(&seven("")), first, "the 7x7 in play after a restart");

    // The 8x8 meanwhile is the puzzle of the day, and the 7x7 stays kept.
    let today = UtcCalendar::today().unwrap();
    with_state("8")(&solving_script(&generate::daily(today).puzzle));
    let saved = fs::read_to_string(&state).unwrap();
    assert!(saved.contains(&format!("daily_solved = \"{}\"", date_string(today))), "{saved}");
    assert_eq!(kept(&state), Some(in_play));
    assert_eq!(first_frame(&seven("")), first, "the 7x7 in play after the 8x8");

    // Solved: the next start brings a new one.
    let out = seven(&solving_script_for(in_play));
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() > 8, "it played");
    assert_eq!(kept(&state), None, "nothing in play once solved");
    assert!(fs::read_to_string(&state).unwrap().contains("version = 1\n"), "nothing a version 1 cannot hold");
    let next = first_frame(&seven(""));
    assert_ne!(next, first, "a new 7x7 after the solved one");
    assert_eq!(first_frame(&seven("")), next, "and it is kept in turn");
    fs::remove_dir_all(&dir).unwrap();
}
