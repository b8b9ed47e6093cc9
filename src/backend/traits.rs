//! The narrow pair of traits every device plugs into, so the game loop
//! never knows which one it drives: [`Display`] shows frames, [`Input`]
//! waits for events, and [`Backend`] says what the loop does around them
//! where backends differ. The bottom of the backends' floor: every backend
//! implements these, and [`super::factory::open`] hands one out as a `Box<dyn Backend>`.

use super::error::Error;
use crate::game::{Event, Frame, Millis, OnShow};

/// Something that shows frames: the LED matrix, a terminal, an emulator.
pub trait Display {
    /// Shows `frame` until the next call.
    fn show(&mut self, frame: &Frame) -> Result<(), Error>;

    /// Says in words what is on show (the mode, the menu, the message),
    /// before the frame that goes with it. Only a display with room for
    /// words (the terminal) uses it.
    fn describe(&mut self, _on_show: &OnShow) -> Result<(), Error> {
        Ok(())
    }

    /// Whether [`Display::describe`] shows regions' running clock, so that
    /// the game loop wakes once a second while it runs (the terminal's status
    /// line); the LEDs show it only when asked, and stay blocked.
    fn shows_clock(&self) -> bool {
        false
    }

    /// The largest board it has room for now, where that changes while the
    /// game plays (a terminal's window; `None`: as its kind says,
    /// [`BackendKind::largest_board`](super::factory::BackendKind::largest_board)).
    /// The game loop tells the engine before every wait, so that the menu
    /// offers only the boards that fit.
    fn room(&self) -> Option<usize> {
        None
    }
}

/// Something that produces the player's events. It also keeps the game's
/// time, because waiting is its job: a device counts real milliseconds, the
/// script backend a virtual clock that jumps.
pub trait Input {
    /// Milliseconds since the backend started.
    fn now(&self) -> Millis;

    /// Waits, blocked, for the next event, or until `deadline` (on the
    /// [`Input::now`] clock) if there is one.
    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error>;

    /// Whether a direction held down repeats, as the mode played wants
    /// (told before every wait). Only a joystick that times its own repeats
    /// (through [`crate::game::gesture::Gestures`]) uses it.
    fn repeat_held_directions(&mut self, _on: bool) {}

    /// How often to read the motion sensor for tilt to play, `None` for
    /// never (told before every wait: [`crate::game::Engine::tilt_sampling`]).
    /// A backend with a sensor then wakes that often, and gives each
    /// reading as an [`Event::Tilt`]; with `None` it reads nothing and
    /// wakes for nothing more. The script backend's tilts are its lines.
    fn sample_tilt(&mut self, _every: Option<Millis>) {}
}

/// What [`Input::next`] waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Event(Event),
    /// The deadline passed first.
    Timeout,
    /// The game was stopped (the terminal's Ctrl-Z, SIGTSTP) from `from`
    /// until `to` on the backend's clock, and is playing again: time stopped
    /// is no time played ([`Engine::pause`](crate::game::Engine::pause)).
    Stopped {
        /// When it stopped.
        from: Millis,
        /// When it was continued.
        to: Millis,
    },
    /// The player, or the input, has ended the game.
    Quit,
}

/// A backend as the game loop drives it: a [`Display`] and an [`Input`],
/// and what the loop does around them where backends differ (each answer
/// the backend's own, so no caller matches on which backend it has). What
/// is known of a backend before it opens is its kind's
/// ([`BackendKind`](super::factory::BackendKind)).
pub trait Backend: Display + Input {
    /// Whether log lines would land in this backend's picture (the terminal
    /// draws where standard error writes). The loop then holds them back
    /// while the backend is open, hands the latest to
    /// [`Backend::show_log_line`] before each wait, and writes them all to
    /// standard error once the backend is closed.
    fn holds_log_lines(&self) -> bool {
        false
    }

    /// Shows a log line held back (see [`Backend::holds_log_lines`]).
    fn show_log_line(&mut self, _line: String) {}

    /// How many lines of input were refused: only the script backend reads
    /// lines, and `play` fails when any was.
    fn refused(&self) -> usize {
        0
    }

    /// The signal that ended the game, if one did (the terminal's Ctrl-C,
    /// which raw mode delivers as a key, counts as SIGINT): `play` then
    /// exits with 128 and its number, as a shell reports a process the
    /// signal ended. None for a game ended from the input (`q`, the end of
    /// a script).
    fn ended_by(&self) -> Option<i32> {
        None
    }
}
