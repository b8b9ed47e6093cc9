// The README is the crate's front page (its programs are doctests) where
// the features its programs use are on; docs.rs builds with all of them.
#![cfg_attr(
    all(
        feature = "kernel",
        feature = "i2c",
        feature = "orientation",
        feature = "embedded-graphics",
        feature = "png"
    ),
    doc = include_str!("../README.md")
)]
#![cfg_attr(
    not(all(
        feature = "kernel",
        feature = "i2c",
        feature = "orientation",
        feature = "embedded-graphics",
        feature = "png"
    )),
    doc = "# sense-hat\n\nThe Raspberry Pi Sense HAT's LED matrix, joystick and sensors. This build lacks some of its \
           features: the README, with its programs, is this page in a build with them."
)]
//!
//! ## The crate's layout
//!
//! A module per part of the HAT, each holding its one trait and a file
//! per path; the front door above them, every `unsafe` call below them.
//!
//! - [`hat`]: [`SenseHat`], the front door; [`lookup`]: which path finds
//!   the HAT ([`lookup::RULE`]) and where to look; [`devices`]: how a
//!   path opens the HAT's parts, at start and again ([`devices::Devices`]).
//! - [`leds`]: the LED matrix, [`LedMatrix`], [`Picture`], [`Gamma`];
//!   by the kernel's framebuffer (`leds::framebuffer`) or the chip
//!   (`leds::chip`); `leds::image` reads a PNG.
//! - [`stick`]: the joystick, [`Stick`], [`StickEvent`]; by the kernel's
//!   input device (`stick::evdev`) or the chip's key register
//!   (`stick::chip`); `stick::record`, the kernel's raw records.
//! - `kernel` (the `kernel` feature): the kernel's devices, found by name
//!   (`discover`); `compat`, a 32-bit build on a 64-bit kernel.
//! - `i2c` (the `i2c` feature): the chip over any embedded-hal bus, and
//!   Linux's i2c-dev and GPIO character device.
//! - `sensors` (the `sensors` feature): humidity, pressure, motion and
//!   colour, one trait each, by the kernel's IIO drivers (`sensors::iio`),
//!   the chips over any embedded-hal bus (`sensors::chip`), a Pi's rule
//!   between them (`sensors::board`), or the emulator's files (`sensors::emu`);
//!   `sensors::fusion` (`orientation`), the orientation fused from motion.
//! - `graphics` (`embedded-graphics`): a `DrawTarget` over any matrix,
//!   `show_message`, `show_letter`; `mock` (`mock`): stand-ins for tests.
//! - [`rotation`], [`error`] (the one [`Error`] and [`Result`]); and
//!   `sys`, private: every ioctl and system call, on `#[repr(C)]` structs
//!   whose sizes are asserted.

// `unsafe` only in `sys`, which allows it where it is declared.
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

#[cfg(feature = "kernel")]
pub mod compat;
pub mod devices;
#[cfg(feature = "kernel")]
pub mod discover;
pub mod error;
#[cfg(feature = "embedded-graphics")]
pub mod graphics;
pub mod hat;
#[cfg(feature = "i2c")]
pub mod i2c;
#[cfg(feature = "kernel")]
pub mod kernel;
pub mod leds;
pub mod lookup;
#[cfg(any(test, feature = "mock"))]
pub mod mock;
pub mod rotation;
#[cfg(feature = "sensors")]
pub mod sensors;
pub mod stick;
#[allow(unsafe_code)]
mod sys;

pub use error::{Device, Error, Result};
pub use hat::SenseHat;
pub use leds::{DARK, Gamma, LedMatrix, Picture, Pixel, SIDE};
pub use lookup::{Lookup, Route};
pub use rotation::Rotation;
#[cfg(feature = "sensors")]
pub use sensors::{Colour, Humidity, Motion, Orientation, Pressure, Sensors, Vector};
pub use stick::{Direction, Stick, StickEvent};

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_shows_every_example_as_it_is() {
        let readme = include_str!("../README.md");
        for (name, example) in [
            ("diagonal", include_str!("../examples/diagonal.rs")),
            ("dot", include_str!("../examples/dot.rs")),
            ("scroll", include_str!("../examples/scroll.rs")),
            ("invader", include_str!("../examples/invader.rs")),
            ("readings", include_str!("../examples/readings.rs")),
            ("marble", include_str!("../examples/marble.rs")),
            ("compass", include_str!("../examples/compass.rs")),
        ] {
            assert!(readme.contains(example), "README.md does not show examples/{name}.rs as it is");
        }
    }
}
