//! Making puzzles: a solution first, regions grown around its queens, kept
//! only when the puzzle has exactly one solution and the deduction rules
//! alone solve it at the difficulty asked for. Everything follows from the
//! seed, with integer arithmetic only, so a seed (and the date, for the
//! puzzle of the day) gives the same puzzle on every machine.

use super::deduce::{self, Difficulty};
use super::shapes;
use super::solve;
use super::{Puzzle, one_piece, side_neighbours};
use crate::puzzle::{Placement, Square};
use crate::words::quoted;
use std::ops::RangeInclusive;

/// The sizes the generator makes.
pub const SIZES: RangeInclusive<usize> = 5..=12;

/// The size and difficulty of the puzzle of the day.
pub(crate) const DAILY_SIZE: usize = 8;
/// See [`DAILY_SIZE`].
pub(crate) const DAILY_DIFFICULTY: Difficulty = Difficulty::Medium;

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Placement,
    /// The hardest deduction rule it needs.
    pub difficulty: Difficulty,
    /// How many candidates were made to find it.
    pub attempts: u64,
}

/// SplitMix64 (Steele, Lea and Flood): small, fast, and the same on every
/// platform, which the puzzle of the day needs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by Lemire's multiply-shift.
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// How many candidates [`generate`] makes before it gives up on a
/// difficulty: easy puzzles above 10x10 are rare, and this ends the search
/// in seconds rather than never.
pub const MAX_ATTEMPTS: u64 = 20_000;

/// A puzzle of side `n` (one of [`SIZES`]) from `seed`: at `difficulty`, or
/// at any difficulty the rules solve when `None`.
pub fn generate(n: usize, seed: u64, difficulty: Option<Difficulty>) -> Result<Generated, String> {
    generate_watched(n, seed, difficulty, &mut |_| true).map(|made| made.expect("never stopped"))
}

/// [`generate`], calling `watch` with the count of candidates made so far
/// after each one (an easy 12x12 can take thousands, seconds): the caller
/// shows progress, and stops the search (`Ok(None)`) by returning false.
pub fn generate_watched(
    n: usize,
    seed: u64,
    difficulty: Option<Difficulty>,
    watch: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<Generated>, String> {
    if !SIZES.contains(&n) {
        return Err(format!(
            "the generator makes {0}x{0} to {1}x{1} puzzles, not {n}x{n}",
            SIZES.start(),
            SIZES.end()
        ));
    }
    let mut rng = Rng::new(seed);
    let mut attempts = 0;
    while attempts < MAX_ATTEMPTS {
        if attempts > 0 && !watch(attempts) {
            return Ok(None);
        }
        attempts += 1;
        let solution = random_solution(n, &mut rng);
        let Some(puzzle) = unique_regions(&solution, &mut rng) else {
            continue;
        };
        let Some(found) = deduce::difficulty(&puzzle) else {
            continue;
        };
        if difficulty.is_none_or(|d| d == found) {
            let solution = Placement::from_squares(n, &solution).expect("one queen a column");
            return Ok(Some(Generated { puzzle, solution, difficulty: found, attempts }));
        }
    }
    let asked = difficulty.map_or(String::new(), |d| format!("{d} "));
    Err(format!(
        "no {asked}{n}x{n} puzzle in {MAX_ATTEMPTS} tries from seed {seed}: try another difficulty or size"
    ))
}

/// The days from 1970-01-01 to `year`-`month`-`day` in the proleptic
/// Gregorian calendar (Howard Hinnant's `days_from_civil`); `None` for a
/// date that does not exist.
pub fn days_from_civil(year: i32, month: u32, day: u32) -> Option<i64> {
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    if day == 0 || day > days_in_month {
        return None;
    }
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The date of day `day` (days since 1970-01-01): year, month, day
/// (Howard Hinnant's `civil_from_days`).
pub(crate) fn civil_from_days(day: i64) -> (i64, u32, u32) {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Day `day` as `YYYY-MM-DD`.
pub fn date_string(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Reads `YYYY-MM-DD` (years 1 to 9999) into days since 1970-01-01.
pub fn parse_date(text: &str) -> Option<i64> {
    read_date(text).ok()
}

/// Why a text is not a date [`read_date`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not four digits, a dash, two digits, a dash and two digits.
    NotTheForm,
    /// The form is right but no such day is in the calendar (`2023-02-29`, `2026-13-01`, year 0).
    NoSuchDay,
}

/// [`parse_date`], saying why a text is not a date.
pub fn read_date(text: &str) -> Result<i64, DateError> {
    let digits = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts[..] else { return Err(DateError::NotTheForm) };
    if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
        return Err(DateError::NotTheForm);
    }
    // Four and two ASCII digits always parse.
    let (year, month, day) = (y.parse().unwrap_or(0), m.parse().unwrap_or(0), d.parse().unwrap_or(0));
    if year < 1 {
        return Err(DateError::NoSuchDay);
    }
    days_from_civil(year, month, day).ok_or(DateError::NoSuchDay)
}

/// [`read_date`], with why a text is not a date said in one line quoting
/// it: the one wording wherever a date is given (`--date`, a puzzle's
/// `"date"`).
pub fn date_said(text: &str) -> Result<i64, String> {
    read_date(text).map_err(|why| match why {
        DateError::NotTheForm => format!("{} is not a date as YYYY-MM-DD", quoted(text)),
        DateError::NoSuchDay => {
            format!("{} is not a real date: that day is not in the calendar", quoted(text))
        }
    })
}

/// The first day whose puzzle of the day is the one made now: the
/// generator's regions have been shaped as LinkedIn's since 2026-11-26
/// (issue 30), so an earlier day's puzzle would not be the one played then.
pub const FIRST_DAY: i64 = 20_783;

/// Why a day's puzzle of the day cannot be played as a past day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PastDayError {
    /// Before [`FIRST_DAY`].
    TooEarly(i64),
    /// After today: `(the day, today)`.
    Future(i64, i64),
}

impl std::fmt::Display for PastDayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PastDayError::TooEarly(day) => write!(
                f,
                "'{}' is before {}, the first day with a puzzle of the day",
                date_string(day),
                date_string(FIRST_DAY)
            ),
            PastDayError::Future(day, today) => write!(
                f,
                "'{}' is after today ({}): its puzzle is not out yet",
                date_string(day),
                date_string(today)
            ),
        }
    }
}

