//! The seam a program drives the HAT's kernel devices through: traits for
//! the LED matrix and for opening both devices, with the kernel's as the
//! one implementation here. A test puts its own stand-ins behind them (a
//! plain file as the framebuffer, a FIFO of [`crate::record`]s as the
//! joystick); none is compiled into the crate.

use crate::Picture;
use crate::error::Error;
use crate::framebuffer::{Framebuffer, Gamma};
use crate::joystick::{Joystick, Keys};
use crate::rotation::Rotation;
use std::io;
use std::path::Path;

/// The LED matrix as a program draws on it: the kernel's framebuffer
/// ([`Framebuffer`]), or a test's stand-in.
pub trait LedMatrix {
    /// The device's path, for messages.
    fn path(&self) -> &Path;
    /// Shows a whole picture, turned by `rotation`.
    fn show(&self, picture: &Picture, rotation: Rotation) -> io::Result<()>;
    /// Resets the driver's gamma table to one of its own (see
    /// [`Framebuffer::reset_gamma`]).
    fn reset_gamma(&self, gamma: Gamma) -> io::Result<()>;
}

impl LedMatrix for Framebuffer {
    fn path(&self) -> &Path {
        Framebuffer::path(self)
    }

    fn show(&self, picture: &Picture, rotation: Rotation) -> io::Result<()> {
        Framebuffer::show(self, picture, rotation)
    }

    fn reset_gamma(&self, gamma: Gamma) -> io::Result<()> {
        Framebuffer::reset_gamma(self, gamma)
    }
}

/// Opens the HAT's two kernel devices, at start and whenever one returns:
/// the kernel's, checked ([`Kernel`]), or a test's stand-ins.
pub trait KernelDevices {
    /// The LED matrix it opens.
    type Leds: LedMatrix;
    /// The joystick it opens.
    type Joystick: Keys;
    /// Opens the LED matrix at `path`.
    fn led_matrix(&self, path: &Path) -> Result<Self::Leds, Error>;
    /// Opens the joystick at `path`.
    fn joystick(&self, path: &Path) -> Result<Self::Joystick, Error>;
}

/// The kernel's framebuffer and evdev devices, each refused unless it is
/// the matrix's shape or has the five keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kernel;

impl KernelDevices for Kernel {
    type Leds = Framebuffer;
    type Joystick = Joystick;

    fn led_matrix(&self, path: &Path) -> Result<Framebuffer, Error> {
        Framebuffer::open(path)
    }

    fn joystick(&self, path: &Path) -> Result<Joystick, Error> {
        Joystick::open(path)
    }
}
