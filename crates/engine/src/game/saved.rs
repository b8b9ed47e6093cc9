//! What every saved state (the state file, the page's storage) shares: the
//! values kept ([`SavedState`]), their keys ([`KEYS`]), the version of their
//! format, the rules the values follow, and what to say about a state this
//! build cannot use. The state file (TOML) only encodes [`SavedFields`] and
//! decodes [`SavedText`]; the page's JSON is written and read here
//! ([`SavedFields::to_json`], [`SavedState::from_json`]). Every rule and
//! every word said about a bad value is here, so both say the same.
//!
//! A new saved value is a field of [`SavedState`], [`SavedFields`] and
//! [`SavedText`], its key in [`KEYS`] and its JSON forms here, its rule in
//! [`SavedState::read`], and its TOML form in the state file's format.

use super::engine::Engine;
use super::frame::MAX_SIDE;
use super::in_play::InPlay;
use super::modes::ModeKind;
use super::progress::Progress;
use super::size::check_size;
use crate::json::{self, Value, Whole, json_string};
use crate::regions::generate::{date_string, parse_date};
use crate::words::{quoted, shown};
use std::fmt::{self, Write as _};

/// The newest version of the saved state's format this build reads. A
/// saved state without a version is version 1 (what was written before
/// versions were). Raise it when what is saved changes, so that an older
/// build leaves a newer state alone instead of judging it corrupt (it
/// refuses keys it does not know). Version 2 added the regions puzzle in
/// play (`regions_puzzle`); a state is written in the oldest version that
/// holds it ([`SavedFields::version`]), so an older build goes on saving a state
/// that holds nothing new.
pub const STATE_VERSION: u32 = 2;

/// The keys of a saved state, in the order they are written: the state
/// file's and the page's. `version`, `mode`, `size` and `found` are always
/// written; a state without `version` is version 1.
const KEYS: [&str; 7] =
    ["version", "mode", "size", "found", "daily_solved", "daily_streak", "regions_puzzle"];

/// The version a saved state is written in: 2 when it keeps a regions
/// puzzle in play, else 1.
fn version_for(keeps_a_puzzle: bool) -> u32 {
    if keeps_a_puzzle { 2 } else { 1 }
}

/// Why a saved state was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// It breaks a rule of the format (the text says which, beginning
    /// "is not valid"): it is set aside, and the game starts afresh.
    Invalid(String),
    /// A newer build wrote it, in a format of this version (its digits as
    /// written, which may be too many for any integer type): it is neither
    /// set aside nor replaced, and the game is played without saving.
    Newer(String),
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Invalid(why) => f.write_str(why),
            Unusable::Newer(version) => write!(
                f,
                "was written by a newer queens (format version {version}, this one reads up to {STATE_VERSION}); progress will not be saved"
            ),
        }
    }
}

impl Unusable {
    /// An [`Unusable::Invalid`] saying `why` the state is not valid.
    pub fn invalid(why: impl fmt::Display) -> Unusable {
        Unusable::Invalid(format!("is not valid: {why}"))
    }
}

/// Whether a saved state of format `version`, as its text gives it, can be
/// read by this build. Read before the rest of the state and leniently, so
/// that a newer state is known as such even when this build cannot read the
/// rest: any run of digits (a `+` and TOML's `_` between digits allowed) is
/// a version, and one too large for any integer type is newer still.
pub fn check_version(version: &str) -> Result<(), Unusable> {
    let digits: String = version.strip_prefix('+').unwrap_or(version).chars().filter(|&c| c != '_').collect();
    let whole = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if !whole(&digits) {
        let negative = digits.strip_prefix('-').is_some_and(whole);
        return Err(match negative {
            true => Unusable::invalid(format!("version {version} is not a version (1 or more)")),
            false => Unusable::invalid("version is not a whole number"),
        });
    }
    let significant = digits.trim_start_matches('0');
    match significant.parse::<u32>() {
        _ if significant.is_empty() => {
            Err(Unusable::invalid(format!("version {version} is not a version (1 or more)")))
        }
        Ok(v) if v <= STATE_VERSION => Ok(()),
        // Above this build's, however many digits.
        _ => Err(Unusable::Newer(significant.to_string())),
    }
}

/// Which of two values of a setting that two games sharing a saved state
/// do not merge (the mode and size played last, the regions puzzle in
/// play) a save keeps: `ours` if this game changed it from `as_of` (what it
/// had when it last read or saved the state), since it chose it; else
/// `there`, what is saved now, perhaps another game's choice made since.
fn chosen<T: PartialEq>(ours: T, as_of: &T, there: T) -> T {
    if ours != *as_of { ours } else { there }
}

