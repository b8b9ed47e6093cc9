//! The joystick: its five keys ([`Direction`]), what a device reports of
//! them ([`StickEvent`]), and the one trait every path implements
//! ([`Stick`]): a descriptor that turns readable when keys change, and the
//! changes read without blocking.
//!
//! Held keys and repeats are the program's to time: the kernel's
//! auto-repeat differs between drivers, so no path passes it on. A stick
//! reports the device's own directions; [`crate::SenseHat`] turns them by
//! the matrix's rotation. The paths: the kernel's input device (`evdev`,
//! the `kernel` feature), the chip's key register and its interrupt line
//! (`chip`, the `i2c` feature), and the `mock` feature's
//! `mock::MockStick`; [`record`] reads the kernel's raw
//! `input_event` records (the Sense HAT emulator sends them too).

#[cfg(feature = "i2c")]
pub mod chip;
#[cfg(feature = "kernel")]
pub mod evdev;
pub mod events;
#[cfg(feature = "i2c")]
pub mod keys;
pub mod record;

pub use events::{Direction, Stick, StickEvent};
