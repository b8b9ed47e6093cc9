//! What every saved state (the state file, the page's storage) shares: the
//! version of its format, the rules its values follow, and what to say
//! about one this build cannot use. The state file and the page each read
//! their own text; both check what they read here, so they say the same.

use super::{ModeKind, Progress, SIZES};
use crate::regions::generate::parse_date;
use std::fmt;

/// The newest version of the saved state's format this build reads. A
/// saved state without a version is version 1 (what was written before
/// versions were). Raise it when what is saved changes, so that an older
/// build leaves a newer state alone instead of judging it corrupt (it
/// refuses keys it does not know). Version 2 added the regions puzzle in
/// play (`regions_puzzle`); a state is written in the oldest version that
/// holds it ([`version_for`]), so an older build goes on saving a state
/// that holds nothing new.
pub const STATE_VERSION: u32 = 2;

/// The version a saved state is written in: 2 when it keeps a regions
/// puzzle in play, else 1.
pub fn version_for(keeps_a_puzzle: bool) -> u32 {
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
pub fn chosen<T: PartialEq>(ours: T, as_of: &T, there: T) -> T {
    if ours != *as_of { ours } else { there }
}

/// A saved state's values as its text gives them, checked: a known `mode`,
/// a `size` some mode plays, `found` solution numbers of the 92 (`None`
/// for one that is no number), and, once a puzzle of the day was solved,
/// the `daily` last day solved (`YYYY-MM-DD`) with the days in a row up to
/// it, as its text gives them (a whole number, at least one, that fits in a
/// `u32`). The error says which rule is broken, in one line.
pub fn check_values(
    mode: &str,
    size: &str,
    found: impl IntoIterator<Item = Option<usize>>,
    daily: Option<(&str, &str)>,
) -> Result<(ModeKind, usize, Progress), Unusable> {
    let mode: ModeKind = mode.parse().map_err(Unusable::invalid)?;
    let size = size.parse().ok().filter(|n| SIZES.contains(n)).ok_or_else(|| {
        Unusable::invalid(format!("size {size} is outside {}..={}", SIZES.start(), SIZES.end()))
    })?;
    let above = || Unusable::invalid("'found' lists a solution number above 91");
    let found: Vec<usize> = found.into_iter().map(|i| i.ok_or_else(above)).collect::<Result<_, _>>()?;
    let mut progress = Progress::from_found(found).ok_or_else(above)?;
    if let Some((date, days)) = daily {
        let last = parse_date(date)
            .ok_or_else(|| Unusable::invalid(format!("daily_solved {date:?} is not a date (YYYY-MM-DD)")))?;
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

    #[test]
    fn a_setting_this_game_did_not_change_is_left_as_saved() {
        assert_eq!(chosen(ModeKind::Classic, &ModeKind::Classic, ModeKind::Strict), ModeKind::Strict);
        assert_eq!(chosen(ModeKind::Cover, &ModeKind::Classic, ModeKind::Strict), ModeKind::Cover);
    }
}