/// What is remembered between games: the mode and size played last, the
/// progress, and the regions puzzle in play. The state file and the page
/// keep the same values under the same keys ([`SavedFields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedState {
    /// The mode played last.
    pub mode: ModeKind,
    /// The board size played last.
    pub size: usize,
    /// The solutions of the 8x8 found, and the daily streak.
    pub progress: Progress,
    /// The regions puzzle in play (not the puzzle of the day, not solved),
    /// shown again at the next start: [`Engine::in_play`].
    pub regions: Option<InPlay>,
}

/// What a game chooses rather than merges: the mode and size played last,
/// and the regions puzzle in play. [`SavedState::merged`] keeps this game's
/// only where it changed them since it last read or saved the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// The mode played.
    pub mode: ModeKind,
    /// The board size played.
    pub size: usize,
    /// The regions puzzle in play.
    pub regions: Option<InPlay>,
}

/// A [`SavedState`]'s values as a format writes them, each under its key
/// (the names of these fields): the state file's TOML and the page's JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedFields {
    /// The format's version: 2 when the state keeps a regions puzzle in
    /// play, else 1, so that an older build goes on saving a state that
    /// holds nothing new. A state without one is version 1.
    pub version: u32,
    /// The mode's name.
    pub mode: &'static str,
    /// The board size.
    pub size: usize,
    /// The indexes of the solutions found, in the order the game lists the 92.
    pub found: Vec<usize>,
    /// The last puzzle of the day solved (regions mode), `YYYY-MM-DD`.
    pub daily_solved: Option<String>,
    /// How many days in a row up to `daily_solved`.
    pub daily_streak: Option<u32>,
    /// The regions puzzle in play, `SIZE:SEED` ([`InPlay::to_text`]).
    pub regions_puzzle: Option<String>,
}

/// A saved state's values as its text gives them, before any rule is
/// checked: what a format decoded under [`SavedFields`]' keys (the version is
/// read before the rest, by [`check_version`]). A number is given as its
/// digits, so that one too large for any integer type is judged here too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedText {
    /// The mode's name.
    pub mode: String,
    /// The board size.
    pub size: String,
    /// The solution numbers found; `None` for one that is no number of 0 or more.
    pub found: Vec<Option<usize>>,
    /// The last puzzle of the day solved, as written.
    pub daily_solved: Option<String>,
    /// The days in a row up to it, as written.
    pub daily_streak: Option<String>,
    /// The regions puzzle in play, as written.
    pub regions_puzzle: Option<String>,
}

