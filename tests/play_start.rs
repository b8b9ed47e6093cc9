//! How `queens play` starts: what the command line chose is remembered as
//! played last, and the fallback to the script backend is said out loud.
//!
//! What it proves, in full (with the tests of `usage_errors`): every subcommand's bad arguments,
//! clap's and the commands' own: one plain line in one form (`queens <command>: ... (see 'queens
//! <command> --help')`), exit status 2, no Rust type names; an argument of 100 KB quoted to 80
//! characters, whoever quotes it (`--part`, and the paths of `--config` and `--state` too); `echo
//! LINK \| queens --puzzle -` refused in one line offering `--puzzle LINK`; `--help` and
//! `--version` as clap prints them; `--mode`/`--size` remembered as played last, and taken without
//! the word `play` (refused before another command); the config file's size fitted to the mode and
//! the backend; the fallback to the script backend said on standard error

use crate::common;

use queens::game::ModeKind;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("queens-start-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// `queens play ARGS` with `script` on standard input, to the end.
fn play(args: &[&str], script: &str) -> Output {
    common::bin::play(args, script)
}

fn saved(state: &Path) -> (ModeKind, usize) {
    let text = fs::read_to_string(state).expect("the state is saved");
    let state = queens::daemon::state_toml::parse(&text).unwrap();
    (state.mode, state.size.get())
}

/// The first frame's rows, as the script backend prints them.
fn first_frame(out: &Output) -> Vec<String> {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().take_while(|l| !l.is_empty()).map(String::from).collect()
}

#[test]
fn mode_and_size_from_the_command_line_are_remembered_as_played_last() {
    let d = dir("remember");
    let state = d.join("state.toml");
    let state_arg = state.to_str().unwrap();
    play(&["--backend", "script", "--state", state_arg, "--mode", "strict", "--size", "6"], "");
    assert_eq!(saved(&state), (ModeKind::Strict, 6));
    // The next start without them plays what was played last: strict on the 6x6.
    let again = play(&["--backend", "script", "--state", state_arg], "");
    let six = play(&["--backend", "script", "--mode", "strict", "--size", "6"], "");
    assert_eq!(first_frame(&again), first_frame(&six));
    assert_eq!(saved(&state), (ModeKind::Strict, 6));
    // Either alone is remembered too, with the other as it was.
    play(&["--backend", "script", "--state", state_arg, "--mode", "cover"], "");
    assert_eq!(saved(&state), (ModeKind::Cover, 6));
    play(&["--backend", "script", "--state", state_arg, "--size", "5"], "");
    assert_eq!(saved(&state), (ModeKind::Cover, 5));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn without_a_hat_or_a_terminal_the_fallback_to_the_script_backend_is_said() {
    let d = dir("fallback");
    // No Sense HAT devices, no I2C bus, standard input not a terminal (nor output).
    let none = d.to_str().unwrap();
    let bus = d.join("no-bus");
    let args = ["--sysfs-root", none, "--dev-root", none, "--i2c-bus", bus.to_str().unwrap()];
    let out = play(&args, "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr,
        "queens: no Sense HAT and standard input is not a terminal: playing the script backend (events on standard input, frames as text on standard output)\n"
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("005C00 5C0000"), "and it plays");
    // Asked for by name, it needs no explaining.
    let named = play(&["--backend", "script"], "");
    assert_eq!(String::from_utf8_lossy(&named.stderr), "");
    fs::remove_dir_all(&d).unwrap();
}

/// Issue 26: a bare `queens` plays, so its options work without the word `play` too.
#[test]
fn play_options_work_without_the_word_play() {
    let d = dir("bare");
    let state = d.join("state.toml");
    let state_arg = state.to_str().unwrap();
    let bare = ["--backend", "script", "--state", state_arg, "--mode", "strict", "--size", "6"];
    let out = common::bin::with_input(bare, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(saved(&state), (ModeKind::Strict, 6));
    let explicit = play(&["--backend", "script", "--mode", "strict", "--size", "6"], "");
    assert_eq!(first_frame(&out), first_frame(&explicit));
    // A play option with another command is a mistake, said in one line.
    let mixed = common::bin::with_input(["--mode", "strict", "solve", "8"], "");
    assert_eq!(mixed.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&mixed.stderr),
        "queens solve: --mode is play's option: give it alone or after 'queens play', not before 'solve' (see 'queens --help')\n"
    );
    assert!(mixed.stdout.is_empty());
    // The top level's own option still goes before any command.
    let verbose = common::bin::with_input(["-v", "count", "8"], "");
    assert_eq!(String::from_utf8_lossy(&verbose.stdout), "92 solutions for 8 queens\n");
    fs::remove_dir_all(&d).unwrap();
}

/// Issue 39: `echo LINK | queens --puzzle -` first said it was playing the
/// script backend, then refused: the refusal is the only line, and it
/// offers the link as the argument itself.
#[test]
fn a_puzzle_on_standard_input_is_refused_in_one_line_offering_the_link_as_the_argument() {
    let d = dir("puzzle-stdin");
    let none = d.to_str().unwrap();
    let bus = d.join("no-bus");
    let (_, link, _) = common::bin::run(&["regions", "daily", "--date", "2026-11-26", "--link"]);
    let args =
        ["--sysfs-root", none, "--dev-root", none, "--i2c-bus", bus.to_str().unwrap(), "--puzzle", "-"];
    // The link in a file as standard input (a pipe could break before it is written: it is not read).
    let piped = d.join("link");
    fs::write(&piped, &link).unwrap();
    for play in [&[][..], &["play"]] {
        let stdin = fs::File::open(&piped).unwrap();
        let out = common::bin::queens().args(play.iter().chain(&args)).stdin(stdin).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "queens play: --puzzle -: the script backend reads its keys from standard input; give the puzzle as --puzzle FILE, or its link as --puzzle LINK (see 'queens play --help')\n"
        );
        assert!(out.stdout.is_empty(), "nothing played");
    }
    // As it says: the link as the argument plays it, and then the fallback is said.
    let link = link.trim_end();
    let out = play(&[&args[..args.len() - 1], &[link]].concat(), "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("playing the script backend"));
    assert_eq!(first_frame(&out), first_frame(&play(&["--backend", "script", "--puzzle", link], "")));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_config_files_size_is_fitted_to_the_mode_and_the_backend() {
    // One config file serves every backend: its 12 is the terminal's, and the
    // LED matrix's 8x8 (the script backend's too) elsewhere, as docs/play.md says.
    let d = dir("config-size");
    let config = d.join("config.toml");
    let config_arg = config.to_str().unwrap();
    let cases: [(&str, &[&str]); 2] = [
        ("size = 12\n", &["--size", "8"]),
        ("mode = \"cover\"\nsize = 12\n", &["--mode", "cover", "--size", "8"]),
    ];
    for (text, same_as) in cases {
        fs::write(&config, text).unwrap();
        let out = play(&["--backend", "script", "--config", config_arg], "");
        assert!(out.status.success(), "{text}: {}", String::from_utf8_lossy(&out.stderr));
        let asked = [&["--backend", "script"], same_as].concat();
        assert_eq!(first_frame(&out), first_frame(&play(&asked, "")), "{text}");
    }
    fs::remove_dir_all(&d).unwrap();
}
