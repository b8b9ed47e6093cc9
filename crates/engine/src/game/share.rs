//! A solve as a player shares it: a few lines of text, made here once so
//! that the page's Share button and the terminal, which prints them under
//! the board, never differ. They say which puzzle (its day, or its link),
//! the time and the hints, and an emoji line of the queens placed and the
//! hints taken: nothing of where the queens stand.

use super::best_times::BestNews;
use super::clock::Millis;
use super::elapsed::play_time;
use crate::regions::generate::date_string;

/// Which puzzle was solved, as the first line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The puzzle of the day (days since 1970-01-01), solved on its day.
    Daily(i64),
    /// The puzzle of an earlier day, solved on day `on` (if the date is known).
    PastDay {
        /// The puzzle's day.
        day: i64,
        /// The day it was solved.
        on: Option<i64>,
    },
    /// Any other puzzle, by its link's fragment (`#p=...`): the page's
    /// address with it plays the same puzzle.
    Link(String),
}

/// One puzzle solved: what [`Solve::lines`] shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    /// Which puzzle.
    pub played: Played,
    /// The board is `n` x `n`: as many queens placed.
    pub n: usize,
    /// From the first press to the last queen.
    pub took: Millis,
    /// The hints asked for on the way.
    pub hints: u32,
}

impl Solve {
    /// The lines to share, for a solve in mode `mode` (its name), with
    /// what it did to the best times (`best`, [`BestNews::words`]) after
    /// the time:
    /// ```text
    /// queens regions: the puzzle of 2026-11-28
    /// solved in 1m07s with 2 hints - new daily best
    /// 👑👑👑👑👑👑👑👑 💡💡
    /// ```
    pub fn lines(&self, mode: &str, best: Option<&BestNews>) -> Vec<String> {
        let n = self.n;
        let which = match &self.played {
            Played::Daily(day) => format!("the puzzle of {}", date_string(*day)),
            Played::PastDay { day, on: Some(on) } => {
                format!("the puzzle of {}, played on {}", date_string(*day), date_string(*on))
            }
            Played::PastDay { day, on: None } => format!("the puzzle of {}", date_string(*day)),
            Played::Link(link) => format!("{n}x{n} {link}"),
        };
        let hints = match self.hints {
            0 => "no hints".to_string(),
            1 => "1 hint".to_string(),
            more => format!("{more} hints"),
        };
        let mut emoji = "\u{1f451}".repeat(n);
        if self.hints > 0 {
            emoji.push(' ');
            emoji.push_str(&"\u{1f4a1}".repeat(self.hints.min(n as u32 * 2) as usize));
        }
        let mut time = format!("solved in {} with {hints}", play_time(self.took));
        for words in best.map(BestNews::words).unwrap_or_default() {
            // In the lines' lower case (a time's units are lower case already).
            time += &format!(" - {}", words.to_ascii_lowercase());
        }
        vec![format!("queens {mode}: {which}"), time, emoji]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_name_the_puzzle_the_time_and_the_hints_and_never_a_square() {
        let today = Solve { played: Played::Daily(20_785), n: 8, took: 67_400, hints: 2 };
        assert_eq!(
            today.lines("regions", None),
            [
                "queens regions: the puzzle of 2026-11-28",
                "solved in 1m07s with 2 hints",
                "👑👑👑👑👑👑👑👑 💡💡"
            ]
        );
        let past = Solve { played: Played::PastDay { day: 20_783, on: Some(20_785) }, hints: 0, ..today };
        assert_eq!(
            past.lines("regions", None)[0],
            "queens regions: the puzzle of 2026-11-26, played on 2026-11-28"
        );
        assert_eq!(past.lines("regions", None)[1], "solved in 1m07s with no hints");
        assert_eq!(past.lines("regions", None)[2], "👑".repeat(8));
        let given = Solve { played: Played::Link("#p=5.AAB".into()), n: 5, took: 9_000, hints: 1 };
        assert_eq!(
            given.lines("regions", None)[..2],
            ["queens regions: 5x5 #p=5.AAB", "solved in 9s with 1 hint"]
        );
        let news = BestNews { took: 67_400, puzzle_before: Some(82_000), daily_before: Some(60_000) };
        assert_eq!(
            today.lines("regions", Some(&news))[1],
            "solved in 1m07s with 2 hints - new best - daily best 1m00s"
        );
        let first = BestNews { puzzle_before: None, daily_before: None, ..news };
        assert_eq!(today.lines("regions", Some(&first))[1], "solved in 1m07s with 2 hints");
    }
}
