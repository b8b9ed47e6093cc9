//! Issue 39: a puzzle of one's own shared from the command line. `queens
//! regions share FILE|-` prints the link the web page opens, `regions
//! solve LINK` reads it back; a link that is wrong says what is wrong in
//! one line, counting in good English.
//!
//! What it proves, in full: `regions share` (issue 39): every puzzle of `tests/fixtures/regions/`
//! shared from a file and from standard input gives one link, which `regions solve LINK` reads back
//! to the same answer and `share` gives again; a puzzle the page would refuse is refused in one
//! line; a wrong link's messages (a full-width letter named, too long, `1 character`)

use crate::common;

use queens::regions::share;
use std::fs;
use std::path::PathBuf;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/regions");

/// Every puzzle of the published-format fixtures (`tests/fixtures/regions/`),
/// one a block of letters with its `#` lines, as a file holds it: the
/// files of one puzzle whole, `linkedin-8x8.txt` cut at its blank lines.
fn fixture_puzzles() -> Vec<(String, String)> {
    let mut puzzles = Vec::new();
    let mut files: Vec<PathBuf> = fs::read_dir(FIXTURES)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&file).unwrap();
        for (i, block) in text.split("\n\n").enumerate() {
            // The file's own heading, comments alone, is no puzzle.
            if block.lines().any(|l| !l.trim().is_empty() && !l.starts_with('#')) {
                puzzles.push((format!("{name} #{i}"), format!("{block}\n")));
            }
        }
    }
    puzzles
}

