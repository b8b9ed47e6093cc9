//! The saved state's format on disk: the engine's saved record
//! ([`SavedState::written`], [`SavedState::read`]: its keys, rules and
//! words) as TOML, one `key = value` line a value in the keys' order. The
//! version is read first, on its own, from its line as written, so that a
//! newer format is known as such however it is shaped. This file knows no
//! key: a new saved value is the engine's to add. The file itself (where
//! it is, merging, writing it) is [`super::state`]'s.

use crate::backend::clock::UtcCalendar;
use crate::game::{SavedState, Unusable, Written, check_version};

/// Whether a state file's bytes hold no keys at all: empty (`: > state.toml`),
/// or only blanks and comments. Such a file is a fresh start, as a missing
/// one is: there is nothing in it to lose by writing over it.
pub(crate) fn holds_nothing(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|text| text.parse::<toml::Table>().is_ok_and(|t| t.is_empty()))
}

/// The first line of every state file the game writes.
const HEADER: &str = "# The queens game's saved state: written by the game, safe to delete.";

/// The saved state's keys that a config file has too: a file with none
/// of the others is no state.
const CONFIG_KEYS: [&str; 4] = ["mode", "size", "auto_mark", "tilt"];

/// The keys only a saved state has: every key of the engine's table
/// ([`SavedState::keys`]) but those a config file has too.
fn own_keys() -> Vec<&'static str> {
    SavedState::keys().filter(|key| !CONFIG_KEYS.contains(key)).collect()
}

/// Why a file that is not a valid state is no saved state at all (`None`
/// when it is one, gone bad, or empty): a file the user named by mistake
/// (`--state config.toml`, `--state README.md`) is theirs, not ours to set
/// aside. A saved state begins with the line the game writes first, or
/// holds a key only a state has, in its TOML or, where the file is not
/// TOML, at the start of a line (`found = [1, 2` is a state cut short); a
/// file of only blanks holds nothing to keep.
pub(crate) fn not_a_state(bytes: &[u8]) -> Option<String> {
    if bytes.starts_with(HEADER.as_bytes()) || bytes.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let Ok(text) = std::str::from_utf8(bytes) else { return Some("it is not UTF-8 text".to_string()) };
    let own = own_keys();
    let keys = own.join(", ");
    match text.parse::<toml::Table>() {
        Ok(table) if own.iter().any(|key| table.contains_key(*key)) => None,
        Ok(table) if table.is_empty() => {
            Some(format!("it holds only comments, none of a state's keys ({keys})"))
        }
        Ok(_) => Some(format!("it holds none of a state's keys ({keys})")),
        Err(_) => {
            let keyed = |line: &str| {
                let line = line.trim_start();
                own.iter()
                    .any(|key| line.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('=')))
            };
            (!text.lines().any(keyed)).then(|| "it is not TOML".to_string())
        }
    }
}

/// The file's text for `state`.
pub fn render(state: &SavedState) -> String {
    let mut text = format!("{HEADER}\n");
    for (key, value) in state.written() {
        text += &format!("{key} = {}\n", toml_value(value));
    }
    text
}

/// A value to write, as TOML.
fn toml_value(value: Written) -> toml::Value {
    match value {
        Written::Text(text) => toml::Value::String(text),
        Written::Number(digits, _) => {
            toml::Value::Integer(digits.parse().expect("a saved number fits TOML's"))
        }
        Written::List(items) => toml::Value::Array(items.into_iter().map(toml_value).collect()),
        Written::Flag(on) => toml::Value::Boolean(on),
        Written::Other(kind) => unreachable!("{kind} is never written"),
    }
}

/// A value read, as the engine's rules take it.
fn written(value: toml::Value) -> Written {
    match value {
        toml::Value::String(text) => Written::Text(text),
        toml::Value::Integer(n) => Written::integer(n),
        toml::Value::Float(x) => Written::float(x),
        toml::Value::Array(items) => Written::List(items.into_iter().map(written).collect()),
        toml::Value::Boolean(on) => Written::Flag(on),
        toml::Value::Datetime(_) => Written::Other("a date and time"),
        toml::Value::Table(_) => Written::Other("a table"),
    }
}

/// Reads the file's bytes, as [`parse`].
pub(crate) fn parse_bytes(bytes: &[u8]) -> Result<SavedState, Unusable> {
    std::str::from_utf8(bytes).map_err(|_| Unusable::invalid("it is not UTF-8 text")).and_then(parse)
}

/// Reads the file's text, on today's date (the system clock's, UTC: a
/// streak's last day after it is not valid); the error says what is
/// wrong, in one line, or that a newer queens wrote it.
pub fn parse(text: &str) -> Result<SavedState, Unusable> {
    parse_on(text, UtcCalendar::today())
}