/// Whether day `day`'s puzzle can be played on day `today` (if the date
/// is known): from [`FIRST_DAY`] to today, none from the future.
pub fn check_past_day(day: i64, today: Option<i64>) -> Result<i64, PastDayError> {
    if day < FIRST_DAY {
        return Err(PastDayError::TooEarly(day));
    }
    match today {
        Some(today) if day > today => Err(PastDayError::Future(day, today)),
        _ => Ok(day),
    }
}

/// `text` (`YYYY-MM-DD`) as a day whose puzzle can be played on day
/// `today`, or why not in one line: [`date_said`]'s words for a text that
/// is not a date (`regions daily --date`'s), [`PastDayError`]'s for a day
/// out of range; the same wherever a past day is chosen (`play --date`,
/// the page's date and its `#d=`).
pub fn past_day_said(text: &str, today: Option<i64>) -> Result<i64, String> {
    check_past_day(date_said(text)?, today).map_err(|why| why.to_string())
}

/// The puzzle of the day numbered `day` (days since 1970-01-01, see
/// [`days_from_civil`]): the same everywhere, from the date alone.
pub fn daily(day: i64) -> Generated {
    // Days as the seed, spread by a constant so that neighbouring days share nothing.
    let seed = (day as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5175_6565_6E73_0001;
    generate(DAILY_SIZE, seed, Some(DAILY_DIFFICULTY)).expect("medium 8x8 puzzles are common")
}

/// A queen in every row and column, none touching another: columns chosen
/// row by row in a random order, backing up from a dead end.
fn random_solution(n: usize, rng: &mut Rng) -> Vec<Square> {
    fn place(row: usize, n: usize, used: u16, cols: &mut Vec<u8>, rng: &mut Rng) -> bool {
        if row == n {
            return true;
        }
        let mut order: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut order);
        for c in order {
            let touches = row > 0 && cols[row - 1].abs_diff(c) <= 1;
            if used >> c & 1 == 1 || touches {
                continue;
            }
            cols.push(c);
            if place(row + 1, n, used | 1 << c, cols, rng) {
                return true;
            }
            cols.pop();
        }
        false
    }
    let mut cols = Vec::with_capacity(n);
    let placed = place(0, n, 0, &mut cols, rng);
    debug_assert!(placed, "every side from 4 up has a solution");
    cols.iter().enumerate().map(|(r, &c)| Square::new(c, r as u8)).collect()
}

