//! What each mode's file says about it, in one shape: [`Facts`], and the
//! kinds of fact it holds.

use super::mode::{Build, Mode};
use crate::game::frame::MAX_SIDE;
use std::ops::RangeInclusive;

/// What a press on the board does in a mode: the mode's fact, which the
/// terminal's help line and the page's help items put beside their own
/// keys (Enter and Space; a click of the joystick's middle). The split is
/// there because the devices differ only in what is pressed, not in what a
/// press does: each front end names its keys and fits its own width, and
/// neither repeats a mode's words. A new kind of press is a new variant,
/// and the compiler then asks each front end how to say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// A press places a queen; on one of the player's queens it does
    /// `on_a_queen`, worded long and short (for narrow help lines).
    Places {
        /// What a press on a queen does: `(long, short)`.
        on_a_queen: (&'static str, &'static str),
    },
    /// A press cycles the square through these states, in order.
    Cycles(&'static [&'static str]),
}

/// The player's progress that belongs to a game of a mode, which
/// [`Engine::tally`](crate::game::Engine::tally) puts in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressTally {
    /// How many of the 92 solutions were found, on the 8x8 only.
    Found,
    /// The streak of puzzles of the day solved, while one is played.
    DailyStreak,
    /// Nothing is tallied.
    Nothing,
}

/// Every board size some mode can be played on (see [`ModeKind::sizes`](super::ModeKind::sizes)):
/// up to the largest frame, 16, which only the terminal has room for (the
/// LED matrix holds 8).
pub const SIZES: RangeInclusive<usize> = 4..=MAX_SIDE;

/// What a mode's file says about it: everything the menu, `--mode`, the
/// config file and the help lines show of it, and how a game of it starts.
/// [`ModeKind`](super::ModeKind)'s methods read these; each field is the
/// method of its name.
pub(super) struct Facts {
    pub(super) name: &'static str,
    pub(super) summary: &'static str,
    pub(super) press: Press,
    pub(super) tally: ProgressTally,
    pub(super) sizes: RangeInclusive<usize>,
    pub(super) sizes_limited_by: Option<&'static str>,
    pub(super) rules_first: bool,
    pub(super) repeats_held_directions: bool,
    pub(super) undoes: bool,
    pub(super) rules: fn(usize) -> String,
    pub(super) build: fn(Build) -> Box<dyn Mode>,
}
