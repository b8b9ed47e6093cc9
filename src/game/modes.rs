//! Every way to play, by name.

use super::mode::{Mode, Style};
use super::{Classic, Cover, Strict};
use crate::puzzle::Solutions;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

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
}

/// The board sizes a mode can be played on.
/// Up to the largest every mode can play: classic and strict keep all the
/// solutions of boards up to 12, cover's solver works up to 11. The LED
/// matrix holds 8; the terminal shows the rest.
pub const SIZES: std::ops::RangeInclusive<usize> =
    4..=min(crate::puzzle::MAX_LISTED_N, crate::solver::cover::MAX_COVER_N);

const fn min(a: usize, b: usize) -> usize {
    if a < b { a } else { b }
}

impl ModeKind {
    pub const ALL: [ModeKind; 3] = [ModeKind::Classic, ModeKind::Strict, ModeKind::Cover];

    pub fn name(self) -> &'static str {
        match self {
            ModeKind::Classic => "classic",
            ModeKind::Strict => "strict",
            ModeKind::Cover => "cover",
        }
    }

    /// A new game of this mode on an `n` x `n` board.
    pub fn build(self, n: usize, style: Style) -> Box<dyn Mode> {
        if self == ModeKind::Cover {
            return Box::new(Cover::new(n, style));
        }
        let solutions = if n == 8 { Solutions::eight_shared() } else { Arc::new(Solutions::new(n)) };
        match self {
            ModeKind::Classic => Box::new(Classic::new(solutions, style)),
            ModeKind::Strict => Box::new(Strict::new(solutions, style)),
            ModeKind::Cover => unreachable!("built above"),
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
