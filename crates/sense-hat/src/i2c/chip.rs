//! The Sense HAT's microcontroller (an ATtiny88 at I2C address 0x46), as
//! its firmware and the kernel's `rpisense-core` describe it, driven over
//! any embedded-hal 1.0 [`I2c`] bus so that every transaction is tested
//! against a mock.
//!
//! Registers: 0x00..0xBF the LED frame (row `j` at `j * 24`: 8 red, 8
//! green, 8 blue, 5-bit values), 0xF0 "who am I" (`'s'`), 0xF1 the firmware
//! version, 0xF2 the joystick (reading it clears its interrupt). The
//! register pointer auto-increments, so the frame goes as six writes of a
//! register number and 32 bytes: SMBus I2C-block writes, which Linux's
//! i2c-stub accepts too (it refuses one 193-byte write).

use super::error::Error;
use super::registers::{ADDRESS, BLOCK, FRAME_BYTES, ID, KEYS, VERSION, WHO_AM_I};
use crate::rotation::Rotation;
use crate::{Picture, SIDE};
use embedded_hal::i2c::{ErrorKind, I2c};
use std::fmt::Display;

/// `rpisense-fb`'s default gamma table: the 5-bit value of a framebuffer
/// channel to the chip's 5-bit LED value. The LEDs are far from linear, so
/// low values are pushed down; using the same table makes a colour look the
/// same by both paths.
pub const GAMMA: [u8; 32] = [
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x02, 0x03, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
    0x09, 0x0A, 0x0B, 0x0C, 0x0E, 0x0F, 0x11, 0x12, 0x14, 0x15, 0x17, 0x19, 0x1B, 0x1D, 0x1F,
];
/// The driver's low-light table (what `low_light = true` asks it for).
pub const GAMMA_LOW: [u8; 32] = [
    0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x02, 0x02, 0x02, 0x03,
    0x03, 0x03, 0x04, 0x04, 0x05, 0x05, 0x06, 0x06, 0x07, 0x07, 0x08, 0x08, 0x09, 0x0A, 0x0A,
];

/// One 8-bit channel as the chip wants it. Through the framebuffer an
/// 8-bit channel becomes RGB565 (red and blue keep their top 5 bits, green
/// its top 6), and the driver takes the top 5 bits of each field
/// (`(pixel >> 6) & 0x1F` for green) before its gamma table: so every
/// channel is `table[value >> 3]`.
pub fn channel(value: u8, low_light: bool) -> u8 {
    let table = if low_light { &GAMMA_LOW } else { &GAMMA };
    table[usize::from(value >> 3)]
}