/// [`parse`] on the day `today` (days since 1970, UTC; `None` when the
/// date is not known, so no day is after it): the day a game was given
/// (`--date`'s, a test's) rather than the system clock's.
pub fn parse_on(text: &str, today: Option<i64>) -> Result<SavedState, Unusable> {
    // A file TOML cannot read says where (`line 4: ...`), as the config file's errors do.
    let invalid = |e: toml::de::Error| {
        let written = e.span().and_then(|span| text.get(span));
        let message = plain(e.message().trim_end(), written);
        match e.span() {
            Some(span) => Unusable::invalid(format!("line {}: {message}", line_of(text, span.start))),
            None => Unusable::invalid(message),
        }
    };
    // The version first, on its own and before any TOML is parsed: a newer
    // format may hold what this parser refuses.
    if let Some(version) = declared_version(text) {
        check_version(version)?;
    }
    let table: toml::Table = text.parse().map_err(invalid)?;
    let values = table.iter().map(|(key, value)| (key.as_str(), written(value.clone())));
    SavedState::read(values, today)
}

/// The value of the text's top-level `version = N` line (before any
/// `[table]`), as written: read without parsing the rest, which may be in a
/// newer format.
fn declared_version(text: &str) -> Option<&str> {
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            break;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        if matches!(key.trim(), "version" | "\"version\"" | "'version'") {
            // A comment after the value is not part of it.
            return Some(value.split('#').next().unwrap_or_default().trim());
        }
    }
    None
}

