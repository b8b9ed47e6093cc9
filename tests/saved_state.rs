//! Progress and the last mode survive a restart, every state format a
//! release wrote (tests/fixtures/state/) is read with nothing lost, one from
//! a newer queens is left untouched, and a corrupt state file is set aside,
//! through the built binary.
//!
//! What it proves, in full (with the tests of `faults`): progress across restarts; two games on one
//! state keeping each other's solutions; a read-only state or one from a newer queens left as it is
//! (bytes, inode and mtime), said once, the game played; every state format a release wrote
//! (`tests/fixtures/state/`, one file each, as the commit named in its README wrote it) read with
//! nothing lost: the game shows its mode, size and regions puzzle in play, and a new solution is
//! saved beside its solutions and daily streak in a format this build reads (`scripts/web-test`
//! does the same with the page's stored values); a corrupt state file set aside; a file given as
//! `--state` that is no saved state (a README, a config file, only comments, not UTF-8) refused in
//! one line and left as it was, name, bytes and time (issue 50); a directory, FIFO, device or
//! unreadable file as state refused with nothing moved; a FIFO or `/dev/zero` as config refused at
//! once; a full disk (a tiny tmpfs, as root) keeps the old state; kills never tear it; a stop from
//! before a save to after it leaves the LEDs dark and the old state or the new

use crate::common;

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

