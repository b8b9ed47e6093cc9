//! A board size as a type ([`BoardSize`]: a side some mode plays, 4 to 16),
//! read from text once (`--size`, the config file's `size`, a saved
//! state's), and the one rule for whether a mode plays it on a display,
//! with the one wording of why not ([`SizeError`]).

use super::frame::MAX_SIDE;
use super::modes::{ModeKind, SIZES};
use crate::words::quoted;
use std::fmt;
use std::str::FromStr;

/// A board's side that some mode plays ([`SIZES`]: 4 to 16). Text becomes
/// one once, by [`FromStr`]; whether the mode chosen plays it, on the
/// display it is played on, is [`BoardSize::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The 8x8: the LED matrix's, classic's first board, the puzzle of the day's.
    pub const EIGHT: BoardSize = BoardSize(8);

    /// The side, `n` for an `n` x `n` board.
    pub fn get(self) -> usize {
        self.0.into()
    }

    /// This size, if `mode` (when given) plays it ([`ModeKind::sizes`])
    /// and a display of boards up to `largest` x `largest` has room for it.
    pub fn check(self, mode: Option<ModeKind>, largest: usize) -> Result<BoardSize, SizeError> {
        let refuse = |why| SizeError { written: self.to_string(), why };
        if let Some(mode) = mode
            && !mode.sizes().contains(&self.get())
        {
            return Err(refuse(Unfit::NotThisMode(mode)));
        }
        if self.get() > largest {
            return Err(refuse(Unfit::NoRoom(largest, mode)));
        }
        Ok(self)
    }

    /// This size brought within what `mode` plays and what a display of
    /// boards up to `largest` has room for: a board too large becomes the
    /// largest that fits. For a size nobody asked for this time (the one
    /// played last, on another display perhaps, or in another mode chosen
    /// in the menu).
    pub fn fitted(self, mode: ModeKind, largest: usize) -> BoardSize {
        let sizes = mode.sizes();
        let side = self.get().clamp(*sizes.start(), largest.min(*sizes.end()));
        BoardSize(side as u8)
    }
}

impl BoardSize {
    /// The whole number `n` (a config file's TOML integer, any size), if
    /// some mode plays an `n` x `n` board; the error quotes its digits.
    pub fn of_whole(n: i128) -> Result<BoardSize, SizeError> {
        let refuse = || SizeError { written: n.to_string(), why: Unfit::NoMode };
        usize::try_from(n).map_err(|_| refuse()).and_then(|n| BoardSize::try_from(n).map_err(|_| refuse()))
    }
}

impl TryFrom<usize> for BoardSize {
    type Error = SizeError;

    /// `n`, if some mode plays an `n` x `n` board.
    fn try_from(n: usize) -> Result<BoardSize, SizeError> {
        match SIZES.contains(&n) {
            true => Ok(BoardSize(n as u8)),
            false => Err(SizeError { written: n.to_string(), why: Unfit::NoMode }),
        }
    }
}

impl FromStr for BoardSize {
    type Err = SizeError;

    /// A whole number that some mode plays ([`SIZES`]). The page's JSON,
    /// read, gives a whole size as its digits, and one below zero or past
    /// every integer as written (`-8e0`, `1e30`): outside every mode's
    /// sizes too. Any other form (`8.0`, `1e1` on the command line) is no
    /// whole number.
    fn from_str(written: &str) -> Result<BoardSize, SizeError> {
        let refuse = |why| SizeError { written: written.to_string(), why };
        let digits = written.strip_prefix('-').unwrap_or(written);
        let n = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            // A negative number, or one past every integer, is outside every mode's sizes too.
            written.parse::<usize>().ok()
        } else {
            match written.parse::<f64>() {
                Ok(x) if x.is_finite() && x.fract() == 0.0 && !(0.0..=usize::MAX as f64).contains(&x) => None,
                _ => return Err(refuse(Unfit::NotANumber)),
            }
        };
        n.and_then(|n| BoardSize::try_from(n).ok()).ok_or_else(|| refuse(Unfit::NoMode))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::EIGHT
    }
}

