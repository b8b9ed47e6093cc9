//! Issue 30: a puzzle from elsewhere, through the binary. `queens play
//! --puzzle FILE` plays a given puzzle (the formats `queens regions solve`
//! reads, a link's `#p=...` too), times its solve and leaves the daily
//! streak and the puzzle kept in play alone; a puzzle the game cannot play
//! is refused in one line with exit status 2, writing nothing; `queens
//! regions generate`/`daily --link` print the fragment that shares a puzzle.
//!
//! What it proves, in full: a puzzle from elsewhere through the binary (issue 30): `play --puzzle`
//! in every format `regions solve` reads (letters, JSON, a link, in a file or as the argument)
//! shows the puzzle's regions, with or without `--mode regions`; today's grid given and solved is
//! timed and leaves the daily streak and the kept puzzle in play as they were; a puzzle with none,
//! 14 or 100+ solutions, too large for the display, of a size regions does not play, a bad grid or
//! link, a conflicting `--mode` or `--size`, or `--puzzle -` on the script backend, each one line,
//! exit 2, nothing played or saved; `regions daily --link` decodes to that day's puzzle (the link's
//! encoding itself is tested in `crates/engine/src/regions/share.rs`, the page's in `crates/web`
//! and `scripts/web-test`)

use crate::common;

use queens::backend::clock::UtcCalendar;
use queens::game::{Checkerboard, Frame, Style, region_shades};
use queens::regions::generate::{self, date_string};
use queens::regions::share;
use std::fs;
use std::path::{Path, PathBuf};

