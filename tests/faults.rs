//! Faults while saving: a full disk, and the process killed mid-save.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("queens-faults-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn start(state: &Path) -> Child {
    common::bin::queens()
        .args(["play", "--backend", "script", "--state"])
        .arg(state)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Lines that solve each of the first `count` solutions in turn (each a new
/// find, so each one saves the state), waking from standby between them.
fn many_solutions(count: usize) -> String {
    let mut lines = String::new();
    for rows in queens::puzzle::Solutions::eight().iter().take(count) {
        let mut at = (3, 4);
        for (x, row) in rows.columns().enumerate() {
            let y = row.unwrap() as usize;
            lines += &"right\n".repeat((x + 8 - at.0) % 8);
            lines += &"down\n".repeat((y + 8 - at.1) % 8);
            lines += "press\n";
            at = (x, y);
        }
        lines += "press\npress\n"; // standby, then a new game
    }
    lines
}

/// A tmpfs too small for another file, unmounted when dropped.
struct FullDisk(PathBuf);

impl FullDisk {
    /// `None` where mounting is not allowed (not root): the caller says so and skips.
    fn mount(at: &Path) -> Option<FullDisk> {
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=8k", "tmpfs"])
            .arg(at)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| FullDisk(at.to_path_buf()))
    }

    /// Fills what is left of it.
    fn fill(&self) {
        let mut filler = fs::File::create(self.0.join("filler")).unwrap();
        while filler.write_all(&[0u8; 512]).and_then(|_| filler.sync_all()).is_ok() {}
    }
}

impl Drop for FullDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_keeps_the_old_state_and_the_game_goes_on() {
    let d = dir("full");
    let Some(disk) = FullDisk::mount(&d) else {
        eprintln!("SKIPPED: cannot mount a tmpfs here (needs root); CI runs this as root");
        return;
    };
    let state = d.join("state.toml");
    let old = "mode = \"strict\"\nsize = 8\nfound = [3]\n";
    fs::write(&state, old).unwrap();
    disk.fill();
    let mut child = start(&state);
    child.stdin.take().unwrap().write_all(many_solutions(2).as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the game went on: {stderr}");
    assert!(stderr.contains("warning: cannot save"), "{stderr}");
    assert!(stderr.lines().all(|l| l.starts_with("queens: ")), "one-line warnings: {stderr}");
    assert_eq!(fs::read_to_string(&state).unwrap(), old, "the old state is intact");
    let names: Vec<_> = fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
}

/// How long the binary takes to play `script` to the end.
fn whole_run(state: &Path, script: &str) -> Duration {
    let begun = Instant::now();
    let mut child = start(state);
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    begun.elapsed()
}

#[test]
fn a_kill_at_any_moment_leaves_the_old_state_or_the_new_never_a_torn_one() {
    let d = dir("kill");
    let state = d.join("state.toml");
    let script = many_solutions(40);
    // Kill moments are spread over the time a whole run takes here, so that the rounds hit start-up,
    // play and saves alike whether the binary runs natively or under qemu-user (some 20 times slower).
    let whole = whole_run(&dir("kill-whole").join("state.toml"), &script);
    for round in 0..12u64 {
        let mut child = start(&state);
        let mut stdin = child.stdin.take().unwrap();
        // Feed the moves in pieces, killing it part way through a different piece each round.
        let lines: Vec<&str> = script.lines().collect();
        let stop = (round as usize * 97) % lines.len();
        for chunk in lines[..stop].chunks(64) {
            if stdin.write_all((chunk.join("\n") + "\n").as_bytes()).is_err() {
                break;
            }
        }
        std::thread::sleep(whole.mul_f64((round * 7 % 40) as f64 / 40.0));
        child.kill().unwrap();
        child.wait().unwrap();
        if let Ok(text) = fs::read_to_string(&state) {
            assert!(queens::daemon::state::parse(&text).is_ok(), "round {round}: torn state:\n{text}");
        }
        let leftovers: Vec<_> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "state.toml")
            .collect();
        // A temporary file a kill left behind is tidied up by the next start.
        assert!(leftovers.len() <= 1 && leftovers.iter().all(|n| n.contains(".tmp-")), "{leftovers:?}");
    }
    let text = fs::read_to_string(&state).expect("some round saved");
    assert!(queens::daemon::state::parse(&text).unwrap().progress.count() > 0);
}
