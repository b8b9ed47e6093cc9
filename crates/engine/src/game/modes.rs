//! Every way to play, by name.

use super::MAX_SIDE;
use super::mode::{Mode, Style};
use super::{Classic, Cover, Regions, Strict};
use crate::puzzle::Answers;
use crate::solver::cover::MAX_COVER_N;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The modes the menu, `--mode` and the config file can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ModeKind {
    /// The seed's rules: the latest move wins; press a queen for the closest solution.
    #[default]
    Classic,
    /// Conflicting moves are refused; solve completes the board.
    Strict,
    /// The fewest queens that attack every square (seed 001).
    Cover,
    /// One queen in every row, column and coloured region, none touching.
    Regions,
}

/// Every board size some mode can be played on (see [`ModeKind::sizes`]):
/// up to the largest frame, 16, which only the terminal has room for (the
/// LED matrix holds 8).
pub const SIZES: RangeInclusive<usize> = 4..=MAX_SIDE;

impl ModeKind {
    /// Every mode, in the menu's order.
    pub const ALL: [ModeKind; 4] = [ModeKind::Classic, ModeKind::Strict, ModeKind::Cover, ModeKind::Regions];

    /// The mode's name, as `--mode` and the config file take it.
    pub fn name(self) -> &'static str {
        match self {
            ModeKind::Classic => "classic",
            ModeKind::Strict => "strict",
            ModeKind::Cover => "cover",
            ModeKind::Regions => "regions",
        }
    }

    /// What a press on one of the player's queens does in this mode, for
    /// the help lines of the terminal and the page: long and short. Regions
    /// has no "on a queen": a press cycles every square (dot, queen, empty).
    pub fn queen_press(self) -> (&'static str, &'static str) {
        match self {
            ModeKind::Classic => ("the answer", "answer"),
            ModeKind::Strict | ModeKind::Cover => ("take it back", "take back"),
            ModeKind::Regions => ("empty it", "empty"),
        }
    }

    /// The board sizes this mode plays: classic and strict every size up to
    /// 16 (their answers come from the list of all solutions up to 12, from
    /// searches above), cover up to its solver's limit, 11, and regions the
    /// sizes its generator makes, 5 to 12.
    pub fn sizes(self) -> RangeInclusive<usize> {
        match self {
            ModeKind::Classic | ModeKind::Strict => SIZES,
            ModeKind::Cover => *SIZES.start()..=MAX_COVER_N,
            ModeKind::Regions => crate::regions::generate::SIZES,
        }
    }

    /// `size` brought within what this mode plays and what the display has
    /// room for (`max_size`): a board too large becomes the largest that fits.
    pub(crate) fn clamp_size(self, size: usize, max_size: usize) -> usize {
        size.clamp(*self.sizes().start(), max_size.min(*self.sizes().end()))
    }

    /// Why this mode cannot be played on an `n` x `n` board, if it cannot.
    pub fn check_size(self, n: usize) -> Result<(), String> {
        let sizes = self.sizes();
        let why = match self {
            ModeKind::Cover => " (its solver's limit)",
            ModeKind::Regions => " (its generator's sizes)",
            ModeKind::Classic | ModeKind::Strict => "",
        };
        match sizes.contains(&n) {
            true => Ok(()),
            false => Err(format!(
                "{self} mode plays boards of {0}x{0} to {1}x{1}{why}",
                sizes.start(),
                sizes.end()
            )),
        }
    }

    /// Whether a direction held down repeats. Classic follows seed 002,
    /// which moves once per push of the joystick (its held and repeated key
    /// events are ignored); the other modes repeat, to cross larger boards.
    pub fn repeats_held_directions(self) -> bool {
        self != ModeKind::Classic
    }

    /// What the menu's HELP scrolls: this mode's rules on an `n` x `n`
    /// board, short enough to read once on the matrix.
    pub fn rules(self, n: usize) -> String {
        match self {
            ModeKind::Classic => {
                format!(
                    "PLACE {n} QUEENS, NONE ATTACKING. THE NEWEST QUEEN WINS. PRESS A QUEEN FOR A SOLUTION"
                )
            }
            // The Scratch program's instructions page, in our words.
            ModeKind::Strict => format!(
                "PLACE {n} QUEENS, NONE ATTACKING. ATTACKS ARE REFUSED. PRESS A QUEEN TO TAKE IT BACK. \
                 SOLVE ADDS THE MISSING QUEENS WITHOUT MOVING YOURS AND SAYS HOW LONG IT TOOK, \
                 OR NO SOLUTION IF THERE IS NONE. RESTART EMPTIES THE BOARD"
            ),
            ModeKind::Cover => {
                "COVER EVERY SQUARE WITH FEW QUEENS. PRESS A QUEEN TO TAKE IT BACK. GO SHOWS COVERS"
                    .to_string()
            }
            ModeKind::Regions => {
                "ONE QUEEN IN EVERY ROW, COLUMN AND COLOUR, NONE TOUCHING. PRESS: DOT, QUEEN, EMPTY"
                    .to_string()
            }
        }
    }

    /// A new game of this mode on an `n` x `n` board; `today` (days since
    /// 1970-01-01) chooses regions mode's puzzle of the day, `seed` its others.
    pub fn build(self, n: usize, style: Style, today: Option<i64>, seed: u64) -> Box<dyn Mode> {
        match self {
            ModeKind::Regions => Box::new(Regions::new(n, style, today, seed)),
            ModeKind::Classic => Box::new(Classic::new(Answers::new(n), style)),
            ModeKind::Strict => Box::new(Strict::new(Answers::new(n), style)),
            ModeKind::Cover => Box::new(Cover::new(n, style)),
        }
    }
}

impl fmt::Display for ModeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ModeKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ModeKind::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| {
            let names: Vec<&str> = ModeKind::ALL.iter().map(|m| m.name()).collect();
            format!("unknown mode '{s}': expected one of {}", names.join(", "))
        })
    }
}
