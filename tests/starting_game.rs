//! The starting game is worked out once (issue 40): a board size is refused
//! by one rule in one wording wherever it was written (the command line,
//! the config file, the page's stored state), and nothing is saved before
//! the backend has opened.
//!
//! What it proves, in full: the starting game worked out once (`Setup::choose`): a size no mode
//! plays refused in the same words by `--size`, the config file and the page's stored state; one
//! the mode or the display does not take refused by `--size` and fitted from the config file; a
//! backend that does not open leaving the game played last, and no state file made

use crate::common;

use queens::game::ModeKind;
use std::fs;
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("queens-starting-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// What `queens play ARGS` on the script backend said about the size, in
/// one line, and its exit status: nothing played.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let all = [&["play", "--backend", "script"][..], args].concat();
    let out = common::bin::with_input(all, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.stdout.is_empty(), "{args:?}: nothing played, yet: {}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    (out.status.code(), err.trim_end().to_string())
}

/// The words about the size in `line`: from its `cannot be 'N'` on, without
/// the command line's pointer to its help.
fn about_the_size(line: &str) -> &str {
    let from = line.find("cannot be '").unwrap_or_else(|| panic!("no size refused: {line}"));
    line[from..].trim_end_matches(" (see 'queens play --help')")
}

#[test]
fn a_size_is_refused_in_the_same_words_on_the_command_line_in_the_config_file_and_on_the_page() {
    let d = dir("size");
    let config = d.join("config.toml");
    let config_arg = config.to_str().unwrap();
    // (size, mode, whether no mode plays it.) A size no mode plays is refused alike by all
    // three; one the mode or the display does not take is refused on the command line, and
    // fitted to them from the config file (one file for every backend and mode, as a size
    // played last is) and the page's stored state.
    let cases = [
        ("3", "classic", true),
        ("40", "classic", true),
        ("17", "classic", true),
        ("99999999999999999999", "classic", true),
        // Too large for the mode, and for the script backend's LED-sized frame.
        ("12", "cover", false),
        ("12", "classic", false),
        ("9", "regions", false),
    ];
    for (size, mode, outside_every_mode) in cases {
        let (code, cli) = refused(&["--config", "/dev/null", "--mode", mode, "--size", size]);
        assert_eq!(code, Some(2), "--size {size}: {cli}");
        assert!(cli.starts_with(&format!("queens play: --size cannot be '{size}': ")), "{cli}");
        fs::write(&config, format!("mode = \"{mode}\"\nsize = {size}\n")).unwrap();
        if !outside_every_mode {
            let out = common::bin::with_input(["play", "--backend", "script", "--config", config_arg], "");
            assert!(out.status.success(), "size = {size}: {}", String::from_utf8_lossy(&out.stderr));
            continue;
        }
        let (code, file) = refused(&["--config", config_arg]);
        assert_eq!(code, Some(78), "size = {size}: {file}");
        assert!(file.starts_with(&format!("queens play: {config_arg}:")), "{file}");
        assert_eq!(about_the_size(&file), about_the_size(&cli), "size = {size} against --size {size}");
        let page = queens_web::saved::read(&format!(r#"{{"mode":"{mode}","size":{size},"found":[]}}"#), None)
            .unwrap_err()
            .to_string();
        assert_eq!(about_the_size(&page), about_the_size(&cli), "the page's {size} against --size {size}");
    }
    // Not a whole number: the command line says so; the page alike of a number with a
    // fraction (a string it refuses as JSON of the wrong type, as the config file's TOML
    // does, before any rule for a size).
    for written in ["x", "8.5"] {
        let (_, cli) = refused(&["--config", "/dev/null", "--size", written]);
        assert_eq!(about_the_size(&cli), format!("cannot be '{written}': not a whole number"));
    }
    let page =
        queens_web::saved::read(r#"{"mode":"classic","size":8.5,"found":[]}"#, None).unwrap_err().to_string();
    assert_eq!(about_the_size(&page), "cannot be '8.5': not a whole number");
    fs::remove_dir_all(&d).unwrap();
}

/// The mode and size the state file says were played last.
fn played_last(state: &Path) -> (ModeKind, usize) {
    let text = fs::read_to_string(state).expect("the state is kept");
    let state = queens::daemon::state_toml::parse(&text).unwrap();
    (state.mode, state.size.get())
}

#[test]
fn a_backend_that_does_not_open_leaves_the_game_played_last_in_the_state_file() {
    let d = dir("open");
    let (state, none) = (d.join("state.toml"), d.join("none"));
    fs::create_dir_all(&none).unwrap();
    let (state_arg, none) = (state.to_str().unwrap(), none.to_str().unwrap());
    let missing = d.join("fb-missing");
    let failing: [Vec<&str>; 2] = [
        // No Sense HAT where the devices are looked for.
        vec!["--backend", "sensehat", "--sysfs-root", none, "--dev-root", none],
        // A framebuffer named that is not there.
        vec!["--backend", "sensehat", "--framebuffer", missing.to_str().unwrap(), "--dev-root", none],
    ];
    for args in failing {
        // Cover on the 6x6 was played last.
        common::bin::play(
            ["--backend", "script", "--state", state_arg, "--mode", "cover", "--size", "6"],
            "",
        );
        assert_eq!(played_last(&state), (ModeKind::Cover, 6));
        let asked = ["--config", "/dev/null", "--state", state_arg, "--mode", "strict", "--size", "5"];
        let out = common::bin::with_input(args.iter().copied().chain(asked), "");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(played_last(&state), (ModeKind::Cover, 6), "{args:?}: the mode played last stays");
        fs::remove_file(&state).unwrap();
        let out = common::bin::with_input(args.iter().copied().chain(asked), "");
        assert_eq!(out.status.code(), Some(1));
        assert!(!state.exists(), "{args:?}: no state file is made");
    }
    fs::remove_dir_all(&d).unwrap();
}