/// A board size that cannot be played: as written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// The size as it was written.
    pub written: String,
    /// The rule it breaks.
    pub why: Unfit,
}

/// The rule a board size breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// It is no whole number.
    NotANumber,
    /// No mode plays it ([`SIZES`]).
    NoMode,
    /// This mode does not play it ([`ModeKind::sizes`]).
    NotThisMode(ModeKind),
    /// The display has no room for it: its largest board, and the mode
    /// asked for it, if one was. (Only the front end knows which other
    /// display has room: the command line names the terminal's.)
    NoRoom(usize, Option<ModeKind>),
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unfit::NotANumber => f.write_str("not a whole number"),
            Unfit::NoMode => write!(f, "it must be from {} to {}", SIZES.start(), SIZES.end()),
            Unfit::NotThisMode(mode) => {
                let sizes = mode.sizes();
                write!(f, "{mode} mode plays boards of {0}x{0} to {1}x{1}", sizes.start(), sizes.end())?;
                match mode.sizes_limited_by() {
                    Some(why) => write!(f, " ({why})"),
                    None => Ok(()),
                }
            }
            Unfit::NoRoom(largest, _) => write!(f, "this backend shows boards up to {largest}x{largest}"),
        }
    }
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot be {}: {}", quoted(&self.written), self.why)
    }
}

impl std::error::Error for SizeError {}

/// The largest board `mode` (any mode, if none) plays on a display with
/// room for `largest`: what a front end names as the room another display
/// has ("the terminal's up to 16x16").
pub fn largest_played(mode: Option<ModeKind>, largest: usize) -> usize {
    let end = mode.map_or(MAX_SIDE, |mode| *mode.sizes().end());
    largest.min(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_a_whole_number_some_mode_plays() {
        let why = |written: &str| written.parse::<BoardSize>().map(BoardSize::get).map_err(|e| e.to_string());
        assert_eq!(why("12"), Ok(12));
        assert_eq!(why("x"), Err("cannot be 'x': not a whole number".into()));
        assert_eq!(why(""), Err("cannot be '': not a whole number".into()));
        // `--size` takes digits, as the config file's TOML integer does.
        assert_eq!(why("8.0"), Err("cannot be '8.0': not a whole number".into()));
        assert_eq!(why("1e1"), Err("cannot be '1e1': not a whole number".into()));
        assert_eq!(why("8.5"), Err("cannot be '8.5': not a whole number".into()));
        assert_eq!(why("inf"), Err("cannot be 'inf': not a whole number".into()));
        for outside in ["3", "17", "-1", "99999999999999999999", "1e30", "-8e0"] {
            assert_eq!(why(outside), Err(format!("cannot be '{outside}': it must be from 4 to 16")));
        }
    }

    #[test]
    fn the_rule_is_on_the_number_and_a_fitted_size_fits() {
        let twelve = BoardSize::try_from(12).unwrap();
        assert_eq!(twelve.check(Some(ModeKind::Classic), MAX_SIDE), Ok(twelve));
        assert_eq!(
            twelve.check(Some(ModeKind::Cover), MAX_SIDE).unwrap_err().to_string(),
            "cannot be '12': cover mode plays boards of 4x4 to 11x11 (its solver's limit)"
        );
        assert_eq!(
            twelve.check(None, 8).unwrap_err().to_string(),
            "cannot be '12': this backend shows boards up to 8x8"
        );
        assert_eq!(twelve.fitted(ModeKind::Cover, MAX_SIDE).get(), 11);
        assert_eq!(BoardSize::try_from(4).unwrap().fitted(ModeKind::Regions, 8).get(), 5);
        assert_eq!(largest_played(Some(ModeKind::Regions), MAX_SIDE), 12);
        assert!(BoardSize::try_from(17).is_err() && BoardSize::try_from(3).is_err());
    }
}
