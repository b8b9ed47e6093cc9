//! The LPS25H, pressure and temperature, at 0x5C: pressure a 24-bit
//! two's-complement output, 4096 to the millibar; temperature 480 to the
//! degree, from 42.5 °C (datasheet, section 7; the kernel's
//! `st_pressure_core.c` gives the same scale and offset to IIO).

use super::{At, identify, read, read_i16, wait_ready, write};
use crate::error::{Device, Result};
use crate::sensors::kinds::{Pressure, PressureSensor};
use embedded_hal::i2c::I2c;
use std::fmt::{self, Display};

/// The chip's address.
pub const ADDRESS: u8 = 0x5C;
/// "Who am I".
pub const WHO_AM_I: u8 = 0x0F;
/// What the LPS25H answers at [`WHO_AM_I`].
pub const ID: u8 = 0xBD;
const RES_CONF: u8 = 0x10;
const CTRL_REG1: u8 = 0x20;
const CTRL_REG2: u8 = 0x21;
const STATUS: u8 = 0x27;
const PRESS_OUT_XL: u8 = 0x28;
const TEMP_OUT_L: u8 = 0x2B;
const FIFO_CTRL: u8 = 0x2E;

const AT: At = At { device: Device::PressureSensor, chip: "LPS25H", address: ADDRESS };

/// Millibars for the pressure output `raw` (24 bits, sign-extended).
pub fn millibars(raw: i32) -> f64 {
    f64::from(raw) / 4096.0
}

/// Degrees Celsius for the temperature output `raw`.
pub fn celsius(raw: i16) -> f64 {
    42.5 + f64::from(raw) / 480.0
}

/// The LPS25H on a bus, measuring continuously.
pub struct Lps25h<B> {
    bus: B,
    sampled: bool,
}

impl<B> fmt::Debug for Lps25h<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lps25h").finish_non_exhaustive()
    }
}

impl<B: I2c> Lps25h<B>
where
    B::Error: Display,
{
    /// Checks the chip is there and is an LPS25H, and starts it as
    /// RTIMULib does: 25 readings a second, block data update, the FIFO's
    /// mean of 32 samples.
    pub fn new(mut bus: B) -> Result<Lps25h<B>> {
        identify(&mut bus, AT, WHO_AM_I, ID)?;
        write(&mut bus, AT, RES_CONF, 0x05)?;
        write(&mut bus, AT, FIFO_CTRL, 0xC0)?;
        write(&mut bus, AT, CTRL_REG2, 0x40)?;
        write(&mut bus, AT, CTRL_REG1, 0xC4)?;
        Ok(Lps25h { bus, sampled: false })
    }
}

impl<B: I2c + Send> PressureSensor for Lps25h<B>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        format!("the LPS25H over I2C at 0x{ADDRESS:02X}")
    }

    fn read(&mut self) -> Result<Pressure> {
        if !self.sampled {
            wait_ready(&mut self.bus, AT, STATUS, 0b11)?;
            self.sampled = true;
        }
        let mut bytes = [0u8; 4];
        for (register, byte) in (PRESS_OUT_XL..).zip(bytes.iter_mut().take(3)) {
            *byte = read(&mut self.bus, AT, register)?;
        }
        // The top byte's sign carried into the fourth: 24 bits as an i32.
        let pressure = i32::from_le_bytes(bytes) << 8 >> 8;
        let temperature = read_i16(&mut self.bus, AT, TEMP_OUT_L)?;
        Ok(Pressure { millibars: millibars(pressure), celsius: celsius(temperature) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::chip::tests::{byte, set, word};
    use embedded_hal_mock::eh1::i2c::Mock;

    #[test]
    fn pressure_and_temperature_as_the_datasheet_scales_them() {
        assert_eq!(millibars(0x3F_0000), 1008.0);
        assert_eq!(millibars(-4096), -1.0, "24 bits, two's complement");
        assert_eq!(celsius(0), 42.5);
        assert_eq!(celsius(-9600), 22.5);
    }

    #[test]
    fn a_reading_takes_three_pressure_bytes_and_two_temperature_bytes() {
        let mut t = vec![
            byte(ADDRESS, WHO_AM_I, ID),
            set(ADDRESS, RES_CONF, 0x05),
            set(ADDRESS, FIFO_CTRL, 0xC0),
            set(ADDRESS, CTRL_REG2, 0x40),
            set(ADDRESS, CTRL_REG1, 0xC4),
            byte(ADDRESS, STATUS, 0b11),
            // 1013.25 mbar: 4150272 = 0x3F5400.
            byte(ADDRESS, 0x28, 0x00),
            byte(ADDRESS, 0x29, 0x54),
            byte(ADDRESS, 0x2A, 0x3F),
        ];
        t.extend(word(ADDRESS, TEMP_OUT_L, -9600));
        // A second reading: no wait; the top bit set is a negative output.
        t.extend([byte(ADDRESS, 0x28, 0x00), byte(ADDRESS, 0x29, 0xF0), byte(ADDRESS, 0x2A, 0xFF)]);
        t.extend(word(ADDRESS, TEMP_OUT_L, 480));
        let mut bus = Mock::new(&t);
        let mut chip = Lps25h::new(bus.clone()).unwrap();
        assert_eq!(chip.read().unwrap(), Pressure { millibars: 1013.25, celsius: 22.5 });
        assert_eq!(chip.read().unwrap(), Pressure { millibars: -1.0, celsius: 43.5 });
        bus.done();
    }

    #[test]
    fn the_humidity_chips_id_is_not_the_pressure_chips() {
        let mut bus = Mock::new(&[byte(ADDRESS, WHO_AM_I, 0xBC)]);
        let err = Lps25h::new(bus.clone()).unwrap_err().to_string();
        assert!(err.contains("not the LPS25H's 0xBD") && err.contains("pressure sensor"), "{err}");
        bus.done();
    }
}
