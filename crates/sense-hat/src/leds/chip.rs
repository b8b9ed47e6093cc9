//! The LED matrix over I2C: the picture written to the chip's frame
//! registers ([`crate::i2c::chip`]), turned and lit through the gamma
//! table here, as the kernel's driver does it there: every 8-bit channel
//! becomes `gamma[value >> 3]`, the 5-bit value the framebuffer path would
//! reach, so a colour looks the same by both paths.

use super::matrix::{DARK, Gamma, LedMatrix, Picture, SIDE, held_in_fields};
use crate::error::Result;
use crate::i2c::chip::Chip;
use crate::i2c::registers::FRAME_BYTES;
use crate::rotation::Rotation;
use embedded_hal::i2c::I2c;
use std::fmt::{self, Display};

/// The 192 register bytes for a picture, turned by `rotation`, through
/// `gamma`: row `y` at `y * 24`, its eight red values, eight green, eight blue.
pub fn encode(picture: &Picture, rotation: Rotation, gamma: &Gamma) -> [u8; FRAME_BYTES] {
    let mut bytes = [0u8; FRAME_BYTES];
    for (y, row) in picture.iter().enumerate() {
        for (x, &[r, g, b]) in row.iter().enumerate() {
            let (dx, dy) = rotation.place(x, y, SIDE);
            let row = dy * 24;
            bytes[row + dx] = gamma.channel(r);
            bytes[row + 8 + dx] = gamma.channel(g);
            bytes[row + 16 + dx] = gamma.channel(b);
        }
    }
    bytes
}

/// The LED matrix of the chip on a bus.
pub struct ChipLeds<B> {
    chip: Chip<B>,
    /// Where it is, for messages (`0x46 on /dev/i2c-1`).
    place: String,
    rotation: Rotation,
    gamma: Gamma,
    picture: Picture,
    /// Whether a picture has been written (a new gamma table then lights it again).
    shown: bool,
}

impl<B> fmt::Debug for ChipLeds<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChipLeds")
            .field("place", &self.place)
            .field("rotation", &self.rotation)
            .field("gamma", &self.gamma)
            .finish_non_exhaustive()
    }
}

impl<B: I2c> ChipLeds<B>
where
    B::Error: Display,
{
    /// The matrix of `chip` (identified already), `place` saying where it is.
    /// Nothing is written until the first picture.
    pub fn new(chip: Chip<B>, place: impl Into<String>) -> ChipLeds<B> {
        ChipLeds {
            chip,
            place: place.into(),
            rotation: Rotation::R0,
            gamma: Gamma::DEFAULT,
            picture: DARK,
            shown: false,
        }
    }
}

impl<B: I2c + Send> LedMatrix for ChipLeds<B>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        self.place.clone()
    }

    fn show(&mut self, picture: &Picture) -> Result<()> {
        self.picture = *picture;
        self.shown = true;
        self.chip.write_frame(&encode(picture, self.rotation, &self.gamma))
    }

    held_in_fields!();

    /// Applied here, so never refused; what is on show is written again
    /// through the new table.
    fn set_gamma(&mut self, gamma: Gamma) -> Result<()> {
        self.gamma = gamma;
        if self.shown {
            let picture = self.picture;
            self.show(&picture)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i2c::registers::ADDRESS;
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};

    /// What the framebuffer path and the kernel make of a colour: RGB565,
    /// then rpisense-fb's deferred I/O (`gamma[(pixel >> 11) & 0x1F]`,
    /// `>> 6`, `& 0x1F`).
    #[cfg(feature = "kernel")]
    fn through_the_kernel(colour: crate::leds::Pixel) -> [u8; 3] {
        let pixel = crate::leds::framebuffer::PixelFormat::RGB565.pack(colour);
        let g = |v: u16| Gamma::DEFAULT.table()[usize::from(v & 0x1F)];
        [g(pixel >> 11), g(pixel >> 6), g(pixel)]
    }

    #[cfg(feature = "kernel")]
    #[test]
    fn every_channel_value_lights_as_the_kernel_driver_would() {
        for v in 0..=255u8 {
            for colour in [[v, 0, 0], [0, v, 0], [0, 0, v], [v, 255 - v, v / 3]] {
                let mut picture = DARK;
                picture[0][0] = colour;
                let bytes = encode(&picture, Rotation::R0, &Gamma::DEFAULT);
                assert_eq!([bytes[0], bytes[8], bytes[16]], through_the_kernel(colour), "{colour:?}");
            }
        }
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
    fn a_picture_is_six_block_writes_at_0x00_0x20_and_so_on() {
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0]; // row 0: red of column 1 is register 0x01
        picture[7][0] = [0, 0, 255]; // row 7: blue of column 0 is register 7 * 24 + 16 = 0xB8
        let mut expected = [0u8; FRAME_BYTES];
        expected[0x01] = 31;
        expected[0xB8] = 31;
        assert_eq!(encode(&picture, Rotation::R0, &Gamma::DEFAULT), expected);
        let writes = frame_writes(&expected);
        // The exact messages: the register number, then 32 bytes.
        assert_eq!(writes[0], Transaction::write(ADDRESS, [vec![0x00, 0, 31], vec![0; 30]].concat()));
        let mut last = vec![0xA0];
        last.extend_from_slice(&expected[0xA0..0xC0]);
        assert_eq!(writes[5], Transaction::write(ADDRESS, last));
        let mut bus = Mock::new(&writes);
        let mut leds = ChipLeds::new(Chip::new(bus.clone()), "0x46 on the mock");
        leds.show(&picture).unwrap();
        assert_eq!(leds.picture(), picture);
        bus.done();
    }

    #[test]
    fn the_rotation_and_the_gamma_table_held_change_the_bytes_written() {
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0];
        // A quarter turn puts the picture's (1, 0) at the device's (7, 1):
        // row 1's red of column 7, register 24 + 7.
        let turned = encode(&picture, Rotation::R90, &Gamma::DEFAULT);
        assert_eq!(turned.iter().position(|&b| b != 0), Some(24 + 7));
        // A dimmer red: 127 >> 3 = 15, the default table's 15th is 7.
        let mut dim = picture;
        dim[0][1] = [127, 0, 0];
        assert_eq!(encode(&dim, Rotation::R90, &Gamma::DEFAULT)[24 + 7], 7);
        let low = encode(&picture, Rotation::R90, &Gamma::LOW_LIGHT);
        assert_eq!(low[24 + 7], 10, "low light: the driver's other table");
        // Held by the matrix: turned once, and lit again when the table changes.
        let mut bus = Mock::new(&[frame_writes(&turned), frame_writes(&low)].concat());
        let mut leds = ChipLeds::new(Chip::new(bus.clone()), "0x46 on the mock");
        leds.set_rotation(Rotation::R90);
        leds.show(&picture).unwrap();
        leds.set_low_light(true).unwrap();
        assert!(leds.low_light());
        bus.done();
    }

    #[test]
    fn a_table_set_before_any_picture_writes_nothing() {
        let mut bus = Mock::new(&[]);
        let mut leds = ChipLeds::new(Chip::new(bus.clone()), "0x46 on the mock");
        leds.set_gamma(Gamma::LOW_LIGHT).unwrap();
        assert_eq!(leds.gamma(), Gamma::LOW_LIGHT);
        bus.done();
    }
}
