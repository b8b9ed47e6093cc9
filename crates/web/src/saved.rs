//! The player's progress as the page keeps it in `localStorage`: the
//! engine's [`SavedState`] (the state file's values, under its keys and its
//! rules) as JSON: `{"version":1,"mode":"classic","size":8,"found":[0,17]}`,
//! with `"daily_solved":"2026-11-25","daily_streak":3` once a puzzle of the
//! day was solved (regions mode), and `"regions_puzzle":"7:00ff..."` while
//! a regions puzzle other than the day's is in play, unsolved (version 2
//! only then, as the state file: [`SavedFields::version`]). A value without
//! `version` is version 1; one from a newer queens is left alone and the
//! game is played without keeping progress.
//!
//! Other tabs keep their progress under the same key: before each store
//! the page reads what is stored now, and what is stored is the two merged
//! ([`merged`]), so no tab loses another's solutions, nor the mode and size
//! another tab chose while this one chose none. The regions puzzle in play
//! is this tab's, never another tab's.
//!
//! The version comes first, read here from the JSON as written
//! ([`unreadable_version`]) and judged by the engine's rule, the state
//! file's: a newer queens's value is left alone however its version is
//! written, and its shape is not judged. The page then parses the JSON and
//! checks its shape (an object with exactly these keys, of these types);
//! the values are checked by the engine
//! ([`SavedState::read`]), by the rules the state file's follow and in the
//! same words: a known mode, a size some mode plays, solution numbers of
//! the 92, a real date and a streak of at least one day, and the regions
//! puzzle's `SIZE:SEED`. A value that breaks a rule is not used.
//!
//! [`SavedFields::version`]: queens_engine::game::SavedFields::version

use queens_engine::game::{Choices, ModeKind, SavedState, SavedText, Unusable, check_version};
use queens_engine::regions::json;

/// This tab's state over `stored` (another tab's, kept since this one last
/// looked), merged as the state file merges ([`SavedState::merged`]: the
/// progress of both, this tab's mode and size if it chose them, changed
/// from `as_of`, what it had when it last stored or started, else
/// `stored`'s), except that the regions puzzle in play is always this
/// tab's: the one it shows is the one a reload shows again
/// (`scripts/web-test` holds the page to that). What to store.
pub fn merged(ours: &SavedState, as_of: (ModeKind, usize), stored: &SavedState) -> SavedState {
    let as_of = Choices { mode: as_of.0, size: as_of.1, regions: ours.regions };
    SavedState { regions: ours.regions, ..ours.merged(&as_of, stored) }
}

/// Reads the fields the page took out of the JSON, separated by spaces:
/// the version if there is one (`version:1`; the page gives one alone,
/// from [`unreadable_version`], when this build cannot read it), the mode, the size, the
/// streak if there is one (`daily:2026-11-25:3`), the regions puzzle in
/// play if there is one (`regions:7:00ff...`), then the solution numbers
/// found (`classic 8 0 17`). The error says what is wrong, in the engine's
/// words, as the state file's does, or that a newer queens stored it (the
/// page then passes the version alone).
pub fn parse(fields: &str) -> Result<SavedState, Unusable> {
    let mut words = fields.split_whitespace().peekable();
    if let Some(version) = words.peek().and_then(|w| w.strip_prefix("version:")) {
        check_version(version)?;
        words.next();
    }
    let mode = words.next().unwrap_or_default();
    let size = words.next().unwrap_or_default();
    let daily = words.next_if(|w| w.starts_with("daily:")).map(|w| {
        let daily = &w["daily:".len()..];
        daily.rsplit_once(':').unwrap_or((daily, ""))
    });
    let regions_puzzle = words.next_if(|w| w.starts_with("regions:")).map(|w| &w["regions:".len()..]);
    SavedState::read(SavedText {
        mode,
        size,
        daily_solved: daily.map(|(date, _)| date),
        daily_streak: daily.map(|(_, days)| days),
        regions_puzzle,
        found: words.map(|w| w.parse().ok()).collect(),
    })
}

/// What the page gives [`parse`] in place of the fields of the stored JSON
/// `json` when its top-level `version`, as written, is one this build does
/// not read: a newer queens's, or not a version. It is `version:N`, which
/// [`parse`] refuses and says which, by the engine's rule
/// ([`check_version`], the state file's too), before the rest, which a
/// newer format may shape otherwise, is judged. `None` when there is no
/// version or this build reads it: the page then checks the rest.
pub fn unreadable_version(json: &str) -> Option<String> {
    declared_version(json).filter(|v| check_version(v).is_err()).map(|v| format!("version:{v}"))
}

