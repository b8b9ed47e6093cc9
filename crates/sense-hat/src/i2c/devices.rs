//! The seam a program drives the HAT over I2C through: opening the chip and
//! its interrupt line, on Linux ([`Linux`]) or a test's mock bus and
//! stand-in line.

use super::chip::Chip;
use super::error::Error;
use super::linux::{self, BusRefusal, GpioInterrupt, InterruptLine, Smbus};
use embedded_hal::i2c::I2c;
use log::info;
use std::path::{Path, PathBuf};

/// The bus the HAT's header puts the chip on.
pub const DEFAULT_BUS: &str = "/dev/i2c-1";
/// The BCM GPIO number of the joystick's interrupt.
pub const DEFAULT_LINE: u32 = 23;

/// Opens the chip and its interrupt line (real devices, or fakes in tests).
pub trait I2cDevices {
    type Bus: I2c<Error: std::fmt::Display>;
    type Irq: InterruptLine;
    fn chip(&mut self) -> Result<Chip<Self::Bus>, Error>;
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
    /// The name the kernel shows as the line's user.
    pub consumer: String,
}

impl Default for Linux {
    fn default() -> Self {
        Linux {
            bus: PathBuf::from(DEFAULT_BUS),
            gpiochip: None,
            line: DEFAULT_LINE,
            consumer: "sense-hat".to_string(),
        }
    }
}

impl Linux {
    /// Opens `bus` at the chip's address and checks the chip answers `s`;
    /// the chip and its firmware's version.
    pub fn open_chip(bus: &Path) -> Result<(Chip<Smbus>, u8), Error> {
        let smbus = Smbus::open(bus).map_err(|e| match e {
            BusRefusal::Busy => {
                let advice = match linux::holder(Path::new("/sys"), bus) {
                    Some(held) => {
                        format!("the driver is {held}: {}", linux::unbind_advice(bus, &held.driver))
                    }
                    None => "unbind it first (see docs/raspberry-pi.md, \"Without the kernel's drivers\")"
                        .to_string(),
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
        self.bus.exists() && Linux::open_chip(&self.bus).is_ok()
    }
}

impl I2cDevices for Linux {
    type Bus = Smbus;
    type Irq = GpioInterrupt;

    fn chip(&mut self) -> Result<Chip<Smbus>, Error> {
        let (chip, version) = Linux::open_chip(&self.bus)?;
        info!("Sense HAT over I2C: {} (firmware {version})", self.bus.display());
        Ok(chip)
    }

    fn interrupt(&mut self) -> Result<GpioInterrupt, Error> {
        let line = GpioInterrupt::request(self.gpiochip.as_deref(), self.line, &self.consumer)?;
        info!("the joystick's interrupt: {}", line.chip().display());
        Ok(line)
    }
}
