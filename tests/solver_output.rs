//! Output that cannot be written: every command that prints, run with its
//! standard output a pipe whose reader is already gone (`queens solve 8 | head -0`)
//! and with it on `/dev/full`. A closed pipe ends the program quietly with status 0
//! (as ripgrep does); any other write error is one line on standard error and status 1.
//! Never a panic.

use crate::common;

use std::fs::File;
use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Output, Stdio};

/// The write end of a pipe whose read end is closed: every write fails with EPIPE.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe(2)");
    // SAFETY: pipe(2) succeeded, so both descriptors are open and owned by no one else.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

fn run_to(args: &[&str], stdout: Stdio, input: &str) -> Output {
    let mut child = common::bin::queens()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // The script backend may stop reading at the first failed write: a broken stdin pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

/// Every command that prints an answer, in each format.
const COMMANDS: &[&[&str]] = &[
    &["solve", "8"],
    &["solve", "3"],
    &["solve", "200"],
    &["solve", "8", "--place", "a8"],
    &["solve", "8", "--format", "json"],
    &["count", "10"],
    &["count", "8", "--unique"],
    &["count", "8", "--format", "json"],
    &["pieces", "--board", "8x8", "--queens", "8"],
    &["pieces", "--board", "3x3", "--queens", "3"],
    &["pieces", "--board", "6x6", "--queens", "6", "--count"],
    &["pieces", "--board", "6x6", "--rooks", "4", "--all"],
    &["pieces", "--board", "6x6", "--rooks", "4", "--all", "--format", "json"],
    &["cover", "8"],
    &["cover", "8", "--count"],
    &["cover", "8", "--independent", "--all"],
    &["cover", "6", "--all", "--format", "json"],
    &["doctor"],
    &["play", "--backend", "script"],
    &["--help"],
    &["--version"],
    &["count", "--help"],
];

/// One script line for `play --backend script`: a press, so a frame is printed.
const SCRIPT: &str = "press\n";

#[test]
fn a_closed_pipe_ends_every_command_quietly_with_status_0() {
    for args in COMMANDS {
        let o = run_to(args, Stdio::from(closed_pipe()), SCRIPT);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("pipe"), "{args:?} says nothing about the pipe: {err}");
    }
}

#[test]
fn a_full_disk_is_one_line_and_status_1() {
    for args in COMMANDS {
        let full = File::options().write(true).open("/dev/full").expect("/dev/full");
        let o = run_to(args, Stdio::from(full), SCRIPT);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(last.contains("No space left on device"), "{args:?}: {err}");
        // `play` (the script backend's frames) and `doctor` too: the one wording, after the command's name.
        let command = match args[0] {
            option if option.starts_with('-') => "queens".to_string(),
            name => format!("queens {name}"),
        };
        assert!(
            last.starts_with(&format!("{command}: cannot write to standard output: ")),
            "{args:?}: {err}"
        );
        if args[0] != "play" && args[0] != "doctor" {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

/// Runs `args` with standard output and standard error both on `/dev/full`
/// or both the write end of a closed pipe: the messages are lost, but the
/// program still ends with its own status, never an abort.
fn run_without_stderr(args: &[&str], full: bool) -> Output {
    let sink = || -> Stdio {
        if full {
            Stdio::from(File::options().write(true).open("/dev/full").expect("/dev/full"))
        } else {
            Stdio::from(closed_pipe())
        }
    };
    let mut child = common::bin::queens()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(sink())
        .stderr(sink())
        .spawn()
        .expect("the binary starts");
    let _ = child.stdin.take().unwrap().write_all(SCRIPT.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn a_standard_error_that_cannot_be_written_loses_the_message_not_the_status() {
    // A usage error, a refusal after parsing, a failed write, a long count's estimate, a bad state.
    let cases: &[(&[&str], i32, i32)] = &[
        (&["solve", "abc"], 2, 2),
        (&["count", "0"], 2, 2),
        (&["count", "8"], 1, 0),
        (&["count", "21"], 2, 2),
        (&["pieces", "--board", "8x8", "--kings", "17"], 1, 0),
        (&["play", "--backend", "script", "--state", "/"], 1, 1),
    ];
    for &(args, on_full, on_closed_pipe) in cases {
        for (full, want) in [(true, on_full), (false, on_closed_pipe)] {
            let o = run_without_stderr(args, full);
            assert_eq!(
                o.status.code(),
                Some(want),
                "{args:?}, stderr {}: {:?}",
                if full { "full" } else { "a closed pipe" },
                o.status
            );
        }
    }
}
