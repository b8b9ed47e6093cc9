//! What every saved state (the state file, the page's storage) shares: the
//! values kept ([`SavedState`]), their one key table (`KEYS`: each key
//! with how its value is written and read, and its rule), the version of
//! their format, and what to say about a state this build cannot use. A
//! format only turns its text into [`Written`] values under their keys and
//! back: the state file's TOML (in the daemon) and the page's JSON (here:
//! [`SavedState::to_json`], [`SavedState::from_json`]) both go through
//! [`SavedState::written`] and [`SavedState::read`], so every key, every
//! rule and every word said about a bad value is here, once.
//!
//! A new saved value is its field in [`SavedState`] (and its line in
//! [`SavedState::merged`] and the default), and its entry in `KEYS`.

use super::best_times::BestTimes;
use super::in_play::InPlay;
use super::modes::ModeKind;
use super::progress::Progress;
use super::size::BoardSize;
use crate::json::{self, Value, Whole, json_string};
use crate::regions::generate::{date_string, parse_date};
use crate::words::{quoted, shown};
use std::fmt;

/// The newest version of the saved state's format this build reads. A
/// saved state without a version is version 1 (what was written before
/// versions were). Raise it when what is saved changes, so that an older
/// build leaves a newer state alone instead of judging it corrupt (it
/// refuses keys it does not know). Version 2 added the regions puzzle in
/// play (`regions_puzzle`), version 3 regions mode's auto-mark
/// (`auto_mark`), version 4 tilt to play (`tilt`, issue 52), version 5
/// the best times (`best_times`, `daily_best`, issue 54); a state is
/// written in the oldest version that holds it ([`SavedState::version`]),
/// so an older build goes on saving a state that holds nothing new.
pub const STATE_VERSION: u32 = 5;

/// A saved value as a format gives it, or is to write it, before any rule
/// is checked: the TOML and the JSON both have these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// Text.
    Text(String),
    /// A number: as written, and as a whole number ([`Whole`]), so that
    /// one too large for any integer type is judged by its rule too.
    Number(String, Whole),
    /// A list of values.
    List(Vec<Written>),
    /// True or false.
    Flag(bool),
    /// Anything else, by what it is (`null`, `a table`), to say it is not
    /// what the key holds.
    Other(&'static str),
}

impl Written {
    /// A whole number to write.
    pub fn whole(n: u64) -> Written {
        Written::Number(n.to_string(), Whole::Is(n))
    }

    /// An integer as a format holds it (TOML's).
    pub fn integer(n: i64) -> Written {
        let whole = u64::try_from(n).map_or(Whole::Negative, Whole::Is);
        Written::Number(n.to_string(), whole)
    }

    /// A number with a fraction or an exponent as a format holds it
    /// (TOML's float): whole when it is (`8.0` is 8, as JSON's `8.0` is).
    pub fn float(x: f64) -> Written {
        let whole = match x {
            _ if !x.is_finite() || x.fract() != 0.0 => Whole::Fraction,
            _ if x < 0.0 => Whole::Negative,
            _ if x >= u64::MAX as f64 => Whole::TooLarge,
            _ => Whole::Is(x as u64),
        };
        Written::Number(x.to_string(), whole)
    }

    /// What the value is, for a message saying it is not what was expected.
    fn kind(&self) -> &'static str {
        match self {
            Written::Text(_) => "a string",
            Written::Number(..) => "a number",
            Written::List(_) => "a list",
            Written::Flag(_) => "true or false",
            Written::Other(kind) => kind,
        }
    }

    /// A number's whole value as digits (`8e0` is `8`), or as written when
    /// it has a fraction, is below zero or is too large for any integer,
    /// for a value's rule to judge in the words it uses on the command
    /// line (a size's: [`BoardSize`]'s).
    fn digits(&self) -> Option<String> {
        match self {
            Written::Number(_, Whole::Is(n)) => Some(n.to_string()),
            Written::Number(written, _) => Some(written.clone()),
            _ => None,
        }
    }

    /// The value as JSON.
    fn json(&self) -> String {
        match self {
            Written::Text(text) => json_string(text),
            Written::Number(written, _) => written.clone(),
            Written::List(items) => {
                let items: Vec<String> = items.iter().map(Written::json).collect();
                format!("[{}]", items.join(","))
            }
            Written::Flag(on) => on.to_string(),
            Written::Other(kind) => unreachable!("{kind} is never written"),
        }
    }

    /// A JSON value as written, its numbers exactly.
    fn of_json(value: &Value<'_>) -> Written {
        match value {
            Value::String(text) => Written::Text(text.clone()),
            Value::Number(written) => Written::Number(written.to_string(), json::whole(written)),
            Value::List(items) => Written::List(items.iter().map(Written::of_json).collect()),
            Value::Bool(on) => Written::Flag(*on),
            other => Written::Other(other.kind()),
        }
    }
}

