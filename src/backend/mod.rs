//! Where frames go and events come from. Every device plugs into the same
//! narrow pair of traits, so the game loop never knows which one it drives;
//! [`open`] is the one way a backend is made, and [`Backend`] says what
//! the loop does around it where backends differ.
//!
//! A leaf under the game loop: nothing here uses the daemon or the command
//! line (tests/layers.rs holds it), only the engine.

pub mod backoff;
pub mod clock;
mod error;
pub mod gesture;
pub mod hat;
pub mod i2c;
pub mod rotation;
pub mod script;
pub mod sense_emu;
pub mod sensehat;
pub mod signals;
pub mod stick;
pub mod terminal;
pub mod wait;

pub use error::{Doing, Error, NoColour};

use crate::game::{Event, Frame, Millis, OnShow};
use i2c::I2cHat;
use script::Script;
use sense_emu::SenseEmu;
use sensehat::SenseHat;
use signals::Shutdown;
use std::fmt;
use terminal::Terminal;

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

/// A backend as the game loop drives it: a [`Display`] and an [`Input`],
/// and what the loop does around them where backends differ (each answer
/// the backend's own, so no caller matches on which backend it has).
pub trait Backend: Display + Input {
    /// Whether this is the game as a system service, on the Sense HAT by
    /// either path: the loop tells systemd it is ready (`Type=notify`) once
    /// it is open, and logs that the LEDs are dark when it stops.
    fn is_service(&self) -> bool {
        false
    }

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

    /// The largest board this backend has room for: the LED matrix's
    /// (the Sense HAT's, the emulator's, the script backend's), unless it
    /// says otherwise (the terminal).
    fn largest_board(&self) -> usize {
        Frame::LED_SIDE
    }

    /// This backend in words (`the terminal`), if the player's keys come
    /// from standard input (the terminal's keyboard, the script's lines):
    /// it is then not free for anything else to be read there (`queens
    /// play --puzzle -`).
    fn keys_from_stdin(&self) -> Option<&'static str> {
        None
    }
}

/// Which backend to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The Sense HAT through the kernel's drivers ([`sensehat`]).
    SenseHat,
    /// The Sense HAT through its chip over I2C ([`i2c`]).
    I2c,
    /// Colour cells in this terminal, keys from its keyboard ([`terminal`]).
    Terminal,
    /// The Sense HAT emulator ([`sense_emu`]).
    SenseEmu,
    /// Events as lines on standard input, frames on standard output ([`script`]).
    Script,
}

/// What every backend may need to open.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Where either Sense HAT backend finds the HAT, and how it draws.
    pub hat: hat::Options,
    /// The script backend prints every animation frame too.
    pub trace: bool,
    /// What the lines a backend writes on standard error start with (`queens
    /// play`): the command line's name, given, not read from above.
    pub program: String,
}

/// Why a backend could not be opened: each backend's own reasons, shown
/// as they are.
#[derive(Debug)]
pub enum OpenError {
    SenseHat(sensehat::Error),
    I2c(i2c::Error),
    Other(Error),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::SenseHat(e) => e.fmt(f),
            OpenError::I2c(e) => e.fmt(f),
            OpenError::Other(e) => e.fmt(f),
        }
    }
}

// Transparent: the chain `{:#}` prints is the backend's own error's.
impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::SenseHat(e) => e.source(),
            OpenError::I2c(e) => e.source(),
            OpenError::Other(e) => e.source(),
        }
    }
}

impl From<Error> for OpenError {
    fn from(e: Error) -> OpenError {
        OpenError::Other(e)
    }
}

/// Opens the backend `choice` names. Those that wait in `poll(2)` (all but
/// the script's) install the handlers of the signals that end the game
/// ([`signals`]): the script backend reads standard input like any filter,
/// and Ctrl-C ends it as it ends one.
pub fn open(choice: Choice, options: &Options) -> Result<Box<dyn Backend>, OpenError> {
    let shutdown = || Shutdown::install().doing(|| "installing signal handlers");
    Ok(match choice {
        Choice::SenseHat => {
            Box::new(SenseHat::open(options.hat.clone(), shutdown()?).map_err(OpenError::SenseHat)?)
        }
        Choice::I2c => {
            Box::new(I2cHat::open_linux(options.hat.clone(), shutdown()?).map_err(OpenError::I2c)?)
        }
        Choice::Terminal => Box::new(Terminal::open(shutdown()?)?),
        Choice::SenseEmu => Box::new(SenseEmu::open(&sense_emu::directory(), &options.program, shutdown()?)?),
        Choice::Script => {
            let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
            Box::new(Script::new(input, output, options.trace, &options.program))
        }
    })
}
