//! Splitting a count into parts for separate machines or jobs: `--part K/M`.
//!
//! Every search of start constellations (a group, or an orbit alone) gets an
//! estimated cost, and the searches are dealt out largest first, each to the part with the least cost so far
//! (ties to the lowest part). Integer costs and a fixed order make the split
//! the same on every machine, so parts 1..M, run anywhere, cover every
//! constellation exactly once.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::str::FromStr;

/// The most parts a count is split into: far more than the start
/// constellations of any board the counter takes in reasonable time.
pub const MAX_PARTS: usize = 1_000_000;

/// Share `index` (1-based) of `of` parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    index: usize,
    of: usize,
}

impl Part {
    /// The whole count, as one part.
    pub const WHOLE: Part = Part { index: 1, of: 1 };

    /// Part `index` of `of`: `index` from 1 to `of`, as Slurm's array task ids run with `--array=1-M`.
    pub fn new(index: usize, of: usize) -> Result<Self, PartError> {
        if of == 0 {
            return Err(PartError::NoParts);
        }
        if of > MAX_PARTS {
            return Err(PartError::TooMany(of));
        }
        if !(1..=of).contains(&index) {
            return Err(PartError::OutOfRange { index, of });
        }
        Ok(Part { index, of })
    }

    /// The part's number, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many parts the count is split into.
    pub fn of(&self) -> usize {
        self.of
    }
}

/// Why a part could not be made or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartError {
    /// M is 0.
    NoParts,
    /// M is above [`MAX_PARTS`].
    TooMany(usize),
    /// K is outside 1 to M.
    OutOfRange {
        /// K, as given.
        index: usize,
        /// M.
        of: usize,
    },
    /// Not of the form K/M; the text given.
    Malformed(String),
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::NoParts => write!(f, "--part K/M needs at least one part (M of 1 or more)"),
            PartError::TooMany(of) => write!(f, "--part K/M takes at most {MAX_PARTS} parts, not {of}"),
            PartError::OutOfRange { index, of } => {
                write!(f, "--part {index}/{of}: the part number runs from 1 to {of}")
            }
            PartError::Malformed(text) => {
                // Both numbers written, one too large for any count of parts: said as the
                // numbers it breaks, not as the wrong form (a stranger's find).
                let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                if let Some((index, of)) = text.split_once('/')
                    && digits(index)
                    && digits(of)
                {
                    return match of.parse::<usize>() {
                        Err(_) => write!(f, "--part K/M takes at most {MAX_PARTS} parts, not {of}"),
                        Ok(of) => write!(f, "--part {index}/{of}: the part number runs from 1 to {of}"),
                    };
                }
                write!(
                    f,
                    "--part takes K/M, part K of M counted from 1 (such as 3/10), not {}",
                    crate::words::quoted(text)
                )
            }
        }
    }
}

impl std::error::Error for PartError {}

impl FromStr for Part {
    type Err = PartError;

    /// `K/M`, two decimal numbers.
    fn from_str(text: &str) -> Result<Self, PartError> {
        let malformed = || PartError::Malformed(text.to_string());
        let (index, of) = text.split_once('/').ok_or_else(malformed)?;
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            s.parse::<usize>().map_err(|_| malformed())
        };
        Part::new(number(index)?, number(of)?)
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// Which part each item goes to (0-based), given the items' costs: largest
/// first (ties by position) to the part with the least cost so far (ties to
/// the lowest part).
pub(super) fn deal(costs: &[u64], parts: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&i| (Reverse(costs[i]), i));
    // The parts by (cost so far, number), least first.
    let mut lightest: BinaryHeap<Reverse<(u64, usize)>> = (0..parts).map(|p| Reverse((0, p))).collect();
    let mut owner = vec![0; costs.len()];
    for i in order {
        let Some(Reverse((load, part))) = lightest.pop() else { break };
        owner[i] = part;
        lightest.push(Reverse((load + costs[i], part)));
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_read_as_k_of_m() {
        assert_eq!("3/10".parse(), Ok(Part { index: 3, of: 10 }));
        assert_eq!("1/1".parse(), Ok(Part::WHOLE));
        assert_eq!("0/3".parse::<Part>(), Err(PartError::OutOfRange { index: 0, of: 3 }));
        assert_eq!("4/3".parse::<Part>(), Err(PartError::OutOfRange { index: 4, of: 3 }));
        assert_eq!("1/0".parse::<Part>(), Err(PartError::NoParts));
        assert_eq!("1/1000001".parse::<Part>(), Err(PartError::TooMany(1_000_001)));
        assert_eq!("1000000/1000000".parse::<Part>().map(|p| p.index()), Ok(1_000_000));
        for bad in [
            "",
            "3",
            "3/",
            "/3",
            "a/b",
            "-1/3",
            "+1/3",
            "1/3/5",
            " 1/3",
            "1.0/3",
            "99999999999999999999999/3",
        ] {
            assert!(matches!(bad.parse::<Part>(), Err(PartError::Malformed(_))), "{bad:?}");
        }
        // Numbers too large to hold are said as what they break, not as the wrong form.
        let said = |text: &str| text.parse::<Part>().unwrap_err().to_string();
        assert_eq!(
            said("1/99999999999999999999"),
            format!("--part K/M takes at most {MAX_PARTS} parts, not 99999999999999999999")
        );
        assert_eq!(
            said("99999999999999999999/3"),
            "--part 99999999999999999999/3: the part number runs from 1 to 3"
        );
        assert!(said("1/3/5").starts_with("--part takes K/M"), "{}", said("1/3/5"));
    }

    #[test]
    fn dealing_balances_costs_and_is_deterministic() {
        let costs = [7, 3, 3, 2, 2, 2, 1];
        let owner = deal(&costs, 2);
        assert_eq!(owner, deal(&costs, 2));
        let load = |p| costs.iter().zip(&owner).filter(|&(_, &o)| o == p).map(|(c, _)| c).sum::<u64>();
        assert_eq!((load(0), load(1)), (10, 10));
        // More parts than items: the extra parts get nothing.
        assert_eq!(deal(&[5, 1], 4), vec![0, 1]);
    }
}