/// One key of a saved state: its name, whether every state has it, how a
/// state's value is written under it, and how it is read back by its rule.
struct Key {
    /// The key, the same in every format.
    name: &'static str,
    /// Whether a state read must have it (`mode`, `size`, `found`).
    needed: bool,
    /// The value to write, if the state has one.
    write: fn(&SavedState) -> Option<Written>,
    /// Reads the value into the state being read, by the key's rule; the
    /// error says which rule is broken, in one line.
    read: fn(&Written, &mut Reading) -> Result<(), Unusable>,
}

/// The keys of a saved state, in the order they are written: the state
/// file's and the page's. `version`, `mode`, `size` and `found` are always
/// written; a state without `version` is version 1.
const KEYS: [Key; 11] = [
    Key {
        name: "version",
        needed: false,
        write: |state| Some(Written::whole(state.version().into())),
        // Judged before the rest, by each format from its own text (`check_version`).
        read: |_, _| Ok(()),
    },
    Key {
        name: "mode",
        needed: true,
        write: |state| Some(Written::Text(state.mode.name().into())),
        read: |value, reading| {
            reading.state.mode = text_of("mode", value, "a name")?.parse().map_err(Unusable::invalid)?;
            Ok(())
        },
    },
    Key {
        name: "size",
        needed: true,
        write: |state| Some(Written::whole(state.size.get() as u64)),
        read: |value, reading| {
            let size = value.digits().ok_or_else(|| not_a("size", value, "a whole number"))?;
            reading.state.size = size.parse().map_err(|e| Unusable::invalid(format!("size {e}")))?;
            Ok(())
        },
    },
    Key {
        name: "found",
        needed: true,
        write: |state| {
            Some(Written::List(state.progress.found().map(|i| Written::whole(i as u64)).collect()))
        },
        read: |value, reading| {
            let progress = Progress::from_found(solutions_of(value)?);
            let found =
                progress.ok_or_else(|| Unusable::invalid("'found' lists a solution number above 91"))?;
            reading.state.progress = found;
            Ok(())
        },
    },
    Key {
        name: "daily_solved",
        needed: false,
        write: |state| state.progress.streak().map(|s| Written::Text(date_string(s.last))),
        read: |value, reading| {
            let date = text_of("daily_solved", value, "a date (YYYY-MM-DD)")?;
            let last = parse_date(&date).ok_or_else(|| {
                Unusable::invalid(format!("daily_solved {date:?} is not a date (YYYY-MM-DD)"))
            })?;
            if let Some(today) = reading.today.filter(|&today| last > today) {
                let today = date_string(today);
                return Err(Unusable::invalid(format!(
                    "daily_solved {date:?} is after today, {today} (UTC)"
                )));
            }
            reading.daily_solved = Some(last);
            Ok(())
        },
    },
    Key {
        name: "daily_streak",
        needed: false,
        write: |state| state.progress.streak().map(|s| Written::whole(s.days.into())),
        read: |value, reading| {
            let days = value.digits().ok_or_else(|| not_a("daily_streak", value, "a whole number"))?;
            reading.daily_streak = Some(check_streak(&days)?);
            Ok(())
        },
    },
    Key {
        name: "regions_puzzle",
        needed: false,
        write: |state| state.regions.map(|r| Written::Text(r.to_text())),
        read: |value, reading| {
            let text = text_of("regions_puzzle", value, "SIZE:SEED")?;
            reading.state.regions = Some(InPlay::parse(&text).map_err(Unusable::invalid)?);
            Ok(())
        },
    },
    Key {
        name: "auto_mark",
        needed: false,
        // Written only when on: a state with it off is read by older builds.
        write: |state| state.auto_mark.then_some(Written::Flag(true)),
        read: |value, reading| match value {
            Written::Flag(on) => {
                reading.state.auto_mark = *on;
                Ok(())
            }
            _ => Err(not_a("auto_mark", value, "true or false")),
        },
    },
    Key {
        name: "tilt",
        needed: false,
        // Written only when on, as auto_mark is.
        write: |state| state.tilt.then_some(Written::Flag(true)),
        read: |value, reading| match value {
            Written::Flag(on) => {
                reading.state.tilt = *on;
                Ok(())
            }
            _ => Err(not_a("tilt", value, "true or false")),
        },
    },
    Key {
        name: "best_times",
        needed: false,
        write: |state| {
            let puzzles = state.best.puzzles().iter();
            let written = puzzles.map(|(puzzle, took)| Written::Text(format!("{puzzle:016x}:{took}")));
            Some(Written::List(written.collect())).filter(|_| !state.best.puzzles().is_empty())
        },
        read: |value, reading| {
            let expected = "a list of FINGERPRINT:MILLISECONDS";
            let Written::List(items) = value else { return Err(not_a("best_times", value, expected)) };
            let best = items.iter().map(|item| best_time(item, expected)).collect::<Result<Vec<_>, _>>()?;
            reading.state.best = BestTimes::from_saved(best, reading.state.best.daily());
            Ok(())
        },
    },
    Key {
        name: "daily_best",
        needed: false,
        write: |state| state.best.daily().map(Written::whole),
        read: |value, reading| match value {
            Written::Number(_, Whole::Is(ms)) => {
                let puzzles = reading.state.best.puzzles().to_vec();
                reading.state.best = BestTimes::from_saved(puzzles, Some(*ms));
                Ok(())
            }
            Written::Number(written, _) => Err(Unusable::invalid(format!(
                "daily_best {} is not a whole number of milliseconds",
                shown(written)
            ))),
            _ => Err(not_a("daily_best", value, "a whole number of milliseconds")),
        },
    },
];

