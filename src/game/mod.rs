//! The game, as a deterministic state machine: [`Event`]s and the time in,
//! [`Frame`]s out. No I/O and no clock of its own, so every rule is tested
//! in microseconds and every backend shows exactly the same game.

mod classic;
mod engine;
mod event;
mod frame;
mod mode;
mod theme;

pub use classic::{Classic, FLASH_MS, FLASHES};
pub use engine::Engine;
pub use event::Event;
pub use frame::{Frame, MAX_SIDE, Rgb};
pub use mode::{Animation, Interrupt, Millis, Mode, Reaction};
pub use theme::Theme;
