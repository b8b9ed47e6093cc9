//! Frames: what a display shows, as plain RGB.

use std::fmt;

/// A colour as the game means it, before any device's encoding (RGB565 on
/// the Sense HAT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Off: an unlit LED.
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// This colour with each channel scaled by `percent` (0..=100).
    pub fn scaled(self, percent: u8) -> Rgb {
        let s = |c: u8| (c as u16 * percent.min(100) as u16 / 100) as u8;
        Rgb(s(self.0), s(self.1), s(self.2))
    }
}

impl fmt::Display for Rgb {
    /// `RRGGBB` in upper-case hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

/// The largest picture a frame holds: a 16x16 board in the terminal.
pub const MAX_SIDE: usize = 16;

/// A square picture, `side` pixels wide and high, row-major from the top-left.
/// The LED matrix is 8x8; a frame is a plain value, cheap to copy and compare.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    side: usize,
    pixels: [Rgb; MAX_SIDE * MAX_SIDE],
}

impl Frame {
    /// The 8x8 of the Sense HAT's LED matrix.
    pub const LED_SIDE: usize = 8;

    /// An all-dark frame.
    pub fn dark(side: usize) -> Frame {
        assert!(side <= MAX_SIDE, "a frame is at most {MAX_SIDE} pixels wide");
        Frame { side, pixels: [Rgb::BLACK; MAX_SIDE * MAX_SIDE] }
    }

    /// The frame's width and height, in pixels.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The colour of pixel (`x`, `y`) from the top-left; panics off the frame.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        assert!(x < self.side && y < self.side);
        self.pixels[y * self.side + x]
    }

    /// Sets pixel (`x`, `y`) from the top-left to `colour`; panics off the frame.
    pub fn set(&mut self, x: usize, y: usize, colour: Rgb) {
        assert!(x < self.side && y < self.side);
        self.pixels[y * self.side + x] = colour;
    }

    /// Sets every pixel to `colour`.
    pub fn fill(&mut self, colour: Rgb) {
        self.pixels[..self.side * self.side].fill(colour);
    }

    /// The pixels, row-major from the top-left.
    pub fn pixels(&self) -> &[Rgb] {
        &self.pixels[..self.side * self.side]
    }

    /// Whether every pixel is off.
    pub fn is_dark(&self) -> bool {
        self.pixels().iter().all(|&p| p == Rgb::BLACK)
    }
}

impl fmt::Display for Frame {
    /// One line per row of space-separated `RRGGBB`, as the script backend prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.pixels().chunks(self.side) {
            for (i, p) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{p}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Frame {
    type Err = String;

    /// Reads back what `Display` prints (the script backend's frames), so a
    /// test on another device can compare itself with the script backend.
    fn from_str(text: &str) -> Result<Frame, String> {
        let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let side = rows.len();
        if side == 0 || side > MAX_SIDE {
            return Err(format!("a frame has 1 to {MAX_SIDE} rows, not {side}"));
        }
        let mut frame = Frame::dark(side);
        for (y, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split_whitespace().collect();
            if cells.len() != side {
                return Err(format!("row {y} has {} colours, not {side}", cells.len()));
            }
            for (x, cell) in cells.iter().enumerate() {
                let hex = u32::from_str_radix(cell, 16).ok().filter(|_| cell.len() == 6);
                let hex = hex.ok_or_else(|| format!("{cell:?} is not RRGGBB"))?;
                frame.set(x, y, Rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8));
            }
        }
        Ok(frame)
    }
}

impl fmt::Debug for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Frame {}x{}\n{self}", self.side, self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_text_parses_back_to_the_same_frame() {
        let mut frame = Frame::dark(8);
        frame.set(3, 4, Rgb(0, 0, 0x78));
        frame.set(7, 0, Rgb(0xC8, 0x5C, 0x01));
        assert_eq!(frame.to_string().parse::<Frame>(), Ok(frame));
        assert!("00000G 000000\n000000 000000\n".parse::<Frame>().is_err());
        assert!("000000\n000000 000000\n".parse::<Frame>().is_err());
        assert!("".parse::<Frame>().is_err());
    }
}
