//! A wrong command line, for every subcommand: one line on standard error,
//! in plain words (no Rust type names, no clap usage block), exit status 2,
//! nothing on standard output; `--help` and `--version` as clap prints them.
//!
//! What it proves, in full (with the tests of `play_start`): every subcommand's bad arguments,
//! clap's and the commands' own: one plain line in one form (`queens <command>: ... (see 'queens
//! <command> --help')`), exit status 2, no Rust type names; an argument of 100 KB quoted to 80
//! characters, whoever quotes it (`--part`, and the paths of `--config` and `--state` too); `echo
//! LINK \| queens --puzzle -` refused in one line offering `--puzzle LINK`; `--help` and
//! `--version` as clap prints them; `--mode`/`--size` remembered as played last, and taken without
//! the word `play` (refused before another command); the config file's size fitted to the mode and
//! the backend; the fallback to the script backend said on standard error

use crate::common;

use common::bin::run;
use queens::game::ModeKind;

/// Every mode's name, as the unknown-mode line lists them (`classic, strict, ...`): a mode added
/// is named there without an edit here.
fn every_mode() -> String {
    let names: Vec<&str> = ModeKind::ALL.iter().map(|m| m.name()).collect();
    names.join(", ")
}

/// Words that only a Rust programmer reads.
const RUST_WORDS: [&str; 12] = [
    "i64",
    "u64",
    "u32",
    "u8",
    "usize",
    "isize",
    "ParseIntError",
    "invalid digit",
    "target type",
    "..=",
    "Usage:",
    "For more information",
];

/// Runs `queens args` and checks it is refused as a usage error; returns the line.
fn refused(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(2), "{args:?}: exit status; stderr {stderr:?}");
    assert_eq!(stdout, "", "{args:?}: nothing on standard output");
    assert!(stderr.ends_with('\n') && stderr.matches('\n').count() == 1, "{args:?}: one line, not\n{stderr}");
    assert!(stderr.starts_with("queens"), "{args:?}: {stderr:?}");
    for word in RUST_WORDS {
        assert!(!stderr.contains(word), "{args:?}: {word:?} in {stderr:?}");
    }
    stderr.trim_end().to_string()
}

#[test]
fn every_subcommand_refuses_bad_arguments_in_one_line_with_status_2() {
    let cases: &[&[&str]] = &[
        // No subcommand, or an unknown one.
        &["bogus"],
        &["--bogus"],
        &["solv", "8"],
        &["help", "bogus"],
        // solve
        &["solve"],
        &["solve", "x"],
        &["solve", "-3"],
        &["solve", "99999999999999999999999"],
        &["solve", "8", "9"],
        &["solve", "8", "--bogus"],
        &["solve", "8", "--format", "xml"],
        &["solve", "8", "--format"],
        &["solve", "0"],
        &["solve", "8", "--place", "z9"],
        // count
        &["count"],
        &["count", "abc"],
        &["count", "-1"],
        &["count", "99"],
        &["count", "8", "--threads", "0"],
        &["count", "8", "--threads", "x"],
        &["count", "8", "--format", "yaml"],
        // pieces
        &["pieces"],
        &["pieces", "--board"],
        &["pieces", "--board", "axb"],
        &["pieces", "--board", "8x8", "--kings", "x"],
        &["pieces", "--board", "8x8", "--queens", "-1"],
        &["pieces", "--board", "0x0", "--queens", "1"],
        // cover
        &["cover"],
        &["cover", "x"],
        &["cover", "0"],
        &["cover", "12"],
        &["cover", "8", "--queens"],
        &["cover", "8", "--queens", "0"],
        &["cover", "8", "--count", "--all"],
        // play (nothing starts: the arguments are refused first)
        &["play", "--size", "3"],
        &["play", "--size", "x"],
        &["play", "--size", "99999999999999999999"],
        &["play", "--size="],
        &["play", "--mode", "foo"],
        &["play", "--backend", "nope"],
        &["play", "--bakend", "script"],
        &["play", "--gpio-line", "3"],
        &["play", "--gpiochip", "/x", "--gpio-line", "x"],
        &["play", "extra"],
        &["play", "--backend", "script", "--size", "12"],
        &["play", "--backend", "script", "--mode", "cover", "--size", "12"],
        // doctor
        &["doctor", "--bogus"],
        &["doctor", "extra"],
        &["doctor", "--framebuffer"],
    ];
    for args in cases {
        refused(args);
    }
}

