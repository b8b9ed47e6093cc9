//! The colour sensor: a TCS3400 at 0x39 on the Sense HAT v2 sold in shops,
//! a TCS34725 at 0x29 on the Astro Pi flight units, told apart by their ID
//! register as python-sense-hat tells them (a v1 HAT has none). Their
//! registers are the same on the wire: the TCS34725's command bit (0x80)
//! is where the TCS3400's registers start.

use super::{At, read_u16, wait_ready, write};
use crate::error::{Device, Error, Result};
use crate::sensors::kinds::{Colour, ColourSensor};
use embedded_hal::i2c::{Error as _, ErrorKind, I2c};
use std::fmt::{self, Display};
use std::time::Duration;

/// The TCS3400's address.
pub const TCS3400_ADDRESS: u8 = 0x39;
/// The TCS34725's address.
pub const TCS34725_ADDRESS: u8 = 0x29;
const ENABLE: u8 = 0x80;
const ATIME: u8 = 0x81;
const CONTROL: u8 = 0x8F;
/// The ID register.
pub const ID: u8 = 0x92;
const STATUS: u8 = 0x93;
const CDATA: u8 = 0x94;
const RDATA: u8 = 0x96;
const GDATA: u8 = 0x98;
const BDATA: u8 = 0x9A;
const POWER_ON: u8 = 0x01;
const MEASURING: u8 = 0x03;

/// Which chip answers.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// The TCS3400 (IDs 0x90 to 0x97: TCS34001/3/5/7).
    Tcs3400,
    /// The TCS34725 (or another TCS3472x: IDs 0x44, 0x4D).
    Tcs34725,
}

impl Model {
    /// The chip an ID register names, as python-sense-hat reads it.
    pub fn from_id(id: u8) -> Option<Model> {
        match id {
            id if id & 0xF8 == 0x90 => Some(Model::Tcs3400),
            id if id & 0xF4 == 0x44 => Some(Model::Tcs34725),
            _ => None,
        }
    }

    /// Its address.
    pub fn address(self) -> u8 {
        match self {
            Model::Tcs3400 => TCS3400_ADDRESS,
            Model::Tcs34725 => TCS34725_ADDRESS,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Model::Tcs3400 => "TCS3400",
            Model::Tcs34725 => "TCS34725",
        }
    }

    /// Its gains, by the CONTROL register's values 0 to 3.
    pub fn gains(self) -> [u8; 4] {
        match self {
            Model::Tcs3400 => [1, 4, 16, 64],
            Model::Tcs34725 => [1, 4, 16, 60],
        }
    }

    /// One integration cycle.
    pub fn cycle(self) -> Duration {
        match self {
            Model::Tcs3400 => Duration::from_micros(2780),
            Model::Tcs34725 => Duration::from_micros(2400),
        }
    }
}

fn at(model: Model) -> At {
    At { device: Device::ColourSensor, chip: model.name(), address: model.address() }
}

/// The colour sensor on a bus, measuring continuously.
pub struct Tcs34<B> {
    bus: B,
    model: Model,
    cycles: u16,
    sampled: bool,
}

impl<B> fmt::Debug for Tcs34<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tcs34")
            .field("model", &self.model)
            .field("cycles", &self.cycles)
            .finish_non_exhaustive()
    }
}

impl<B: I2c> Tcs34<B>
where
    B::Error: Display,
{
    /// Finds the chip (a TCS3400 at 0x39, else a TCS34725 at 0x29), and
    /// starts it at python-sense-hat's defaults: gain 1, one integration
    /// cycle.
    pub fn new(mut bus: B) -> Result<Tcs34<B>> {
        let mut found = None;
        for address in [TCS3400_ADDRESS, TCS34725_ADDRESS] {
            let mut id = [0u8];
            match bus.write_read(address, &[ID], &mut id) {
                Ok(()) => {
                    found = Some((address, id[0]));
                    break;
                }
                Err(e) if matches!(e.kind(), ErrorKind::NoAcknowledge(_)) => continue,
                Err(e) => {
                    let what = format!("the colour sensor at 0x{address:02X}, register 0x{ID:02X}: failed");
                    return Err(Error::Transfer { what, cause: e.to_string() });
                }
            }
        }
        let Some((address, id)) = found else {
            return Err(Error::NoChip {
                device: Device::ColourSensor,
                chip: "TCS3400",
                address: TCS3400_ADDRESS,
            });
        };
        let model = match Model::from_id(id) {
            Some(model) if model.address() == address => model,
            _ => {
                let (chip, expected) =
                    if address == TCS3400_ADDRESS { ("TCS3400", 0x90) } else { ("TCS34725", 0x44) };
                return Err(Error::WrongChip { device: Device::ColourSensor, chip, address, id, expected });
            }
        };
        let mut chip = Tcs34 { bus, model, cycles: 1, sampled: false };
        chip.set_gain(1)?;
        chip.set_integration_cycles(1)?;
        write(&mut chip.bus, at(model), ENABLE, POWER_ON)?;
        std::thread::sleep(model.cycle());
        write(&mut chip.bus, at(model), ENABLE, MEASURING)?;
        Ok(chip)
    }

    /// Which chip it is.
    pub fn model(&self) -> Model {
        self.model
    }

    /// Sets the gain, one of [`Model::gains`] (python-sense-hat's `gain`);
    /// another is refused.
    pub fn set_gain(&mut self, gain: u8) -> Result<()> {
        let Some(value) = self.model.gains().iter().position(|&g| g == gain) else {
            return Err(Error::BadReading {
                device: Device::ColourSensor,
                what: format!("{}'s gain {gain}", self.model.name()),
                reason: format!("it takes {:?}", self.model.gains()),
            });
        };
        write(&mut self.bus, at(self.model), CONTROL, value as u8)
    }

    /// Sets the integration time in cycles, 1 to 256 (`integration_cycles`;
    /// a number outside is taken as the nearest). The largest count grows
    /// with it ([`Colour::max_for`]).
    pub fn set_integration_cycles(&mut self, cycles: u16) -> Result<()> {
        let cycles = cycles.clamp(1, 256);
        write(&mut self.bus, at(self.model), ATIME, (256 - cycles) as u8)?;
        self.cycles = cycles;
        self.sampled = false;
        Ok(())
    }
}