/// The value of the JSON object's top-level `version` member as written
/// (`2`, `99999999999999999999`, `"3"`, `2.5`), the last if it is there
/// twice, as `JSON.parse` takes it: read without parsing the rest, as the
/// state file reads its `version = N` line, for `JSON.parse` rounds a
/// number past 2^53 and writes one of 10^21 or more as `1e+21`. `None`
/// without one, or for text that is not a JSON object.
pub fn declared_version(json: &str) -> Option<&str> {
    let mut scan = Scan { text: json, at: 0 };
    let mut version = None;
    scan.expect(b'{')?;
    if scan.eat(b'}') {
        return None;
    }
    loop {
        let key = scan.string()?;
        scan.expect(b':')?;
        let value = scan.value()?;
        if json::string_value(key).as_deref() == Some("version") {
            version = Some(value);
        }
        if scan.eat(b'}') {
            return version;
        }
        scan.expect(b',')?;
    }
}

/// A walk through JSON text, a token at a time, blanks skipped.
struct Scan<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scan<'a> {
    /// The next byte after any blanks, not taken.
    fn peek(&mut self) -> Option<u8> {
        let rest = &self.text.as_bytes()[self.at..];
        self.at += rest.iter().take_while(|&&b| b" \t\n\r".contains(&b)).count();
        self.text.as_bytes().get(self.at).copied()
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        self.at += usize::from(next);
        next
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.eat(byte).then_some(())
    }

    /// A string, quotes included, as written.
    fn string(&mut self) -> Option<&'a str> {
        (self.peek()? == b'"').then_some(())?;
        let start = self.at;
        let mut escaped = false;
        for (i, b) in self.text.bytes().enumerate().skip(start + 1) {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => {
                    self.at = i + 1;
                    return Some(&self.text[start..self.at]);
                }
                _ => {}
            }
        }
        None
    }

    /// Any value, as written: a string, an object or array whole, or a
    /// number or literal up to the next delimiter.
    fn value(&mut self) -> Option<&'a str> {
        let start = match self.peek()? {
            b'"' => return self.string(),
            b'{' | b'[' => self.at,
            _ => {
                let start = self.at;
                let rest = &self.text.as_bytes()[start..];
                self.at += rest.iter().take_while(|&&b| !b",:{}[]\" \t\n\r".contains(&b)).count();
                return (self.at > start).then(|| &self.text[start..self.at]);
            }
        };
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => depth -= 1,
                _ => {}
            }
            self.at += 1;
            if depth == 0 {
                return Some(&self.text[start..self.at]);
            }
        }
    }
}