#[test]
fn the_line_names_the_command_the_argument_and_what_is_wanted() {
    assert_eq!(
        refused(&["solve", "x"]),
        "queens solve: N cannot be 'x': not a whole number (see 'queens solve --help')"
    );
    assert_eq!(
        refused(&["play", "--size", "3"]),
        "queens play: --size cannot be '3': it must be from 4 to 16 (see 'queens play --help')"
    );
    assert_eq!(
        refused(&["play", "--backend", "nope"]),
        "queens play: --backend cannot be 'nope': expected auto, sensehat, i2c, script, terminal or sense-emu (see 'queens play --help')"
    );
    assert_eq!(
        refused(&["play", "--mode", "foo"]),
        format!(
            "queens play: --mode: unknown mode 'foo': expected one of {} (see 'queens play --help')",
            every_mode()
        )
    );
    assert_eq!(refused(&["pieces"]), "queens pieces: --board is required (see 'queens pieces --help')");
    assert_eq!(
        refused(&["solv", "8"]),
        "queens: unknown command 'solv'; did you mean 'solve'? (see 'queens --help')"
    );
    assert_eq!(
        refused(&["play", "--bakend", "script"]),
        "queens play: unknown option '--bakend'; did you mean '--backend'? (see 'queens play --help')"
    );
    // Issue 50's follow-up: `-` alone was "unknown option '-'"; it is standard input.
    assert_eq!(
        refused(&["regions", "solve", "-", "-"]),
        "queens regions solve: '-' (standard input) is given twice: it is read once (see 'queens regions solve --help')"
    );
    assert_eq!(
        refused(&["regions", "solve", "puzzle.txt", "-"]),
        "queens regions solve: unexpected argument '-' (standard input): one too many (see 'queens regions solve --help')"
    );
    assert_eq!(
        refused(&["count", "8", "9"]),
        "queens count: unexpected argument '9' (see 'queens count --help')"
    );
    assert_eq!(
        refused(&["count", "8", "--format"]),
        "queens count: --format needs a value: expected human or json (see 'queens count --help')"
    );
    assert!(
        refused(&["play", "--backend", "script", "--size", "12"])
            .starts_with("queens play: --size cannot be '12': ")
    );
    assert_eq!(
        refused(&["play", "--size", "-1"]),
        "queens play: --size cannot be '-1': it must be from 4 to 16 (see 'queens play --help')"
    );
    // Issue 26: `'-1': negative numbers are not allowed here` named neither N nor the option.
    assert_eq!(
        refused(&["solve", "-1"]),
        "queens solve: N cannot be '-1': it cannot be negative (see 'queens solve --help')"
    );
    assert_eq!(
        refused(&["regions", "generate", "--seed", "-1"]),
        "queens regions generate: --seed cannot be '-1': it cannot be negative (see 'queens regions generate --help')"
    );
    assert_eq!(
        refused(&["pieces", "--board", "8x8", "--queens", "-2"]),
        "queens pieces: --queens cannot be '-2': it cannot be negative (see 'queens pieces --help')"
    );
    assert_eq!(
        refused(&["play", "--size", "8", "--size", "6"]),
        "queens play: --size is given twice (see 'queens play --help')"
    );
    assert_eq!(
        refused(&["pieces", "--board", "8x8", "--first", "--all"]),
        "queens pieces: --first and --all cannot be used together (see 'queens pieces --help')"
    );
}

