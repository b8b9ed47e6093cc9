//! The seam between the engine and each way to play: [`Mode`], the trait
//! each mode's file implements; what a mode is built from ([`Build`], its
//! [`Start`]); what it offers in the menu ([`Action`], each mode's own in
//! its file); and what it answers an event with ([`Reaction`]).

use crate::game::animation::Animation;
use crate::game::clock::{Millis, Stopwatch};
use crate::game::event::Event;
use crate::game::frame::Frame;
use crate::game::in_play::InPlay;
use crate::game::share::Solve;
use crate::game::text::TextStyle;
use crate::game::theme::Theme;
use crate::puzzle::{Placement, Square};
use crate::regions::Puzzle;

/// One way to play, one per [`ModeKind`](super::ModeKind). A mode holds the
/// game's state, turns events into changes, and draws its settled picture;
/// the [`Engine`](crate::game::Engine) plays animations and standby around it.
/// What a mode is called and what the front ends say about it (its name,
/// help line, rules, what a press does) is its [`ModeKind`](super::ModeKind)'s,
/// the one source for a mode's words: a mode here has no name of its own.
pub trait Mode {
    /// Starts a new game, exactly as at start-up.
    fn reset(&mut self);

    /// Applies one event.
    fn handle(&mut self, event: Event) -> Reaction;

    /// The picture of the current state.
    fn draw(&self) -> Frame;

    /// The actions this mode offers in the menu, besides choosing a mode:
    /// its own, defined in its file.
    fn actions(&self) -> Vec<Action> {
        Vec::new()
    }

    /// The one of [`Mode::actions`] in force, if they are settings (cover's
    /// number of queens allowed): the menu marks it.
    fn in_force(&self) -> Option<Action> {
        None
    }

    /// Carries out one of [`Mode::actions`]. `stopwatch` times searches
    /// whose duration the mode reports.
    fn act(&mut self, _action: Action, _stopwatch: &dyn Stopwatch) -> Reaction {
        Reaction::Draw
    }

    /// The time and the date, told before every event and action, for
    /// modes that report how long something took the player or play the
    /// puzzle of the day.
    fn tell(&mut self, _now: Now) {}

    /// Where the cursor is, if the mode has one (a queen drawn over it hides it on the LEDs).
    fn cursor(&self) -> Option<Square> {
        None
    }

    /// What square `sq` shows, in words for a screen reader (the page's
    /// grid says them after the square's name), where its colour alone does
    /// not say it: regions' region names and marks. `None`: the colour says
    /// it all, and [`Theme::words`] names it.
    fn square_words(&self, _sq: Square) -> Option<String> {
        None
    }

    /// Whether auto-mark is on, in a mode that has it (regions: a queen
    /// placed marks the squares it rules out); `None` in the others.
    fn auto_mark(&self) -> Option<bool> {
        None
    }

    /// Turns auto-mark on or off, where the mode has it.
    fn set_auto_mark(&mut self, _on: bool) {}

    /// The player's clock on the puzzle in play at `now`, if the mode keeps
    /// one (regions: from the first press to the solve, stopped while paused).
    fn clock(&self, _now: Millis) -> Option<PlayClock> {
        None
    }

    /// Stops (`paused`) or restarts the mode's clock at `now`: the page
    /// hidden or shown again.
    fn pause_clock(&mut self, _paused: bool, _now: Millis) {}

    /// The puzzle on the board, if the mode plays one (regions mode does),
    /// with what the engine keeps and shows of it besides the picture.
    fn puzzle(&self) -> Option<OnBoard<'_>> {
        None
    }
}

/// A mode's clock ([`Mode::clock`]): the time played so far, and whether
/// it is running (not before the first press, after the solve or while paused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayClock {
    /// The time played on the puzzle.
    pub elapsed: Millis,
    /// Whether it is counting now.
    pub running: bool,
}

/// The time and the date a mode is told before each event ([`Mode::tell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    /// The engine's clock.
    pub ms: Millis,
    /// Today, in days since 1970-01-01 (UTC), once the date is known.
    pub today: Option<i64>,
}