/// One of `best_times`' entries: a puzzle's fingerprint in 16 hex digits,
/// a colon, and its best time in milliseconds (`3f2a0c9e11d4b7a2:82400`).
fn best_time(item: &Written, expected: &str) -> Result<(u64, u64), Unusable> {
    let Written::Text(text) = item else {
        return Err(Unusable::invalid(format!("\"best_times\" lists {}: expected {expected}", item.kind())));
    };
    let parsed = text.split_once(':').and_then(|(puzzle, took)| {
        let hex = puzzle.len() == 16 && puzzle.bytes().all(|b| b.is_ascii_hexdigit());
        let digits = !took.is_empty() && took.bytes().all(|b| b.is_ascii_digit());
        Some((u64::from_str_radix(puzzle, 16).ok().filter(|_| hex)?, took.parse().ok().filter(|_| digits)?))
    });
    parsed.ok_or_else(|| Unusable::invalid(format!("\"best_times\" lists {text:?}: expected {expected}")))
}

/// A state being read: the values read so far, the two halves of the daily
/// streak until both are there, and the day they are checked on.
struct Reading {
    state: SavedState,
    daily_solved: Option<i64>,
    daily_streak: Option<u32>,
    today: Option<i64>,
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
/// progress, the regions puzzle in play, and the best times. The state
/// file and the page keep the same values under the same keys (`KEYS`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedState {
    /// The mode played last.
    pub mode: ModeKind,
    /// The board size played last.
    pub size: BoardSize,
    /// The solutions of the 8x8 found, and the daily streak.
    pub progress: Progress,
    /// The regions puzzle in play (not the puzzle of the day, not solved),
    /// shown again at the next start: [`Engine::in_play`](super::Engine::in_play).
    pub regions: Option<InPlay>,
    /// Regions mode's auto-mark, on or off ([`Engine::auto_mark`](super::Engine::auto_mark)).
    pub auto_mark: bool,
    /// Tilt to play, on or off ([`Engine::tilt`](super::Engine::tilt)).
    pub tilt: bool,
    /// Each regions puzzle's best time, and the daily's best.
    pub best: BestTimes,
}

/// What a game chooses rather than merges: the mode and size played last,
/// and the regions puzzle in play. [`SavedState::merged`] keeps this game's
/// only where it changed them since it last read or saved the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// The mode played.
    pub mode: ModeKind,
    /// The board size played.
    pub size: BoardSize,
    /// The regions puzzle in play.
    pub regions: Option<InPlay>,
    /// Auto-mark on or off.
    pub auto_mark: bool,
    /// Tilt to play on or off.
    pub tilt: bool,
}