#[test]
fn help_and_version_are_as_clap_prints_them() {
    // `help --help` and `help -h` said "unknown command '--help'; did you mean '--help'?" (issue 50).
    let helps =
        [&["--help"][..], &["solve", "--help"], &["help", "count"], &["play", "-h"], &["help", "--help"]];
    for args in helps.into_iter().chain([&["help", "-h"][..], &["help", "count", "--help"]]) {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, Some(0), "{args:?}");
        assert!(stdout.contains("Usage: queens") && stdout.lines().count() > 3, "{args:?}: {stdout}");
        assert_eq!(stderr, "");
    }
    assert_eq!(run(&["help", "--help"]), run(&["help", "help"]));
    assert_eq!(run(&["help", "count", "-h"]), run(&["count", "--help"]));
    let (code, stdout, _) = run(&["--version"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout, format!("queens {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn play_help_lists_every_mode_with_what_it_is() {
    // The modes come from `ModeKind`, each with its line, in both spellings of the help.
    let (code, long, _) = run(&["play", "--help"]);
    assert_eq!(code, Some(0));
    // Read as words: clap pads the names into a column and wraps long lines.
    let words = long.split_whitespace().collect::<Vec<_>>().join(" ");
    for mode in ModeKind::ALL {
        assert!(!mode.summary().is_empty(), "{mode}");
        assert!(words.contains(&format!("- {mode}: {}", mode.summary())), "{mode}:\n{long}");
    }
    let (_, short, _) = run(&["play", "-h"]);
    let names: Vec<&str> = ModeKind::ALL.iter().map(|m| m.name()).collect();
    assert!(short.contains(&format!("[possible values: {}]", names.join(", "))), "{short}");
}

#[test]
fn each_play_options_short_help_ends_without_a_full_stop_as_clap_ends_the_others() {
    // clap drops a doc comment's closing full stop; a help given as a string keeps its own.
    // The play options' heading in each: bare `queens` lists them after its own options.
    for (args, heading) in
        [(&["play", "-h"][..], "Options:"), (&["-h"], "Play (without a command, or after `play`):")]
    {
        let (code, short, _) = run(args);
        assert_eq!(code, Some(0), "{args:?}");
        // Each option's help: its first line and the lines under it, up to the next option.
        let mut helps: Vec<Vec<&str>> = Vec::new();
        for line in short.lines().skip_while(|l| *l != heading).skip(1).take_while(|l| !l.is_empty()) {
            let text = line.trim_start();
            match text.starts_with('-') && line.len() - text.len() <= 6 {
                true => helps.push(vec![line]),
                false => helps.last_mut().expect("an option first").push(line),
            }
        }
        assert!(helps.len() > 10, "{args:?}: {short}");
        for help in helps {
            let last = help.last().unwrap().trim_end();
            assert!(!last.ends_with('.'), "{args:?}: {}", help.join("\n"));
        }
    }
}

#[test]
fn control_characters_in_an_argument_are_shown_escaped_not_sent_to_the_terminal() {
    // An escape sequence that would turn the terminal red, and a carriage return that
    // would let the rest of the line overwrite its start.
    for args in [&["count", "8\u{1b}[31mred"][..], &["solve", "8\rx"], &["cover", "8", "--queens", "\u{7}5"]]
    {
        let line = refused(args);
        assert!(!line.chars().any(char::is_control), "{args:?}: {line:?}");
        assert!(
            line.contains("\\u{1b}") || line.contains("\\r") || line.contains("\\u{7}"),
            "{args:?}: {line:?}"
        );
    }
}

/// Bad command lines that clap takes and the command itself refuses, and
/// what the one form names as their command.
const REFUSED_BY_THE_COMMAND: &[(&[&str], &str)] = &[
    (&["solve", "0"], "queens solve"),
    (&["solve", "abc"], "queens solve"),
    (&["solve", "30000000"], "queens solve"),
    (&["solve", "8", "--place", "a1,b2"], "queens solve"),
    (&["solve", "200", "--place", "a1"], "queens solve"),
    (&["count", "0"], "queens count"),
    (&["count", "99"], "queens count"),
    (&["count", "8", "--threads", "0"], "queens count"),
    (&["count", "8", "--part", "3/2"], "queens count"),
    (&["count", "30"], "queens count"),
    (&["pieces", "--board", "0x0", "--queens", "1"], "queens pieces"),
    (&["pieces", "--board", "8x8", "--place", "Zz9"], "queens pieces"),
    (&["cover", "0"], "queens cover"),
    (&["cover", "8", "--queens", "9"], "queens cover"),
    (&["cover", "8", "--count", "--all"], "queens cover"),
    (&["cover", "8", "--queens", "6", "--count"], "queens cover"),
    (&["regions", "generate", "--size", "3"], "queens regions generate"),
    (&["regions", "daily", "--date", "x"], "queens regions daily"),
    (&["regions", "daily", "--date", "2026-13-01"], "queens regions daily"),
    (&["regions", "solve", "/nonexistent/puzzle"], "queens regions solve"),
    (&["play", "--backend", "script", "--size", "12"], "queens play"),
    (&["play", "--backend", "script", "--mode", "cover", "--size", "12"], "queens play"),
];

#[test]
fn every_refusal_has_one_form_the_command_what_and_where_to_look() {
    for (args, command) in REFUSED_BY_THE_COMMAND {
        let line = refused(args);
        assert!(line.starts_with(&format!("{command}: ")), "{args:?}: {line}");
        assert!(line.ends_with(&format!(" (see '{command} --help')")), "{args:?}: {line}");
        assert!(!line.contains("queens: "), "{args:?}: the command's name once: {line}");
    }
}

/// Issue 26: `queens --size 3` said `queens: ...` but `echo | queens --size 9` said
/// `queens play: ...`. A bare `queens` is `queens play`: both say so.
#[test]
fn play_options_without_the_word_play_speak_as_queens_play() {
    assert_eq!(
        refused(&["--size", "3"]),
        "queens play: --size cannot be '3': it must be from 4 to 16 (see 'queens play --help')"
    );
    assert_eq!(
        refused(&["--size", "-1"]),
        "queens play: --size cannot be '-1': it must be from 4 to 16 (see 'queens play --help')"
    );
    assert_eq!(
        refused(&["--mode", "x"]),
        format!(
            "queens play: --mode: unknown mode 'x': expected one of {} (see 'queens play --help')",
            every_mode()
        )
    );
    let out = common::bin::with_input(["--backend", "script", "--size", "9"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("queens play: --size cannot be '9': "), "{stderr}");
}

#[test]
fn a_flag_given_a_value_is_said_to_take_none() {
    for (args, flag) in [
        (&["solve", "8", "--backtrack=1"][..], "queens solve: --backtrack"),
        (&["count", "8", "--unique=yes"], "queens count: --unique"),
        (&["pieces", "--board", "8x8", "--queens", "8", "--count=true"], "queens pieces: --count"),
        (&["cover", "8", "--independent=no"], "queens cover: --independent"),
    ] {
        let line = refused(args);
        let command = flag.split(':').next().unwrap();
        assert_eq!(line, format!("{flag} takes no value (see '{command} --help')"), "{args:?}");
    }
}

#[test]
fn a_mistyped_command_gets_the_nearest_names_each_in_its_own_quotes() {
    assert_eq!(
        refused(&["slove", "8"]),
        "queens: unknown command 'slove'; did you mean 'solve'? (see 'queens --help')"
    );
    assert_eq!(
        refused(&["Solve", "8"]),
        "queens: unknown command 'Solve'; did you mean 'solve'? (see 'queens --help')"
    );
    assert_eq!(
        refused(&["verison"]),
        "queens: unknown command 'verison'; did you mean '--version'? (see 'queens --help')"
    );
    for args in [&["slove", "8"][..], &["Solve", "8"], &["verison"], &["regions", "genrate"]] {
        let line = refused(args);
        assert!(!line.contains(", "), "{args:?}: two names in one pair of quotes: {line}");
    }
}

#[test]
fn a_word_for_an_option_typed_as_a_command_is_pointed_to_the_option() {
    assert_eq!(
        refused(&["version"]),
        "queens: unknown command 'version'; did you mean '--version'? (see 'queens --help')"
    );
    assert_eq!(
        refused(&["verbose"]),
        "queens: unknown command 'verbose'; did you mean '--verbose'? (see 'queens --help')"
    );
}

#[test]
fn count_help_says_what_unique_counts() {
    let (_, help, _) = run(&["count", "--help"]);
    assert!(help.contains("distinct up to rotation and reflection"), "{help}");
    assert!(!help.contains("differ up to"), "{help}");
}

/// Issue 39: an error quoting a 100 KB argument wrote a 100 KB line. What
/// is quoted is cut to 80 characters, `...` after, wherever it is quoted:
/// by clap's errors, by our own parsers (the engine's and the command
/// line's), and for a puzzle or a link given.
#[test]
fn an_argument_of_100_kb_is_quoted_to_80_characters() {
    let huge = "x".repeat(100_000);
    let cut = format!("'{}...'", "x".repeat(80));
    let link = format!("#p={huge}.A");
    let option = format!("--{huge}");
    let cases: [&[&str]; 12] = [
        &[&huge],
        &[&option],
        &["solve", "8", &huge],
        &["solve", &huge],
        &["solve", "8", "--format", &huge],
        &["solve", "8", "--place", &huge],
        &["pieces", "--board", &huge, "--queens", "8"],
        &["--mode", &huge],
        &["regions", "daily", "--date", &huge],
        &["regions", "generate", "--difficulty", &huge],
        &["regions", "solve", &link],
        &["play", "--backend", "script", "--puzzle", &link],
    ];
    for args in cases {
        let line = refused(args);
        let shown: Vec<&str> = args.iter().map(|a| if a.len() > 100 { "<100 KB>" } else { a }).collect();
        assert!(line.len() < 400, "{shown:?}: a line of {} bytes", line.len());
        assert!(line.contains(&format!("{}...", "x".repeat(70))), "{shown:?}: {line}");
    }
    assert!(refused(&["count", &huge]).contains(&format!("N cannot be {cut}: not a whole number")));
    assert!(refused(&["count", "8", "--part", &huge]).contains(&format!("not {cut}")));
    // Files the game is given: a path of 100 KB is named cut too (a stranger's try), whatever
    // the status that refusal has (1 for the state, 78 for the config).
    let path = format!("/tmp/{huge}");
    for option in ["--config", "--state"] {
        let (code, _, stderr) = run(&["play", "--backend", "script", option, &path]);
        assert!(code.is_some_and(|c| c != 0), "{option}: {code:?} {stderr}");
        assert!(
            stderr.len() < 400 && stderr.contains(&format!("{}...", "x".repeat(70))),
            "{option}: {stderr}"
        );
    }
}
