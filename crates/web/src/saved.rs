//! The player's progress as the page keeps it in `localStorage`: the
//! engine's [`SavedState`] (the state file's values, under its keys and its
//! rules) as JSON: `{"version":1,"mode":"classic","size":8,"found":[0,17]}`,
//! with `"daily_solved":"2026-11-25","daily_streak":3` once a puzzle of the
//! day was solved (regions mode), and `"regions_puzzle":"7:00ff..."` while
//! a regions puzzle other than the day's is in play, unsolved (version 2
//! only then, as the state file: [`SavedState::version`]). A value without
//! `version` is version 1; one from a newer queens is left alone and the
//! game is played without keeping progress.
//!
//! The page hands the stored text to this crate as it is: the engine reads
//! and writes the JSON ([`SavedState::from_json`], [`SavedState::to_json`]),
//! with the state file's keys, rules and words, the version first and from
//! its digits as written (`JSON.parse` would round one past 2^53). A value
//! that breaks a rule is not used; the page sets it aside.
//!
//! Other tabs keep their progress under the same key: before each store
//! the page reads what is stored now, and what is stored is the two merged
//! by the engine's save book ([`SaveBook::merged`]), so no tab loses
//! another's solutions, nor the mode and size another tab chose while this
//! one chose none. The regions puzzle in play is this tab's, never another
//! tab's ([`PuzzleInPlay::OnShow`]).
//!
//! [`SavedState::version`]: queens_engine::game::SavedState::version
//! [`SavedState::to_json`]: queens_engine::game::SavedState::to_json
//! [`SaveBook::merged`]: queens_engine::game::SaveBook::merged
//! [`PuzzleInPlay::OnShow`]: queens_engine::game::PuzzleInPlay::OnShow

use queens_engine::game::{SavedState, Unusable};

/// Reads the stored JSON on day `today` (the page's date, UTC, if known:
/// a streak's last day after it is not valid). The error says what is
/// wrong, in the engine's words, as the state file's does, or that a newer
/// queens stored it.
pub fn read(stored: &str, today: Option<i64>) -> Result<SavedState, Unusable> {
    SavedState::from_json(stored, today)
}