impl<B: I2c + Send> ColourSensor for Tcs34<B>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        format!("the {} over I2C at 0x{:02X}", self.model.name(), self.model.address())
    }

    fn read(&mut self) -> Result<Colour> {
        let at = at(self.model);
        if !self.sampled {
            wait_ready(&mut self.bus, at, STATUS, 0x01)?;
            self.sampled = true;
        }
        // Each high byte is latched when its low byte is read.
        let clear = read_u16(&mut self.bus, at, CDATA)?;
        let red = read_u16(&mut self.bus, at, RDATA)?;
        let green = read_u16(&mut self.bus, at, GDATA)?;
        let blue = read_u16(&mut self.bus, at, BDATA)?;
        Ok(Colour { red, green, blue, clear, max_raw: Colour::max_for(self.cycles) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::chip::tests::{byte, set};
    use embedded_hal::i2c::NoAcknowledgeSource;
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};

    fn counts(address: u8, values: [u16; 4]) -> Vec<Transaction> {
        (0..4u8)
            .flat_map(|i| {
                let [lo, hi] = values[usize::from(i)].to_le_bytes();
                [byte(address, CDATA + 2 * i, lo), byte(address, CDATA + 2 * i + 1, hi)]
            })
            .collect()
    }

    fn started(address: u8, id: u8, nack_first: bool) -> Vec<Transaction> {
        let nack = ErrorKind::NoAcknowledge(NoAcknowledgeSource::Address);
        let mut t = Vec::new();
        if nack_first {
            t.push(byte(TCS3400_ADDRESS, ID, 0).with_error(nack));
        }
        t.extend([
            byte(address, ID, id),
            set(address, CONTROL, 0),
            set(address, ATIME, 255),
            set(address, ENABLE, POWER_ON),
            set(address, ENABLE, MEASURING),
        ]);
        t
    }

    #[test]
    fn the_v2_hats_tcs3400_is_found_at_0x39_and_read_as_python_scales_it() {
        let mut t = started(TCS3400_ADDRESS, 0x93, false);
        t.extend([byte(TCS3400_ADDRESS, STATUS, 0), byte(TCS3400_ADDRESS, STATUS, 1)]);
        // Clear, red, green, blue.
        t.extend(counts(TCS3400_ADDRESS, [1000, 400, 256, 3]));
        let mut bus = Mock::new(&t);
        let mut chip = Tcs34::new(bus.clone()).unwrap();
        assert_eq!(chip.model(), Model::Tcs3400);
        let colour = chip.read().unwrap();
        assert_eq!(colour, Colour { red: 400, green: 256, blue: 3, clear: 1000, max_raw: 1024 });
        assert_eq!((colour.rgb(), colour.brightness()), ([100, 64, 0], 250), "counts over 1024 / 256");
        bus.done();
    }

    #[test]
    fn the_flight_units_tcs34725_is_found_at_0x29_and_its_gains_are_its_own() {
        let mut t = started(TCS34725_ADDRESS, 0x44, true);
        t.push(set(TCS34725_ADDRESS, CONTROL, 3));
        let mut bus = Mock::new(&t);
        let mut chip = Tcs34::new(bus.clone()).unwrap();
        assert_eq!(chip.model(), Model::Tcs34725);
        chip.set_gain(60).unwrap();
        let err = chip.set_gain(64).unwrap_err().to_string();
        assert!(err.contains("gain 64") && err.contains("[1, 4, 16, 60]"), "{err}");
        bus.done();
    }

    #[test]
    fn no_colour_sensor_or_another_chip_is_one_line() {
        let nack = ErrorKind::NoAcknowledge(NoAcknowledgeSource::Address);
        let mut bus = Mock::new(&[
            byte(TCS3400_ADDRESS, ID, 0).with_error(nack),
            byte(TCS34725_ADDRESS, ID, 0).with_error(nack),
        ]);
        let err = Tcs34::new(bus.clone()).unwrap_err().to_string();
        assert!(err.starts_with("no colour sensor"), "{err}");
        bus.done();
        let mut bus = Mock::new(&[byte(TCS3400_ADDRESS, ID, 0x44)]);
        let err = Tcs34::new(bus.clone()).unwrap_err().to_string();
        assert!(err.contains("answers 0x44") && err.contains("TCS3400's 0x90"), "{err}");
        bus.done();
    }

    #[test]
    fn the_largest_count_follows_the_integration_cycles() {
        assert_eq!((Colour::max_for(1), Colour::max_for(63), Colour::max_for(64)), (1024, 64512, 65535));
    }
}