impl SavedState {
    /// What this state chose.
    pub fn choices(&self) -> Choices {
        Choices {
            mode: self.mode,
            size: self.size,
            regions: self.regions,
            auto_mark: self.auto_mark,
            tilt: self.tilt,
        }
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
            auto_mark: chosen(self.auto_mark, &as_of.auto_mark, there.auto_mark),
            best: self.best.merged(&there.best),
            tilt: chosen(self.tilt, &as_of.tilt, there.tilt),
        }
    }

    /// The format's version this state is written in: the oldest that
    /// holds it: 5 with best times, 4 with tilt on, 3 with auto-mark on,
    /// 2 when it keeps a regions puzzle in play, else 1, so that an older
    /// build goes on saving a state that holds nothing new.
    pub fn version(&self) -> u32 {
        match (self.best.is_empty(), self.tilt, self.auto_mark, self.regions) {
            (false, ..) => 5,
            (true, true, ..) => 4,
            (true, false, true, _) => 3,
            (true, false, false, Some(_)) => 2,
            (true, false, false, None) => 1,
        }
    }

    /// Every key of a saved state, in the order they are written.
    pub fn keys() -> impl Iterator<Item = &'static str> {
        KEYS.iter().map(|key| key.name)
    }

    /// The values to write, each under its key, in the keys' order; a value
    /// the state does not have is left out.
    pub fn written(&self) -> Vec<(&'static str, Written)> {
        KEYS.iter().filter_map(|key| Some((key.name, (key.write)(self)?))).collect()
    }

    /// The state a format read as `values`, each under its key as written
    /// (the version was judged before, by [`check_version`], from the
    /// format's text), checked on day `today` (days since 1970-01-01, UTC;
    /// `None` where the date is not known): each key one of the saved
    /// state's, given once, `mode`, `size` and `found` there, and each value
    /// by its key's rule: a known `mode`, a `size` some mode plays, `found`
    /// solution numbers of the 92, `daily_solved` a real date no later than
    /// today (a day to come would hold the streak still until it came) and
    /// `daily_streak` a whole number of days from 1 to [`u32::MAX`], the two
    /// together or neither, and `regions_puzzle` [`InPlay::parse`]'s form.
    /// The error says which rule is broken, in one line, the same for the
    /// state file and the page. Every read of a saved state, at the start
    /// and before each save's merge, is checked so: a merge never meets a
    /// day to come, so never lets one win.
    pub fn read<'a>(
        values: impl IntoIterator<Item = (&'a str, Written)>,
        today: Option<i64>,
    ) -> Result<SavedState, Unusable> {
        let mut given: [Option<Written>; KEYS.len()] = Default::default();
        for (name, value) in values {
            let Some(index) = KEYS.iter().position(|key| key.name == name) else {
                let keys: Vec<&str> = KEYS.iter().map(|key| key.name).collect();
                let keys = keys.join(", ");
                return Err(Unusable::invalid(format!("unknown key {}: the keys are {keys}", quoted(name))));
            };
            if given[index].replace(value).is_some() {
                return Err(Unusable::invalid(format!("\"{name}\" is given twice")));
            }
        }
        if let Some(missing) = KEYS.iter().zip(&given).find(|(key, value)| key.needed && value.is_none()) {
            let needed: Vec<&str> = KEYS.iter().filter(|key| key.needed).map(|key| key.name).collect();
            let (last, others) = needed.split_last().expect("some keys are needed");
            return Err(Unusable::invalid(format!(
                "there is no \"{}\": a saved state has {} and {last}",
                missing.0.name,
                others.join(", ")
            )));
        }
        let mut reading =
            Reading { state: SavedState::default(), daily_solved: None, daily_streak: None, today };
        for (key, value) in KEYS.iter().zip(&given) {
            if let Some(value) = value {
                (key.read)(value, &mut reading)?;
            }
        }
        let progress = &mut reading.state.progress;
        match (reading.daily_solved, reading.daily_streak) {
            (None, None) => {}
            (Some(last), Some(days)) => *progress = progress.with_streak(last, days),
            _ => return Err(Unusable::invalid("daily_solved and daily_streak go together")),
        }
        Ok(reading.state)
    }

    /// The page's JSON, on one line, keys in their order, a value that
    /// is not there left out: `{"version":1,"mode":"classic","size":8,"found":[0,17]}`.
    pub fn to_json(&self) -> String {
        let members: Vec<String> = self
            .written()
            .iter()
            .map(|(key, value)| format!("{}:{}", json_string(key), value.json()))
            .collect();
        format!("{{{}}}", members.join(","))
    }

    /// The state the page stored as JSON (`text`, [`SavedState::to_json`]'s
    /// form or an older one), checked: JSON, an object, its `version` one
    /// this build reads (judged first and alone, from its digits as written:
    /// a newer format may shape the rest otherwise), then its members by
    /// [`SavedState::read`] on day `today`. A key given twice is refused, as
    /// the puzzle's JSON refuses one (the state file's TOML has no such thing).
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
        SavedState::read(members.iter().map(|(key, value)| (key.as_str(), Written::of_json(value))), today)
    }
}