/// Regions grown around `queens` and then mended until `queens` is the
/// puzzle's only solution: while another solution exists, one of its queens
/// that is not one of ours has its square handed to a neighbouring region,
/// which then holds two of that solution's queens. `None` if that takes too
/// long (the caller starts over).
fn unique_regions(queens: &[Square], rng: &mut Rng) -> Option<Puzzle> {
    let n = queens.len();
    let mut region: Vec<usize> = grow_regions(queens, rng);
    for _ in 0..12 * n {
        let puzzle = puzzle_of(&region, n);
        let other =
            solve::solutions(&puzzle, 2).into_iter().find(|s| s.queens().any(|q| !queens.contains(&q)));
        let Some(other) = other else {
            return Some(puzzle);
        };
        // Its queens that are not ours, and for each the regions next to it it may join.
        let mut moves = Vec::new();
        for q in other.queens().filter(|q| !queens.contains(q)) {
            let i = q.row as usize * n + q.col as usize;
            if !stays_connected(&region, n, i) {
                continue;
            }
            for j in side_neighbours(i, n) {
                if region[j] != region[i] && !moves.contains(&(i, region[j])) {
                    moves.push((i, region[j]));
                }
            }
        }
        // A move that would leave a region of one square (its queen given
        // away) or join a square to a path (a branch, most likely) only
        // when there is no other.
        let shapes = shapes::regions(&puzzle);
        let keeps_shapes: Vec<(usize, usize)> =
            moves.iter().copied().filter(|&(i, to)| shapes[region[i]].0 > 2 && !shapes[to].1).collect();
        let moves = if keeps_shapes.is_empty() { moves } else { keeps_shapes };
        if moves.is_empty() {
            return None;
        }
        let (i, to) = moves[rng.below(moves.len())];
        region[i] = to;
    }
    None
}

/// Whether region `region[i]` stays in one piece without square `i`.
fn stays_connected(region: &[usize], n: usize, i: usize) -> bool {
    let own = region[i];
    one_piece(n, |j| j != i && region[j] == own)
}

fn puzzle_of(region: &[usize], n: usize) -> Puzzle {
    let rows: Vec<Vec<usize>> = region.chunks(n).map(<[usize]>::to_vec).collect();
    Puzzle::new(&rows).expect("regions grown and mended by sides are connected and number n")
}

/// What a region grows into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// The one region with no bound: it takes what the others leave, as
    /// LinkedIn's puzzles have one region of a third of the board or more.
    Large,
    /// A simple path (no branch, no loop) grown from both its ends, up to
    /// this many squares.
    Path(usize),
    /// A blob, up to this many squares.
    Blob(usize),
}