fn run_with(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = common::bin::with_input(args, input);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Issue 50: `regions share` takes `--format` as every other solver command
/// does: JSON `{"n": N, "link": "#p=..."}`, the link the human form prints.
#[test]
fn share_in_json_is_the_size_and_the_same_link() {
    let file = format!("{FIXTURES}/issue-30-2026-11-25.txt");
    let (status, link, err) = run_with(&["regions", "share", &file], "");
    assert_eq!((status, err.as_str()), (Some(0), ""));
    let (status, json, err) = run_with(&["regions", "share", &file, "--format", "json"], "");
    assert_eq!((status, err.as_str()), (Some(0), ""));
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(parsed, serde_json::json!({"n": 8, "link": link.trim_end()}), "{json}");
    assert_eq!(json.lines().count(), 1, "one line: {json}");
    // Refused as the human form is, with the same words.
    let (status, human, _) = run_with(&["regions", "share", "-"], "AB\nBA\n");
    let (json_status, _, refused) = run_with(&["regions", "share", "-", "--format", "json"], "AB\nBA\n");
    assert_eq!((status, json_status), (Some(2), Some(2)), "{human}{refused}");
}

#[test]
fn every_fixture_shared_as_a_link_reads_back_as_the_same_puzzle() {
    let puzzles = fixture_puzzles();
    assert!(puzzles.len() >= 52, "the 49 LinkedIn 8x8s and three more: {}", puzzles.len());
    let dir = std::env::temp_dir().join(format!("queens-share-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (i, (name, text)) in puzzles.iter().enumerate() {
        let file = dir.join(format!("{i}.txt"));
        fs::write(&file, text).unwrap();
        let file = file.to_str().unwrap();
        // From a file and from standard input, the same link, on a line of its own.
        let (status, link, err) = run_with(&["regions", "share", file], "");
        assert_eq!((status, err.as_str()), (Some(0), ""), "{name}");
        assert!(
            link.starts_with("#p=") && link.ends_with('\n') && link.lines().count() == 1,
            "{name}: {link}"
        );
        assert_eq!(run_with(&["regions", "share", "-"], text).1, link, "{name}");
        let link = link.trim_end();
        // The link is the puzzle, region numbers and all.
        assert_eq!(share::read(link).unwrap(), share::read(text).unwrap(), "{name}");
        // `regions solve LINK` reads it back: the same answer as from the file.
        let from_file = run_with(&["regions", "solve", file, "--format", "json"], "");
        let from_link = run_with(&["regions", "solve", link, "--format", "json"], "");
        assert_eq!(from_link, from_file, "{name}");
        assert_eq!(from_link.0, Some(0), "{name}: {}", from_link.2);
        // And a link shared again is itself.
        assert_eq!(run_with(&["regions", "share", link], "").1.trim_end(), link, "{name}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn share_is_a_command_of_regions_help() {
    let (status, help, _) = run_with(&["regions", "--help"], "");
    assert_eq!(status, Some(0));
    let listed =
        help.lines().find(|l| l.trim_start().starts_with("share ")).unwrap_or_else(|| panic!("{help}"));
    assert!(listed.contains("link"), "{listed}");
    assert!(help.contains("queens regions share puzzle.txt"), "an example: {help}");
}

/// A link the page would refuse is refused here, in one line, printing nothing.
#[test]
fn a_grid_the_page_cannot_play_is_not_shared() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/regions-6x6.txt");
    for (args, input, why) in [
        (
            vec!["regions", "share", example],
            "",
            "the puzzle has 17 solutions: a puzzle to play has exactly one",
        ),
        (
            vec!["regions", "share"],
            "AABB\nAABB\nCCDD\nCCDD\n",
            "the puzzle is 4x4: regions mode plays 5x5 to 12x12",
        ),
        (vec!["regions", "share", "-"], "AAB\nA?B\nCCB\n", "line 2, square 2: '?' is not a region letter"),
    ] {
        let (status, out, err) = run_with(&args, input);
        assert_eq!((status, out.as_str()), (Some(2), ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("queens regions share: ") && err.contains(why), "{err}");
    }
}

/// Issue 39: a full-width letter (three bytes) was counted as the link
/// being the wrong length ("32 characters where 8x8 takes 32"), a link too
/// long was asked whether it was whole, and one character was "1 characters".
#[test]
fn a_wrong_link_says_what_is_wrong_counting_right() {
    let (_, link, _) = run_with(&["regions", "daily", "--date", "2026-11-26", "--link"], "");
    let link = link.trim_end();
    let wide = format!("{}ｔ", &link[..link.len() - 1]);
    let cases = [
        (
            wide.clone(),
            "the link has 'ｔ', the full-width form of 't', in its regions, which is not base64url: A-Z, a-z, 0-9, '-' and '_' only",
        ),
        (format!("{link}AAAA"), "the link has 36 characters of regions where 8x8 takes 32: it is too long"),
        ("#p=8.A".to_string(), "the link has 1 character of regions where 8x8 takes 32: is the link whole?"),
    ];
    for (link, why) in cases {
        let (status, out, err) = run_with(&["regions", "solve", &link], "");
        assert_eq!((status, out.as_str()), (Some(2), ""), "{link}: {err}");
        assert_eq!(err, format!("queens regions solve: {why} (see 'queens regions solve --help')\n"));
    }
    // And a grid of one row is said to have one row, not "1 rows".
    let (status, _, err) = run_with(&["regions", "solve"], "AB\n");
    assert_eq!(status, Some(2));
    assert!(err.contains("row 1 has 2 squares, but the grid has 1 row: it must be square"), "{err}");
}

#[test]
fn a_link_copied_from_the_address_bar_is_read_percent_decoded_as_the_page_reads_it() {
    // A stranger's try: `regions solve '#p=%36...'` said "the link's size '%36' is not a number".
    let (_, text) = &fixture_puzzles()[0];
    let (status, link, _) = run_with(&["regions", "share", "-"], text);
    assert_eq!(status, Some(0));
    let link = link.trim();
    let (_, expected, _) = run_with(&["regions", "solve", link], "");
    let n = link.trim_start_matches("#p=").split('.').next().unwrap();
    let encoded: String = n.bytes().map(|b| format!("%{b:02X}")).collect();
    let copied = format!("https://example.org/queens/#p={encoded}.{}%20", link.split_once('.').unwrap().1);
    let (status, answer, err) = run_with(&["regions", "solve", &copied], "");
    assert_eq!((status, err.as_str()), (Some(0), ""), "{copied}");
    assert_eq!(answer, expected, "{copied}");
}

/// Issue 50: the game's own lines to share (`queens regions: 12x12 #p=...`,
/// the time, the crowns), pasted back, were "'q' is not a region letter"
/// to `regions solve`, "no such file" to `play --puzzle "$(cat
/// shared.txt)"`, and a text with the link twice was no puzzle. A text
/// holding one link, once or more, is read as that link, by every reader.
#[test]
fn the_lines_a_solve_shares_read_back_as_its_puzzle_everywhere() {
    use queens::game::{Played, Solve};
    // An 8x8, which the script backend shows (the terminal's 12x12 is tests/terminal_pty.rs's).
    let made = queens::regions::generate::generate(8, 5, None).unwrap().puzzle;
    let link = share::fragment(&made);
    let shared = Solve { played: Played::Link(link.clone()), n: 8, took: 83_000, hints: 1 }
        .lines("regions", None)
        .join("\n");
    let dir = std::env::temp_dir().join(format!("queens-share-back-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("shared.txt");
    let file = file.to_str().unwrap();
    let (_, expected, _) = run_with(&["regions", "solve", &link, "--format", "json"], "");
    assert!(expected.starts_with("{\"n\":8,"), "{expected}");
    for (what, text) in [
        ("the lines to share", format!("{shared}\n")),
        ("the link twice", format!("{link}\n{link}\n")),
        ("the lines and the address", format!("{shared}\n\nhttps://example.org/queens/{link}\n")),
    ] {
        fs::write(file, &text).unwrap();
        for args in
            [vec!["regions", "solve", "-"], vec!["regions", "solve", file], vec!["regions", "solve", &text]]
        {
            // Standard input only for `-`: a command that does not read it may end before it is written.
            let input = if args.contains(&"-") { text.as_str() } else { "" };
            let (status, out, err) = run_with(&[&args[..], &["--format", "json"]].concat(), input);
            assert_eq!(
                (status, err.as_str(), out.as_str()),
                (Some(0), "", expected.as_str()),
                "{what}: {args:?}"
            );
        }
        let (status, out, err) = run_with(&["regions", "share", "-"], &text);
        assert_eq!((status, err.as_str(), out.trim_end()), (Some(0), "", link.as_str()), "{what}");
        // `play --puzzle` reads a file, or the text itself (`"$(cat shared.txt)"`): the link's puzzle.
        let play = |given: &str| run_with(&["play", "--backend", "script", "--puzzle", given], "");
        let (_, board, _) = play(&link);
        assert!(board.lines().count() >= 8, "the puzzle is shown: {board}");
        for given in [file, text.as_str()] {
            assert_eq!(play(given), (Some(0), board.clone(), String::new()), "{what}: --puzzle {given}");
        }
    }
    // Two puzzles' links: which is meant is not guessed.
    let other = share::fragment(&queens::regions::generate::generate(8, 6, None).unwrap().puzzle);
    let (status, out, err) = run_with(&["regions", "solve", "-"], &format!("{shared}\n{other}\n"));
    assert_eq!((status, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "queens regions solve: the text holds 2 links to different puzzles: keep one (see 'queens regions solve --help')\n"
    );
    fs::remove_dir_all(&dir).unwrap();
}
