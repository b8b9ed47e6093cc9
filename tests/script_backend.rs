//! The script backend end to end, through the built `queens` binary.
//!
//! What it proves, in full (with the tests of `solver_cli`): the built binary end to end: frames,
//! exit codes, JSON; "there are none" by one rule in every command (a count of 0 is status 0, no
//! solution status 1); a script line that is not UTF-8 shown as its bytes; every JSON example of
//! `count --help` against what that command prints; dense knights counted at once and a dense
//! search's progress moving (issue 50)

use crate::common;

use std::io::Write;
use std::process::{Output, Stdio};

fn run(args: &[&str], script: &str) -> Output {
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The printed frames: blocks of 8 lines of 8 `RRGGBB`, each followed by an empty line.
fn frames(stdout: &str) -> Vec<Vec<Vec<String>>> {
    stdout
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.lines().map(|l| l.split(' ').map(str::to_string).collect()).collect())
        .collect()
}

const GREEN: &str = "005C00";
const RED: &str = "5C0000";
const BLUE: &str = "000078";
const WHITE: &str = "787878";
const OFF: &str = "000000";

fn square(x: usize, y: usize) -> &'static str {
    if (x + y).is_multiple_of(2) { GREEN } else { RED }
}

/// The script that plays [7 1 3 0 6 4 2 5] queen by queen from the start.
fn solving_script() -> String {
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    let mut at = (3usize, 4usize);
    let mut lines = String::new();
    for (x, &y) in solution.iter().enumerate() {
        for _ in 0..(x + 8 - at.0) % 8 {
            lines += "right\n";
        }
        for _ in 0..(y + 8 - at.1) % 8 {
            lines += "down\n";
        }
        lines += "press\n";
        at = (x, y);
    }
    lines
}

#[test]
fn a_whole_game_is_played_through_the_binary() {
    let script = solving_script() + "press\nleft\n";
    let out = run(&[], &script);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let frames = frames(&String::from_utf8(out.stdout).unwrap());
    // One frame at start, one per line.
    assert_eq!(frames.len(), 1 + script.lines().count());
    for frame in &frames {
        assert_eq!(frame.len(), 8);
        assert!(frame.iter().all(|row| row.len() == 8 && row.iter().all(|c| c.len() == 6)));
    }
    // Start: the cursor at (3,4) on the checkerboard.
    assert_eq!(frames[0][4][3], BLUE);
    assert_eq!(frames[0][0][0], GREEN);
    assert_eq!(frames[0][0][1], RED);
    // The solved board settles with eight white queens on the checkerboard.
    let solved = &frames[frames.len() - 3];
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    for (y, row) in solved.iter().enumerate() {
        for (x, colour) in row.iter().enumerate() {
            let expected = if solution[x] == y { WHITE } else { square(x, y) };
            assert_eq!(colour, expected, "({x},{y})");
        }
    }
    // The middle press after it is standby: all dark. Then any event wakes a new game.
    assert!(frames[frames.len() - 2].iter().flatten().all(|c| c == OFF));
    assert_eq!(frames[frames.len() - 1], frames[0]);
}

#[test]
fn trace_prints_each_flash_frame_with_its_time() {
    let out = run(&["--trace"], &(solving_script() + "wait 100\n"));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let times: Vec<u64> =
        stdout.lines().filter_map(|l| l.strip_prefix("@ ")).map(|t| t.parse().unwrap()).collect();
    // The clock starts at 0 and nothing else moves it before the flash: six
    // flash frames a quarter second apart, then the progress message, one
    // column every 0.1 s.
    assert_eq!(times[..7], [0, 250, 500, 750, 1000, 1250, 1500]);
    assert!(times[7..].windows(2).all(|w| w[1] - w[0] == 100), "{times:?}");
    let after_at: Vec<&str> = stdout.split("@ ").skip(1).map(|chunk| chunk.lines().nth(1).unwrap()).collect();
    let first_row_queen: Vec<&str> = after_at.iter().map(|row| row.split(' ').nth(3).unwrap()).collect();
    assert_eq!(first_row_queen[..6], [WHITE, BLUE, WHITE, BLUE, WHITE, BLUE]);
    // `wait 100` after the flash settles prints the same settled frame again.
    let frames = frames(&stdout.lines().filter(|l| !l.starts_with('@')).collect::<Vec<_>>().join("\n"));
    assert_eq!(frames[frames.len() - 1], frames[frames.len() - 2]);
}

#[test]
fn a_bad_line_is_reported_with_its_number_and_the_game_goes_on() {
    let out = run(&[], "up\njump\n\nwait soon\npress\n");
    assert_eq!(out.status.code(), Some(1), "a run with refused lines fails");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.ends_with("queens play: 2 script lines were refused\n"), "{stderr}");
    assert!(stderr.contains("script line 2: unknown event 'jump'"), "{stderr}");
    assert!(stderr.contains("script line 4: 'wait soon'"), "{stderr}");
    let frames = frames(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(frames.len(), 3, "start, up, press: bad and blank lines print nothing");
    assert_eq!(frames[2][3][3], WHITE, "the queen lands where the cursor went");
}

