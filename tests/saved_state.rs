//! Progress and the last mode survive a restart, and a corrupt state file
//! is set aside, through the built binary.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

fn play(state: &Path, script: &str) -> Output {
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script", "--state"])
        .arg(state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out
}

/// The lines that place `rows` queen by queen from a new game's cursor (3,4).
fn solving(rows: [usize; 8]) -> String {
    let mut at = (3, 4);
    let mut lines = String::new();
    for (x, &y) in rows.iter().enumerate() {
        lines += &"right\n".repeat((x + 8 - at.0) % 8);
        lines += &"down\n".repeat((y + 8 - at.1) % 8);
        lines += "press\n";
        at = (x, y);
    }
    lines
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("queens-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn progress_and_the_last_mode_survive_a_restart() {
    let d = dir("restart");
    let state = d.join("state.toml");
    play(&state, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
    assert!(fs::read_to_string(&state).unwrap().contains("found = [0]"));
    // Again, and another solution: counted once each.
    play(
        &state,
        &(solving([7, 1, 3, 0, 6, 4, 2, 5]) + "press\npress\n" + &solving([7, 1, 4, 2, 0, 6, 3, 5])),
    );
    let text = fs::read_to_string(&state).unwrap();
    assert!(text.contains("found = [0, 1]"), "{text}");
    // Choosing strict in the menu (HINT, CLASSIC, STRICT) is remembered.
    play(&state, "hold\nright\nright\npress\n");
    assert!(fs::read_to_string(&state).unwrap().contains("mode = \"strict\""));
    // Strict refuses an attacking queen: the second press changes nothing.
    let out = play(&state, "press\nright\npress\n");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let frames: Vec<&str> = stdout.split("\n\n").filter(|f| !f.is_empty()).collect();
    assert_eq!(frames.len(), 4);
    assert_eq!(frames[2], frames[3], "refused");
}

#[test]
fn a_corrupt_state_file_is_set_aside_with_a_warning() {
    let d = dir("corrupt");
    let state = d.join("state.toml");
    fs::write(&state, "found = [1, 2").unwrap();
    let out = play(&state, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("warning: saved state") && stderr.contains("moved it to"), "{stderr}");
    let mut names: Vec<String> =
        fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[1].starts_with("state.toml.corrupt-"));
    assert_eq!(fs::read_to_string(d.join(&names[1])).unwrap(), "found = [1, 2");
    assert!(fs::read_to_string(&state).unwrap().contains("found = [0]"), "a fresh state saved");
}
