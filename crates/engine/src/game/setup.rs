//! The starting game, worked out once: what the player asked (the command
//! line, the page's link), the config file's values, the saved state and
//! the host's facts in; the one [`Setup`] out, or why not
//! ([`Setup::choose`]). The command line and the page both call it, so a
//! board size is judged by one rule ([`BoardSize::check`]) in one wording,
//! wherever it was written, and the engine trusts what it makes.

use super::modes::{ModeKind, Start, Style};
use super::saved::SavedState;
use super::size::{BoardSize, SizeError};
use super::tilt::TiltSettings;
use crate::regions::Puzzle;
use crate::regions::generate::{DAILY_SIZE, PastDayError, check_past_day};
use crate::regions::share::{Unplayable, check_playable};

/// What the engine starts with: made by [`Setup::choose`] (or, for tests
/// and benchmarks, [`Setup::of`], which chooses too), so that its mode
/// plays its size on its display and what it starts on is the mode's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub(crate) mode: ModeKind,
    pub(crate) size: BoardSize,
    pub(crate) largest: usize,
    pub(crate) style: Style,
    pub(crate) intro: bool,
    pub(crate) today: Option<i64>,
    pub(crate) seed: u64,
    pub(crate) start: Start,
    pub(crate) auto_mark: bool,
    pub(crate) tilt: bool,
    pub(crate) tilt_settings: Option<TiltSettings>,
}

impl Setup {
    /// The mode played.
    pub fn mode(&self) -> ModeKind {
        self.mode
    }

    /// The board is `size` x `size`.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The largest board the display has room for (8 on the LEDs, 16 in the terminal).
    pub fn largest(&self) -> usize {
        self.largest
    }

    /// The colours the modes and messages are drawn in.
    pub fn style(&self) -> Style {
        self.style
    }

    /// Whether the start-up messages play: the title and the controls
    /// once at start, and a mode's rules before its first game in this run
    /// where the mode says so ([`ModeKind::rules_first`]: strict's
    /// instructions), whether it is played from the start or chosen in the menu.
    pub fn intro(&self) -> bool {
        self.intro
    }

    /// Today, in days since 1970-01-01 (UTC), for the puzzle of the day;
    /// `None` where the host has no date.
    pub fn today(&self) -> Option<i64> {
        self.today
    }

    /// Where regions mode's puzzles other than the puzzle of the day come
    /// from: the caller's randomness (the clock, the page's), so that each
    /// start brings a new one. The engine has none: the same seed, the
    /// same puzzles.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What the game starts on: a puzzle given or a past day (both in
    /// regions mode, at their size), else a new game.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// Whether regions mode's auto-mark is on ([`Engine::auto_mark`](super::Engine::auto_mark)).
    pub fn auto_mark(&self) -> bool {
        self.auto_mark
    }

    /// Whether the player plays by tilting ([`Engine::tilt`](super::Engine::tilt)),
    /// whether or not the display has a motion sensor to tilt.
    pub fn tilt(&self) -> bool {
        self.tilt
    }

    /// The tilt's settings where the display has a motion sensor (the
    /// Sense HAT, the emulator, a script's `tilt` lines); `None` elsewhere,
    /// where tilt plays no part and the menu does not offer it.
    pub fn tilt_settings(&self) -> Option<TiltSettings> {
        self.tilt_settings
    }

    /// This setup on a display that has room now for boards up to `room`
    /// only (a terminal window smaller than its largest board needs), for
    /// a size nobody asked for this time (the one played last, the config
    /// file's): a larger one becomes the largest that fits ([`BoardSize::fitted`]),
    /// and is returned, to be said. A game's choices ([`SaveBook::new`](super::SaveBook::new))
    /// are then the fitted size, so the one saved stays for a larger
    /// display until the player chooses another. A puzzle given or a day's
    /// is played at its size, as asked.
    pub fn fit_room(&mut self, room: usize) -> Option<BoardSize> {
        let room = room.max(BoardSize::EIGHT.get()).min(self.largest);
        let fitted = self.size.fitted(self.mode, room);
        if self.start != Start::New || fitted == self.size {
            return None;
        }
        Some(std::mem::replace(&mut self.size, fitted))
    }
}

