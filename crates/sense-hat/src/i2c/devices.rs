//! The HAT's parts over I2C on Linux: the LED matrix and the joystick of
//! the chip on `/dev/i2c-N`, the joystick's interrupt on its GPIO line.

use super::chip::Chip;
use super::linux::{self, BusRefusal, GpioInterrupt, Line, Smbus};
use crate::devices::Devices;
use crate::error::{Device, Error, Result, shown_path};
use crate::leds::chip::ChipLeds;
use crate::leds::matrix::LedMatrix;
use crate::stick::chip::ChipStick;
use crate::stick::events::Stick;
use log::info;
use std::path::{Path, PathBuf};

/// The bus the HAT's header puts the chip on.
pub const DEFAULT_BUS: &str = "/dev/i2c-1";
/// The BCM GPIO number of the joystick's interrupt.
pub const DEFAULT_LINE: u32 = 23;

/// The chip on its `/dev/i2c-N` and the line on its `/dev/gpiochipN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct I2cDevices {
    bus: PathBuf,
    line: Line,
    program: String,
    guide: Option<String>,
}

impl Default for I2cDevices {
    fn default() -> Self {
        I2cDevices::new(DEFAULT_BUS, Line::default())
    }
}

impl I2cDevices {
    /// The chip on `bus`, its joystick's interrupt on `line`.
    pub fn new(bus: impl Into<PathBuf>, line: Line) -> I2cDevices {
        I2cDevices { bus: bus.into(), line, program: "sense-hat".to_string(), guide: None }
    }

    /// The program's name: the interrupt line's user as the kernel shows
    /// it, and the modprobe file the advice for a held bus names.
    pub fn program(mut self, name: impl Into<String>) -> I2cDevices {
        self.program = name.into();
        self
    }

    /// Where the user reads how to free a bus held by a kernel driver, said
    /// when the driver cannot be told.
    pub fn guide(mut self, guide: impl Into<String>) -> I2cDevices {
        self.guide = Some(guide.into());
        self
    }

    /// The chip's bus.
    pub fn bus(&self) -> &Path {
        &self.bus
    }

    /// The interrupt line.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// Opens the bus at the chip's address and checks the chip answers `s`;
    /// the chip and its firmware's version.
    pub fn open_chip(&self) -> Result<(Chip<Smbus>, u8)> {
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
            BusRefusal::Other(source) => {
                Error::Open { device: Device::I2cBus, path: bus.to_path_buf(), source }
            }
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

impl Devices for I2cDevices {
    fn describe(&self) -> String {
        format!("the chip over I2C on {}", shown_path(&self.bus))
    }

    fn leds(&mut self) -> Result<Box<dyn LedMatrix>> {
        let (chip, version) = self.open_chip()?;
        info!("Sense HAT over I2C: {} (firmware {version})", shown_path(&self.bus));
        Ok(Box::new(ChipLeds::new(chip, format!("0x46 on {}", shown_path(&self.bus)))))
    }

    /// The line is requested first and the keys read after it: an edge
    /// from before the request was never seen, so the register is the
    /// baseline.
    fn stick(&mut self) -> Result<Box<dyn Stick>> {
        let line = GpioInterrupt::request(&self.line, &self.program)?;
        let (chip, _) = self.open_chip()?;
        info!("the joystick's interrupt: {}", shown_path(&line.chip()));
        let place = line.place().to_string();
        Ok(Box::new(ChipStick::new(chip, line, place)?))
    }

    /// The sensors on the chip's bus.
    #[cfg(feature = "sensors")]
    fn sensors(&self) -> Box<dyn crate::sensors::kinds::SensorSource> {
        Box::new(crate::sensors::board::Board::new().bus(&self.bus))
    }
}