impl SavedFields {
    /// The page's JSON, on one line, keys in their order, a value that
    /// is `None` left out: `{"version":1,"mode":"classic","size":8,"found":[0,17]}`.
    pub fn to_json(&self) -> String {
        let found: Vec<String> = self.found.iter().map(usize::to_string).collect();
        let mut text = format!(
            r#"{{"version":{},"mode":{},"size":{},"found":[{}]"#,
            self.version,
            json_string(self.mode),
            self.size,
            found.join(",")
        );
        if let Some(date) = &self.daily_solved {
            let _ = write!(text, r#","daily_solved":{}"#, json_string(date));
        }
        if let Some(days) = self.daily_streak {
            let _ = write!(text, r#","daily_streak":{days}"#);
        }
        if let Some(in_play) = &self.regions_puzzle {
            let _ = write!(text, r#","regions_puzzle":{}"#, json_string(in_play));
        }
        text + "}"
    }
}

impl SavedState {
    /// What `engine` has to save: its mode, size, progress and regions puzzle in play.
    pub fn of(engine: &Engine) -> SavedState {
        let setup = engine.setup();
        SavedState {
            mode: setup.mode,
            size: setup.size,
            progress: *engine.progress(),
            regions: engine.in_play(),
        }
    }

    /// What this state chose.
    pub fn choices(&self) -> Choices {
        Choices { mode: self.mode, size: self.size, regions: self.regions }
    }

    /// This game's state over `there`, the one saved now (another game's
    /// perhaps): the progress of both ([`Progress::merged`]: every solution
    /// either found, the days of the daily streak either solved), and of the
    /// mode and size (together) and the regions puzzle, this game's if it
    /// changed them from `as_of` (what it had when it last read or saved
    /// the state), else `there`'s.
    pub fn merged(&self, as_of: &Choices, there: &SavedState) -> SavedState {
        let (mode, size) =
            chosen((self.mode, self.size), &(as_of.mode, as_of.size), (there.mode, there.size));
        SavedState {
            mode,
            size,
            progress: self.progress.merged(&there.progress),
            regions: chosen(self.regions, &as_of.regions, there.regions),
        }
    }

    /// The values to write, in the oldest version that holds them.
    pub fn fields(&self) -> SavedFields {
        let streak = self.progress.streak();
        SavedFields {
            version: version_for(self.regions.is_some()),
            mode: self.mode.name(),
            size: self.size,
            found: self.progress.found().collect(),
            daily_solved: streak.map(|s| date_string(s.last)),
            daily_streak: streak.map(|s| s.days),
            regions_puzzle: self.regions.map(|r| r.to_text()),
        }
    }

    /// The state `read` gives, checked on day `today` (days since
    /// 1970-01-01, UTC; `None` where the date is not known): a known `mode`,
    /// a `size` some mode plays, `found` solution numbers of the 92,
    /// `daily_solved` a real date no later than today (a day to come would
    /// hold the streak still until it came) and `daily_streak` a whole
    /// number of days from 1 to [`u32::MAX`], the two together or neither,
    /// and `regions_puzzle` [`InPlay::parse`]'s form. The error says which
    /// rule is broken, in one line. Every read of a saved state, at the
    /// start and before each save's merge, is checked so: a merge never
    /// meets a day to come, so never lets one win.
    pub fn read(read: SavedText, today: Option<i64>) -> Result<SavedState, Unusable> {
        let daily = match (read.daily_solved.as_deref(), read.daily_streak.as_deref()) {
            (None, None) => None,
            (Some(date), Some(days)) => Some((date, days)),
            _ => return Err(Unusable::invalid("daily_solved and daily_streak go together")),
        };
        let (mode, size, progress) = check_values(&read.mode, &read.size, read.found, daily, today)?;
        let regions =
            read.regions_puzzle.as_deref().map(InPlay::parse).transpose().map_err(Unusable::invalid)?;
        Ok(SavedState { mode, size, progress, regions })
    }

    /// The state the page stored as JSON (`text`, [`SavedFields::to_json`]'s
    /// form or an older one), checked: JSON, an object, its `version` one
    /// this build reads (judged first and alone, from its digits as written:
    /// a newer format may shape the rest otherwise), its keys the saved state's and
    /// each of its type (`mode`, `size` and `found` always there), and its
    /// values by [`SavedState::read`]'s rules on day `today`. A key given
    /// twice is refused, as the puzzle's JSON refuses one (the state file's
    /// TOML has no such thing).
    pub fn from_json(text: &str, today: Option<i64>) -> Result<SavedState, Unusable> {
        let value =
            json::parse(text).map_err(|fault| Unusable::invalid(format!("it is not JSON: {fault}")))?;
        let Value::Object(members) = value else {
            return Err(Unusable::invalid(format!("it is {}, not an object", value.kind())));
        };
        if let Some((_, version)) = members.iter().rev().find(|(key, _)| key == "version") {
            // Anything but a number is no version: "" says so.
            check_version(if let Value::Number(digits) = version { digits } else { "" })?;
        }
        let mut read = SavedText::default();
        let mut seen = [false; KEYS.len()];
        for (key, value) in &members {
            let Some(index) = KEYS.iter().position(|k| k == key) else {
                let keys = KEYS.join(", ");
                return Err(Unusable::invalid(format!("unknown key {}: the keys are {keys}", quoted(key))));
            };
            if std::mem::replace(&mut seen[index], true) {
                return Err(Unusable::invalid(format!("\"{key}\" is given twice")));
            }
            match KEYS[index] {
                "mode" => read.mode = text_of(key, value, "a name")?,
                "size" => read.size = whole_of(key, value)?,
                "found" => read.found = solutions_of(value)?,
                "daily_solved" => read.daily_solved = Some(text_of(key, value, "a date (YYYY-MM-DD)")?),
                "daily_streak" => read.daily_streak = Some(whole_of(key, value)?),
                "regions_puzzle" => read.regions_puzzle = Some(text_of(key, value, "SIZE:SEED")?),
                _ => {} // the version, judged above
            }
        }
        // KEYS[1..4] are the ones always written.
        if let Some(missing) =
            KEYS[1..4].iter().zip(&seen[1..4]).find_map(|(key, seen)| (!seen).then_some(key))
        {
            return Err(Unusable::invalid(format!(
                "there is no \"{missing}\": a saved state has mode, size and found"
            )));
        }
        SavedState::read(read, today)
    }
}

/// The message that the page's value of `key` is not `expected`.
fn not_a(key: &str, value: &Value<'_>, expected: &str) -> Unusable {
    Unusable::invalid(format!("\"{key}\" is {}: expected {expected}", value.kind()))
}

/// A JSON string's text.
fn text_of(key: &str, value: &Value<'_>, expected: &str) -> Result<String, Unusable> {
    match value {
        Value::String(text) => Ok(text.clone()),
        _ => Err(not_a(key, value, expected)),
    }
}

/// A JSON number's whole value as digits (`8e0` is `8`), or as written
/// when it has a fraction, is below zero or is past 2^64, for the value's
/// rule to judge in the words it uses for the state file's and the
/// command line's (a size's: [`check_size`]).
fn whole_of(key: &str, value: &Value<'_>) -> Result<String, Unusable> {
    match value {
        Value::Number(written) => match json::whole(written) {
            Whole::Is(number) => Ok(number.to_string()),
            Whole::Fraction | Whole::Negative | Whole::TooLarge => Ok(written.to_string()),
        },
        _ => Err(not_a(key, value, "a whole number")),
    }
}

/// `found`'s solution numbers: `None` for one below zero or too large for
/// any solution.
fn solutions_of(value: &Value<'_>) -> Result<Vec<Option<usize>>, Unusable> {
    let not_whole = || not_a("found", value, "a list of whole numbers");
    let Value::List(items) = value else { return Err(not_whole()) };
    let number = |item: &Value<'_>| match item {
        Value::Number(written) => match json::whole(written) {
            Whole::Is(number) => Ok(usize::try_from(number).ok()),
            Whole::Negative | Whole::TooLarge => Ok(None),
            Whole::Fraction => {
                Err(Unusable::invalid(format!("\"found\" lists {}, not a whole number", shown(written))))
            }
        },
        _ => Err(Unusable::invalid(format!("\"found\" lists {}: expected whole numbers", item.kind()))),
    };
    items.iter().map(number).collect()
}

impl Default for SavedState {
    /// A first game: classic on the 8x8, nothing found yet.
    fn default() -> Self {
        SavedState { mode: ModeKind::Classic, size: 8, progress: Progress::default(), regions: None }
    }
}

/// A saved state's values as its text gives them, checked: a known `mode`,
/// a `size` some mode plays, `found` solution numbers of the 92 (`None`
/// for one that is no number), and, once a puzzle of the day was solved,
/// the `daily` last day solved (`YYYY-MM-DD`) with the days in a row up to
/// it, as its text gives them (a whole number, at least one, that fits in a
/// `u32`), that day no later than `today` where it is known. The error
/// says which rule is broken, in one line.
fn check_values(
    mode: &str,
    size: &str,
    found: impl IntoIterator<Item = Option<usize>>,
    daily: Option<(&str, &str)>,
    today: Option<i64>,
) -> Result<(ModeKind, usize, Progress), Unusable> {
    let mode: ModeKind = mode.parse().map_err(Unusable::invalid)?;
    let size = check_size(size, None, MAX_SIDE).map_err(|e| Unusable::invalid(format!("size {e}")))?;
    let above = || Unusable::invalid("'found' lists a solution number above 91");
    let found: Vec<usize> = found.into_iter().map(|i| i.ok_or_else(above)).collect::<Result<_, _>>()?;
    let mut progress = Progress::from_found(found).ok_or_else(above)?;
    if let Some((date, days)) = daily {
        let last = parse_date(date)
            .ok_or_else(|| Unusable::invalid(format!("daily_solved {date:?} is not a date (YYYY-MM-DD)")))?;
        if let Some(today) = today.filter(|&today| last > today) {
            let today = date_string(today);
            return Err(Unusable::invalid(format!("daily_solved {date:?} is after today, {today} (UTC)")));
        }
        progress = progress.with_streak(last, check_streak(days)?);
    }
    Ok((mode, size, progress))
}

/// A streak's days from their text: a whole number from 1 to [`u32::MAX`],
/// each way of missing that said apart (not a number, too few, too many).
fn check_streak(days: &str) -> Result<u32, Unusable> {
    let whole = |digits: &str| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match days.parse::<u32>() {
        Ok(days) if days > 0 => Ok(days),
        Ok(_) => Err(Unusable::invalid("daily_streak must be 1 or more")),
        Err(_) if days.strip_prefix('-').is_some_and(whole) => {
            Err(Unusable::invalid("daily_streak must be 1 or more"))
        }
        Err(_) if whole(days) => {
            Err(Unusable::invalid(format!("daily_streak is too large (at most {} days)", u32::MAX)))
        }
        Err(_) => Err(Unusable::invalid(format!("daily_streak {days:?} is not a whole number"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_too_large_for_its_number_is_not_said_to_be_too_small() {
        let why = |days| check_streak(days).map_err(|e| e.to_string());
        assert_eq!(why("3"), Ok(3));
        assert_eq!(why("4294967295"), Ok(u32::MAX));
        let large = Err("is not valid: daily_streak is too large (at most 4294967295 days)".to_string());
        assert_eq!(why("99999999999999999999"), large);
        assert_eq!(why("4294967296"), large);
        for small in ["0", "-1", "-99999999999999999999"] {
            assert_eq!(
                why(small),
                Err("is not valid: daily_streak must be 1 or more".to_string()),
                "{small}"
            );
        }
        for not in ["", "3.5", "1e+21", "three"] {
            assert_eq!(why(not), Err(format!("is not valid: daily_streak {not:?} is not a whole number")));
        }
    }

    #[test]
    fn only_a_version_above_this_builds_is_newer() {
        assert_eq!(check_version("1"), Ok(()));
        assert_eq!(check_version("+0_2"), Ok(()));
        assert_eq!(check_version("3"), Err(Unusable::Newer("3".into())));
        let huge = "99999999999999999999";
        assert_eq!(check_version(huge), Err(Unusable::Newer(huge.into())), "too large to read, and newer");
        let newer = Unusable::Newer(huge.into()).to_string();
        assert!(newer.contains("newer queens") && newer.ends_with("progress will not be saved"), "{newer}");
        assert!(newer.contains(&format!("format version {huge},")), "{newer}");
        for (not, why) in [
            ("0", "version 0 is not a version (1 or more)"),
            ("-3", "version -3 is not a version (1 or more)"),
            ("\"3\"", "version is not a whole number"),
            ("2.5", "version is not a whole number"),
        ] {
            assert_eq!(check_version(not).unwrap_err().to_string(), format!("is not valid: {why}"), "{not}");
        }
    }

    /// Issue 50: a `daily_solved` to come held the streak still (solved
    /// today, it stayed as it was) until that day came.
    #[test]
    fn a_day_to_come_is_not_valid_and_today_is() {
        let today = parse_date("2026-12-01").unwrap();
        let stored = |date: &str| {
            format!(r#"{{"mode":"regions","size":8,"found":[],"daily_solved":"{date}","daily_streak":3}}"#)
        };
        let streak = |date| SavedState::from_json(&stored(date), Some(today)).map(|s| s.progress.streak());
        assert_eq!(streak("2026-12-01").unwrap().map(|s| (s.last, s.days)), Some((today, 3)));
        assert_eq!(streak("2026-11-30").unwrap().map(|s| s.last), Some(today - 1));
        assert_eq!(
            streak("2026-12-02").unwrap_err().to_string(),
            "is not valid: daily_solved \"2026-12-02\" is after today, 2026-12-01 (UTC)"
        );
        // Where the date is not known, nothing is to come.
        assert!(SavedState::from_json(&stored("2027-11-30"), None).is_ok());
    }

    /// Issue 50: the page took `"mode":"strict","mode":"classic"` as
    /// classic, where the puzzle's JSON refuses a key given twice.
    #[test]
    fn a_key_given_twice_is_refused_as_the_puzzles_json_refuses_one() {
        for (text, key) in [
            (r#"{"mode":"strict","mode":"classic","size":8,"found":[]}"#, "mode"),
            (r#"{"version":1,"mode":"classic","size":8,"found":[],"version":1}"#, "version"),
            (r#"{"mode":"classic","size":8,"found":[],"found":[3]}"#, "found"),
        ] {
            let why = SavedState::from_json(text, None).unwrap_err().to_string();
            assert_eq!(why, format!("is not valid: \"{key}\" is given twice"), "{text}");
        }
    }

    #[test]
    fn a_setting_this_game_did_not_change_is_left_as_saved() {
        assert_eq!(chosen(ModeKind::Classic, &ModeKind::Classic, ModeKind::Strict), ModeKind::Strict);
        assert_eq!(chosen(ModeKind::Cover, &ModeKind::Classic, ModeKind::Strict), ModeKind::Cover);
    }
}
