//! The one rule for a board size, and the one wording of why one cannot be
//! played: for `--size`, the config file's `size`, a saved state's, and
//! the starting game worked out from them ([`Setup::choose`](super::Setup::choose)).

use super::frame::MAX_SIDE;
use super::modes::{ModeKind, SIZES};
use crate::words::quoted;
use std::fmt;

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
    /// The device has no room for it: `(its largest board, the terminal's
    /// largest in this mode)`.
    NoRoom(usize, usize),
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
            Unfit::NoRoom(largest, terminal) => write!(
                f,
                "this backend shows boards up to {largest}x{largest}; the terminal's up to {terminal}x{terminal}"
            ),
        }
    }
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot be {}: {}", quoted(&self.written), self.why)
    }
}

impl std::error::Error for SizeError {}

/// The board size `written` (`--size`'s value, the config file's `size`, a
/// saved state's), if it can be played: a whole number that some mode plays
/// ([`SIZES`]), `mode` if one is given ([`ModeKind::sizes`]), and that fits
/// on a display of boards up to `largest` x `largest`. The one rule for a
/// size, and the one wording of why not.
pub fn check_size(written: &str, mode: Option<ModeKind>, largest: usize) -> Result<usize, SizeError> {
    let refuse = |why| SizeError { written: written.to_string(), why };
    let digits = written.strip_prefix('-').unwrap_or(written);
    let n = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        // A negative number, or one past every integer, is outside every mode's sizes too.
        written.parse::<usize>().ok()
    } else {
        // The page's JSON, read, gives a whole size as its digits, and one below zero or past
        // every integer as written (`-8e0`, `1e30`): outside every mode's sizes too. Any other
        // form (`8.0`, `1e1` on the command line) is no whole number.
        match written.parse::<f64>() {
            Ok(x) if x.is_finite() && x.fract() == 0.0 && !(0.0..=usize::MAX as f64).contains(&x) => None,
            _ => return Err(refuse(Unfit::NotANumber)),
        }
    };
    let n = n.filter(|n| SIZES.contains(n)).ok_or(refuse(Unfit::NoMode))?;
    if let Some(mode) = mode
        && !mode.sizes().contains(&n)
    {
        return Err(refuse(Unfit::NotThisMode(mode)));
    }
    if n > largest {
        // The terminal has room for the largest board of every mode.
        let terminal = mode.map_or(MAX_SIDE, |mode| MAX_SIDE.min(*mode.sizes().end()));
        return Err(refuse(Unfit::NoRoom(largest, terminal)));
    }
    Ok(n)
}

/// `size` brought within what `mode` plays and what a display of boards up
/// to `largest` has room for: a board too large becomes the largest that
/// fits. For a size nobody asked for this time (the one played last, on
/// another display perhaps, or in another mode chosen in the menu).
pub(crate) fn fit_size(mode: ModeKind, size: usize, largest: usize) -> usize {
    size.clamp(*mode.sizes().start(), largest.min(*mode.sizes().end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_a_whole_number_some_mode_plays() {
        let why = |written| check_size(written, None, MAX_SIDE).map_err(|e| e.to_string());
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
}
