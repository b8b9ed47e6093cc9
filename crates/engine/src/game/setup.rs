//! The starting game, worked out once: what the player asked (the command
//! line, the page's link), the config file's values, the saved state and
//! the device's facts in; the one [`Setup`] out, or why not
//! ([`Setup::choose`]). The command line and the page both call it, so a
//! board size is judged by one rule ([`check_size`]) in one wording,
//! wherever it was written.

use super::engine::Setup;
use super::mode::Style;
use super::modes::ModeKind;
use super::saved::SavedState;
use super::size::{SizeError, check_size, fit_size};
use crate::regions::Puzzle;
use crate::regions::generate::{DAILY_SIZE, PastDayError, check_past_day};
use crate::regions::share::{Unplayable, check_playable};

/// What the player asked for: on the command line (`--mode`, `--size`,
/// `--intro`, `--puzzle`), or on the page (its link's puzzle).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// The mode to start in.
    pub mode: Option<ModeKind>,
    /// The board size, already read by [`check_size`] as every mode's sizes allow.
    pub size: Option<usize>,
    /// Play the start-up messages, whatever the config file and the device say.
    pub intro: bool,
    /// A regions puzzle to play first.
    pub puzzle: Option<Puzzle>,
    /// The puzzle of this day (days since 1970-01-01) to play first, read
    /// as a date; checked here against the device's date.
    pub date: Option<i64>,
}

/// What the config file says about the starting game (every key optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Configured {
    /// The mode to start in, unless the player asked for one.
    pub mode: Option<ModeKind>,
    /// The board size, unless the player asked for one; read by
    /// [`check_size`] as every mode's sizes allow.
    pub size: Option<usize>,
    /// Play the start-up messages, or not; unset, the device says.
    pub intro: Option<bool>,
    /// The colours and the text's speed.
    pub style: Style,
}

/// What the device the game is played on brings: its facts (asked of the
/// opened backend) and its date and randomness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// The largest board it has room for (8 on the LED matrix, 16 in the terminal).
    pub largest_board: usize,
    /// Whether it plays the start-up messages when neither the player nor
    /// the config file says (the Sense HAT does: a game that starts at boot
    /// should say what it is).
    pub intro_by_default: bool,
    /// Today, in days since 1970-01-01 (UTC), if it has a date.
    pub today: Option<i64>,
    /// Where regions mode's new puzzles come from ([`Setup::seed`]).
    pub seed: u64,
}

/// Why the starting game cannot be what was asked. Each front end puts it
/// in its own terms (the command line names its options); the size's
/// words are [`SizeError`]'s, the same everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A size the player asked for that cannot be played in the mode
    /// chosen, on this device.
    Size(SizeError),
    /// A puzzle given, with a mode other than regions asked for.
    PuzzleMode(ModeKind),
    /// A puzzle given, with another size asked for: `(asked, the puzzle's)`.
    PuzzleSize(usize, usize),
    /// A puzzle given that regions mode cannot play on this device.
    Puzzle(Unplayable),
    /// A date given, with a mode other than regions asked for.
    DateMode(ModeKind),
    /// A date given, with a size other than the daily puzzle's asked for.
    DateSize(usize),
    /// A date given with a puzzle: one or the other.
    DateAndPuzzle,
    /// A date whose puzzle cannot be played today.
    Date(PastDayError),
}

impl Setup {
    /// The starting game: the mode the player asked for, else the config
    /// file's, else the one played last; the size likewise; the start-up
    /// messages if the player asked for them, else if the config file says
    /// so, else if the device plays them. A puzzle given is played first,
    /// in regions mode at its size. A size the player asked for must be one
    /// the mode plays and the device shows ([`check_size`]); the config
    /// file's (one file for every backend) and the size played last are
    /// fitted to them.
    pub fn choose(
        asked: Asked,
        config: &Configured,
        saved: &SavedState,
        device: Device,
    ) -> Result<Setup, SetupError> {
        let largest = device.largest_board;
        let past_day = match asked.date {
            Some(_) if asked.puzzle.is_some() => return Err(SetupError::DateAndPuzzle),
            Some(day) => Some(past_day(day, &asked, device)?),
            None => None,
        };
        let (mode, size) = match &asked.puzzle {
            None if asked.date.is_some() => (ModeKind::Regions, DAILY_SIZE),
            Some(puzzle) => {
                if let Some(mode) = asked.mode.filter(|&m| m != ModeKind::Regions) {
                    return Err(SetupError::PuzzleMode(mode));
                }
                let n = puzzle.n();
                if let Some(size) = asked.size.filter(|&size| size != n) {
                    return Err(SetupError::PuzzleSize(size, n));
                }
                check_playable(puzzle, largest).map_err(SetupError::Puzzle)?;
                (ModeKind::Regions, n)
            }
            None => {
                let mode = asked.mode.or(config.mode).unwrap_or(saved.mode);
                let size = match asked.size {
                    Some(size) => {
                        check_size(&size.to_string(), Some(mode), largest).map_err(SetupError::Size)?
                    }
                    None => fit_size(mode, config.size.unwrap_or(saved.size), largest),
                };
                (mode, size)
            }
        };
        Ok(Setup {
            mode,
            size,
            max_size: largest,
            style: config.style,
            intro: asked.intro || config.intro.unwrap_or(device.intro_by_default),
            today: device.today,
            seed: device.seed,
            puzzle: asked.puzzle,
            // Today's date is today's puzzle, counted in the streak as ever.
            past_day: past_day.filter(|&day| Some(day) != device.today),
        })
    }
}