/// The JSON the page stores for `state`.
pub fn to_json(state: &SavedState) -> String {
    state.to_json()
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{BoardSize, InPlay, ModeKind, Progress};

    fn size(n: usize) -> BoardSize {
        BoardSize::try_from(n).unwrap()
    }

    /// [`super::read`] with no date known, as on the host: no day is to come.
    fn read(stored: &str) -> Result<SavedState, Unusable> {
        super::read(stored, None)
    }

    #[test]
    fn what_is_stored_reads_back_the_same() {
        let saved = SavedState {
            mode: ModeKind::Strict,
            size: size(12),
            progress: Progress::from_found([0, 91]).unwrap(),
            ..SavedState::default()
        };
        let json = r#"{"version":1,"mode":"strict","size":12,"found":[0,91]}"#;
        assert_eq!(to_json(&saved), json);
        assert_eq!(read(json), Ok(saved.clone()));
        // As a person or an older page may write it: no version, blanks, numbers in any JSON form.
        assert_eq!(
            read(" {\n\"found\": [ 0, 9.1e1 ], \"size\": 1.2e1, \"mode\": \"str\\u0069ct\"} "),
            Ok(saved.clone())
        );
        assert_eq!(
            read(r#"{"mode":"classic","size":8,"found":[]}"#),
            Ok(SavedState { size: size(8), ..SavedState::default() })
        );
        let daily = SavedState {
            mode: ModeKind::Regions,
            progress: Progress::default().with_streak(20_417, 3),
            ..saved
        };
        let json = r#"{"version":1,"mode":"regions","size":12,"found":[],"daily_solved":"2025-11-25","daily_streak":3}"#;
        assert_eq!(to_json(&daily), json);
        assert_eq!(read(json), Ok(daily));
    }

    #[test]
    fn a_regions_puzzle_in_play_is_version_2_and_reads_back() {
        let in_play = InPlay { size: 7, seed: 0x0123_4567_89ab_cdef };
        let progress = Progress::from_found([5]).unwrap().with_streak(20_417, 2);
        let regions = SavedState { mode: ModeKind::Regions, size: size(7), ..SavedState::default() };
        let saved = SavedState { progress, regions: Some(in_play), ..regions };
        let json = r#"{"version":2,"mode":"regions","size":7,"found":[5],"daily_solved":"2025-11-25","daily_streak":2,"regions_puzzle":"7:0123456789abcdef"}"#;
        assert_eq!(to_json(&saved), json);
        assert_eq!(read(json), Ok(saved));
        assert_eq!(
            read(r#"{"mode":"regions","size":7,"found":[],"regions_puzzle":"4:0123456789abcdef"}"#)
                .map_err(|e| e.to_string()),
            Err("is not valid: regions_puzzle \"4:0123456789abcdef\" is not SIZE:SEED (a size 5 to 12, 16 hex digits)"
                .to_string())
        );
    }

    #[test]
    fn values_that_break_the_saved_states_rules_are_refused_in_words() {
        // Every mode's name, as the unknown-mode line lists them: a mode added is named without an edit here.
        let modes: Vec<&str> = ModeKind::ALL.iter().map(|m| m.name()).collect();
        let unknown =
            |name: &str| format!("is not valid: unknown mode '{name}': expected one of {}", modes.join(", "));
        let (chess, empty) = (unknown("chess"), unknown(""));
        let cases = [
            (r#"{"mode":"chess","size":8,"found":[]}"#, chess.as_str()),
            (
                r#"{"mode":"classic","size":3,"found":[]}"#,
                "is not valid: size cannot be '3': it must be from 4 to 16",
            ),
            (
                r#"{"mode":"classic","size":17,"found":[]}"#,
                "is not valid: size cannot be '17': it must be from 4 to 16",
            ),
            (
                r#"{"mode":"classic","size":-8,"found":[]}"#,
                "is not valid: size cannot be '-8': it must be from 4 to 16",
            ),
            (
                r#"{"mode":"classic","size":1e30,"found":[]}"#,
                "is not valid: size cannot be '1e30': it must be from 4 to 16",
            ),
            (
                &format!(r#"{{"mode":"classic","size":{},"found":[]}}"#, "9".repeat(100_000)),
                &format!("is not valid: size cannot be '{}...': it must be from 4 to 16", "9".repeat(80)),
            ),
            (
                r#"{"mode":"classic","size":8.5,"found":[]}"#,
                "is not valid: size cannot be '8.5': not a whole number",
            ),
            (
                r#"{"mode":"cover","size":8,"found":[92]}"#,
                "is not valid: 'found' lists a solution number above 91",
            ),
            (
                r#"{"mode":"cover","size":8,"found":[-1]}"#,
                "is not valid: 'found' lists a solution number above 91",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"daily_solved":"2026-02-30","daily_streak":2}"#,
                "is not valid: daily_solved \"2026-02-30\" is not a date (YYYY-MM-DD)",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"daily_solved":"2026-02-03","daily_streak":0}"#,
                "is not valid: daily_streak must be 1 or more",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"daily_solved":"2026-02-03"}"#,
                "is not valid: daily_solved and daily_streak go together",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"daily_solved":"2026-02-03","daily_streak":99999999999999999999}"#,
                "is not valid: daily_streak is too large (at most 4294967295 days)",
            ),
            (r#"{"mode":"","size":8,"found":[]}"#, empty.as_str()),
        ];
        for (json, why) in cases {
            assert_eq!(read(json).map_err(|e| e.to_string()), Err(why.to_string()), "{json}");
        }
    }

    /// What the page's own check of the JSON's shape (in JavaScript) said
    /// before, now said here: each a line beginning "is not valid".
    #[test]
    fn a_value_of_the_wrong_shape_is_refused_in_words() {
        let cases = [
            (
                "{not json",
                "is not valid: it is not JSON: 'n' where a key in double quotes should be (line 1, column 2)",
            ),
            ("", "is not valid: it is not JSON: it ends where a value should be (line 1, column 1)"),
            ("[]", "is not valid: it is a list, not an object"),
            ("null", "is not valid: it is null, not an object"),
            (
                r#"{"mode":"classic","size":8}"#,
                "is not valid: there is no \"found\": a saved state has mode, size and found",
            ),
            (r#"{}"#, "is not valid: there is no \"mode\": a saved state has mode, size and found"),
            (r#"{"mode":8,"size":8,"found":[]}"#, "is not valid: \"mode\" is a number: expected a name"),
            (
                r#"{"mode":"classic","size":"8","found":[]}"#,
                "is not valid: \"size\" is a string: expected a whole number",
            ),
            (
                r#"{"mode":"classic","size":8,"found":3}"#,
                "is not valid: \"found\" is a number: expected a list of whole numbers",
            ),
            (
                r#"{"mode":"classic","size":8,"found":["1"]}"#,
                "is not valid: \"found\" lists a string: expected whole numbers",
            ),
            (
                r#"{"mode":"classic","size":8,"found":[1.5]}"#,
                "is not valid: \"found\" lists 1.5, not a whole number",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"daily_solved":null,"daily_streak":2}"#,
                "is not valid: \"daily_solved\" is null: expected a date (YYYY-MM-DD)",
            ),
            (
                r#"{"mode":"regions","size":8,"found":[],"regions_puzzle":7}"#,
                "is not valid: \"regions_puzzle\" is a number: expected SIZE:SEED",
            ),
            (
                r#"{"mode":"strict","mode":"classic","size":8,"found":[]}"#,
                "is not valid: \"mode\" is given twice",
            ),
        ];
        for (json, why) in cases {
            assert_eq!(read(json).map_err(|e| e.to_string()), Err(why.to_string()), "{json}");
        }
        // The key named, then the keys there are (a new one added at the end).
        let unknown = read(r#"{"mode":"classic","size":8,"found":[],"extra":1}"#).unwrap_err().to_string();
        let named =
            "is not valid: unknown key 'extra': the keys are version, mode, size, found, daily_solved, ";
        assert!(unknown.starts_with(named), "{unknown}");
    }

    #[test]
    fn the_version_is_judged_first_from_its_digits_as_written() {
        // 2^53 + 1, which JSON.parse reads as 2^53; and one past 10^21, which it writes as 1e+23:
        // newer, whatever the rest holds.
        for (json, written) in [
            (r#"{"version":9007199254740993,"mode":"classic","size":8,"found":[]}"#, "9007199254740993"),
            (r#"{"mode":"x","version":99999999999999999999999}"#, "99999999999999999999999"),
            (r#"{"version":99999999999999999999999,"found":"a newer shape"}"#, "99999999999999999999999"),
            (r#" { "found" : [1, {"version": 2}], "version" : 7 } "#, "7"),
            (r#"{"\u0076ersion":6}"#, "6"),
            (r#"{"version":1,"version":6}"#, "6"),
        ] {
            assert_eq!(read(json), Err(Unusable::Newer(written.into())), "{json}");
        }
        for (json, why) in [
            (r#"{"version":3.0,"mode":"classic","size":8,"found":[]}"#, "version is not a whole number"),
            (r#"{"note":"a \"version\": 5","version":"3"}"#, "version is not a whole number"),
            (r#"{"version":null}"#, "version is not a whole number"),
            (r#"{"version":2.5}"#, "version is not a whole number"),
            (r#"{"version":0}"#, "version 0 is not a version (1 or more)"),
            (r#"{"version":-3}"#, "version -3 is not a version (1 or more)"),
        ] {
            assert_eq!(read(json), Err(Unusable::invalid(why)), "{json}");
        }
        for readable in [
            r#"{"version":5,"mode":"classic","size":8,"found":[]}"#,
            r#"{"version":2,"mode":"classic","size":8,"found":[]}"#,
            r#"{"version":1,"mode":"classic","size":8,"found":[]}"#,
        ] {
            assert!(read(readable).is_ok(), "{readable}");
        }
    }

    #[test]
    fn a_value_from_a_newer_queens_is_not_used_and_said_so() {
        let newer = read(r#"{"version":6}"#).unwrap_err();
        assert_eq!(newer, Unusable::Newer("6".into()));
        assert!(newer.to_string().ends_with("progress will not be saved"), "{newer}");
    }

    /// Every released format of the page's value loads, with nothing lost.
    #[test]
    fn the_released_fixtures_read() {
        let fixture = |name| {
            std::fs::read_to_string(format!(
                "{}/../../tests/fixtures/state/{name}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap()
        };
        for name in ["page-unversioned.json", "page-v1.json", "page-v2.json", "page-v5.json"] {
            let stored = fixture(name);
            let saved = read(&stored).unwrap_or_else(|why| panic!("{name}: {why}"));
            // Written back key for key, the version added where there was none.
            let versioned = match stored.starts_with(r#"{"version""#) {
                true => stored.trim_end().to_string(),
                false => stored.trim_end().replacen('{', r#"{"version":1,"#, 1),
            };
            assert_eq!(to_json(&saved), versioned, "{name}");
        }
        assert!(matches!(read(&fixture("page-v99-future.json")), Err(Unusable::Newer(_))));
    }
}
