//! How a Sense HAT's parts are opened, by whichever path: at start, and
//! again when one went away (a driver reloaded, a chip that stopped
//! answering). [`crate::SenseHat`] is made through it, and so is a program
//! that keeps its parts itself to open them again (the `queens` game).
//!
//! The paths: `kernel::KernelDevices` (the `kernel` feature),
//! `i2c::devices::I2cDevices` (`i2c`), and the `mock` feature's
//! `mock::MockDevices`. [`crate::lookup::Lookup`] says which one
//! finds the HAT.

use crate::error::Result;
use crate::leds::matrix::LedMatrix;
#[cfg(feature = "sensors")]
use crate::sensors::{board::Board, kinds::SensorSource};
use crate::stick::events::Stick;

/// Opens the HAT's parts, each on its own, as often as asked.
pub trait Devices: Send {
    /// The path in words, for messages: `the kernel's drivers`, `the chip
    /// over I2C on /dev/i2c-1`.
    fn describe(&self) -> String;

    /// Opens the LED matrix.
    fn leds(&mut self) -> Result<Box<dyn LedMatrix>>;

    /// Opens the joystick.
    fn stick(&mut self) -> Result<Box<dyn Stick>>;

    /// What opens the HAT's sensors (none is opened yet): by default a
    /// Pi's ([`crate::sensors::board::Board`]), whichever path drives the
    /// LEDs and the stick.
    #[cfg(feature = "sensors")]
    fn sensors(&self) -> Box<dyn SensorSource> {
        Box::new(Board::new())
    }
}

impl<D: Devices + ?Sized> Devices for Box<D> {
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn leds(&mut self) -> Result<Box<dyn LedMatrix>> {
        (**self).leds()
    }
    fn stick(&mut self) -> Result<Box<dyn Stick>> {
        (**self).stick()
    }
    #[cfg(feature = "sensors")]
    fn sensors(&self) -> Box<dyn SensorSource> {
        (**self).sensors()
    }
}