/// Regions grown from the queens, one a queen, shaped as LinkedIn's are
/// (measured by `examples/regions-stats.rs` over its own puzzles): one large
/// region, a few long thin paths, the rest small blobs of two squares or
/// more, so that few regions are a single square that gives its queen away.
/// Each step picks a region by weight and gives it a free square next to it
/// (by a side), so every region is one piece; squares no region wants at the
/// end go to a random neighbour.
fn grow_regions(queens: &[Square], rng: &mut Rng) -> Vec<usize> {
    let n = queens.len();
    const NONE: usize = usize::MAX;
    let mut region = vec![NONE; n * n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    // Region `g`'s queen, and so its first square; its shape by its number,
    // the numbers being shuffled.
    let mut first = vec![0; n];
    for (&g, &q) in order.iter().zip(queens) {
        first[g] = q.row as usize * n + q.col as usize;
        region[first[g]] = g;
    }
    let paths = n / 2 + rng.below(2);
    let shapes: Vec<Shape> = (0..n)
        .map(|g| match g {
            0 => Shape::Large,
            g if g <= paths => Shape::Path(PATH_MIN + rng.below(n - 2)),
            _ => Shape::Blob(3 + rng.below(n / 2)),
        })
        .collect();
    // A path's two ends (its first square, twice, to begin with).
    let mut ends: Vec<[usize; 2]> = first.iter().map(|&i| [i, i]).collect();
    let mut size = vec![1usize; n];
    let neighbours = |i: usize| side_neighbours(i, n);
    let mut left = n * n - n;
    while left > 0 {
        // Every (square, region, end) a region may grow by, and its weight.
        let mut offers: Vec<(usize, usize, usize)> = Vec::new();
        let mut weights: Vec<usize> = Vec::new();
        for g in 0..n {
            let (weight, cap) = match shapes[g] {
                // A region of one or two squares first, before its
                // neighbours close it in.
                _ if size[g] < 3 => (SMALL_FIRST, usize::MAX),
                Shape::Large => (5, usize::MAX),
                Shape::Path(len) => (4, len),
                Shape::Blob(len) => (2, len),
            };
            if size[g] >= cap {
                continue;
            }
            if let Shape::Path(_) = shapes[g] {
                for (end, &e) in ends[g].iter().enumerate() {
                    // A square next to this end and to no other square of
                    // the path keeps it a path.
                    for j in neighbours(e) {
                        if region[j] == NONE && neighbours(j).filter(|&k| region[k] == g).count() == 1 {
                            offers.push((j, g, end));
                            weights.push(weight);
                        }
                    }
                }
            } else {
                for i in (0..n * n).filter(|&i| region[i] == NONE) {
                    if neighbours(i).any(|j| region[j] == g) {
                        offers.push((i, g, 0));
                        weights.push(weight);
                    }
                }
            }
        }
        let (i, g) = if offers.is_empty() {
            // Nobody wants what is left: a free square next to some region
            // goes to a random such neighbour that is not a path, if any.
            let frontier: Vec<usize> = (0..n * n)
                .filter(|&i| region[i] == NONE && neighbours(i).any(|j| region[j] != NONE))
                .collect();
            let i = frontier[rng.below(frontier.len())];
            let owners: Vec<usize> =
                neighbours(i).filter(|&j| region[j] != NONE).map(|j| region[j]).collect();
            let blobs: Vec<usize> =
                owners.iter().copied().filter(|&g| !matches!(shapes[g], Shape::Path(_))).collect();
            let pick = if blobs.is_empty() { &owners } else { &blobs };
            (i, pick[rng.below(pick.len())])
        } else {
            let total: usize = weights.iter().sum();
            let mut at = rng.below(total);
            let k = weights
                .iter()
                .position(|&w| {
                    if at < w {
                        return true;
                    }
                    at -= w;
                    false
                })
                .unwrap_or(0);
            let (i, g, end) = offers[k];
            // From a one-square path both ends are the queen: the end
            // chosen moves, the other stays.
            ends[g][end] = i;
            (i, g)
        };
        region[i] = g;
        size[g] += 1;
        left -= 1;
    }
    region
}

/// How much likelier a region of fewer than three squares is to grow than
/// any other.
const SMALL_FIRST: usize = 12;

/// The shortest path [`grow_regions`] aims for: the length
/// `regions::shapes` counts as a path.
const PATH_MIN: usize = shapes::PATH_MIN_SQUARES;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_the_epoch() {
        assert_eq!(days_from_civil(1970, 1, 1), Some(0));
        assert_eq!(days_from_civil(2000, 3, 1), Some(11_017));
        assert_eq!(days_from_civil(2024, 2, 29), Some(19_782));
        assert_eq!(days_from_civil(2023, 2, 29), None);
        assert_eq!(days_from_civil(2026, 13, 1), None);
        for day in [-719_162, -1, 0, 59, 11_016, 19_782, 20_417, 2_932_896] {
            let (y, m, d) = civil_from_days(day);
            assert_eq!(days_from_civil(y as i32, m, d), Some(day), "{y}-{m}-{d}");
            assert_eq!(parse_date(&date_string(day)), Some(day));
        }
        assert_eq!(date_string(20_417), "2025-11-25");
        for bad in ["2026-02-30", "2026-1-01", "26-01-01", "2026-01-01-", "0000-01-01", "2026/01/01", ""] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        for (text, why) in [
            ("2023-02-29", DateError::NoSuchDay),
            ("2026-13-01", DateError::NoSuchDay),
            ("0000-01-01", DateError::NoSuchDay),
            ("-2026-01-01", DateError::NotTheForm),
            ("2026-1-01", DateError::NotTheForm),
        ] {
            assert_eq!(read_date(text), Err(why), "{text}");
        }
    }

    #[test]
    fn the_rng_is_splitmix64() {
        // The first outputs for seed 1234567, from the reference implementation.
        let mut rng = Rng::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }
}
