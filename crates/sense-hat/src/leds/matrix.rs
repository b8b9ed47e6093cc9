//! The LED matrix's shape, by any path: what it shows ([`Picture`]), the
//! trait every path implements ([`LedMatrix`]) and the gamma table its LEDs
//! light through ([`Gamma`]).

use crate::error::Result;
use crate::rotation::Rotation;

/// The matrix is 8 LEDs square.
pub const SIDE: usize = 8;

/// One LED's colour: red, green and blue, 0 to 255 each.
pub type Pixel = [u8; 3];

/// What the matrix shows: `picture[y][x]`, rows from the top, pixels from
/// the left, as the HAT stands with its rotation [`Rotation::R0`].
pub type Picture = [[Pixel; SIDE]; SIDE];

/// All LEDs off.
pub const DARK: Picture = [[[0; 3]; SIDE]; SIDE];

/// `picture` mirrored left to right (python-sense-hat's `flip_h`).
pub fn flipped_h(picture: &Picture) -> Picture {
    let mut flipped = *picture;
    flipped.iter_mut().for_each(|row| row.reverse());
    flipped
}

/// `picture` mirrored top to bottom (python-sense-hat's `flip_v`).
pub fn flipped_v(picture: &Picture) -> Picture {
    let mut flipped = *picture;
    flipped.reverse();
    flipped
}

/// A gamma table: the LED value (0 to 31) that each 5-bit colour value
/// lights as. The LEDs are far from linear, so the default table pushes
/// low values down; low light is a dimmer table. Every 8-bit channel is
/// cut to its top five bits first (as the framebuffer's RGB565 and the
/// kernel driver do), so a colour lights the same by either path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gamma([u8; 32]);

impl Gamma {
    /// The kernel driver's default table (`rpisense-fb`'s `gamma_default`).
    pub const DEFAULT: Gamma = Gamma([
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x02, 0x03, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
        0x09, 0x0A, 0x0B, 0x0C, 0x0E, 0x0F, 0x11, 0x12, 0x14, 0x15, 0x17, 0x19, 0x1B, 0x1D, 0x1F,
    ]);

    /// Its low-light table (`gamma_low`), for a dark room.
    pub const LOW_LIGHT: Gamma = Gamma([
        0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x02, 0x02, 0x02, 0x03,
        0x03, 0x03, 0x04, 0x04, 0x05, 0x05, 0x06, 0x06, 0x07, 0x07, 0x08, 0x08, 0x09, 0x0A, 0x0A,
    ]);

    /// A table of one's own (python-sense-hat's `gamma = [...]`), if every
    /// value is an LED value, 0 to 31.
    pub fn new(table: [u8; 32]) -> Option<Gamma> {
        table.iter().all(|&v| v <= 31).then_some(Gamma(table))
    }

    /// The 32 values.
    pub fn table(&self) -> [u8; 32] {
        self.0
    }

    /// The LED value an 8-bit channel lights as.
    pub fn channel(&self, value: u8) -> u8 {
        self.0[usize::from(value >> 3)]
    }
}

impl Default for Gamma {
    fn default() -> Self {
        Gamma::DEFAULT
    }
}

/// The accessors of a matrix that keeps its rotation, gamma table and
/// picture in fields of those names, as each of this crate's does: written
/// once, here (`show` and `set_gamma` are each path's own). A build with
/// no path and no mock has none.
#[allow(unused_macros)]
macro_rules! held_in_fields {
    () => {
        fn picture(&self) -> $crate::leds::matrix::Picture {
            self.picture
        }

        fn rotation(&self) -> $crate::rotation::Rotation {
            self.rotation
        }

        fn set_rotation(&mut self, rotation: $crate::rotation::Rotation) {
            self.rotation = rotation;
        }

        fn gamma(&self) -> $crate::leds::matrix::Gamma {
            self.gamma
        }
    };
}
#[allow(unused_imports)]
pub(crate) use held_in_fields;

/// The LED matrix as a program draws on it, by any path: a picture in,
/// turned by the matrix's rotation and lit through its gamma table.
pub trait LedMatrix: Send {
    /// Where it is, for messages: a framebuffer's path, the chip's address
    /// and bus.
    fn describe(&self) -> String;

    /// Shows a whole picture, turned by [`LedMatrix::rotation`], through
    /// [`LedMatrix::gamma`].
    fn show(&mut self, picture: &Picture) -> Result<()>;

    /// The picture last shown, as it was given (not turned, nor cut to the
    /// LEDs' depth), or asked to be when the device had gone; [`DARK`]
    /// before the first.
    fn picture(&self) -> Picture;

    /// How the picture is turned.
    fn rotation(&self) -> Rotation;

    /// Turns every picture shown from now on (what is on show stays until
    /// the next [`LedMatrix::show`]).
    fn set_rotation(&mut self, rotation: Rotation);

    /// The gamma table the LEDs light through: the one set last,
    /// [`Gamma::DEFAULT`] until then.
    fn gamma(&self) -> Gamma;

    /// Lights the LEDs through `gamma` from now on, what is on show too.
    /// On the framebuffer this is the driver's call, which a driver may
    /// refuse ([`crate::Error::GammaRefused`]): the table is then the one
    /// it had.
    fn set_gamma(&mut self, gamma: Gamma) -> Result<()>;

    /// Whether the low-light table is in use.
    fn low_light(&self) -> bool {
        self.gamma() == Gamma::LOW_LIGHT
    }

    /// The low-light table, or the default one.
    fn set_low_light(&mut self, on: bool) -> Result<()> {
        self.set_gamma(if on { Gamma::LOW_LIGHT } else { Gamma::DEFAULT })
    }
}

impl<M: LedMatrix + ?Sized> LedMatrix for &mut M {
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn show(&mut self, picture: &Picture) -> Result<()> {
        (**self).show(picture)
    }
    fn picture(&self) -> Picture {
        (**self).picture()
    }
    fn rotation(&self) -> Rotation {
        (**self).rotation()
    }
    fn set_rotation(&mut self, rotation: Rotation) {
        (**self).set_rotation(rotation)
    }
    fn gamma(&self) -> Gamma {
        (**self).gamma()
    }
    fn set_gamma(&mut self, gamma: Gamma) -> Result<()> {
        (**self).set_gamma(gamma)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_of_ones_own_holds_only_led_values() {
        assert!(Gamma::new([31; 32]).is_some());
        let mut table = [0; 32];
        table[5] = 32;
        assert_eq!(Gamma::new(table), None);
        assert_eq!(Gamma::new(Gamma::LOW_LIGHT.table()), Some(Gamma::LOW_LIGHT));
        assert_eq!(
            (Gamma::DEFAULT.channel(0), Gamma::DEFAULT.channel(255), Gamma::LOW_LIGHT.channel(255)),
            (0, 31, 10)
        );
        assert_eq!(Gamma::DEFAULT.channel(0x5C), 3, "the seed's dark square, 0x5C >> 3 = 11");
    }

    #[test]
    fn flips_mirror_and_twice_is_the_same() {
        let mut picture = DARK;
        picture[1][0] = [255, 0, 0];
        assert_eq!(flipped_h(&picture)[1][7], [255, 0, 0]);
        assert_eq!(flipped_v(&picture)[6][0], [255, 0, 0]);
        assert_eq!(flipped_h(&flipped_h(&picture)), picture);
        assert_eq!(flipped_v(&flipped_v(&picture)), picture);
    }
}
