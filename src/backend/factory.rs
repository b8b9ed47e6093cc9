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
use sense_hat::Route;
use std::fmt;

/// Which backend to open: `play --backend` names one (or `auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BackendKind {
    /// The Sense HAT through the kernel's drivers ([`super::sensehat`]).
    SenseHat,
    /// The Sense HAT through its chip over I2C ([`super::sensehat`] too).
    I2c,
    /// Events as lines on standard input, frames on standard output ([`super::script`]).
    Script,
    /// Colour cells in this terminal, keys from its keyboard ([`super::terminal`]).
    Terminal,
    /// The Sense HAT emulator ([`super::sense_emu`]).
    SenseEmu,
}

impl BackendKind {
    /// Every backend, in the order `--help` lists them.
    pub(crate) const ALL: [BackendKind; 5] = [
        BackendKind::SenseHat,
        BackendKind::I2c,
        BackendKind::Script,
        BackendKind::Terminal,
        BackendKind::SenseEmu,
    ];

    /// The name `--backend` takes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            BackendKind::SenseHat => "sensehat",
            BackendKind::I2c => "i2c",
            BackendKind::Script => "script",
            BackendKind::Terminal => "terminal",
            BackendKind::SenseEmu => "sense-emu",
        }
    }

    /// What it is, in one line for `--help`.
    pub(crate) fn summary(self) -> &'static str {
        match self {
            BackendKind::SenseHat => "The Sense HAT's LED matrix (framebuffer) and joystick (evdev)",
            BackendKind::I2c => {
                "The Sense HAT without its kernel drivers: its chip over I2C, the joystick's interrupt via GPIO"
            }
            BackendKind::Script => "Events as lines on standard input, frames as text on standard output",
            BackendKind::Terminal => "Square colour cells in this terminal, keys from its keyboard",
            BackendKind::SenseEmu => {
                "The Sense HAT emulator (`sense_emu_gui`): its screen file and joystick socket"
            }
        }
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