impl Default for Setup {
    /// Classic on the 8x8, as on the LEDs, with nothing asked: what
    /// [`Setup::choose`] makes of nothing at all.
    fn default() -> Self {
        Setup {
            mode: ModeKind::Classic,
            size: BoardSize::EIGHT,
            largest: BoardSize::EIGHT.get(),
            style: Style::default(),
            intro: false,
            today: None,
            seed: 0,
            start: Start::New,
            auto_mark: false,
            tilt: false,
            tilt_settings: None,
        }
    }
}

/// What the player asked for: on the command line (`--mode`, `--size`,
/// `--intro`, `--puzzle`), or on the page (its link's puzzle).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// The mode to start in.
    pub mode: Option<ModeKind>,
    /// The board size.
    pub size: Option<BoardSize>,
    /// Play the start-up messages, whatever the config file and the host say.
    pub intro: bool,
    /// A regions puzzle to play first.
    pub puzzle: Option<Puzzle>,
    /// The puzzle of this day (days since 1970-01-01) to play first, read
    /// as a date; checked here against the host's date.
    pub date: Option<i64>,
    /// Regions mode's auto-mark on (`--auto-mark`), whatever the config file and the saved state say.
    pub auto_mark: bool,
    /// Tilt to play on (`--tilt`), whatever the config file and the saved state say.
    pub tilt: bool,
}

impl Asked {
    /// Whether anything was asked that the game starts on (a mode, a size,
    /// a puzzle or a day): then the game started on is the player's choice.
    pub fn chooses(&self) -> bool {
        self.mode.is_some() || self.size.is_some() || self.puzzle.is_some() || self.date.is_some()
    }
}

/// What the config file says about the starting game (every key optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Configured {
    /// The mode to start in, unless the player asked for one.
    pub mode: Option<ModeKind>,
    /// The board size, unless the player asked for one.
    pub size: Option<BoardSize>,
    /// Play the start-up messages, or not; unset, the host says.
    pub intro: Option<bool>,
    /// The colours and the text's speed.
    pub style: Style,
    /// Regions mode's auto-mark on or off; unset, as it was last played.
    pub auto_mark: Option<bool>,
    /// Tilt to play on or off; unset, as it was last played.
    pub tilt: Option<bool>,
    /// The tilt's dead zone and repeat, and the display's rotation.
    pub tilt_settings: TiltSettings,
}

/// What the program the game is played in brings: the display's facts
/// (the backend's, or the page's), and its date and randomness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Host {
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
    /// Whether it reads a tilt (a motion sensor, or a script's `tilt`
    /// lines): only then is tilt played and offered in the menu.
    pub senses_tilt: bool,
}

/// Why the starting game cannot be what was asked. Each front end puts it
/// in its own terms (the command line names its options); the size's
/// words are [`SizeError`]'s, the same everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A size the player asked for that cannot be played in the mode
    /// chosen, on this display.
    Size(SizeError),
    /// A puzzle given, with a mode other than regions asked for.
    PuzzleMode(ModeKind),
    /// A puzzle given, with another size asked for: `(asked, the puzzle's)`.
    PuzzleSize(BoardSize, usize),
    /// A puzzle given that regions mode cannot play on this display.
    Puzzle(Unplayable),
    /// A date given, with a mode other than regions asked for.
    DateMode(ModeKind),
    /// A date given, with a size other than the daily puzzle's asked for.
    DateSize(BoardSize),
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
    /// the mode plays and the display shows ([`BoardSize::check`]); the config
    /// file's (one file for every backend) and the size played last are
    /// fitted to them.
    pub fn choose(
        asked: Asked,
        config: &Configured,
        saved: &SavedState,
        host: Host,
    ) -> Result<Setup, SetupError> {
        let largest = host.largest_board;
        let past_day = match asked.date {
            Some(_) if asked.puzzle.is_some() => return Err(SetupError::DateAndPuzzle),
            Some(day) => Some(past_day(day, &asked, host)?),
            None => None,
        };
        let (mode, size) = match &asked.puzzle {
            None if asked.date.is_some() => (ModeKind::Regions, BoardSize::EIGHT),
            Some(puzzle) => {
                if let Some(mode) = asked.mode.filter(|&m| m != ModeKind::Regions) {
                    return Err(SetupError::PuzzleMode(mode));
                }
                let n = puzzle.n();
                if let Some(size) = asked.size.filter(|&size| size.get() != n) {
                    return Err(SetupError::PuzzleSize(size, n));
                }
                check_playable(puzzle, largest).map_err(SetupError::Puzzle)?;
                // A size regions mode plays, which every mode's sizes hold.
                let Ok(size) = BoardSize::try_from(n) else { unreachable!("a puzzle regions mode plays") };
                (ModeKind::Regions, size)
            }
            None => {
                let mode = asked.mode.or(config.mode).unwrap_or(saved.mode);
                let size = match asked.size {
                    Some(size) => size.check(Some(mode), largest).map_err(SetupError::Size)?,
                    None => config.size.unwrap_or(saved.size).fitted(mode, largest),
                };
                (mode, size)
            }
        };
        let start = match (asked.puzzle, past_day) {
            (Some(puzzle), _) => Start::Given(puzzle),
            // Today's date is today's puzzle, counted in the streak as ever.
            (None, Some(day)) if Some(day) != host.today => Start::PastDay(day),
            (None, _) => Start::New,
        };
        Ok(Setup {
            mode,
            size,
            largest,
            style: config.style,
            intro: asked.intro || config.intro.unwrap_or(host.intro_by_default),
            today: host.today,
            seed: host.seed,
            start,
            auto_mark: asked.auto_mark || config.auto_mark.unwrap_or(saved.auto_mark),
            tilt: asked.tilt || config.tilt.unwrap_or(saved.tilt),
            tilt_settings: host.senses_tilt.then_some(config.tilt_settings),
        })
    }
}

