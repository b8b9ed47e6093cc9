//! A backend's errors reach the command line as types: the exit status and
//! the one line on standard error are chosen by kind, as they were.

use crate::common;

use std::io::Write;
use std::process::Stdio;

/// `queens play --backend script | head -1` where the reader has already
/// gone: the script backend's frame meets a broken pipe, which is no error
/// worth a word, as for the solver commands.
#[test]
fn a_reader_that_stopped_early_ends_the_script_backend_quietly() {
    let (reader, writer) = nix::unistd::pipe().unwrap();
    drop(reader);
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script", "--size", "8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens starts");
    // It may have ended already, at its first frame: then this write meets a closed pipe too.
    let _ = child.stdin.take().unwrap().write_all(b"up\nup\n");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "", "nothing said about the closed pipe");
}

/// The terminal backend without a terminal: one line and status 1, and no state saved.
#[test]
fn the_terminal_backend_without_a_terminal_is_one_line_and_status_one() {
    let dir = std::env::temp_dir().join(format!("queens-backend-errors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = common::bin::queens()
        .args(["play", "--backend", "terminal", "--state"])
        .arg(dir.join("state.toml"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens play: the terminal backend needs a terminal on standard input and output\n"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing saved");
    std::fs::remove_dir_all(&dir).unwrap();
}
