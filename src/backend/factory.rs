//! Opening a backend: which one, with what, and why it could not be
//! opened. [`open`] is the one way a backend is made; it sits above the
//! backends it makes.

use super::error::{Doing, Error};
use super::hat::{self, HatSettings};
use super::script::Script;
use super::sense_emu::{self, SenseEmu};
use super::sensehat::{SenseHat, StickAtStart};
use super::signals::Shutdown;
use super::terminal::Terminal;
use super::traits::Backend;
use crate::game::{Frame, MAX_SIDE};
use sense_hat::Route;
use std::fmt;

/// Which backend to open: `play --backend` names one (or `auto`). Each
/// kind's facts (its name, its summary, the largest board it shows,
/// whether its keys come from standard input, whether it keeps state
/// unasked, whether it is the system service) are known before it opens,
/// as [`ModeKind`](crate::game::ModeKind)'s are, from one table (`Facts`),
/// so that `queens play` works out the whole starting game first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// The Sense HAT through the kernel's drivers (`sensehat`).
    SenseHat,
    /// The Sense HAT through its chip over I2C (`sensehat` too).
    I2c,
    /// Events as lines on standard input, frames on standard output ([`super::script`]).
    Script,
    /// Colour cells in this terminal, keys from its keyboard ([`super::terminal`]).
    Terminal,
    /// The Sense HAT emulator ([`super::sense_emu`]).
    SenseEmu,
}

/// What is known of a backend before it opens: one entry a [`BackendKind`].
struct Facts {
    name: &'static str,
    summary: &'static str,
    largest_board: usize,
    keys_from_stdin: Option<&'static str>,
    keeps_state: bool,
    is_service: bool,
    senses_tilt: bool,
}

/// The Sense HAT by either path: the system service, on the LED matrix.
const HAT: Facts = Facts {
    name: "",
    summary: "",
    largest_board: Frame::LED_SIDE,
    keys_from_stdin: None,
    keeps_state: true,
    is_service: true,
    senses_tilt: true,
};

impl BackendKind {
    /// Every backend, in the order `--help` lists them.
    pub const ALL: [BackendKind; 5] = [
        BackendKind::SenseHat,
        BackendKind::I2c,
        BackendKind::Script,
        BackendKind::Terminal,
        BackendKind::SenseEmu,
    ];

    /// This backend's facts: the one place each is said.
    fn facts(self) -> &'static Facts {
        match self {
            BackendKind::SenseHat => &Facts {
                name: "sensehat",
                summary: "The Sense HAT's LED matrix (framebuffer) and joystick (evdev)",
                ..HAT
            },
            BackendKind::I2c => &Facts {
                name: "i2c",
                summary: "The Sense HAT without its kernel drivers: its chip over I2C, the joystick's interrupt via GPIO",
                ..HAT
            },
            BackendKind::Script => &Facts {
                name: "script",
                summary: "Events as lines on standard input, frames as text on standard output",
                largest_board: Frame::LED_SIDE,
                keys_from_stdin: Some("the script backend"),
                // For tests and pipes: it keeps state only when given a file.
                keeps_state: false,
                is_service: false,
                // Its `tilt PITCH ROLL` lines.
                senses_tilt: true,
            },
            BackendKind::Terminal => &Facts {
                name: "terminal",
                summary: "Square colour cells in this terminal, keys from its keyboard",
                // Room for boards larger than the LED matrix's 8.
                largest_board: MAX_SIDE,
                keys_from_stdin: Some("the terminal"),
                keeps_state: true,
                is_service: false,
                senses_tilt: false,
            },
            BackendKind::SenseEmu => &Facts {
                name: "sense-emu",
                summary: "The Sense HAT emulator (`sense_emu_gui`): its screen file and joystick socket",
                largest_board: Frame::LED_SIDE,
                keys_from_stdin: None,
                keeps_state: true,
                is_service: false,
                // Its IMU file, which the orientation sliders move.
                senses_tilt: true,
            },
        }
    }

    /// Whether it reads a tilt to play by (`--tilt`): the HAT's motion
    /// sensor, the emulator's, or the script's `tilt` lines; the terminal
    /// has none.
    pub fn senses_tilt(self) -> bool {
        self.facts().senses_tilt
    }

    /// The name `--backend` takes.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// What it is, in one line for `--help`.
    pub fn summary(self) -> &'static str {
        self.facts().summary
    }

    /// The largest board it has room for: the LED matrix's (the Sense
    /// HAT's, the emulator's, the script backend's), or the terminal's 16.
    pub fn largest_board(self) -> usize {
        self.facts().largest_board
    }

    /// The largest board it has room for now, if less than its largest
    /// and known before it opens: the terminal's window, on standard output.
    pub fn room_now(self) -> Option<usize> {
        match self {
            BackendKind::Terminal => super::terminal::room(std::io::stdout()),
            _ => None,
        }
        .filter(|&room| room < self.largest_board())
    }

    /// This backend in words (`the terminal`), if the player's keys come
    /// from standard input (the terminal's keyboard, the script's lines):
    /// it is then not free for anything else to be read there (`queens
    /// play --puzzle -`).
    pub fn keys_from_stdin(self) -> Option<&'static str> {
        self.facts().keys_from_stdin
    }

    /// Whether it keeps the saved state without being given a file
    /// (`--state`): all but the script backend, which is for tests and pipes.
    pub fn keeps_state(self) -> bool {
        self.facts().keeps_state
    }

    /// Whether this is the game as a system service, on the Sense HAT by
    /// either path: it plays the start-up messages unasked, the loop tells
    /// systemd it is ready (`Type=notify`) once it is open, and logs that
    /// the LEDs are dark when it stops.
    pub fn is_service(self) -> bool {
        self.facts().is_service
    }

    /// The backend `name` names.
    pub(crate) fn from_name(name: &str) -> Option<BackendKind> {
        BackendKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The Sense HAT's backend by the path the `sense-hat` crate's rule
    /// finds it on ([`sense_hat::lookup::RULE`]), if any: the first step of
    /// `--backend auto`.
    pub(crate) fn found(hat: &HatSettings) -> Option<BackendKind> {
        match hat.lookup.find() {
            Some(Route::Kernel) => Some(BackendKind::SenseHat),
            Some(Route::I2c) => Some(BackendKind::I2c),
            _ => None,
        }
    }

    /// What `--backend auto` does, in one line for `--help`: the crate's
    /// rule, then the fall-backs the game adds.
    pub(crate) fn auto_summary() -> String {
        format!(
            "The Sense HAT: {}; else the terminal if standard input and output are one, else the script backend if \
             standard input is not one",
            sense_hat::lookup::RULE
        )
    }
}

