//! Where frames go and events come from. Every device plugs into the same
//! narrow pair of traits, so the game loop in [`crate::daemon`] never knows
//! which one it drives.

pub mod backoff;
pub mod clock;
mod error;
pub mod gesture;
pub mod i2c;
pub mod rotation;
pub mod script;
pub mod sense_emu;
pub mod sensehat;
pub mod stick;
pub mod terminal;
pub mod wait;

pub use error::{Doing, Error, NoColour};

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
    /// (through [`gesture::Gestures`]) uses it.
    fn repeat_held_directions(&mut self, _on: bool) {}
}

/// What [`Input::next`] waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Event(Event),
    /// The deadline passed first.
    Timeout,
    /// The player, or the input, has ended the game.
    Quit,
}
