//! Which of the 92 solutions the player has found, and what to say about it.

use crate::puzzle::{Placement, Solutions};

/// The solutions of the 8x8 the player has completed, by their index in
/// [`Solutions::eight`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    found: u128,
    daily: Option<Streak>,
}

/// The puzzles of the day solved on consecutive days, up to the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    /// The last day solved (days since 1970-01-01).
    pub last: i64,
    /// How many days in a row up to `last`, `last` included.
    pub days: u32,
}

/// What one solved board did to the progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its index in [`Solutions::eight`].
    pub index: usize,
    /// Found for the first time.
    pub new: bool,
    /// The first of its fundamental class (of 12) to be found.
    pub new_class: bool,
}

impl Progress {
    /// Progress with the given solutions found; `None` if an index is not one of the 92.
    pub fn from_found(indexes: impl IntoIterator<Item = usize>) -> Option<Progress> {
        let mut p = Progress::default();
        for i in indexes {
            if i >= Solutions::eight().len() {
                return None;
            }
            p.found |= 1 << i;
        }
        Some(p)
    }

    /// The indexes of the solutions found, ascending.
    pub fn found(&self) -> impl Iterator<Item = usize> + '_ {
        (0..Solutions::eight().len()).filter(|&i| self.found >> i & 1 == 1)
    }

    /// How many of the 92 solutions have been found.
    pub fn count(&self) -> usize {
        self.found.count_ones() as usize
    }

    /// How many of the 12 fundamental solutions have a member found.
    pub(crate) fn classes_found(&self) -> usize {
        let s = Solutions::eight();
        let mut classes = 0u16;
        for i in self.found() {
            classes |= 1 << s.class_of(i).0;
        }
        classes.count_ones() as usize
    }

    /// Notes a completed 8x8 board. `None` if `queens` is not a solution of the 8x8.
    pub fn record(&mut self, queens: &Placement) -> Option<Record> {
        let s = Solutions::eight();
        if queens.n() != s.n() {
            return None;
        }
        let index = s.index_of(queens)?;
        let class = s.class_of(index).0;
        let new_class = self.found().all(|i| s.class_of(i).0 != class);
        let new = self.found >> index & 1 == 0;
        self.found |= 1 << index;
        Some(Record { index, new, new_class })
    }

    /// The streak of puzzles of the day, if one was ever solved.
    pub fn streak(&self) -> Option<Streak> {
        self.daily
    }

    /// How many days in a row the puzzle of the day has been solved, as it
    /// stands on day `today`: the streak if its last day is today or
    /// yesterday (it can still grow), else 0 (a day was missed).
    pub(crate) fn streak_on(&self, today: i64) -> u32 {
        self.daily.filter(|s| s.last >= today - 1).map_or(0, |s| s.days)
    }

    /// This progress with the streak `days` long up to day `last`, as saved.
    pub fn with_streak(mut self, last: i64, days: u32) -> Progress {
        self.daily = (days > 0).then_some(Streak { last, days });
        self
    }

    /// This progress and `other`'s together, as two copies of the game
    /// playing on one saved state must keep it: every solution either found,
    /// and the streak that counts every day either solved. A streak is a run
    /// of days solved, so the two runs are joined when they overlap or touch
    /// (one ends the day before the other starts); otherwise the run that
    /// reaches the later day is kept (the other was broken). The order does
    /// not matter, and merging again changes nothing.
    pub fn merged(&self, other: &Progress) -> Progress {
        let daily = match (self.daily, other.daily) {
            (Some(a), Some(b)) => {
                let (older, newer) = if (a.last, a.days) <= (b.last, b.days) { (a, b) } else { (b, a) };
                let first = |s: Streak| s.last - i64::from(s.days) + 1;
                let days = if older.last >= first(newer) - 1 {
                    let run = newer.last - first(older).min(first(newer)) + 1;
                    u32::try_from(run).unwrap_or(u32::MAX)
                } else {
                    newer.days
                };
                Some(Streak { last: newer.last, days })
            }
            (one, other) => one.or(other),
        };
        Progress { found: self.found | other.found, daily }
    }

    /// Notes the puzzle of day `day` solved: the streak grows if the last
    /// day solved was the day before, stays if it was this day, and starts
    /// again from 1 otherwise (a day missed, or a clock put back). Says
    /// whether anything changed.
    pub(crate) fn record_daily(&mut self, day: i64) -> (Streak, bool) {
        let streak = match self.daily {
            Some(s) if s.last == day => return (s, false),
            Some(s) if s.last == day - 1 => Streak { last: day, days: s.days.saturating_add(1) },
            _ => Streak { last: day, days: 1 },
        };
        self.daily = Some(streak);
        (streak, true)
    }

    /// What the matrix scrolls after a solved board: `37/92`, and news of a
    /// new fundamental solution or of one found before.
    pub fn message(&self, record: &Record) -> String {
        let total = Solutions::eight().len();
        let mut text = format!("{}/{total}", self.count());
        if record.new_class {
            let classes = Solutions::eight().class_count();
            text += &format!(" NEW FUNDAMENTAL {}/{classes}", self.classes_found());
        } else if !record.new {
            text += " FOUND BEFORE";
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_are_counted_once_and_classes_noticed() {
        let s = Solutions::eight();
        let mut p = Progress::default();
        let first = p.record(s.get(0)).unwrap();
        assert_eq!(first, Record { index: 0, new: true, new_class: true });
        assert_eq!(p.message(&first), "1/92 NEW FUNDAMENTAL 1/12");
        // Another member of the same class is new, but not a new class.
        let (class, _) = s.class_of(0);
        let sibling = (1..92).find(|&i| s.class_of(i).0 == class).unwrap();
        let second = p.record(s.get(sibling)).unwrap();
        assert_eq!(second, Record { index: sibling, new: true, new_class: false });
        assert_eq!(p.message(&second), "2/92");
        let again = p.record(s.get(0)).unwrap();
        assert!(!again.new);
        assert_eq!(p.message(&again), "2/92 FOUND BEFORE");
        assert_eq!(p.found().collect::<Vec<_>>(), [0, sibling]);
        assert_eq!(Progress::from_found([0, sibling]), Some(p));
        assert_eq!(Progress::from_found([92]), None);
    }

    #[test]
    fn merging_keeps_every_solution_and_the_longest_run_of_days() {
        let a = Progress::from_found([88]).unwrap();
        let b = Progress::from_found([0, 89]).unwrap();
        assert_eq!(a.merged(&b).found().collect::<Vec<_>>(), [0, 88, 89]);
        let streak = |last, days| Progress::default().with_streak(last, days).streak();
        let merge = |x: Option<Streak>, y: Option<Streak>| {
            let with = |s: Option<Streak>| {
                s.map_or(Progress::default(), |s| Progress::default().with_streak(s.last, s.days))
            };
            let there = with(x).merged(&with(y)).streak();
            assert_eq!(there, with(y).merged(&with(x)).streak(), "either order");
            there
        };
        // Days 6..=10 solved in one copy, day 11 in the other (which had missed the rest): 6..=11.
        assert_eq!(merge(streak(10, 5), streak(11, 1)), streak(11, 6));
        // The same run seen twice, or one inside the other: unchanged.
        assert_eq!(merge(streak(10, 5), streak(10, 5)), streak(10, 5));
        assert_eq!(merge(streak(10, 5), streak(9, 2)), streak(10, 5));
        // Overlapping runs join.
        assert_eq!(merge(streak(10, 3), streak(12, 4)), streak(12, 5));
        // A day missed between them: the later run alone.
        assert_eq!(merge(streak(10, 5), streak(12, 1)), streak(12, 1));
        assert_eq!(merge(None, streak(3, 2)), streak(3, 2));
        assert_eq!(merge(None, None), None);
    }

    #[test]
    fn a_board_that_is_no_8x8_solution_is_not_recorded() {
        let mut p = Progress::default();
        assert_eq!(p.record(&Placement::empty(8)), None);
        assert_eq!(p.record(Solutions::new(6).get(0)), None);
        assert_eq!(p.count(), 0);
    }
}