/// The line, counted from 1, that byte `at` of `text` is on.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The TOML parser's message in the player's words, `written` the text it is about: for a
/// number too large it names Rust's types, which say nothing to a player, and the wrong one
/// ("u64 value was too large", where TOML's integers stop at i64's largest).
fn plain(message: &str, written: Option<&str>) -> String {
    let number = if message.contains(" as i128") || message.contains(" as u128") {
        message.split('`').nth(1).unwrap_or("a number")
    } else if let Some(number) =
        written.map(str::trim).filter(|n| !n.is_empty() && message.ends_with("value was too large"))
    {
        number
    } else {
        return message.to_string();
    };
    format!("{number} is too large a number")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{BoardSize, InPlay, ModeKind, Progress};

    /// A state with something in every value a version 1 file holds.
    pub(crate) fn sample() -> SavedState {
        let progress = Progress::from_found([0, 5, 91]).unwrap().with_streak(20_417, 3);
        SavedState {
            mode: ModeKind::Strict,
            size: BoardSize::try_from(6).unwrap(),
            progress,
            ..SavedState::default()
        }
    }

    /// A state file as the game wrote it before the format had a version.
    pub(crate) const BEFORE_VERSIONS: &str = "# The queens game's saved state: written by the game, safe to delete.\n\
        mode = \"strict\"\nsize = 6\nfound = [0, 5, 91]\ndaily_solved = \"2025-11-25\"\ndaily_streak = 3\n";

    #[test]
    fn a_file_with_none_of_the_states_own_keys_is_no_state() {
        // Every key the file writes but `mode` and `size`, which a config file has too.
        let best = crate::game::BestTimes::from_saved([(1, 2)], Some(2));
        let full = SavedState { regions: Some(InPlay { size: 7, seed: 1 }), best, ..sample() };
        let text = render(&full);
        let keys: Vec<&str> = text.lines().filter_map(|l| l.split_once(" = ")).map(|(k, _)| k).collect();
        let own: Vec<&str> = keys.into_iter().filter(|k| !matches!(*k, "mode" | "size")).collect();
        assert_eq!(
            own.iter().collect::<std::collections::BTreeSet<_>>(),
            own_keys().iter().collect(),
            "{text}"
        );
        for state in [
            text.as_str(),
            BEFORE_VERSIONS,
            "found = [1, 2",
            "# The queens game's saved state: written by the game, safe to delete.\n\0\0",
            "",
            " \n\n",
            "mode = 3\nversion = 9\n",
        ] {
            assert_eq!(not_a_state(state.as_bytes()), None, "{state:?}");
        }
        for (not, why) in [
            ("# queens\n\nThe eight queens puzzle", "it is not TOML"),
            (
                "rotation = 90\nmode = \"strict\"\n",
                "it holds none of a state's keys (version, found, daily_solved, daily_streak, regions_puzzle, best_times, daily_best)",
            ),
            (
                "# my notes\n#found = []\n",
                "it holds only comments, none of a state's keys (version, found, daily_solved, daily_streak, regions_puzzle, best_times, daily_best)",
            ),
        ] {
            assert_eq!(not_a_state(not.as_bytes()).as_deref(), Some(why), "{not:?}");
        }
        assert_eq!(not_a_state(b"\xff\xfe").as_deref(), Some("it is not UTF-8 text"));
    }

    #[test]
    fn a_state_survives_the_round_trip() {
        let text = render(&sample());
        assert!(text.contains("mode = \"strict\""), "{text}");
        assert!(text.contains("daily_solved = \"2025-11-25\"\ndaily_streak = 3"), "{text}");
        assert_eq!(parse(&text), Ok(sample()));
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        for (text, why) in [
            (
                "mode = \"classic\"\nsize = 8\n",
                "there is no \"found\": a saved state has mode, size and found",
            ),
            ("mode = \"fast\"\nsize = 8\nfound = []\n", "unknown mode 'fast'"),
            ("mode = \"classic\"\nsize = 99\nfound = []\n", "size cannot be '99'"),
            ("mode = \"classic\"\nsize = 8\nfound = [92]\n", "above 91"),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\nextra = 1\n",
                "unknown key 'extra': the keys are version, ",
            ),
            ("\u{0}\u{1}garbage", "is not valid"),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\ndaily_solved = \"2026-02-30\"\ndaily_streak = 2\n",
                "not a date",
            ),
            ("mode = \"classic\"\nsize = 8\nfound = []\ndaily_streak = 2\n", "go together"),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\ndaily_solved = \"2026-02-03\"\ndaily_streak = 0\n",
                "1 or more",
            ),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\ndaily_solved = \"2026-02-03\"\ndaily_streak = -3\n",
                "1 or more",
            ),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\ndaily_solved = \"2026-02-03\"\ndaily_streak = 9999999999\n",
                "daily_streak is too large (at most 4294967295 days)",
            ),
        ] {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(why), "{text:?}: {err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
    }

    #[test]
    fn a_file_without_a_version_is_version_one_and_loses_nothing() {
        assert_eq!(parse(BEFORE_VERSIONS), Ok(sample()));
        assert!(render(&sample()).contains("\nversion = 1\n"), "{}", render(&sample()));
        let with_version = BEFORE_VERSIONS.replace("mode =", "version = 1\nmode =");
        assert_eq!(parse(&with_version), Ok(sample()));
        assert_eq!(
            parse(&with_version.replace("version = 1", "version = 0")).unwrap_err().to_string(),
            "is not valid: version 0 is not a version (1 or more)"
        );
    }

    #[test]
    fn a_regions_puzzle_in_play_is_version_2_and_reads_back() {
        let in_play = InPlay { size: 7, seed: 0x0123_4567_89ab_cdef };
        let state = SavedState {
            mode: ModeKind::Regions,
            size: BoardSize::try_from(7).unwrap(),
            regions: Some(in_play),
            ..sample()
        };
        let text = render(&state);
        assert!(
            text.contains("version = 2\n") && text.contains("regions_puzzle = \"7:0123456789abcdef\"\n"),
            "{text}"
        );
        assert_eq!(parse(&text), Ok(state));
        // Without one, version 1: an older queens goes on saving it.
        assert!(render(&sample()).contains("version = 1\n"));
        for wrong in ["7", "4:0123456789abcdef", "7:0123", "7:0123456789abcdeg", "x:0123456789abcdef"] {
            let bad = text.replace("7:0123456789abcdef", wrong);
            let err = parse(&bad).unwrap_err().to_string();
            assert!(
                err.starts_with("is not valid: regions_puzzle") && err.contains("SIZE:SEED"),
                "{wrong}: {err}"
            );
        }
    }

    #[test]
    fn a_newer_version_is_known_before_the_rest_is_parsed() {
        // The version after this build's.
        let next = crate::game::STATE_VERSION + 1;
        for text in [
            format!(
                "version = {next}\nmode = \"classic\"\nsize = 8\nfound = [3]\nhints = {{{{ nested ][ }}}}\n"
            ),
            "# a comment first\nversion = 99999999999999999999 # far ahead\nmode = \"classic\"\n".into(),
            format!("version = {next}\n[[boards]]\ngarbage ][\n"),
        ] {
            let text = text.as_str();
            let err = parse(text).unwrap_err();
            assert!(matches!(err, Unusable::Newer(_)), "{text:?}: {err}");
        }
        // A version key inside a table is not the file's.
        assert!(matches!(parse("[extra]\nversion = 3\n"), Err(Unusable::Invalid(_))));
    }

    #[test]
    fn messages_name_no_rust_types() {
        for (text, why) in [
            (
                "mode = \"classic\"\nsize = 99999999999999999999\nfound = []\n",
                "line 2: 99999999999999999999 is too large a number",
            ),
            (
                "mode = \"classic\"\nsize = 8\nfound = []\ndaily_streak = 18446744073709551615\n",
                "line 4: 18446744073709551615 is too large a number",
            ),
            (
                "mode = \"classic\"\nsize = \"8\"\nfound = []\n",
                "\"size\" is a string: expected a whole number",
            ),
            (
                "mode = \"classic\"\nsize = 8\nfound = 3\n",
                "\"found\" is a number: expected a list of whole numbers",
            ),
        ] {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(why), "{text:?}: {err}");
            for rust in ["i128", "usize", "i64", "sequence"] {
                assert!(!err.contains(rust), "{text:?}: {err}");
            }
        }
    }
}