#[test]
fn pointing_off_the_board_is_refused_in_one_line_and_pointing_on_it_moves_the_cursor() {
    // A 6x6 is the middle of the LEDs: its squares are pixels 1 to 6.
    let out = run(&["--size", "6"], "at 0 0\nat 8 3\nat 6 1\npress\nat 2\nmark 7 0\n");
    assert_eq!(out.status.code(), Some(1), "a run with refused lines fails");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let said = |line: usize, what: &str| {
        format!(
            "queens play: script line {line}: '{what}': no square there: the 6x6 board's columns and rows are 1 to 6\n"
        )
    };
    assert!(stderr.starts_with(&(said(1, "at 0 0") + &said(2, "at 8 3"))), "{stderr}");
    assert!(
        stderr.contains("script line 5: 'at 2': at takes a column and a row counted from 0, like 'at 3 4'")
    );
    assert!(stderr.contains(&said(6, "mark 7 0")), "a drag's line says itself: {stderr}");
    let frames = frames(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(frames.len(), 3, "start, at, press: refused lines print nothing");
    assert_eq!(frames[2][1][6], WHITE, "the queen lands on the square pointed at");
}

#[test]
fn a_line_that_never_ends_is_cut_at_4_kib_and_quoted_to_80_characters() {
    use std::io::Read;
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // 64 MiB without a newline: the game must not keep it, and must not
    // echo it; then the line ends and the game goes on.
    let chunk = vec![b'z'; 1 << 20];
    for _ in 0..64 {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.write_all(b"\nup\n").unwrap();
    drop(stdin);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.len() < 400, "the line is not echoed in full: {} bytes", stderr.len());
    assert!(
        stderr.contains(&format!("script line 1: '{}...': longer than 4096 bytes", "z".repeat(80))),
        "{stderr}"
    );
}

/// Issue 50: a line that is not UTF-8 is refused with its bytes escaped,
/// where it was echoed as replacement characters ('\u{fffd}\u{fffd}'), which
/// say nothing of what was sent; the game goes on.
#[test]
fn a_line_that_is_not_text_is_refused_with_its_bytes_shown() {
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"up\n\xff\xfe\x1b[31m\r\nup\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "a run with a refused line fails");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("queens play: script line 2: '\\xff\\xfe\\u{1b}[31m': not UTF-8 text\n"),
        "{stderr}"
    );
    assert_eq!(frames(&String::from_utf8(out.stdout).unwrap()).len(), 3, "the game went on");
}

/// The printed frames grouped by the line that printed them: the first
/// frame, then for each line its animation's frames (traced) and its
/// settled frame.
fn frames_by_line(args: &[&str], script: &str) -> Vec<Vec<queens::game::Frame>> {
    let mut groups: Vec<Vec<queens::game::Frame>> = vec![];
    let mut open = vec![];
    for (traced, frame) in common::bin::play_traced(args, script) {
        open.push(frame);
        if !traced {
            groups.push(std::mem::take(&mut open));
        }
    }
    groups
}

/// Plays `presses` on each of `squares` (board squares, column and row) once
/// by pointing (`at X Y` on its LED) and once by the joystick's moves, and
/// returns, for each route, what is on show before each press and what the
/// press shows.
fn both_routes(
    args: &[&str],
    n: usize,
    squares: &[(usize, usize)],
    presses: usize,
) -> [Vec<Vec<queens::game::Frame>>; 2] {
    let offset = 8usize.saturating_sub(n) / 2;
    let start = queens::game::Checkerboard::new(n).start();
    let mut cursor = (start.col as usize, start.row as usize);
    let (mut pointing, mut moving) = (vec![], vec![]);
    for &(col, row) in squares {
        pointing.push(format!("at {} {}", col + offset, row + offset));
        moving.extend(common::moves_to(n, cursor, (col, row)).iter().map(|e| e.to_string()));
        cursor = (col, row);
        for _ in 0..presses {
            pointing.push("press".into());
            moving.push("press".into());
        }
    }
    [pointing, moving].map(|lines| {
        let groups = frames_by_line(args, &(lines.join("\n") + "\n"));
        let mut seen = vec![];
        for (i, _) in lines.iter().enumerate().filter(|(_, l)| *l == "press") {
            // Group 0 is the first frame: line i's group is i + 1.
            seen.push(vec![*groups[i].last().unwrap()]);
            seen.push(groups[i + 1].clone());
        }
        seen
    })
}

#[test]
fn squares_pointed_at_play_as_the_joystick_moved_there_in_every_mode() {
    // Classic: a whole game, then a press on a queen (its answer).
    let solution = [(0, 7), (1, 1), (2, 3), (3, 0), (4, 6), (5, 4), (6, 2), (7, 5), (7, 5)];
    let [pointed, moved] = both_routes(&["--mode", "classic"], 8, &solution, 1);
    assert_eq!(pointed, moved, "classic");
    // Strict on a 6x6, drawn in the middle of the LEDs: a whole game.
    let six = [(0, 1), (1, 3), (2, 5), (3, 0), (4, 2), (5, 4)];
    let [pointed, moved] = both_routes(&["--mode", "strict", "--size", "6"], 6, &six, 1);
    assert_eq!(pointed, moved, "strict 6x6");
    // Cover on a 5x5: a queen taken back, then three that cover the board. (A move on a
    // covered board starts a new one at the cursor's start, which `moves_to` does not know.)
    let cover = [(1, 1), (4, 0), (4, 0), (3, 3), (0, 4)];
    let [pointed, moved] = both_routes(&["--mode", "cover", "--size", "5"], 5, &cover, 1);
    assert_eq!(pointed, moved, "cover 5x5");
    // Regions: a given puzzle solved, each square pressed twice (a dot, then the queen).
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/regions/two-pieces.txt");
    let puzzle = queens::regions::share::read(&std::fs::read_to_string(file).unwrap()).unwrap();
    let answer = &common::regions_brute::solutions(&puzzle.rows())[0];
    let queens: Vec<(usize, usize)> = answer.iter().enumerate().map(|(row, &col)| (col, row)).collect();
    let [pointed, moved] = both_routes(&["--puzzle", file], puzzle.n(), &queens, 2);
    assert_eq!(pointed, moved, "regions");
    assert!(pointed.last().unwrap().len() > 1, "the last queen solves it: its flash is traced");
}
