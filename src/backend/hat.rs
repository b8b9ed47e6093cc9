//! What the two Sense HAT backends share: one set of options, saying where
//! the HAT is by either path ([`super::sensehat`] through the kernel's
//! drivers, [`super::i2c`] through its chip) and how to draw on it. `play`
//! fills it once from the command line and the config file; `--backend
//! auto` asks both paths of the same options which one finds the HAT.

use super::gesture::Timing;
use super::rotation::Rotation;
use super::sensehat::discover::Roots;
use std::path::PathBuf;

/// The bus the HAT's header puts the chip on.
pub const DEFAULT_BUS: &str = "/dev/i2c-1";
/// The BCM GPIO number of the joystick's interrupt.
pub const DEFAULT_LINE: u32 = 23;

/// How to find and drive the HAT.
#[derive(Clone, Debug)]
pub struct Options {
    /// Through the kernel's drivers: the LED matrix's framebuffer, instead
    /// of looking for it by name.
    pub framebuffer: Option<PathBuf>,
    /// Through the kernel's drivers: the joystick's event device, instead
    /// of looking for it by name.
    pub joystick: Option<PathBuf>,
    /// Where the kernel's devices are looked for by name.
    pub roots: Roots,
    /// Over I2C: the chip's bus.
    pub bus: PathBuf,
    /// Over I2C: the interrupt's chip; `None` finds the line named `GPIO23`.
    pub gpiochip: Option<PathBuf>,
    /// Over I2C: the interrupt's offset on `gpiochip`.
    pub line: u32,
    pub rotation: Rotation,
    /// Percent, applied in software.
    pub brightness: u8,
    /// The driver's low-light gamma table instead of its default one.
    pub low_light: bool,
    pub timing: Timing,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            framebuffer: None,
            joystick: None,
            roots: Roots::default(),
            bus: PathBuf::from(DEFAULT_BUS),
            gpiochip: None,
            line: DEFAULT_LINE,
            rotation: Rotation::R0,
            brightness: 100,
            low_light: false,
            timing: Timing::default(),
        }
    }
}

impl Options {
    /// The LED matrix's path: the one given, or the one found by name.
    pub fn led_matrix(&self) -> Option<PathBuf> {
        self.framebuffer.clone().or_else(|| self.roots.led_matrix())
    }

    /// The joystick's path: the one given, or the one found by name.
    pub fn joystick(&self) -> Option<PathBuf> {
        self.joystick.clone().or_else(|| self.roots.joystick())
    }

    /// Whether both kernel devices are there (what `--backend auto` asks).
    pub fn present(&self) -> bool {
        self.led_matrix().is_some_and(|p| p.exists()) && self.joystick().is_some_and(|p| p.exists())
    }

    /// Whether neither kernel device is there (when `--backend auto` tries
    /// the HAT over I2C).
    pub fn absent(&self) -> bool {
        !self.led_matrix().is_some_and(|p| p.exists()) && !self.joystick().is_some_and(|p| p.exists())
    }
}