/// The message that the value of `key` is not `expected`.
fn not_a(key: &str, value: &Written, expected: &str) -> Unusable {
    Unusable::invalid(format!("\"{key}\" is {}: expected {expected}", value.kind()))
}

/// A text value's text.
fn text_of(key: &str, value: &Written, expected: &str) -> Result<String, Unusable> {
    match value {
        Written::Text(text) => Ok(text.clone()),
        _ => Err(not_a(key, value, expected)),
    }
}

/// `found`'s solution numbers: one below zero or too large for any
/// solution is [`usize::MAX`], above every solution's number.
fn solutions_of(value: &Written) -> Result<Vec<usize>, Unusable> {
    let Written::List(items) = value else { return Err(not_a("found", value, "a list of whole numbers")) };
    let number = |item: &Written| match item {
        Written::Number(_, Whole::Is(number)) => Ok(usize::try_from(*number).unwrap_or(usize::MAX)),
        Written::Number(_, Whole::Negative | Whole::TooLarge) => Ok(usize::MAX),
        Written::Number(written, Whole::Fraction) => {
            Err(Unusable::invalid(format!("\"found\" lists {}, not a whole number", shown(written))))
        }
        _ => Err(Unusable::invalid(format!("\"found\" lists {}: expected whole numbers", item.kind()))),
    };
    items.iter().map(number).collect()
}

impl Default for SavedState {
    /// A first game: classic on the 8x8, nothing found yet.
    fn default() -> Self {
        SavedState {
            mode: ModeKind::Classic,
            size: BoardSize::EIGHT,
            progress: Progress::default(),
            regions: None,
            auto_mark: false,
            tilt: false,
            best: BestTimes::default(),
        }
    }
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
    fn every_key_written_reads_back_and_its_rule_judges_it() {
        let state = SavedState {
            mode: ModeKind::Regions,
            size: BoardSize::try_from(7).unwrap(),
            progress: Progress::from_found([0, 91]).unwrap().with_streak(20_417, 4),
            regions: Some(InPlay { size: 7, seed: 0xfeed }),
            auto_mark: true,
            tilt: true,
            best: BestTimes::from_saved([(0x3f2a_0c9e_11d4_b7a2, 82_400), (1, 0)], Some(65_000)),
        };
        let written = state.written();
        let names: Vec<&str> = written.iter().map(|(key, _)| *key).collect();
        let all: Vec<&str> = KEYS.iter().map(|key| key.name).collect();
        assert_eq!(names, all, "every key written, in the table's order");
        assert_eq!(SavedState::read(written.clone(), None), Ok(state.clone()));
        // Each key read alone from what it wrote, over a state with the needed keys.
        let needed: Vec<(&str, Written)> = written
            .iter()
            .filter(|(key, _)| KEYS.iter().any(|k| k.name == *key && k.needed))
            .cloned()
            .collect();
        assert!(SavedState::read(needed.clone(), None).is_ok());
        // (The version is judged before, from the format's text.)
        let judged = |key: &&str| *key != "version" && !needed.iter().any(|(k, _)| k == key);
        for (key, _) in written.iter().filter(|(key, _)| judged(key)) {
            let not_it = needed.iter().cloned().chain([(*key, Written::Other("null"))]);
            let why = SavedState::read(not_it, None).unwrap_err().to_string();
            assert!(
                why.starts_with(&format!("is not valid: \"{key}\" is null: expected ")) || *key == "version",
                "{key}: {why}"
            );
        }
        assert_eq!(SavedState::default().version(), 1);
        assert_eq!(state.version(), 5);
        let no_best = SavedState { best: BestTimes::default(), ..state.clone() };
        assert_eq!(no_best.version(), 4);
        assert_eq!(SavedState { tilt: false, ..no_best.clone() }.version(), 3);
        assert_eq!(SavedState { auto_mark: false, tilt: false, ..no_best }.version(), 2);
        assert_eq!(SavedState { tilt: true, ..SavedState::default() }.version(), 4);
        let daily_only = BestTimes::from_saved([], Some(1));
        assert_eq!(SavedState { best: daily_only, ..SavedState::default() }.version(), 5);
        assert_eq!(Written::float(8.0), Written::Number("8".into(), Whole::Is(8)));
        assert_eq!(Written::integer(-3), Written::Number("-3".into(), Whole::Negative));
    }

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
        assert_eq!(check_version("5"), Ok(()));
        assert_eq!(check_version("6"), Err(Unusable::Newer("6".into())));
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
