//! Log lines through the built binary: the journal's priority prefix when
//! standard error is the journal's stream, the plain form otherwise, and
//! `RUST_LOG` read as `env_logger` users expect.
//!
//! The line logged is a warning from `queens::daemon::saver`: the state file
//! is corrupt, and is set aside.
//!
//! What it proves, in full: log lines through the binary: the journal's `<4>` prefix when
//! `JOURNAL_STREAM` names standard error, the plain form otherwise, `RUST_LOG` levels and module
//! targets, an unusable directive named once

use crate::common;

use std::fs::{self, File};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A fresh folder for `name`, with a corrupt state file in it.
fn setup(name: &str) -> (PathBuf, Command) {
    let dir = std::env::temp_dir().join(format!("queens-logging-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("state.toml"), "found = [1, 2").unwrap();
    let mut command = common::bin::queens();
    command
        .args(["play", "--backend", "script", "--state"])
        .arg(dir.join("state.toml"))
        .env_remove("RUST_LOG")
        .env_remove("JOURNAL_STREAM")
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    (dir, command)
}

/// Runs the game with `rust_log` (unset if `None`): its exit code and
/// standard error.
fn run(name: &str, rust_log: Option<&str>, verbose: bool) -> (Option<i32>, String) {
    let (dir, mut command) = setup(name);
    if let Some(spec) = rust_log {
        command.env("RUST_LOG", spec);
    }
    if verbose {
        command.arg("-v");
    }
    let out = command.stderr(Stdio::piped()).output().unwrap();
    fs::remove_dir_all(dir).unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn shows_warning(stderr: &str) -> bool {
    stderr.lines().any(|l| l.starts_with("queens: warning: saved state") && l.contains("moved it to"))
}

#[test]
fn on_a_pipe_a_warning_is_one_plain_line() {
    let (code, stderr) = run("plain", None, false);
    assert_eq!(code, Some(0));
    assert!(shows_warning(&stderr), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Standard error into a file that `JOURNAL_STREAM` names (`matching`) or
/// not: what the file got.
fn to_file_named_as_journal(name: &str, matching: bool) -> String {
    let (dir, mut command) = setup(name);
    let log = dir.join("stderr");
    let file = File::create(&log).unwrap();
    let meta = file.metadata().unwrap();
    let inode = if matching { meta.ino() } else { meta.ino() + 1 };
    let status =
        command.env("JOURNAL_STREAM", format!("{}:{inode}", meta.dev())).stderr(file).status().unwrap();
    assert!(status.success());
    let written = fs::read_to_string(&log).unwrap();
    fs::remove_dir_all(dir).unwrap();
    written
}

#[test]
fn to_the_journal_a_warning_carries_its_syslog_priority_and_no_name() {
    let written = to_file_named_as_journal("journal", true);
    let line = written.lines().next().unwrap_or_default();
    assert!(line.starts_with("<4>saved state") && line.contains("moved it to"), "{written}");
}

#[test]
fn a_journal_stream_naming_another_file_is_not_the_journal() {
    let written = to_file_named_as_journal("not-journal", false);
    assert!(shows_warning(&written), "{written}");
}

#[test]
fn rust_log_levels_hide_and_show_the_warning() {
    for (spec, shown) in [
        ("warn", true),
        ("error", false),
        ("off", false),
        ("OFF", false),
        // The longest matching target wins, in any order.
        ("error,queens::daemon=warn", true),
        ("queens::daemon::saver=warn,error", true),
        ("warn,queens::daemon::saver=error", false),
        ("queens=off", false),
        // Another crate's directive leaves ours at the default (info).
        ("hyper=trace", true),
        // A module whose name only starts the same is another module.
        ("error,queens::daemon::save=warn", false),
    ] {
        let (code, stderr) = run("levels", Some(spec), false);
        assert_eq!(code, Some(0), "{spec}: {stderr}");
        assert_eq!(shows_warning(&stderr), shown, "RUST_LOG={spec}: {stderr}");
    }
}

#[test]
fn rust_log_wins_over_verbose() {
    let (_, stderr) = run("verbose", Some("error"), true);
    assert!(!shows_warning(&stderr), "{stderr}");
}

#[test]
fn a_directive_that_cannot_be_read_is_named_once_and_the_rest_applies() {
    let (code, stderr) = run("unreadable", Some("error,queens=loud"), false);
    assert_eq!(code, Some(0), "not a reason to stop: RUST_LOG is every Rust program's");
    assert_eq!(stderr, "queens: warning: RUST_LOG: `queens=loud`: not a target with a level; ignored\n");
}