fn scratch_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-import-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the last animation scrolled (after the celebration's flash).
fn last_message(frames: &[(bool, Frame)]) -> String {
    let shown = common::bin::last_animation(frames);
    let colour = Style::default().text.colour;
    (0..shown.len()).find_map(|i| common::scroll::read(&shown[i..], colour)).expect("a message")
}

/// The first frame the script backend prints, as its text.
fn first_frame(args: &[&str]) -> String {
    let out = common::bin::play(["--backend", "script"].iter().chain(args), "");
    String::from_utf8_lossy(&out.stdout).lines().take_while(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The grid of region letters `queens regions ARGS` prints (its `#` line a comment).
fn printed(args: &[&str]) -> String {
    let (code, out, err) = common::bin::run(&[&["regions"], args].concat());
    assert_eq!(code, Some(0), "{err}");
    out
}

#[test]
fn a_given_puzzle_is_played_and_timed_and_leaves_the_streak_and_the_kept_puzzle_alone() {
    let dir = scratch_dir("streak");
    let state = dir.join("state.toml");
    let state_arg = state.to_str().unwrap();
    // A 7x7 in play, kept by the state file.
    common::bin::play(
        ["--backend", "script", "--mode", "regions", "--size", "7", "--state", state_arg],
        "press\n",
    );
    // Yesterday's puzzle of the day solved, a streak of 4: today's would make it 5.
    let today = UtcCalendar::today().unwrap();
    let kept = fs::read_to_string(&state).unwrap();
    assert!(kept.contains("regions_puzzle = \"7:"), "{kept}");
    let before = format!("{kept}daily_solved = \"{}\"\ndaily_streak = 4\n", date_string(today - 1));
    fs::write(&state, &before).unwrap();
    // Today's grid itself, given as a file: a given puzzle, not the puzzle of the day.
    let daily = generate::daily(today).puzzle;
    let file = write(&dir, "today.txt", &daily.letters());
    let frames = common::bin::play_traced(
        &["--puzzle", &file, "--state", state_arg],
        &common::regions_solving_script(&daily),
    );
    let said = last_message(&frames).trim().to_string();
    assert!(said.starts_with("SOLVED IN ") && !said.contains("STREAK"), "{said}");
    let after = fs::read_to_string(&state).unwrap();
    let streak = |text: &str| {
        let mut lines: Vec<&str> =
            text.lines().filter(|l| l.starts_with("daily_") || l.starts_with("regions_puzzle")).collect();
        lines.sort();
        lines.join("\n")
    };
    assert_eq!(streak(&after), streak(&before), "the streak and the kept 7x7 are as they were:\n{after}");
    assert!(
        after.contains("mode = \"regions\"\nsize = 8\n"),
        "the puzzle's mode and size are the last played:\n{after}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Done when of issue 30: a puzzle with regions in two pieces plays to the
/// end as a given puzzle (the page's link plays the same file in
/// `scripts/web_test.mjs`).
#[test]
fn a_given_puzzle_with_regions_in_two_pieces_plays_to_solved() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/regions/two-pieces.txt");
    let puzzle = share::read(&fs::read_to_string(file).unwrap()).unwrap();
    let frames = common::bin::play_traced(&["--puzzle", file], &common::regions_solving_script(&puzzle));
    let said = last_message(&frames).trim().to_string();
    assert!(said.starts_with("SOLVED IN "), "{said}");
}

#[test]
fn a_given_puzzle_shows_its_regions_in_every_format_and_implies_regions_mode() {
    let dir = scratch_dir("formats");
    let letters = printed(&["generate", "--size", "7", "--seed", "3"]);
    let link = printed(&["generate", "--size", "7", "--seed", "3", "--link"]);
    let json = printed(&["generate", "--size", "7", "--seed", "3", "--format", "json"]);
    let puzzle = generate::generate(7, 3, None).unwrap().puzzle;
    assert_eq!(link, format!("{}\n", share::fragment(&puzzle)), "one line, the fragment");
    assert_eq!(share::decode(&link).unwrap(), puzzle);
    let files = [
        write(&dir, "letters.txt", &letters),
        write(&dir, "link.txt", &format!("https://example.org/queens/{link}")),
        write(&dir, "puzzle.json", &json),
    ];
    let shown = first_frame(&["--mode", "regions", "--puzzle", &files[0]]);
    // Each square in its region's colour, but the cursor's, on the 7x7 centred in the 8x8.
    let frame: Frame = shown.parse().unwrap();
    let start = Checkerboard::new(7).start();
    for row in 0..7u8 {
        for col in 0..7u8 {
            if (col, row) != (start.col, start.row) {
                let want = region_shades(puzzle.region_at(col as usize, row as usize))[0];
                assert_eq!(frame.get(col as usize, row as usize), want, "({col}, {row})");
            }
        }
    }
    for file in &files {
        assert_eq!(first_frame(&["--puzzle", file]), shown, "{file}, without --mode");
        assert_eq!(first_frame(&["--mode", "regions", "--size", "7", "--puzzle", file]), shown, "{file}");
    }
    // The link itself, as the page's whole address or its fragment, no file of that name.
    for link in [link.trim().to_string(), format!("https://example.org/queens/{}", link.trim())] {
        assert_eq!(first_frame(&["--puzzle", &link]), shown, "{link}");
        let (code, out, err) = common::bin::run(&["regions", "solve", &link, "--count"]);
        assert_eq!((code, out.as_str()), (Some(0), "1 solution\n"), "{link}: {err}");
    }
    // A link is read by regions solve too: the same one solution.
    let (code, solved, err) = common::bin::run(&["regions", "solve", &files[1]]);
    assert_eq!(code, Some(0), "{err}");
    assert!(solved.starts_with("one solution:"), "{solved}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn daily_link_is_the_puzzle_of_that_day() {
    let (code, out, err) = common::bin::run(&["regions", "daily", "--date", "2026-11-26", "--link"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let day = generate::read_date("2026-11-26").unwrap();
    assert_eq!(share::decode(&out).unwrap(), generate::daily(day).puzzle);
    assert_eq!(out.lines().count(), 1);
    let (code, _, err) = common::bin::run(&["regions", "daily", "--link", "--format", "json"]);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_puzzle_the_game_cannot_play_is_refused_in_one_line_and_writes_nothing() {
    let dir = scratch_dir("refused");
    let state = dir.join("state.toml");
    let rows_regions = |n: usize| -> String {
        (0..n).map(|r| format!("{}\n", queens::regions::letter(r).to_string().repeat(n))).collect()
    };
    let nine = generate::generate(9, 1, None).unwrap().puzzle;
    let cases: Vec<(Vec<String>, String)> = vec![
        // Row 0 holds all of A and B: a queen for each in one row, so none.
        (
            vec![write(&dir, "none.txt", "ABBBB\nCCCCC\nDDDDD\nEEEEE\nEEEEE\n")],
            "the puzzle has no solution: a puzzle to play has exactly one".into(),
        ),
        (
            vec![write(&dir, "fourteen.txt", &rows_regions(5))],
            "the puzzle has 14 solutions: a puzzle to play has exactly one".into(),
        ),
        (
            vec![write(&dir, "many.txt", &rows_regions(7))],
            "the puzzle has at least 100 solutions: a puzzle to play has exactly one".into(),
        ),
        (
            vec![write(&dir, "nine.txt", &nine.letters())],
            "the puzzle is 9x9, larger than the 8x8 this display shows; the terminal's up to 12x12".into(),
        ),
        (
            vec![write(&dir, "four.txt", "AABB\nAABB\nCCDD\nCCDD\n")],
            "the puzzle is 4x4: regions mode plays 5x5 to 12x12".into(),
        ),
        (
            vec![write(&dir, "bad.txt", "# mine\nABBBB\nCC?CC\n")],
            "line 3, square 3: '?' is not a region letter".into(),
        ),
        (vec![write(&dir, "cut.txt", "#p=8.AAAA\n")], "is the link whole?".into()),
        (vec!["--puzzle-missing".into()], "no such file".into()),
        (
            vec![
                "--mode".into(),
                "classic".into(),
                write(&dir, "d.txt", &generate::daily(1).puzzle.letters()),
            ],
            "--puzzle: only regions mode plays a given puzzle, not classic".into(),
        ),
        (
            vec!["--size".into(), "7".into(), dir.join("d.txt").to_str().unwrap().into()],
            "--size 7: the puzzle given is 8x8".into(),
        ),
        (vec!["-".into()], "--puzzle -: the script backend reads its keys from standard input".into()),
    ];
    for (args, expected) in cases {
        let (file, options) = args.split_last().unwrap();
        let file = if file == "--puzzle-missing" {
            dir.join("missing.txt").to_str().unwrap().to_string()
        } else {
            file.clone()
        };
        let mut all: Vec<String> =
            ["play", "--backend", "script", "--state", state.to_str().unwrap()].map(String::from).to_vec();
        all.extend(options.iter().cloned());
        all.extend(["--puzzle".to_string(), file]);
        // (No input: it is refused before reading any.)
        let out = common::bin::queens().args(&all).stdin(std::process::Stdio::null()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert!(err.contains(&expected), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty(), "{all:?}: nothing played");
        assert!(!state.exists(), "{all:?}: no state written");
    }
    fs::remove_dir_all(&dir).unwrap();
}