/// The 192 register bytes for a picture, turned by `rotation`, through
/// the gamma table.
pub fn encode(picture: &Picture, rotation: Rotation, low_light: bool) -> [u8; FRAME_BYTES] {
    let mut bytes = [0u8; FRAME_BYTES];
    for (y, row) in picture.iter().enumerate() {
        for (x, &[r, g, b]) in row.iter().enumerate() {
            let (dx, dy) = rotation.place(x, y, SIDE);
            let row = dy * 24;
            bytes[row + dx] = channel(r, low_light);
            bytes[row + 8 + dx] = channel(g, low_light);
            bytes[row + 16 + dx] = channel(b, low_light);
        }
    }
    bytes
}

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
    pub fn read(&mut self, register: u8) -> Result<u8, Error> {
        let mut value = [0u8];
        self.bus
            .write_read(ADDRESS, &[register], &mut value)
            .map_err(|e| Error::Transfer { what: describe(register, &e), cause: e.to_string() })?;
        Ok(value[0] & 0x7F)
    }

    /// Checks the chip says who it is, and returns its firmware version.
    pub fn identify(&mut self) -> Result<u8, Error> {
        let id = self.read(WHO_AM_I)?;
        if id != ID {
            return Err(Error::NotTheHat { id });
        }
        self.read(VERSION)
    }

    /// The joystick register (clearing its interrupt).
    pub fn keys(&mut self) -> Result<u8, Error> {
        self.read(KEYS)
    }

    /// Writes a whole frame's registers, a block at a time.
    pub fn show(&mut self, bytes: &[u8; FRAME_BYTES]) -> Result<(), Error> {
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
    use crate::{DARK, Pixel};
    use embedded_hal::i2c::NoAcknowledgeSource;
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};

    /// What the framebuffer path and the kernel make of a colour: RGB565,
    /// then rpisense-fb's deferred I/O (`gamma[(pixel >> 11) & 0x1F]`,
    /// `>> 6`, `& 0x1F`).
    fn through_the_kernel(colour: Pixel) -> [u8; 3] {
        let pixel = crate::framebuffer::PixelFormat::RGB565.pack(colour);
        let g = |v: u16| GAMMA[usize::from(v & 0x1F)];
        [g(pixel >> 11), g(pixel >> 6), g(pixel)]
    }

    #[test]
    fn every_channel_value_lights_as_the_kernel_driver_would() {
        for v in 0..=255u8 {
            for colour in [[v, 0, 0], [0, v, 0], [0, 0, v], [v, 255 - v, v / 3]] {
                let [r, g, b] = colour;
                assert_eq!(
                    [channel(r, false), channel(g, false), channel(b, false)],
                    through_the_kernel(colour),
                    "{colour:?}"
                );
            }
        }
        assert_eq!((channel(0, false), channel(255, false), channel(255, true)), (0, 31, 10));
        assert_eq!(channel(0x5C, false), GAMMA[11], "the seed's dark square, 0x5C >> 3 = 11");
    }

    fn frame_writes(bytes: &[u8; FRAME_BYTES]) -> Vec<Transaction> {
        (0..6)
            .map(|i| {
                let mut message = vec![(i * 32) as u8];
                message.extend_from_slice(&bytes[i * 32..i * 32 + 32]);
                Transaction::write(ADDRESS, message)
            })
            .collect()
    }

    #[test]
    fn a_frame_is_six_block_writes_at_0x00_0x20_and_so_on() {
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0]; // row 0: red of column 1 is register 0x01
        picture[7][0] = [0, 0, 255]; // row 7: blue of column 0 is register 7 * 24 + 16 = 0xB8
        let bytes = encode(&picture, Rotation::R0, false);
        let mut expected = [0u8; FRAME_BYTES];
        expected[0x01] = 31;
        expected[0xB8] = 31;
        assert_eq!(bytes, expected);
        let writes = frame_writes(&expected);
        // The exact messages: the register number, then 32 bytes.
        assert_eq!(writes[0], Transaction::write(ADDRESS, [vec![0x00, 0, 31], vec![0; 30]].concat()));
        let mut last = vec![0xA0];
        last.extend_from_slice(&expected[0xA0..0xC0]);
        assert_eq!(writes[5], Transaction::write(ADDRESS, last));
        let mut bus = Mock::new(&writes);
        Chip::new(bus.clone()).show(&bytes).unwrap();
        bus.done();
    }

    #[test]
    fn rotation_and_the_gamma_table_change_the_bytes_written() {
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0];
        // A quarter turn puts the picture's (1, 0) at the device's (7, 1):
        // row 1's red of column 7, register 24 + 7.
        let turned = encode(&picture, Rotation::R90, false);
        assert_eq!(turned.iter().position(|&b| b != 0), Some(24 + 7));
        // A dimmer red: 127 >> 3 = 15, GAMMA[15] = 7.
        picture[0][1] = [127, 0, 0];
        let dim = encode(&picture, Rotation::R90, false);
        assert_eq!(dim[24 + 7], 7);
        let mut bus = Mock::new(&frame_writes(&dim));
        Chip::new(bus.clone()).show(&dim).unwrap();
        bus.done();
        // Low light: the driver's other table.
        picture[0][1] = [255, 0, 0];
        assert_eq!(encode(&picture, Rotation::R0, true)[1], 10);
    }

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
        let err = Chip::new(bus.clone()).show(&[0; FRAME_BYTES]).unwrap_err().to_string();
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