/// A puzzle a mode plays ([`Mode::puzzle`]), as the engine sees it: its
/// regions, which the displays that letter squares read; whether it is a
/// day's puzzle of the day, whose streak is then the progress that belongs
/// to it; what a saved state keeps so that a restart shows it again; and
/// the solve to share once it is solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnBoard<'a> {
    /// The puzzle's regions.
    pub puzzle: &'a Puzzle,
    /// The day (days since 1970-01-01) whose puzzle of the day it is, if it is one.
    pub day: Option<i64>,
    /// What to keep across a restart, if this puzzle is to be shown again
    /// (not the day's, not one given, not solved yet).
    pub kept: Option<InPlay>,
    /// The solve to share, while the puzzle solved is on the board.
    pub solved: Option<Solve>,
}

/// What a game starts on, besides a new one: the front ends' choice,
/// worked out by [`Setup::choose`](crate::game::Setup::choose), or the
/// puzzle a saved state kept. Each mode's file says what it makes of it
/// (only regions mode plays puzzles; the others start a new game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// A new game.
    #[default]
    New,
    /// A puzzle from elsewhere (`queens play --puzzle`, the page's link).
    Given(Puzzle),
    /// The puzzle of an earlier day (days since 1970-01-01).
    PastDay(i64),
    /// The puzzle a saved state kept in play, where the mode plays it again.
    Kept(InPlay),
}

/// What a mode's game is built from ([`ModeKind::build`](super::ModeKind::build)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    /// The board is `size` x `size`.
    pub size: usize,
    /// The colours and the text's speed.
    pub style: Style,
    /// Today (days since 1970-01-01), if the date is known: regions mode's puzzle of the day.
    pub today: Option<i64>,
    /// Where regions mode's other puzzles come from: the caller's randomness.
    pub seed: u64,
    /// What the game starts on.
    pub start: Start,
    /// Regions mode's auto-mark, on or off ([`Mode::auto_mark`]).
    pub auto_mark: bool,
}

/// Something a mode offers in the menu: a label the matrix scrolls, and
/// whether *hold, press* may do it again. Each mode defines its own in its
/// file (`const HINT: Action = Action::new("HINT")`) and matches on them in
/// [`Mode::act`]; two modes' actions with the same label are the same
/// action to the menu, which opens on the last one chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    label: &'static str,
    empties: bool,
}

impl Action {
    /// An action the menu scrolls as `label`.
    pub const fn new(label: &'static str) -> Action {
        Action { label, empties: false }
    }

    /// An action that empties the board (Restart, Reset, New): after it
    /// the menu opens on its first item, so *hold, press* never repeats it.
    pub const fn emptying(label: &'static str) -> Action {
        Action { label, empties: true }
    }

    /// The word the menu scrolls for this action.
    pub fn label(self) -> &'static str {
        self.label
    }

    /// Whether *hold, press* may do this again: the menu opens on the last
    /// choice only if repeating it loses nothing.
    pub(crate) fn is_safe_to_repeat(self) -> bool {
        !self.empties
    }
}

/// What every mode is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Style {
    /// The colours of the board and its pieces.
    pub theme: Theme,
    /// How messages look and how fast they scroll.
    pub text: TextStyle,
}

/// What a solved board counts in the player's progress ([`Reaction::Solved`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// These queens, one of the 92 solutions if the board is the 8x8.
    Solution(Placement),
    /// The puzzle of day `day` (days since 1970-01-01), in the daily streak.
    Daily(i64),
    /// Nothing.
    Nothing,
}

/// What the engine does after a mode handled an event.
#[derive(Debug)]
pub enum Reaction {
    /// Show the mode's picture now (unchanged if nothing changed).
    Draw,
    /// Play these pictures first, then show the mode's picture.
    Animate(Animation),
    /// What the LEDs alone show of the press or action, said in words for a
    /// player who cannot see them (strict's refused queen, a hint's squares
    /// or why it lit none): play `flash`, if any, the LEDs' sign of it, and
    /// keep `words` to be said once ([`Engine::take_said`](crate::game::Engine::take_said)).
    Say {
        /// The flash to play, if any.
        flash: Option<Animation>,
        /// What to say: `"e4 refused: the queen on d4 attacks it"`.
        words: String,
    },
    /// The player solved the board: play `flash`, then scroll `message`,
    /// if any, and what the engine says of what it `counts` in the
    /// player's progress (a solution found, the daily streak). A puzzle
    /// kept across restarts is no longer kept once solved.
    Solved {
        /// The flash to play first.
        flash: Animation,
        /// What to scroll after it.
        message: Option<String>,
        /// What the solve counts in the player's progress.
        counts: Counts,
    },
    /// All LEDs dark until the next event, which only wakes the game into a
    /// new one ([`Mode::reset`]) and is not applied itself.
    Standby,
}