/// The day `asked.date` as a puzzle of the day to play: asked for in
/// regions mode (or no mode) at its size (or none), from the first day to
/// `host`'s today.
fn past_day(day: i64, asked: &Asked, host: Host) -> Result<i64, SetupError> {
    if let Some(mode) = asked.mode.filter(|&m| m != ModeKind::Regions) {
        return Err(SetupError::DateMode(mode));
    }
    if let Some(size) = asked.size.filter(|&size| size.get() != DAILY_SIZE) {
        return Err(SetupError::DateSize(size));
    }
    check_past_day(day, host.today).map_err(SetupError::Date)
}

/// A setup made by hand, for tests and benchmarks ([`Setup::of`]): what is
/// set here goes to [`Setup::choose`] as a config file's values and a
/// saved state's would (the size fitted to the mode and the display, as a
/// size played last is), so that the setup is one `choose` makes.
#[derive(Clone, Debug)]
pub struct SetupOf {
    asked: Asked,
    config: Configured,
    saved: SavedState,
    host: Host,
}

impl Setup {
    /// A setup of `mode` on a board of `size` (fitted to the mode and the
    /// display), on the LEDs' display (8x8), without the start-up messages,
    /// no date, seed 0: change any with [`SetupOf`]'s methods, then
    /// [`SetupOf::setup`].
    pub fn of(mode: ModeKind, size: usize) -> SetupOf {
        let size = BoardSize::try_from(size.clamp(4, 16)).expect("a size some mode plays");
        SetupOf {
            asked: Asked::default(),
            config: Configured { mode: Some(mode), ..Configured::default() },
            saved: SavedState { size, ..SavedState::default() },
            host: Host {
                largest_board: 8,
                intro_by_default: false,
                today: None,
                seed: 0,
                senses_tilt: false,
            },
        }
    }
}

impl SetupOf {
    /// On a display with room for boards up to `largest` x `largest`.
    pub fn largest(mut self, largest: usize) -> SetupOf {
        self.host.largest_board = largest;
        self
    }

    /// With the start-up messages, or without.
    pub fn intro(mut self, intro: bool) -> SetupOf {
        self.config.intro = Some(intro);
        self
    }

    /// On a display with a motion sensor, tilt on with `settings`.
    pub fn tilt(mut self, settings: TiltSettings) -> SetupOf {
        self.host.senses_tilt = true;
        self.config.tilt = Some(true);
        self.config.tilt_settings = settings;
        self
    }

    /// On day `today` (days since 1970-01-01), or with no date.
    pub fn today(mut self, today: Option<i64>) -> SetupOf {
        self.host.today = today;
        self
    }

    /// Regions mode's puzzles from `seed`.
    pub fn seed(mut self, seed: u64) -> SetupOf {
        self.host.seed = seed;
        self
    }

    /// Drawn in `style`.
    pub fn style(mut self, style: Style) -> SetupOf {
        self.config.style = style;
        self
    }

