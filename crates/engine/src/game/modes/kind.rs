//! [`ModeKind`]: every way to play, by name, tied to its file's facts.

use super::facts::{Facts, Press, ProgressTally};
use super::mode::{Build, Mode};
use super::{classic, cover, regions, strict};
use crate::words::quoted;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The modes the menu, `--mode` and the config file can choose: the one
/// source of everything said about a mode (its name, help line, rules and
/// whether they come before its first game, intro, what a press does, what
/// it tallies, its sizes), each read from its mode's file. A new mode
/// is its file implementing [`Mode`] with its facts, and a variant here;
/// the front ends (the terminal, the page, `--help`) read these and add
/// only their own key names.
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

/// What the start-up message says in every mode whose press places a
/// queen ([`ModeKind::intro`]).
pub const INTRO: &str = "EIGHT QUEENS - MOVE, PRESS TO PLACE, HOLD FOR MENU";

/// What the start-up message says in regions mode, where a press cycles a
/// square through a dot, a queen and empty.
pub const REGIONS_INTRO: &str = "EIGHT QUEENS - MOVE, PRESS FOR A DOT, A QUEEN OR EMPTY, HOLD FOR MENU";

impl ModeKind {
    /// Every mode, in the menu's order.
    pub const ALL: [ModeKind; 4] = [ModeKind::Classic, ModeKind::Strict, ModeKind::Cover, ModeKind::Regions];

    /// This mode's facts, from its file: the one place a mode is tied to them.
    fn facts(self) -> &'static Facts {
        match self {
            ModeKind::Classic => &classic::FACTS,
            ModeKind::Strict => &strict::FACTS,
            ModeKind::Cover => &cover::FACTS,
            ModeKind::Regions => &regions::FACTS,
        }
    }

    /// The mode's name, as `--mode` and the config file take it.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// What this mode is, in one line: the help `--mode` shows beside the
    /// name (`queens play --help`).
    pub fn summary(self) -> &'static str {
        self.facts().summary
    }

    /// What a press on the board does, for the help lines of the terminal
    /// and the page. Regions has no "on a queen": a press cycles every
    /// square (dot, queen, empty).
    pub fn press(self) -> Press {
        self.facts().press
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
    pub fn tally(self) -> ProgressTally {
        self.facts().tally
    }

    /// The board sizes this mode plays: classic and strict every size up to
    /// 16 (their answers come from the list of all solutions up to 12, from
    /// searches above), cover up to its solver's limit, 11, and regions the
    /// sizes its generator makes, 5 to 12.
    pub fn sizes(self) -> RangeInclusive<usize> {
        self.facts().sizes.clone()
    }

    /// What limits [`ModeKind::sizes`] where a mode plays fewer than
    /// [`SIZES`](super::SIZES) for a reason of its own ("its solver's limit"), said when a
    /// size it does not play is refused.
    pub fn sizes_limited_by(self) -> Option<&'static str> {
        self.facts().sizes_limited_by
    }

    /// Whether a direction held down repeats. Classic follows seed 002,
    /// which moves once per push of the joystick (its held and repeated key
    /// events are ignored); the other modes repeat, to cross larger boards.
    pub fn repeats_held_directions(self) -> bool {
        self.facts().repeats_held_directions
    }

    /// Whether a drag across the board marks the squares it crosses
    /// ([`Event::Mark`](crate::game::Event::Mark)): where a press cycles
    /// through a mark (regions' dot). Elsewhere a tap that slides is a tap.
    pub fn drags_to_mark(self) -> bool {
        matches!(self.press(), Press::Cycles(_))
    }

    /// Whether the undo key takes back moves ([`Event::Undo`](crate::game::Event::Undo)):
    /// regions mode's, where a series of presses builds the board; the help
    /// lines name the key only where it does something.
    pub fn undoes(self) -> bool {
        self.facts().undoes
    }

    /// Whether this mode's rules ([`ModeKind::rules`]) scroll before its
    /// first game in a run, where start-up messages play ([`Setup::intro`](crate::game::Setup::intro)):
    /// strict's, as the Scratch program shows its instructions page before
    /// play. The others say theirs only under HELP.
    pub fn rules_first(self) -> bool {
        self.facts().rules_first
    }

    /// What the menu's HELP scrolls: this mode's rules on an `n` x `n`
    /// board, short enough to read once on the matrix.
    pub fn rules(self, n: usize) -> String {
        (self.facts().rules)(n)
    }

    /// A game of this mode as `build` says: its size, style, date and
    /// seed, and what it starts on. The mode's file makes what it can of
    /// the start (regions mode plays a puzzle given, a past day, the one
    /// kept); any other mode starts a new game.
    pub fn build(self, build: Build) -> Box<dyn Mode> {
        (self.facts().build)(build)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::modes::Start;

    #[test]
    fn each_kind_reads_its_own_files_facts() {
        // Two kinds tied to one file's facts would share a name and rules: each kind's name
        // is read back as that kind, and no two kinds' games offer the same actions.
        let build = || Build {
            size: 8,
            style: Default::default(),
            today: None,
            seed: 0,
            start: Start::New,
            auto_mark: false,
        };
        let actions = ModeKind::ALL.map(|kind| kind.build(build()).actions());
        for (kind, offered) in ModeKind::ALL.into_iter().zip(&actions) {
            assert_eq!(kind.name().parse::<ModeKind>(), Ok(kind));
            assert_eq!(actions.iter().filter(|&other| other == offered).count(), 1, "{kind}");
        }
    }
}