/// What every backend may need to open.
#[derive(Clone, Debug, Default)]
pub(crate) struct Options {
    /// Where either Sense HAT backend finds the HAT, and how it draws.
    pub hat: HatSettings,
    /// The script backend prints every animation frame too.
    pub trace: bool,
    /// What the lines a backend writes on standard error start with (`queens
    /// play`): the command line's name, given, not read from above.
    pub program: String,
    /// The terminal writes each regions square's letter on it (`--letters`,
    /// the config file's `letters`), for players who cannot tell the colours apart.
    pub letters: bool,
}

/// Why a backend could not be opened: each backend's own reasons, shown
/// as they are.
#[derive(Debug)]
pub(crate) enum OpenError {
    /// The Sense HAT's, by either path, said in the game's words ([`hat::message`]).
    Hat(sense_hat::Error),
    Other(Error),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Hat(e) => f.write_str(&hat::message(e)),
            OpenError::Other(e) => e.fmt(f),
        }
    }
}

// Transparent: the chain `{:#}` prints is the backend's own error's.
impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Hat(e) => e.source(),
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
/// ([`super::signals`]): the script backend reads standard input like any filter,
/// and Ctrl-C ends it as it ends one.
pub(crate) fn open(choice: BackendKind, options: &Options) -> Result<Box<dyn Backend>, OpenError> {
    let shutdown = || Shutdown::install().doing(|| "installing signal handlers");
    Ok(match choice {
        BackendKind::SenseHat => {
            let devices = Box::new(options.hat.lookup.kernel());
            let hat = SenseHat::open(devices, options.hat.clone(), shutdown()?, StickAtStart::Required);
            Box::new(hat.map_err(OpenError::Hat)?)
        }
        BackendKind::I2c => {
            let devices = Box::new(options.hat.lookup.i2c());
            let hat = SenseHat::open(devices, options.hat.clone(), shutdown()?, StickAtStart::MayWait);
            Box::new(hat.map_err(OpenError::Hat)?)
        }
        BackendKind::Terminal => Box::new(Terminal::open(shutdown()?)?.with_letters(options.letters)),
        BackendKind::SenseEmu => {
            Box::new(SenseEmu::open(&sense_emu::directory(), &options.program, shutdown()?)?)
        }
        BackendKind::Script => {
            let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
            Box::new(Script::new(input, output, options.trace, &options.program))
        }
    })
}
