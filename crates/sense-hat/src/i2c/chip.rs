//! The Sense HAT's microcontroller (an ATtiny88 at I2C address 0x46), as
//! its firmware and the kernel's `rpisense-core` describe it, driven over
//! any embedded-hal 1.0 [`I2c`] bus so that every transaction is tested
//! against a mock. The LED matrix and the joystick over I2C
//! ([`crate::leds::chip`], [`crate::stick::chip`]) are made of it.
//!
//! Registers: 0x00..0xBF the LED frame (row `j` at `j * 24`: 8 red, 8
//! green, 8 blue, 5-bit values), 0xF0 "who am I" (`'s'`), 0xF1 the firmware
//! version, 0xF2 the joystick (reading it clears its interrupt). The
//! register pointer auto-increments, so the frame goes as six writes of a
//! register number and 32 bytes: SMBus I2C-block writes, which Linux's
//! i2c-stub accepts too (it refuses one 193-byte write).

use super::registers::{ADDRESS, BLOCK, FRAME_BYTES, ID, KEYS, VERSION, WHO_AM_I};
use crate::error::{Error, Result};
use embedded_hal::i2c::{ErrorKind, I2c};
use std::fmt::{self, Display};

/// A failed exchange with the chip, as one line.
pub fn describe(register: u8, e: &impl embedded_hal::i2c::Error) -> String {
    let what = match e.kind() {
        ErrorKind::NoAcknowledge(_) => "no acknowledge: is the Sense HAT seated, and is this its bus?",
        ErrorKind::Bus => "bus error",
        ErrorKind::ArbitrationLoss => "arbitration lost",
        _ => "failed",
    };
    format!("I2C register 0x{register:02X} at 0x{ADDRESS:02X}: {what}")
}

/// The chip on a bus.
pub struct Chip<B> {
    bus: B,
}

impl<B> fmt::Debug for Chip<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chip(0x{ADDRESS:02X})")
    }
}

impl<B: I2c> Chip<B>
where
    B::Error: Display,
{
    /// The chip at the HAT's address on `bus`.
    pub fn new(bus: B) -> Chip<B> {
        Chip { bus }
    }

    /// Reads one register. Like `rpisense-core`, the top bit is cleared:
    /// the BCM2835's I2C controller mishandles clock stretching, which can
    /// set it spuriously.
    pub fn read(&mut self, register: u8) -> Result<u8> {
        let mut value = [0u8];
        self.bus
            .write_read(ADDRESS, &[register], &mut value)
            .map_err(|e| Error::Transfer { what: describe(register, &e), cause: e.to_string() })?;
        Ok(value[0] & 0x7F)
    }

    /// Checks the chip says who it is, and returns its firmware version.
    pub fn identify(&mut self) -> Result<u8> {
        let id = self.read(WHO_AM_I)?;
        if id != ID {
            return Err(Error::NotTheHat { id });
        }
        self.read(VERSION)
    }

    /// The joystick register (clearing its interrupt).
    pub fn keys(&mut self) -> Result<u8> {
        self.read(KEYS)
    }

    /// Writes a whole frame's registers, a block at a time.
    pub fn write_frame(&mut self, bytes: &[u8; FRAME_BYTES]) -> Result<()> {
        for (i, block) in bytes.chunks(BLOCK).enumerate() {
            let register = (i * BLOCK) as u8;
            let mut message = [0u8; BLOCK + 1];
            message[0] = register;
            message[1..].copy_from_slice(block);
            self.bus
                .write(ADDRESS, &message)
                .map_err(|e| Error::Transfer { what: describe(register, &e), cause: e.to_string() })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_hal::i2c::NoAcknowledgeSource;
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};

    #[test]
    fn who_am_i_accepts_only_s_and_reports_the_version() {
        let mut bus = Mock::new(&[
            Transaction::write_read(ADDRESS, vec![WHO_AM_I], vec![b's']),
            Transaction::write_read(ADDRESS, vec![VERSION], vec![2]),
        ]);
        assert_eq!(Chip::new(bus.clone()).identify().unwrap(), 2);
        bus.done();

        // The spurious top bit is cleared, as rpisense-core does.
        let mut bus = Mock::new(&[
            Transaction::write_read(ADDRESS, vec![WHO_AM_I], vec![b's' | 0x80]),
            Transaction::write_read(ADDRESS, vec![VERSION], vec![0x81]),
        ]);
        assert_eq!(Chip::new(bus.clone()).identify().unwrap(), 1);
        bus.done();

        let mut bus = Mock::new(&[Transaction::write_read(ADDRESS, vec![WHO_AM_I], vec![0x6A])]);
        let err = Chip::new(bus.clone()).identify().unwrap_err().to_string();
        assert!(err.contains("answers 0x6A") && err.contains("not a Sense HAT"), "{err}");
        bus.done();
    }

    #[test]
    fn nothing_at_the_address_is_one_clear_line() {
        let nack = ErrorKind::NoAcknowledge(NoAcknowledgeSource::Address);
        let mut bus =
            Mock::new(&[Transaction::write_read(ADDRESS, vec![WHO_AM_I], vec![0]).with_error(nack)]);
        let err = Chip::new(bus.clone()).identify().unwrap_err().to_string();
        assert!(err.starts_with("I2C register 0xF0 at 0x46: no acknowledge"), "{err}");
        assert!(!err.contains('\n'));
        bus.done();

        let mut bus = Mock::new(&[Transaction::write(ADDRESS, vec![0; 33]).with_error(ErrorKind::Bus)]);
        let err = Chip::new(bus.clone()).write_frame(&[0; FRAME_BYTES]).unwrap_err().to_string();
        assert!(err.starts_with("I2C register 0x00 at 0x46: bus error"), "{err}");
        bus.done();
    }

    #[test]
    fn the_joystick_register_is_read_with_a_repeated_start() {
        let mut bus = Mock::new(&[Transaction::write_read(ADDRESS, vec![KEYS], vec![0b0_1000])]);
        assert_eq!(Chip::new(bus.clone()).keys().unwrap(), 0b0_1000);
        bus.done();
    }
}
