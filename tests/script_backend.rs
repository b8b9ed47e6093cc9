//! The script backend end to end, through the built `queens` binary.

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
