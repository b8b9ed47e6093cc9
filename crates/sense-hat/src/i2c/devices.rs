//! The seam a program drives the HAT over I2C through: opening the chip and
//! its interrupt line, on Linux ([`Linux`]) or a test's mock bus and
//! stand-in line.

use super::chip::Chip;
use super::error::Error;
use super::linux::{self, BusRefusal, GpioInterrupt, InterruptLine, Smbus};
use crate::error::shown_path;
use embedded_hal::i2c::I2c;
use log::info;
use std::path::{Path, PathBuf};

/// The bus the HAT's header puts the chip on.
pub const DEFAULT_BUS: &str = "/dev/i2c-1";
/// The BCM GPIO number of the joystick's interrupt.
pub const DEFAULT_LINE: u32 = 23;

/// Opens the chip and its interrupt line (real devices, or fakes in tests).
pub trait I2cDevices {
    /// The bus the chip is on.
    type Bus: I2c<Error: std::fmt::Display>;
    /// The joystick's interrupt line.
    type Irq: InterruptLine;
    /// Opens the chip.
    fn chip(&mut self) -> Result<Chip<Self::Bus>, Error>;
    /// Requests the interrupt line.
    fn interrupt(&mut self) -> Result<Self::Irq, Error>;
}

/// The chip on its `/dev/i2c-N` and the line on its `/dev/gpiochipN`.
#[derive(Clone, Debug)]
pub struct Linux {
    /// The chip's bus.
    pub bus: PathBuf,
    /// The interrupt's chip; `None` finds the line named
    /// [`linux::LINE_NAME`].
    pub gpiochip: Option<PathBuf>,
    /// The interrupt's offset on `gpiochip`.
    pub line: u32,
    /// The program's name: the interrupt line's user as the kernel shows
    /// it, and the modprobe file the advice for a held bus names.
    pub program: String,
    /// Where the user reads how to free a bus held by a kernel driver, said
    /// when the driver cannot be told.
    pub guide: Option<String>,
}

impl Default for Linux {
    fn default() -> Self {
        Linux {
            bus: PathBuf::from(DEFAULT_BUS),
            gpiochip: None,
            line: DEFAULT_LINE,
            program: "sense-hat".to_string(),
            guide: None,
        }
    }
}

impl Linux {
    /// Opens the bus at the chip's address and checks the chip answers `s`;
    /// the chip and its firmware's version.
    pub fn open_chip(&self) -> Result<(Chip<Smbus>, u8), Error> {
        let bus = &self.bus;
        let smbus = Smbus::open(bus).map_err(|e| match e {
            BusRefusal::Busy => {
                let advice = match (linux::holder(Path::new("/sys"), bus), &self.guide) {
                    (Some(held), _) => {
                        let unbind = linux::unbind_advice(bus, &held.driver, &self.program);
                        format!("the driver is {held}: {unbind}")
                    }
                    (None, Some(guide)) => format!("unbind it first (see {guide})"),
                    (None, None) => "unbind it first".to_string(),
                };
                Error::Busy { bus: bus.to_path_buf(), advice }
            }
            BusRefusal::Other(source) => Error::Open { bus: bus.to_path_buf(), source },
        })?;
        let mut chip = Chip::new(smbus);
        let version = chip
            .identify()
            .map_err(|cause| Error::NoHat { bus: bus.to_path_buf(), cause: Box::new(cause) })?;
        Ok((chip, version))
    }

    /// Whether the bus is there and the chip on it says it is the HAT's.
    pub fn answers(&self) -> bool {
        self.bus.exists() && self.open_chip().is_ok()
    }
}

impl I2cDevices for Linux {
    type Bus = Smbus;
    type Irq = GpioInterrupt;

    fn chip(&mut self) -> Result<Chip<Smbus>, Error> {
        let (chip, version) = self.open_chip()?;
        info!("Sense HAT over I2C: {} (firmware {version})", shown_path(&self.bus));
        Ok(chip)
    }

    fn interrupt(&mut self) -> Result<GpioInterrupt, Error> {
        let line = GpioInterrupt::request(self.gpiochip.as_deref(), self.line, &self.program)?;
        info!("the joystick's interrupt: {}", shown_path(&line.chip()));
        Ok(line)
    }
}
