//! Where frames go and events come from. Every device plugs into the same
//! narrow pair of traits (`traits`), so the game loop never knows which
//! one it drives; `open()` is the one way a backend is made.
//!
//! The floors, from the bottom: `traits` and the shared pieces under the
//! backends (`error`, `signals`, `wait`, `clock`, `backoff`, `stick`,
//! `hat`, `tilt`); the backends (`sensehat`, the Sense HAT by either path,
//! `terminal`, `sense_emu`, `script`); `factory`, with `open()`, above them all. Each file
//! imports from the file that defines what it uses, never from this one.
//!
//! A leaf under the game loop: nothing here uses the daemon or the command
//! line (tests/layers.rs holds it), only the engine and the `sense-hat` crate.

pub(crate) mod backoff;
pub mod clock;
pub(crate) mod error;
pub(crate) mod factory;
pub mod hat;
pub mod script;
pub mod sense_emu;
pub mod sensehat;
pub mod signals;
pub mod stick;
pub mod terminal;
pub(crate) mod tilt;
pub(crate) mod traits;
pub(crate) mod wait;

pub use error::{Doing, Error, NoColour};
pub use factory::BackendKind;
pub(crate) use factory::{Options, open};
pub use traits::{Backend, Display, Input, Next};
