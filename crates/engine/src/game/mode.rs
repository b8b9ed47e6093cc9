//! The seam between the engine and each way to play.

use super::animation::Animation;
use super::clock::{Millis, Stopwatch};
use super::event::Event;
use super::frame::Frame;
use super::in_play::InPlay;
use super::share::Solve;
use super::text::TextStyle;
use super::theme::Theme;
use crate::puzzle::{Placement, Square};
use crate::regions::Puzzle;

/// One way to play, one per [`ModeKind`](super::ModeKind). A mode holds the
/// game's state, turns events into changes, and draws its settled picture;
/// the [`Engine`](super::Engine) plays animations and standby around it.
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

    /// The actions this mode offers in the menu, besides choosing a mode.
    fn actions(&self) -> &'static [Action] {
        &[]
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

    /// The time on the engine's clock, told before every event and action,
    /// for modes that report how long something took the player.
    fn set_time(&mut self, _now: Millis) {}

    /// Today (days since 1970-01-01), told before every event and action
    /// when the backend knows the date, for the puzzle of the day.
    fn set_today(&mut self, _day: i64) {}

    /// The last puzzle solved, while it is on the board (until the next
    /// press brings a new one): what the player may share.
    fn solve(&self) -> Option<Solve> {
        None
    }

    /// The regions puzzle on the board, if the mode plays one: its
    /// squares' regions, for the displays that letter them.
    fn regions_puzzle(&self) -> Option<&Puzzle> {
        None
    }

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

    /// The day (days since 1970-01-01) whose puzzle of the day is on the
    /// board, if one is: its streak is the progress that belongs to it.
    fn puzzle_of_the_day(&self) -> Option<i64> {
        None
    }

    /// Regions: the puzzle on the board, if a restart is to show it again.
    fn in_play(&self) -> Option<InPlay> {
        None
    }
}

/// What a mode may offer in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Light every empty square where a queen still leads to a solution.
    Hint,
    /// Complete the player's board, or show a solution.
    Solve,
    /// Strict: the Scratch program's Restart, back to the empty board.
    Restart,
    /// Cover: the Delphi program's Go, the next cover its own search finds.
    Go,
    /// Cover: the Delphi program's RESET, an empty board (Go starts over).
    Reset,
    /// Cover: the cover with the fewest queens closest to the player's queens.
    Closest,
    /// Regions: a new puzzle.
    NewPuzzle,
    /// Regions: the puzzle of the day.
    Daily,
    /// Cover: allow this many queens (the Delphi program's `maxQueen`), 1 to
    /// the board's side.
    Queens(u8),
}

/// The labels of [`Action::Queens`], 1 to the largest cover board.
const QUEEN_COUNTS: [&str; 11] = [
    "1 QUEEN",
    "2 QUEENS",
    "3 QUEENS",
    "4 QUEENS",
    "5 QUEENS",
    "6 QUEENS",
    "7 QUEENS",
    "8 QUEENS",
    "9 QUEENS",
    "10 QUEENS",
    "11 QUEENS",
];

impl Action {
    /// The word the menu scrolls for this action.
    pub fn label(self) -> &'static str {
        match self {
            Action::Hint => "HINT",
            Action::Solve => "SOLVE",
            Action::Restart => "RESTART",
            Action::Go => "GO",
            Action::Reset => "RESET",
            Action::Closest => "CLOSEST",
            Action::NewPuzzle => "NEW",
            Action::Daily => "DAILY",
            Action::Queens(k) => QUEEN_COUNTS[k as usize - 1],
        }
    }

    /// Whether *hold, press* may do this again: the menu opens on the last
    /// choice only if repeating it loses nothing. Restart, Reset and New
    /// empty the board, so after them the menu opens on its first item instead.
    pub(crate) fn is_safe_to_repeat(self) -> bool {
        !matches!(self, Action::Restart | Action::Reset | Action::NewPuzzle)
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
    /// keep `words` to be said once ([`Engine::take_said`](super::Engine::take_said)).
    Say {
        /// The flash to play, if any.
        flash: Option<Animation>,
        /// What to say: `"e4 refused: the queen on d4 attacks it"`.
        words: String,
    },
    /// The player completed the board with `queens`: play `flash`, and the
    /// engine adds what it says about the player's progress.
    Solved {
        /// The full board.
        queens: Placement,
        /// The flash to play first.
        flash: Animation,
    },
    /// The player completed the board and the mode keeps it: play `flash`,
    /// then scroll `message`, followed by the player's progress when
    /// `progress` holds a board to record.
    Completed {
        /// The flash to play first.
        flash: Animation,
        /// What to scroll after it.
        message: String,
        /// The board to record in the player's progress, if any.
        progress: Option<Placement>,
    },
    /// The player solved the puzzle of day `day` (days since 1970-01-01):
    /// play `flash`, scroll `message`, and the engine adds the streak of
    /// days solved in a row.
    DailySolved {
        /// The flash to play first.
        flash: Animation,
        /// What to scroll after it.
        message: String,
        /// The puzzle's day.
        day: i64,
    },
    /// All LEDs dark until the next event, which only wakes the game into a
    /// new one ([`Mode::reset`]) and is not applied itself.
    Standby,
}
