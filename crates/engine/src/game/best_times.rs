//! Best times (issue 54): each regions puzzle's fastest solve, and the
//! daily's best, the fastest puzzle of the day solved on its day. Kept in
//! the saved state ([`SavedState`](super::SavedState): `best_times`,
//! `daily_best`), merged as the progress is, and said at the solve
//! (`SOLVED IN 1m40s - BEST 1m22s`, `NEW BEST`) and in the share lines.

use super::clock::Millis;
use super::elapsed::play_time;
use crate::regions::{Puzzle, share};

/// How many puzzles' best times are kept: the ones solved last. A player
/// who solves a new puzzle a day keeps over half a year of them, and the
/// saved state stays a few kilobytes.
pub const KEPT_PUZZLES: usize = 200;

/// A puzzle as its best time is kept: a 64-bit fingerprint (FNV-1a) of its
/// link's fragment ([`share::fragment`]), which is its regions and nothing
/// else, so the same puzzle played as the daily, as a past day or from a
/// link is one puzzle, and the saved state holds 16 hex digits, not the
/// grid.
pub fn fingerprint(puzzle: &Puzzle) -> u64 {
    share::fragment(puzzle)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3))
}

/// Each puzzle's best time, the last solved last, and the daily's best.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestTimes {
    /// (fingerprint, best time), at most [`KEPT_PUZZLES`], oldest first.
    puzzles: Vec<(u64, Millis)>,
    /// The fastest puzzle of the day solved on its day.
    daily: Option<Millis>,
}

/// What a solve did to the best times: the bests it was measured against
/// (as they were before it), for the words said at the solve and shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestNews {
    /// The solve's time.
    pub took: Millis,
    /// This puzzle's best before, if it was solved before.
    pub puzzle_before: Option<Millis>,
    /// The daily's best before, for a puzzle of the day solved on its day
    /// (`None` for any other solve, or the first daily).
    pub daily_before: Option<Millis>,
}

impl BestNews {
    /// What is said after `SOLVED IN ...`: `BEST 1m22s` (this puzzle's
    /// best, not beaten) or `NEW BEST` (beaten), and for the daily
    /// `DAILY BEST 1m05s` or `NEW DAILY BEST`; none at a puzzle's first
    /// solve (nothing to beat). Upper case, for the LEDs' scroll.
    pub fn words(&self) -> Vec<String> {
        let said = |before: Option<Millis>, what: &str| {
            before.map(|best| match self.took < best {
                true => format!("NEW {what}"),
                false => format!("{what} {}", play_time(best)),
            })
        };
        said(self.puzzle_before, "BEST").into_iter().chain(said(self.daily_before, "DAILY BEST")).collect()
    }
}

impl BestTimes {
    /// Best times as saved: `puzzles` oldest first (only the last
    /// [`KEPT_PUZZLES`] kept, a puzzle given twice its faster time), and
    /// the daily's best.
    pub fn from_saved(puzzles: impl IntoIterator<Item = (u64, Millis)>, daily: Option<Millis>) -> BestTimes {
        let mut best = BestTimes { puzzles: Vec::new(), daily };
        for (puzzle, took) in puzzles {
            best.note(puzzle, took);
        }
        best
    }

    /// The puzzles' best times, oldest first, as saved.
    pub fn puzzles(&self) -> &[(u64, Millis)] {
        &self.puzzles
    }

    /// The daily's best: the fastest puzzle of the day solved on its day.
    pub fn daily(&self) -> Option<Millis> {
        self.daily
    }