fn play(state: &Path, script: &str) -> Output {
    let args: [&OsStr; 4] = ["--backend".as_ref(), "script".as_ref(), "--state".as_ref(), state.as_os_str()];
    common::bin::play(args, script)
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

/// Issue 50: a file given as `--state` that is no saved state at all (not
/// TOML, or none of a state's own keys) is refused in one line and left as
/// it was, name, bytes and time; it was moved to `NAME.corrupt-...`
/// (`--state config.toml`, `--state README.md`). One of only comments is
/// refused too: the first save wrote over it. A state gone bad is still set
/// aside (above, and here one that begins as the game writes one).
#[test]
fn a_file_that_is_no_saved_state_is_refused_and_left_where_it_is() {
    use std::os::unix::fs::MetadataExt;
    let d = dir("no-state");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: [(&str, Vec<u8>, &str); 5] = [
        ("README.md", fs::read(root.join("README.md")).unwrap(), "it is not TOML"),
        ("config.toml", fs::read(root.join("packaging/config.toml")).unwrap(), "it holds only comments"),
        (
            "mine.toml",
            b"rotation = 90\nmode = \"strict\"\nsize = 6\n".to_vec(),
            "it holds none of a state's keys",
        ),
        ("notes.toml", b"# my queens progress\n".to_vec(), "it holds only comments"),
        ("terminal.png", fs::read(root.join("docs/terminal.png")).unwrap(), "it is not UTF-8 text"),
    ];
    for (name, bytes, why) in &files {
        let path = d.join(name);
        fs::write(&path, bytes).unwrap();
        let before = fs::metadata(&path).unwrap();
        let (code, err) = start_and_wait(&["--state".as_ref(), path.as_os_str()], false);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
        let said = format!("queens play: --state {} is not a saved state: {why}", path.display());
        assert!(err.starts_with(&said) && err.contains("; left as it is"), "{name}: {err}");
        assert_eq!(&fs::read(&path).unwrap(), bytes, "{name}: its bytes");
        let after = fs::metadata(&path).unwrap();
        assert_eq!((after.ino(), after.mtime_nsec()), (before.ino(), before.mtime_nsec()), "{name}");
    }
    let mut listed: Vec<&str> = files.iter().map(|f| f.0).collect();
    listed.sort();
    assert_eq!(names(&d), listed, "nothing moved aside, nothing made");
    // A state the game wrote, gone bad after its first line, is the game's to set aside.
    let state = d.join("state.toml");
    fs::write(&state, "# The queens game's saved state: written by the game, safe to delete.\nmode = 3\n")
        .unwrap();
    let out = play(&state, "press\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("warning: saved state") && stderr.contains("moved it to"), "{stderr}");
}

#[test]
fn an_empty_state_file_is_a_fresh_start_not_a_corrupt_one() {
    let d = dir("empty");
    let state = d.join("state.toml");
    // `: > state.toml`, blank lines, and the comment the game writes first: nothing in them to keep.
    for text in ["", "\n \n", "# The queens game's saved state: written by the game, safe to delete.\n"] {
        fs::write(&state, text).unwrap();
        let out = play(&state, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{text:?}: nothing said");
        assert_eq!(names(&d), ["state.toml"], "{text:?}: nothing set aside");
        assert!(fs::read_to_string(&state).unwrap().contains("found = [0]"), "{text:?}: saved over it");
    }
}

#[test]
fn a_state_in_a_folder_that_does_not_exist_is_refused_and_no_folder_is_made() {
    let d = dir("state-no-folder");
    std::os::unix::fs::symlink(d.join("gone/state.toml"), d.join("dangling")).unwrap();
    // `typo/` names a folder: the one that does not exist is that one, not its parent (a stranger's try).
    let slash = PathBuf::from(format!("{}/", d.join("typo").display()));
    for (state, folder) in [
        (d.join("typo/queens/state.toml"), d.join("typo/queens")),
        (d.join("dangling"), d.join("gone")),
        (slash.clone(), slash),
    ] {
        let (code, err) = start_and_wait(
            &["--mode".as_ref(), "strict".as_ref(), "--state".as_ref(), state.as_os_str()],
            false,
        );
        assert_eq!(code, Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        let said = format!("its folder {} does not exist", folder.display());
        assert!(err.starts_with("queens play: saved state ") && err.contains(&said), "{err}");
    }
    assert_eq!(names(&d), ["dangling"], "no folder made");
}

/// Issue 50's follow-up: `--state README.md/` (a path under a file) said
/// "its folder README.md/ does not exist". It says what is there: a file.
#[test]
fn a_state_under_a_file_says_the_file_is_not_a_folder_and_nothing_is_touched() {
    let d = dir("state-under-a-file");
    fs::write(d.join("README.md"), "# notes\n").unwrap();
    let file = d.join("README.md");
    let slash = PathBuf::from(format!("{}/", file.display()));
    for (state, said) in [
        (slash.clone(), format!("its folder {} is not a folder", slash.display())),
        (
            d.join("README.md/sub/state.toml"),
            format!(
                "its folder {} is under {}, which is not a folder",
                d.join("README.md/sub").display(),
                file.display()
            ),
        ),
    ] {
        let (code, err) = start_and_wait(&["--state".as_ref(), state.as_os_str()], false);
        assert_eq!(code, Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.starts_with("queens play: saved state ") && err.contains(&said), "{said}: {err}");
    }
    assert_eq!(names(&d), ["README.md"]);
    assert_eq!(fs::read_to_string(&file).unwrap(), "# notes\n");
}

/// Starts the script backend with `args`, an empty input, and a limit: the
/// exit code and standard error, or a panic if it is still running after
/// 10 s (a FIFO that hangs the start).
fn start_and_wait(args: &[&std::ffi::OsStr], as_nobody: bool) -> (Option<i32>, String) {
    let mut command = common::bin::queens();
    command.args(["play", "--backend", "script"]).args(args);
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    if as_nobody {
        common::bin::as_nobody(&mut command);
    }
    let mut child = command.spawn().unwrap();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > end {
            child.kill().unwrap();
            panic!("`play {args:?}` still running after 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn mkfifo(path: &Path) {
    nix::unistd::mkfifo(path, nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR).unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<_> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[test]
fn a_directory_fifo_or_device_as_state_is_one_line_and_nothing_is_moved() {
    let d = dir("state-not-a-file");
    let folder = d.join("adir");
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("precious"), "kept").unwrap();
    mkfifo(&d.join("fifo"));
    for (path, why) in [
        (folder.clone(), "is a directory, not a regular file"),
        (d.join("fifo"), "is a FIFO, not a regular file"),
        (PathBuf::from("/dev/null"), "is a character device, not a regular file"),
    ] {
        let (code, err) = start_and_wait(&["--state".as_ref(), path.as_os_str()], false);
        assert_eq!(code, Some(1), "{}: {err}", path.display());
        assert!(err.contains(why) && err.contains("left as it is"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
    assert_eq!(names(&d), ["adir", "fifo"], "nothing renamed, nothing made");
    assert_eq!(fs::read_to_string(folder.join("precious")).unwrap(), "kept");
    assert!(Path::new("/dev/null").exists());
}

#[test]
fn a_state_file_that_may_not_be_read_is_one_line_and_is_not_moved() {
    if !nix::unistd::geteuid().is_root() {
        eprintln!("SKIP a_state_file_that_may_not_be_read: needs root to run the game as another user");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let d = dir("state-unreadable");
    fs::set_permissions(&d, fs::Permissions::from_mode(0o777)).unwrap();
    let state = d.join("state.toml");
    fs::write(&state, "mode = \"classic\"\nsize = 8\nfound = [1]\n").unwrap();
    fs::set_permissions(&state, fs::Permissions::from_mode(0o600)).unwrap();
    let (code, err) = start_and_wait(&["--state".as_ref(), state.as_os_str()], true);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("Permission denied") && err.contains("left as it is"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert_eq!(names(&d), ["state.toml"]);
}

#[test]
fn a_fifo_or_dev_zero_as_config_is_refused_at_once() {
    let d = dir("config-fifo");
    mkfifo(&d.join("config.toml"));
    for path in [d.join("config.toml"), PathBuf::from("/dev/zero")] {
        let (code, err) = start_and_wait(&["--config".as_ref(), path.as_os_str()], false);
        assert_eq!(code, Some(78), "{}: {err}", path.display());
        assert!(err.contains("not a regular file"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
}

/// A game started on `state` with its input held open, once it has shown
/// its first frame: it has read the state.
fn started(state: &Path) -> std::process::Child {
    common::bin::started_play([
        "--backend".as_ref(),
        "script".as_ref(),
        "--state".as_ref(),
        state.as_os_str(),
    ])
}

#[test]
fn two_games_on_one_state_keep_each_others_solutions() {
    let d = dir("two-games");
    let state = d.join("state.toml");
    // B reads the state, then A plays a whole game and solves a board.
    let b = started(&state);
    let a = play(&state, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
    assert!(a.stderr.is_empty(), "{}", String::from_utf8_lossy(&a.stderr));
    assert!(fs::read_to_string(&state).unwrap().contains("found = [0]"));
    // B, which never saw A's save, solves another board and chooses strict (HINT, CLASSIC, STRICT).
    let out = common::bin::finish(
        b,
        &(solving([7, 1, 4, 2, 0, 6, 3, 5]) + "press\npress\nhold\nright\nright\npress\n"),
    );
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = fs::read_to_string(&state).unwrap();
    assert!(text.contains("found = [0, 1]"), "both solutions kept:\n{text}");
    assert!(text.contains("mode = \"strict\""), "the last mode chosen:\n{text}");
    assert_eq!(names(&d), ["state.toml"], "no lock file or temporary left");
}

/// The state file's bytes, permission bits and inode.
fn snapshot(path: &Path) -> (Vec<u8>, u32, u64) {
    use std::os::unix::fs::MetadataExt;
    let meta = fs::metadata(path).unwrap();
    (fs::read(path).unwrap(), meta.mode(), meta.ino())
}

#[test]
fn a_read_only_state_is_left_as_it_is_and_said_once() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir("read-only");
    let state = d.join("state.toml");
    play(&state, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
    fs::set_permissions(&state, fs::Permissions::from_mode(0o444)).unwrap();
    let before = snapshot(&state);
    // Two boards solved and a mode chosen: three saves refused (the tests may run as root, who could write it).
    let out = play(
        &state,
        &(solving([7, 1, 4, 2, 0, 6, 3, 5])
            + "press\npress\n"
            + &solving([7, 2, 0, 5, 1, 4, 6, 3])
            + "press\npress\nhold\nright\nright\npress\n"),
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "queens: warning: saved state {} is read-only; progress will not be saved\n",
            state.display()
        ),
        "said once"
    );
    assert_eq!(snapshot(&state), before, "the same bytes, mode and inode");
    assert_eq!(names(&d), ["state.toml"]);
}

/// A fixture of tests/fixtures/state/ (its README says which commit wrote each), copied into `dir`
/// as its `state.toml`.
fn fixture(name: &str, dir: &Path) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/state").join(name);
    let state = dir.join("state.toml");
    fs::copy(&from, &state).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    state
}

/// What a game started with `args` on the script backend shows for `script`: its frames.
fn shown(args: &[&OsStr], script: &str) -> String {
    let out = common::bin::play(
        [OsStr::new("--backend"), OsStr::new("script")].into_iter().chain(args.iter().copied()),
        script,
    );
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_released_state_format_loads_with_nothing_lost() {
    // A queen, a move, another queen (refused in strict, shading what it covers in cover), then a
    // dot and a queen in regions: what a game shows then tells modes and sizes apart.
    let script = "press\nright\npress\ndown\npress\npress\n";
    for (name, mode, size, in_play) in [
        ("state-unversioned.toml", "strict", "6", None),
        ("state-v1.toml", "cover", "7", None),
        ("state-v2.toml", "regions", "7", Some((7, 0x763a_7268_fb42_4736_u64))),
        ("state-v5.toml", "regions", "7", Some((7, 0x160e_7902_eaaa_f35c_u64))),
    ] {
        let d = dir(&format!("format-{name}"));
        let state = fixture(name, &d);
        let before = fs::read_to_string(&state).unwrap();
        // The mode, the size and the regions puzzle in play: the game shows what a new game started
        // with them shows (the puzzle given by its link), and not what a first game shows.
        let fresh = d.join("fresh.toml");
        let link = in_play.map(|(size, seed): (usize, u64)| {
            let (size, seed) = (size.to_string(), seed.to_string());
            let (code, link, err) =
                common::bin::run(&["regions", "generate", "--size", &size, "--seed", &seed, "--link"]);
            assert_eq!(code, Some(0), "{err}");
            link.trim().to_string()
        });
        let mut chosen: Vec<&OsStr> = vec![OsStr::new("--state"), fresh.as_os_str()];
        match &link {
            Some(link) => chosen.extend([OsStr::new("--puzzle"), OsStr::new(link)]),
            None => chosen.extend([
                OsStr::new("--mode"),
                OsStr::new(mode),
                OsStr::new("--size"),
                OsStr::new(size),
            ]),
        }
        let on_the_fixture = shown(&[OsStr::new("--state"), state.as_os_str()], script);
        // (Compared, not printed: a failure would print the frames in full.)
        let with_them = shown(&chosen, script);
        assert!(on_the_fixture == with_them, "{name}: not what {mode} {size}x{size} (and its puzzle) shows");
        let _ = fs::remove_file(&fresh);
        let first_game = shown(&[OsStr::new("--state"), fresh.as_os_str()], script);
        assert!(on_the_fixture != first_game, "{name}: what a first game shows");
        let _ = fs::remove_file(&fresh);
        // The solutions and the daily streak: a new solution found on the 8x8 is saved beside them,
        // in a format this build reads, with the regions puzzle in play.
        let classic = ["--backend", "script", "--mode", "classic", "--size", "8", "--state"];
        let out = common::bin::play(
            classic.iter().map(OsStr::new).chain([state.as_os_str()]),
            &solving([7, 1, 4, 2, 0, 6, 3, 5]),
        );
        assert!(out.stderr.is_empty(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let text = fs::read_to_string(&state).unwrap();
        assert_ne!(text, before, "{name}: saved");
        assert!(text.contains("found = [0, 1, 71]\n"), "{name}:\n{text}");
        assert!(text.contains("daily_solved = \"2026-11-20\"\ndaily_streak = 3\n"), "{name}:\n{text}");
        // The best times (version 4 on), kept as they were.
        for line in
            before.lines().filter(|l| l.starts_with("best_times = ") || l.starts_with("daily_best = "))
        {
            assert!(text.contains(&format!("{line}\n")), "{name}: {line} lost:\n{text}");
        }
        if let Some((size, seed)) = in_play {
            assert!(text.contains(&format!("regions_puzzle = \"{size}:{seed:016x}\"")), "{name}:\n{text}");
        }
        let saved =
            queens::daemon::state_toml::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(saved.regions.is_some(), in_play.is_some(), "{name}:\n{text}");
        assert_eq!(names(&d), ["state.toml"], "{name}: nothing set aside");
    }
}

#[test]
fn a_state_from_a_newer_queens_is_played_without_saving() {
    use std::os::unix::fs::MetadataExt;
    let d = dir("newer");
    let state = fixture("state-v6-future.toml", &d);
    let before = snapshot(&state);
    let modified = fs::metadata(&state).unwrap().modified().unwrap();
    // A board solved and a mode chosen: two saves this build would make.
    let out =
        play(&state, &(solving([7, 1, 3, 0, 6, 4, 2, 5]) + "press\npress\nhold\nright\nright\npress\n"));
    assert!(out.status.success() && !out.stdout.is_empty(), "the game played");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("written by a newer queens") && stderr.contains("progress will not be saved"),
        "{stderr}"
    );
    assert_eq!(snapshot(&state), before, "the same bytes, mode and inode");
    let meta = fs::metadata(&state).unwrap();
    assert_eq!((meta.modified().unwrap(), meta.nlink()), (modified, 1), "not written, not linked");
    assert_eq!(names(&d), ["state.toml"], "not set aside");
}

#[test]
fn a_save_keeps_the_files_permissions_and_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let d = dir("keeps-mode");
    let state = d.join("state.toml");
    fs::write(&state, "mode = \"classic\"\nsize = 8\nfound = []\n").unwrap();
    // A new solution each time, so each game saves.
    let solutions = [
        [0, 4, 7, 5, 2, 6, 1, 3],
        [0, 5, 7, 2, 6, 3, 1, 4],
        [0, 6, 3, 5, 7, 1, 4, 2],
        [0, 6, 4, 7, 1, 3, 5, 2],
        [1, 3, 5, 7, 2, 0, 6, 4],
    ];
    for (mode, rows) in [0o600, 0o640, 0o664, 0o666, 0o604].into_iter().zip(solutions) {
        fs::set_permissions(&state, fs::Permissions::from_mode(mode)).unwrap();
        let before = fs::read_to_string(&state).unwrap();
        play(&state, &solving(rows));
        assert_ne!(fs::read_to_string(&state).unwrap(), before, "saved");
        assert_eq!(fs::metadata(&state).unwrap().mode() & 0o777, mode, "{mode:o} kept");
    }
    if !nix::unistd::geteuid().is_root() {
        eprintln!(
            "SKIP the owner half of a_save_keeps_the_files_permissions_and_owner: needs root to give a file away"
        );
        return;
    }
    // Another user's file that root's game saves: still theirs.
    std::os::unix::fs::chown(&state, Some(65534), Some(65534)).unwrap();
    let before = fs::read_to_string(&state).unwrap();
    play(&state, &solving([1, 4, 6, 0, 2, 7, 5, 3]));
    let meta = fs::metadata(&state).unwrap();
    assert_ne!(fs::read_to_string(&state).unwrap(), before, "saved");
    assert_eq!((meta.uid(), meta.gid(), meta.mode() & 0o777), (65534, 65534, 0o604));
}

#[test]
fn a_game_that_chose_nothing_leaves_the_last_choice_in_the_file() {
    let d = dir("last-chosen");
    let state = d.join("state.toml");
    // A starts on classic 8x8 (no file yet); B then starts on regions 7x7 and quits.
    let a = started(&state);
    let b = ["--backend", "script", "--mode", "regions", "--size", "7", "--state"];
    common::bin::play(b.iter().map(OsStr::new).chain([state.as_os_str()]), "");
    let chosen = fs::read_to_string(&state).unwrap();
    assert!(
        chosen.contains("mode = \"regions\"\nsize = 7\n") && chosen.contains("regions_puzzle"),
        "{chosen}"
    );
    let puzzle = chosen.lines().find(|l| l.starts_with("regions_puzzle")).unwrap().to_string();
    // A, which chose nothing, solves a board: its solution is saved, B's choices stay.
    common::bin::finish(a, &solving([7, 1, 3, 0, 6, 4, 2, 5]));
    let text = fs::read_to_string(&state).unwrap();
    assert!(text.contains("found = [0]"), "{text}");
    assert!(text.contains("mode = \"regions\"\nsize = 7\n"), "B's mode and size, the last chosen:\n{text}");
    assert!(text.contains(&puzzle), "B's regions puzzle:\n{text}");
}

#[test]
fn a_read_only_state_that_is_not_valid_is_left_as_it_is() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir("read-only-invalid");
    let state = d.join("state.toml");
    // A state gone bad (a file that is no state at all is refused, read-only or not).
    fs::write(&state, "found = garbage ][\n").unwrap();
    fs::set_permissions(&state, fs::Permissions::from_mode(0o444)).unwrap();
    let before = snapshot(&state);
    let out = play(&state, &(solving([7, 1, 3, 0, 6, 4, 2, 5]) + "press\npress\n"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "said once: {stderr}");
    assert!(
        stderr.contains("is not valid")
            && stderr.contains("read-only")
            && stderr.trim_end().ends_with("progress will not be saved"),
        "{stderr}"
    );
    assert_eq!(snapshot(&state), before, "the same bytes, mode and inode");
    assert_eq!(names(&d), ["state.toml"], "not moved aside");
}

#[test]
fn a_newer_state_this_version_cannot_parse_is_not_moved_aside() {
    let d = dir("newer-unparsed");
    let state = d.join("state.toml");
    for future in [
        "version = 6\nboards = {{ ][ }}\n",
        "version = 99999999999999999999\nmode = \"classic\"\nsize = 8\nfound = []\n",
    ] {
        fs::write(&state, future).unwrap();
        let out = play(&state, &(solving([7, 1, 3, 0, 6, 4, 2, 5]) + "press\npress\n"));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains("written by a newer queens") && !stderr.contains("i128"), "{stderr}");
        assert_eq!(fs::read_to_string(&state).unwrap(), future, "not replaced");
        assert_eq!(names(&d), ["state.toml"], "not set aside");
    }
}

#[test]
fn the_state_file_and_the_page_say_the_same_about_each_broken_rule() {
    // Each rule broken once in each format: the state file's TOML, and the
    // page's JSON. The words are the engine's, from its one key table: if
    // either side checked a key, a type or a rule on its own, they would part.
    let toml = |values: &str| format!("mode = \"regions\"\nsize = 8\nfound = []\n{values}");
    let daily = |date: &str, days: &str| toml(&format!("daily_solved = \"{date}\"\ndaily_streak = {days}\n"));
    let json = |members: &str| format!(r#"{{"mode":"regions","size":8,"found":[]{members}}}"#);
    let daily_json =
        |date: &str, days: &str| json(&format!(r#","daily_solved":"{date}","daily_streak":{days}"#));
    let cases = [
        (
            "mode = \"chess\"\nsize = 8\nfound = []\n".to_string(),
            r#"{"mode":"chess","size":8,"found":[]}"#.to_string(),
            "unknown mode 'chess'",
        ),
        (
            "mode = \"classic\"\nsize = 3\nfound = []\n".into(),
            r#"{"mode":"classic","size":3,"found":[]}"#.into(),
            "size cannot be '3': it must be from 4 to 16",
        ),
        (
            "mode = \"classic\"\nsize = 17\nfound = []\n".into(),
            r#"{"mode":"classic","size":17,"found":[]}"#.into(),
            "size cannot be '17': it must be from 4 to 16",
        ),
        (
            "mode = \"cover\"\nsize = 8\nfound = [92]\n".into(),
            r#"{"mode":"cover","size":8,"found":[92]}"#.into(),
            "above 91",
        ),
        (daily("2026-02-30", "2"), daily_json("2026-02-30", "2"), "is not a date"),
        (daily("2026-02-03", "0"), daily_json("2026-02-03", "0"), "must be 1 or more"),
        (daily("2026-02-03", "-3"), daily_json("2026-02-03", "-3"), "must be 1 or more"),
        (
            daily("2026-02-03", "4294967296"),
            daily_json("2026-02-03", "4294967296"),
            "at most 4294967295 days",
        ),
        (
            toml("regions_puzzle = \"4:0123456789abcdef\"\n"),
            json(r#","regions_puzzle":"4:0123456789abcdef""#),
            "SIZE:SEED",
        ),
        (toml("daily_solved = \"2026-02-03\"\n"), json(r#","daily_solved":"2026-02-03""#), "go together"),
        (toml("extra = 1\n"), json(r#","extra":1"#), "unknown key 'extra': the keys are version, mode, "),
        (
            "mode = \"classic\"\nsize = 8\n".into(),
            r#"{"mode":"classic","size":8}"#.into(),
            "there is no \"found\": a saved state has mode, size and found",
        ),
        (
            "mode = \"classic\"\nsize = \"8\"\nfound = []\n".into(),
            r#"{"mode":"classic","size":"8","found":[]}"#.into(),
            "\"size\" is a string: expected a whole number",
        ),
        (
            "mode = \"classic\"\nsize = 8\nfound = 3\n".into(),
            r#"{"mode":"classic","size":8,"found":3}"#.into(),
            "\"found\" is a number: expected a list of whole numbers",
        ),
        (
            toml("regions_puzzle = 7\n"),
            json(r#","regions_puzzle":7"#),
            "\"regions_puzzle\" is a number: expected SIZE:SEED",
        ),
        (
            "mode = \"classic\"\nsize = 8.5\nfound = []\n".into(),
            r#"{"mode":"classic","size":8.5,"found":[]}"#.into(),
            "size cannot be '8.5': not a whole number",
        ),
        (
            format!("version = 0\n{}", toml("")),
            format!(r#"{{"version":0,{}"#, &json("")[1..]),
            "version 0 is not a version",
        ),
        (
            format!("version = -3\n{}", toml("")),
            format!(r#"{{"version":-3,{}"#, &json("")[1..]),
            "version -3 is not a version",
        ),
        (format!("version = 6\n{}", toml("")), r#"{"version":6}"#.into(), "newer queens (format version 6,"),
        (
            format!("version = 99999999999999999999\n{}", toml("")),
            r#"{"version":99999999999999999999}"#.into(),
            "newer queens (format version 99999999999999999999,",
        ),
    ];
    // Issue 50: a day to come, on the same day as the file's (the system clock's).
    let today = queens::backend::clock::UtcCalendar::today();
    let to_come = queens::regions::generate::date_string(today.unwrap() + 24);
    let cases =
        cases.into_iter().chain([(daily(&to_come, "3"), daily_json(&to_come, "3"), "is after today, ")]);
    for (file, page, why) in cases {
        let file_says = queens::daemon::state_toml::parse(&file).unwrap_err().to_string();
        let page_says = queens_web::saved::read(&page, today).unwrap_err().to_string();
        assert!(file_says.contains(why), "{file:?}: {file_says}");
        assert_eq!(page_says, file_says, "{page:?} against {file:?}");
    }
}

#[test]
fn the_state_file_and_the_page_judge_a_version_as_written() {
    // The page's JSON is read with its version's digits as written, not through JSON.parse, which
    // would round 2^53 + 1 and write 10^23 as 1e+23: a newer queens's to both, and 3.0 no whole
    // number to both.
    for version in ["9007199254740993", "99999999999999999999999", "3.0", "0"] {
        let file = format!("version = {version}\nmode = \"classic\"\nsize = 8\nfound = []\n");
        let file_says = queens::daemon::state_toml::parse(&file).unwrap_err().to_string();
        let json = format!(r#"{{"version":{version},"mode":"classic","size":8,"found":[]}}"#);
        let page_says = queens_web::saved::read(&json, None).unwrap_err().to_string();
        assert_eq!(page_says, file_says, "{json} against {file:?}");
    }
}