/// The day `asked.date` as a puzzle of the day to play: asked for in
/// regions mode (or no mode) at its size (or none), from the first day to
/// `device`'s today.
fn past_day(day: i64, asked: &Asked, device: Device) -> Result<i64, SetupError> {
    if let Some(mode) = asked.mode.filter(|&m| m != ModeKind::Regions) {
        return Err(SetupError::DateMode(mode));
    }
    if let Some(size) = asked.size.filter(|&size| size != DAILY_SIZE) {
        return Err(SetupError::DateSize(size));
    }
    check_past_day(day, device.today).map_err(SetupError::Date)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEDS: Device = Device { largest_board: 8, intro_by_default: true, today: None, seed: 0 };

    fn choose(asked: Asked, config: Configured, saved: SavedState) -> Result<Setup, SetupError> {
        Setup::choose(asked, &config, &saved, LEDS)
    }

    #[test]
    fn the_player_then_the_config_file_then_the_game_played_last() {
        let saved = SavedState { mode: ModeKind::Cover, size: 6, ..SavedState::default() };
        let config = Configured { mode: Some(ModeKind::Strict), size: Some(7), ..Configured::default() };
        let asked = Asked { mode: Some(ModeKind::Classic), size: Some(5), ..Asked::default() };
        let setup = choose(asked, config.clone(), saved).unwrap();
        assert_eq!((setup.mode, setup.size), (ModeKind::Classic, 5));
        let setup = choose(Asked::default(), config, saved).unwrap();
        assert_eq!((setup.mode, setup.size), (ModeKind::Strict, 7));
        let setup = choose(Asked::default(), Configured::default(), saved).unwrap();
        assert_eq!((setup.mode, setup.size, setup.intro), (ModeKind::Cover, 6, true));
    }

    #[test]
    fn a_size_asked_for_must_fit_the_mode_and_the_display() {
        let asked = |mode, size| Asked { mode: Some(mode), size: Some(size), ..Asked::default() };
        let why = |mode, size| match choose(asked(mode, size), Configured::default(), SavedState::default()) {
            Err(SetupError::Size(e)) => e.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            why(ModeKind::Cover, 12),
            "cannot be '12': cover mode plays boards of 4x4 to 11x11 (its solver's limit)"
        );
        assert_eq!(
            why(ModeKind::Classic, 12),
            "cannot be '12': this backend shows boards up to 8x8; the terminal's up to 16x16"
        );
        assert_eq!(
            why(ModeKind::Regions, 9),
            "cannot be '9': this backend shows boards up to 8x8; the terminal's up to 12x12"
        );
    }

    #[test]
    fn a_date_plays_that_days_puzzle_and_today_is_todays_puzzle_of_the_day() {
        use crate::regions::generate::FIRST_DAY;
        let today = FIRST_DAY + 5;
        let device = Device { today: Some(today), ..LEDS };
        let choose =
            |asked: Asked| Setup::choose(asked, &Configured::default(), &SavedState::default(), device);
        let on = |day, mode, size| Asked { date: Some(day), mode, size, ..Asked::default() };
        let past = choose(on(today - 1, None, None)).unwrap();
        assert_eq!((past.mode, past.size, past.past_day), (ModeKind::Regions, 8, Some(today - 1)));
        // Today's date is the puzzle of the day, counted in the streak: no past day.
        let now = choose(on(today, Some(ModeKind::Regions), Some(8))).unwrap();
        assert_eq!((now.mode, now.size, now.past_day), (ModeKind::Regions, 8, None));
        assert_eq!(
            choose(on(today - 1, Some(ModeKind::Strict), None)),
            Err(SetupError::DateMode(ModeKind::Strict))
        );
        assert_eq!(choose(on(today - 1, None, Some(6))), Err(SetupError::DateSize(6)));
        assert_eq!(
            choose(on(FIRST_DAY - 1, None, None)),
            Err(SetupError::Date(PastDayError::TooEarly(FIRST_DAY - 1)))
        );
        assert_eq!(
            choose(on(today + 1, None, None)),
            Err(SetupError::Date(PastDayError::Future(today + 1, today)))
        );
    }

    #[test]
    fn the_config_files_size_is_fitted_to_the_mode_and_the_display() {
        // One file for every backend: its 12 plays on the terminal, and as
        // large as the LEDs or the mode allow elsewhere, as a saved size does.
        let size = |mode, size| {
            let config = Configured { mode: Some(mode), size: Some(size), ..Configured::default() };
            choose(Asked::default(), config, SavedState::default()).map(|setup| setup.size)
        };
        assert_eq!(size(ModeKind::Classic, 12), Ok(8));
        assert_eq!(size(ModeKind::Regions, 4), Ok(5));
        assert_eq!(size(ModeKind::Strict, 6), Ok(6));
    }
}