    /// Whether there is nothing to keep.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty() && self.daily.is_none()
    }

    /// The best time of the puzzle with this fingerprint, if it was solved.
    pub fn of(&self, puzzle: u64) -> Option<Millis> {
        self.puzzles.iter().find(|(p, _)| *p == puzzle).map(|&(_, took)| took)
    }

    /// `took` for `puzzle`: its best the faster, and it now the last solved
    /// (the oldest dropped past [`KEPT_PUZZLES`]).
    fn note(&mut self, puzzle: u64, took: Millis) {
        let best = match self.puzzles.iter().position(|(p, _)| *p == puzzle) {
            Some(at) => self.puzzles.remove(at).1.min(took),
            None => took,
        };
        self.puzzles.push((puzzle, best));
        if self.puzzles.len() > KEPT_PUZZLES {
            self.puzzles.remove(0);
        }
    }

    /// A solve of the puzzle `puzzle` (its [`fingerprint`]) in `took`, the
    /// puzzle of the day on its day if `daily`: the bests before it, and
    /// now the faster of each.
    pub fn record(&mut self, puzzle: u64, took: Millis, daily: bool) -> BestNews {
        let news =
            BestNews { took, puzzle_before: self.of(puzzle), daily_before: self.daily.filter(|_| daily) };
        self.note(puzzle, took);
        if daily {
            self.daily = Some(self.daily.map_or(took, |best| best.min(took)));
        }
        news
    }

    /// These best times and `other`'s together (two games on one saved
    /// state): each puzzle's faster time, `other`'s puzzles that this has
    /// not first, then this one's, and the faster daily. Merging again
    /// changes nothing.
    pub fn merged(&self, other: &BestTimes) -> BestTimes {
        let theirs = other.puzzles.iter().filter(|(p, _)| self.of(*p).is_none()).copied();
        let ours = self.puzzles.iter().map(|&(p, took)| (p, other.of(p).map_or(took, |t| t.min(took))));
        let daily = match (self.daily, other.daily) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (one, other) => one.or(other),
        };
        BestTimes::from_saved(theirs.chain(ours), daily)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_is_measured_against_the_best_before_it_and_the_faster_kept() {
        let mut best = BestTimes::default();
        let first = best.record(7, 100_000, false);
        assert_eq!(first.words(), Vec::<String>::new(), "a first solve has nothing to beat");
        let slower = best.record(7, 120_000, false);
        assert_eq!(slower.words(), ["BEST 1m40s"]);
        assert_eq!(best.record(7, 82_000, false).words(), ["NEW BEST"]);
        assert_eq!(best.of(7), Some(82_000));
        // The daily: its own best, over every day's puzzle.
        assert_eq!(best.record(1, 70_000, true).words(), Vec::<String>::new());
        assert_eq!(best.record(2, 65_000, true).words(), ["NEW DAILY BEST"]);
        assert_eq!(best.record(3, 90_000, true).words(), ["DAILY BEST 1m05s"]);
        assert_eq!(best.record(2, 66_000, true).words(), ["BEST 1m05s", "DAILY BEST 1m05s"]);
        // A past day is not the daily on its day: its puzzle's best only.
        assert_eq!(best.record(3, 60_000, false).words(), ["NEW BEST"]);
        assert_eq!(best.daily(), Some(65_000));
    }

    #[test]
    fn only_the_last_puzzles_solved_are_kept() {
        let mut best = BestTimes::default();
        for p in 0..KEPT_PUZZLES as u64 + 5 {
            best.record(p, 1000 + p, false);
        }
        assert_eq!(best.puzzles().len(), KEPT_PUZZLES);
        assert_eq!(best.of(4), None, "the oldest dropped");
        assert_eq!(best.of(5), Some(1005));
        // Solved again, a puzzle is the last solved and kept longest.
        best.record(5, 2000, false);
        best.record(999, 1, false);
        assert_eq!(best.of(5), Some(1005), "still its best");
        assert_eq!(best.of(6), None);
    }

    #[test]
    fn merging_keeps_each_faster_time_and_again_changes_nothing() {
        let ours = BestTimes::from_saved([(1, 50), (2, 90)], Some(70));
        let theirs = BestTimes::from_saved([(2, 80), (3, 10)], Some(60));
        let merged = ours.merged(&theirs);
        assert_eq!(merged, BestTimes::from_saved([(3, 10), (1, 50), (2, 80)], Some(60)));
        assert_eq!(merged.merged(&theirs), merged);
        assert_eq!(ours.merged(&merged), merged);
        assert_eq!(ours.merged(&BestTimes::default()), ours);
    }

    #[test]
    fn a_puzzle_is_its_regions() {
        let day = |d| crate::regions::generate::daily(d).puzzle;
        assert_ne!(fingerprint(&day(20_785)), fingerprint(&day(20_786)), "two days, two puzzles");
        assert_eq!(fingerprint(&day(20_785)), fingerprint(&day(20_785)), "the same puzzle made again");
    }
}
