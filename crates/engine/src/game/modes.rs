//! Every way to play, by name.

use super::MAX_SIDE;
use super::mode::{Mode, Style};
use super::{Classic, Cover, Regions, Strict};
use crate::puzzle::Answers;
use crate::solver::cover::MAX_COVER_N;
use crate::words::quoted;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The modes the menu, `--mode` and the config file can choose: the one
/// source of everything said about a mode (its name, help line, rules and
/// whether they come before its first game, intro, what a press does, what
/// it tallies, its sizes). A new mode is its module
/// implementing [`Mode`] and a variant here; the front ends (the terminal,
/// the page, `--help`) read these and add only their own key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ModeKind {
    /// The seed's rules ([`ModeKind::summary`] says them in a line).
    #[default]
    Classic,
    /// After the Scratch program.
    Strict,
    /// After the Delphi program.
    Cover,
    /// The coloured-regions puzzle.
    Regions,
}

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
/// [`Engine::tally`](super::Engine::tally) puts in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tally {
    /// How many of the 92 solutions were found, on the 8x8 only.
    Found,
    /// The streak of puzzles of the day solved, while one is played.
    DailyStreak,
    /// Nothing is tallied.
    Nothing,
}

/// What the start-up message says in every mode whose press places a
/// queen ([`ModeKind::intro`]).
pub const INTRO: &str = "EIGHT QUEENS - MOVE, PRESS TO PLACE, HOLD FOR MENU";

/// What the start-up message says in regions mode, where a press cycles a
/// square through a dot, a queen and empty.
pub const REGIONS_INTRO: &str = "EIGHT QUEENS - MOVE, PRESS FOR A DOT, A QUEEN OR EMPTY, HOLD FOR MENU";

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

    /// What this mode is, in one line: the help `--mode` shows beside the
    /// name (`queens play --help`).
    pub fn summary(self) -> &'static str {
        match self {
            ModeKind::Classic => {
                "the seed's rules: the newest queen wins; press a queen for the closest solution"
            }
            ModeKind::Strict => {
                "after the Scratch program: a queen that would attack is refused; solve completes the board"
            }
            ModeKind::Cover => {
                "after the Delphi program: the fewest queens that together attack every square"
            }
            ModeKind::Regions => "one queen in every row, column and coloured region, none touching",
        }
    }

    /// What a press on the board does, for the help lines of the terminal
    /// and the page. Regions has no "on a queen": a press cycles every
    /// square (dot, queen, empty).
    pub fn press(self) -> Press {
        match self {
            ModeKind::Classic => Press::Places { on_a_queen: ("the answer", "answer") },
            ModeKind::Strict | ModeKind::Cover => Press::Places { on_a_queen: ("take it back", "take back") },
            ModeKind::Regions => Press::Cycles(&["dot", "queen", "empty"]),
        }
    }

    /// What the start-up message scrolls in this mode: what a press does there.
    pub fn intro(self) -> &'static str {
        match self.press() {
            Press::Places { .. } => INTRO,
            Press::Cycles(_) => REGIONS_INTRO,
        }
    }

    /// Which of the player's progress belongs to a game of this mode: the
    /// solutions found in classic and strict (where a board solved by hand
    /// is one of the 92), the daily streak in regions, nothing in cover.
    pub fn tally(self) -> Tally {
        match self {
            ModeKind::Classic | ModeKind::Strict => Tally::Found,
            ModeKind::Regions => Tally::DailyStreak,
            ModeKind::Cover => Tally::Nothing,
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

    /// Whether a direction held down repeats. Classic follows seed 002,
    /// which moves once per push of the joystick (its held and repeated key
    /// events are ignored); the other modes repeat, to cross larger boards.
    pub fn repeats_held_directions(self) -> bool {
        self != ModeKind::Classic
    }

    /// Whether this mode's rules ([`ModeKind::rules`]) scroll before its
    /// first game in a run, where start-up messages play ([`Setup::intro`](super::Setup::intro)):
    /// strict's, as the Scratch program shows its instructions page before
    /// play. The others say theirs only under HELP.
    pub fn rules_first(self) -> bool {
        match self {
            ModeKind::Strict => true,
            ModeKind::Classic | ModeKind::Cover | ModeKind::Regions => false,
        }
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
            format!("unknown mode {}: expected one of {}", quoted(s), names.join(", "))
        })
    }
}