    /// The setup [`Setup::choose`] makes of it.
    pub fn setup(self) -> Setup {
        Setup::choose(self.asked, &self.config, &self.saved, self.host).expect("nothing asked is refused")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEDS: Host =
        Host { largest_board: 8, intro_by_default: true, today: None, seed: 0, senses_tilt: false };

    fn size(n: usize) -> BoardSize {
        BoardSize::try_from(n).unwrap()
    }

    fn choose(asked: Asked, config: Configured, saved: SavedState) -> Result<Setup, SetupError> {
        Setup::choose(asked, &config, &saved, LEDS)
    }

    #[test]
    fn the_default_is_what_choose_makes_of_nothing() {
        let host =
            Host { largest_board: 8, intro_by_default: false, today: None, seed: 0, senses_tilt: false };
        let chosen = Setup::choose(Asked::default(), &Configured::default(), &SavedState::default(), host);
        assert_eq!(chosen, Ok(Setup::default()));
    }

    #[test]
    fn the_player_then_the_config_file_then_the_game_played_last() {
        let saved = SavedState { mode: ModeKind::Cover, size: size(6), ..SavedState::default() };
        let config =
            Configured { mode: Some(ModeKind::Strict), size: Some(size(7)), ..Configured::default() };
        let asked = Asked { mode: Some(ModeKind::Classic), size: Some(size(5)), ..Asked::default() };
        let setup = choose(asked, config.clone(), saved.clone()).unwrap();
        assert_eq!((setup.mode, setup.size), (ModeKind::Classic, size(5)));
        let setup = choose(Asked::default(), config, saved.clone()).unwrap();
        assert_eq!((setup.mode, setup.size), (ModeKind::Strict, size(7)));
        let setup = choose(Asked::default(), Configured::default(), saved).unwrap();
        assert_eq!((setup.mode, setup.size, setup.intro), (ModeKind::Cover, size(6), true));
    }

    #[test]
    fn a_size_asked_for_must_fit_the_mode_and_the_display() {
        let asked = |mode, n| Asked { mode: Some(mode), size: Some(size(n)), ..Asked::default() };
        let why = |mode, size| match choose(asked(mode, size), Configured::default(), SavedState::default()) {
            Err(SetupError::Size(e)) => e.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            why(ModeKind::Cover, 12),
            "cannot be '12': cover mode plays boards of 4x4 to 11x11 (its solver's limit)"
        );
        assert_eq!(why(ModeKind::Classic, 12), "cannot be '12': this backend shows boards up to 8x8");
        assert_eq!(why(ModeKind::Regions, 9), "cannot be '9': this backend shows boards up to 8x8");
    }

    #[test]
    fn a_date_plays_that_days_puzzle_and_today_is_todays_puzzle_of_the_day() {
        use crate::regions::generate::FIRST_DAY;
        let today = FIRST_DAY + 5;
        let host = Host { today: Some(today), ..LEDS };
        let choose =
            |asked: Asked| Setup::choose(asked, &Configured::default(), &SavedState::default(), host);
        let on = |day, mode, n: Option<usize>| Asked {
            date: Some(day),
            mode,
            size: n.map(size),
            ..Asked::default()
        };
        let past = choose(on(today - 1, None, None)).unwrap();
        assert_eq!(
            (past.mode, past.size, past.start),
            (ModeKind::Regions, size(8), Start::PastDay(today - 1))
        );
        // Today's date is the puzzle of the day, counted in the streak: no past day.
        let now = choose(on(today, Some(ModeKind::Regions), Some(8))).unwrap();
        assert_eq!((now.mode, now.size, now.start), (ModeKind::Regions, size(8), Start::New));
        assert_eq!(
            choose(on(today - 1, Some(ModeKind::Strict), None)),
            Err(SetupError::DateMode(ModeKind::Strict))
        );
        assert_eq!(choose(on(today - 1, None, Some(6))), Err(SetupError::DateSize(size(6))));
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
        let fitted = |mode, n| {
            let config = Configured { mode: Some(mode), size: Some(size(n)), ..Configured::default() };
            choose(Asked::default(), config, SavedState::default()).map(|setup| setup.size.get())
        };
        assert_eq!(fitted(ModeKind::Classic, 12), Ok(8));
        assert_eq!(fitted(ModeKind::Regions, 4), Ok(5));
        assert_eq!(fitted(ModeKind::Strict, 6), Ok(6));
    }
}