/// The JSON the page stores for `state`.
pub fn to_json(state: &SavedState) -> String {
    let fields = state.fields();
    let found: Vec<String> = fields.found.iter().map(|i| i.to_string()).collect();
    let daily = match (fields.daily_solved, fields.daily_streak) {
        (Some(date), Some(days)) => format!(r#","daily_solved":"{date}","daily_streak":{days}"#),
        _ => String::new(),
    };
    let regions = match fields.regions_puzzle {
        Some(in_play) => format!(r#","regions_puzzle":"{in_play}""#),
        None => String::new(),
    };
    format!(
        r#"{{"version":{},"mode":"{}","size":{},"found":[{}]{daily}{regions}}}"#,
        fields.version,
        fields.mode,
        fields.size,
        found.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{InPlay, Progress};

    #[test]
    fn what_is_stored_reads_back_the_same() {
        let saved = SavedState {
            mode: ModeKind::Strict,
            size: 12,
            progress: Progress::from_found([0, 91]).unwrap(),
            regions: None,
        };
        assert_eq!(to_json(&saved), r#"{"version":1,"mode":"strict","size":12,"found":[0,91]}"#);
        assert_eq!(parse("version:1 strict 12 0 91"), Ok(saved));
        assert_eq!(parse("strict 12 0 91"), Ok(saved));
        assert_eq!(parse("classic 8"), Ok(SavedState { size: 8, ..SavedState::default() }));
        let daily = SavedState {
            mode: ModeKind::Regions,
            progress: Progress::default().with_streak(20_417, 3),
            ..saved
        };
        assert_eq!(
            to_json(&daily),
            r#"{"version":1,"mode":"regions","size":12,"found":[],"daily_solved":"2025-11-25","daily_streak":3}"#
        );
        assert_eq!(parse("regions 12 daily:2025-11-25:3"), Ok(daily));
    }

    #[test]
    fn a_regions_puzzle_in_play_is_version_2_and_reads_back() {
        let in_play = InPlay { size: 7, seed: 0x0123_4567_89ab_cdef };
        let saved = SavedState {
            mode: ModeKind::Regions,
            size: 7,
            progress: Progress::from_found([5]).unwrap().with_streak(20_417, 2),
            regions: Some(in_play),
        };
        assert_eq!(
            to_json(&saved),
            r#"{"version":2,"mode":"regions","size":7,"found":[5],"daily_solved":"2025-11-25","daily_streak":2,"regions_puzzle":"7:0123456789abcdef"}"#
        );
        assert_eq!(parse("version:2 regions 7 daily:2025-11-25:2 regions:7:0123456789abcdef 5"), Ok(saved));
        assert_eq!(
            parse("regions 7 regions:4:0123456789abcdef").map_err(|e| e.to_string()),
            Err("is not valid: regions_puzzle \"4:0123456789abcdef\" is not SIZE:SEED (a size 5 to 12, 16 hex digits)"
                .to_string())
        );
        // Another tab's puzzle is its own: this tab stores the one it plays, or none.
        let other = SavedState { regions: Some(InPlay { size: 9, seed: 1 }), ..saved };
        assert_eq!(merged(&saved, (saved.mode, saved.size), &other).regions, Some(in_play));
        assert_eq!(
            merged(&SavedState { regions: None, ..saved }, (saved.mode, saved.size), &other).regions,
            None
        );
    }

    #[test]
    fn values_that_break_the_saved_states_rules_are_refused_in_words() {
        let cases = [
            (
                "chess 8",
                "is not valid: unknown mode 'chess': expected one of classic, strict, cover, regions",
            ),
            ("classic 3", "is not valid: size cannot be '3': it must be from 4 to 16"),
            ("classic 17", "is not valid: size cannot be '17': it must be from 4 to 16"),
            ("classic 8.5", "is not valid: size cannot be '8.5': not a whole number"),
            ("cover 8 92", "is not valid: 'found' lists a solution number above 91"),
            ("cover 8 -1", "is not valid: 'found' lists a solution number above 91"),
            (
                "regions 8 daily:2026-02-30:2",
                "is not valid: daily_solved \"2026-02-30\" is not a date (YYYY-MM-DD)",
            ),
            ("regions 8 daily:2026-02-03:0", "is not valid: daily_streak must be 1 or more"),
            ("regions 8 daily:2026-02-03", "is not valid: daily_streak \"\" is not a whole number"),
            (
                "regions 8 daily:2026-02-03:99999999999999999999",
                "is not valid: daily_streak is too large (at most 4294967295 days)",
            ),
            ("", "is not valid: unknown mode '': expected one of classic, strict, cover, regions"),
        ];
        for (fields, why) in cases {
            assert_eq!(parse(fields).map_err(|e| e.to_string()), Err(why.to_string()), "{fields}");
        }
    }

    #[test]
    fn the_version_is_read_as_written_where_json_parse_would_round_it() {
        // 2^53 + 1, which JSON.parse reads as 2^53; and one past 10^21, which it writes as 1e+23.
        for (json, written) in [
            (r#"{"version":9007199254740993,"mode":"classic","size":8,"found":[]}"#, "9007199254740993"),
            (r#"{"mode":"x","version":99999999999999999999999}"#, "99999999999999999999999"),
            (r#" { "found" : [1, {"version": 7}], "version" : 2 } "#, "2"),
            (r#"{"note":"a \"version\": 5","version":"3"}"#, r#""3""#),
            (r#"{"\u0076ersion":2.5}"#, "2.5"),
            (r#"{"version":1,"version":4}"#, "4"),
        ] {
            assert_eq!(declared_version(json), Some(written), "{json}");
        }
        for none in [r#"{"mode":"classic","size":8,"found":[]}"#, "{}", "[]", r#""version""#, "{not json"] {
            assert_eq!(declared_version(none), None, "{none}");
        }
    }

    #[test]
    fn a_version_this_build_cannot_read_is_judged_alone_by_the_engines_rule() {
        let judged = |json: &str| unreadable_version(json).map(|fields| parse(&fields).unwrap_err());
        assert_eq!(
            judged(r#"{"version":99999999999999999999999,"found":"a newer shape"}"#),
            Some(Unusable::Newer("99999999999999999999999".into()))
        );
        assert_eq!(
            judged(r#"{"version":9007199254740993}"#),
            Some(Unusable::Newer("9007199254740993".into())),
            "its digits, not 2^53's"
        );
        assert_eq!(
            judged(r#"{"version":3.0,"mode":"classic","size":8,"found":[]}"#),
            Some(Unusable::invalid("version is not a whole number")),
            "as the state file's version = 3.0"
        );
        assert_eq!(
            judged(r#"{"version":0}"#),
            Some(Unusable::invalid("version 0 is not a version (1 or more)"))
        );
        for readable in [r#"{"version":2,"mode":"regions"}"#, r#"{"version":1}"#, r#"{"mode":"classic"}"#] {
            assert_eq!(unreadable_version(readable), None, "{readable}: the page checks the rest");
        }
    }

    #[test]
    fn a_value_from_a_newer_queens_is_not_used_and_said_so() {
        let newer = parse("version:3").unwrap_err();
        assert_eq!(newer, Unusable::Newer("3".into()));
        assert!(newer.to_string().ends_with("progress will not be saved"), "{newer}");
        assert_eq!(
            parse("version:0 classic 8").map_err(|e| e.to_string()),
            Err("is not valid: version 0 is not a version (1 or more)".to_string())
        );
    }
}
