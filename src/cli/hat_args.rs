//! The Sense HAT's options, defined once for `play` and `doctor` (flattened
//! into both), so that `doctor` checks the HAT where `play` would look for it.

use crate::backend::hat;
use sense_hat::Lookup;
use sense_hat::discover::Roots;
use sense_hat::i2c::devices::{DEFAULT_BUS, DEFAULT_LINE};
use sense_hat::i2c::linux::Line;
use std::path::PathBuf;

#[derive(clap::Args, Clone, Debug)]
pub(crate) struct HatArgs {
    /// Sense HAT: the LED matrix's framebuffer device (default: the one named "RPi-Sense FB").
    #[arg(long, value_name = "PATH")]
    pub framebuffer: Option<PathBuf>,

    /// Sense HAT: the joystick's event device (default: the one named "Raspberry Pi Sense HAT Joystick").
    #[arg(long, value_name = "PATH")]
    pub joystick: Option<PathBuf>,

    /// Sense HAT over I2C: its bus.
    #[arg(long, value_name = "PATH", default_value = DEFAULT_BUS)]
    pub i2c_bus: PathBuf,

    /// Sense HAT over I2C: the GPIO chip of the joystick's interrupt (default: the chip with the line
    /// named GPIO23).
    #[arg(long, value_name = "PATH")]
    pub gpiochip: Option<PathBuf>,

    /// Sense HAT over I2C: the interrupt's line offset on --gpiochip.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LINE, requires = "gpiochip")]
    pub gpio_line: u32,

    /// Where to look for devices instead of /sys and /dev (for tests).
    #[arg(long, value_name = "DIR", hide = true)]
    pub sysfs_root: Option<PathBuf>,
    #[arg(long, value_name = "DIR", hide = true)]
    pub dev_root: Option<PathBuf>,
}

impl HatArgs {
    /// Where the kernel's devices are found by name.
    pub(crate) fn roots(&self) -> Roots {
        Roots {
            sys: self.sysfs_root.clone().unwrap_or_else(|| Roots::default().sys),
            dev: self.dev_root.clone().unwrap_or_else(|| Roots::default().dev),
        }
    }

    /// The joystick's interrupt line: the one given by chip and offset, or the one named GPIO23.
    pub(crate) fn line(&self) -> Line {
        match &self.gpiochip {
            Some(chip) => Line::At { chip: chip.clone(), offset: self.gpio_line },
            None => Line::default(),
        }
    }

    /// Where the HAT is looked for, by either path.
    pub(crate) fn lookup(&self) -> Lookup {
        let mut lookup = hat::lookup().roots(self.roots()).bus(&self.i2c_bus).line(self.line());
        if let Some(path) = &self.framebuffer {
            lookup = lookup.framebuffer(path);
        }
        if let Some(path) = &self.joystick {
            lookup = lookup.joystick(path);
        }
        lookup
    }
}
