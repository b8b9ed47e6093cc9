//! The LED matrix as an embedded-graphics [`DrawTarget`] (the
//! `embedded-graphics` feature): draw shapes, images and text of any
//! embedded-graphics font on a [`Canvas`], then [`Canvas::flush`] shows
//! the picture whole, in one write to the matrix (as embedded-graphics'
//! buffered displays do), so a frame cleared and drawn again never shows
//! half drawn or dark between.
//!
//! Colours are [`Rgb888`], the matrix's own depth before the driver cuts
//! them to RGB565 and its gamma table; pixels outside the 8x8 are dropped,
//! as a display clips them.

use crate::devices::LedMatrix;
use crate::rotation::Rotation;
use crate::{DARK, Picture, SIDE};
use embedded_graphics::Pixel;
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Size};
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use std::io;

/// A picture drawn with embedded-graphics, shown on `matrix` by
/// [`Canvas::flush`].
pub struct Canvas<M: LedMatrix> {
    matrix: M,
    rotation: Rotation,
    picture: Picture,
}

impl<M: LedMatrix> Canvas<M> {
    /// A dark canvas on `matrix`, turned by `rotation`. Nothing is shown
    /// until the first [`Canvas::flush`].
    pub fn new(matrix: M, rotation: Rotation) -> Canvas<M> {
        Canvas { matrix, rotation, picture: DARK }
    }

    /// Shows what the canvas holds on the matrix, in one write.
    pub fn flush(&mut self) -> io::Result<()> {
        self.matrix.show(&self.picture, self.rotation)
    }

    /// What the canvas holds now (shown or not).
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// The matrix, back.
    pub fn into_inner(self) -> M {
        self.matrix
    }
}

impl<M: LedMatrix> OriginDimensions for Canvas<M> {
    fn size(&self) -> Size {
        Size::new(SIDE as u32, SIDE as u32)
    }
}

impl<M: LedMatrix> DrawTarget for Canvas<M> {
    type Color = Rgb888;
    // Drawing only changes the picture held; `flush` shows it.
    type Error = std::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Rgb888>>,
    {
        for Pixel(at, colour) in pixels {
            let (Ok(x), Ok(y)) = (usize::try_from(at.x), usize::try_from(at.y)) else { continue };
            if x < SIDE && y < SIDE {
                self.picture[y][x] = [colour.r(), colour.g(), colour.b()];
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framebuffer::{Gamma, PixelFormat};
    use crate::i2c::chip::GAMMA;
    use embedded_graphics::mono_font::MonoTextStyle;
    use embedded_graphics::mono_font::ascii::FONT_4X6;
    use embedded_graphics::prelude::*;
    use embedded_graphics::primitives::{Line, PrimitiveStyle};
    use embedded_graphics::text::{Baseline, Text};
    use std::fs::{File, OpenOptions};
    use std::os::unix::fs::FileExt;
    use std::path::{Path, PathBuf};

    /// A plain file as the framebuffer, written as the kernel's would be.
    struct FileMatrix(File, PathBuf);

    impl LedMatrix for FileMatrix {
        fn path(&self) -> &Path {
            &self.1
        }
        fn show(&self, picture: &Picture, rotation: Rotation) -> io::Result<()> {
            self.0.write_all_at(&PixelFormat::RGB565.encode(picture, rotation), 0)
        }
        fn reset_gamma(&self, _: Gamma) -> io::Result<()> {
            Ok(())
        }
    }

    fn file_matrix(tag: &str) -> (FileMatrix, PathBuf) {
        let path = std::env::temp_dir().join(format!("sense-hat-canvas-{tag}-{}", std::process::id()));
        std::fs::write(&path, [0xEE; 128]).unwrap();
        let file = OpenOptions::new().read(true).write(true).open(&path).unwrap();
        (FileMatrix(file, path.clone()), path)
    }

    /// The framebuffer's 64 RGB565 words, row by row.
    fn words(path: &Path) -> Vec<u16> {
        std::fs::read(path).unwrap().chunks_exact(2).map(|w| u16::from_ne_bytes([w[0], w[1]])).collect()
    }

    /// How bright each LED of a word lights, through the driver's gamma
    /// table (its 5-bit red, green and blue).
    fn lit(word: u16) -> [u8; 3] {
        let g = |v: u16| GAMMA[usize::from(v & 0x1F)];
        [g(word >> 11), g(word >> 6), g(word)]
    }

    #[test]
    fn a_line_drawn_lights_those_leds_and_no_other() {
        let (matrix, path) = file_matrix("line");
        let mut canvas = Canvas::new(matrix, Rotation::R0);
        canvas.clear(Rgb888::BLACK).unwrap();
        assert_eq!(words(&path), [0xEEEE; 64], "nothing shown before a flush");
        canvas.flush().unwrap();
        assert_eq!(words(&path), [0; 64], "cleared: every LED dark");
        Line::new(Point::new(0, 2), Point::new(7, 2))
            .into_styled(PrimitiveStyle::with_stroke(Rgb888::new(255, 0, 0), 1))
            .draw(&mut canvas)
            .unwrap();
        canvas.flush().unwrap();
        let words = words(&path);
        for (i, &word) in words.iter().enumerate() {
            let want = if i / 8 == 2 { 0xF800 } else { 0 };
            assert_eq!(word, want, "LED ({}, {})", i % 8, i / 8);
        }
        assert_eq!(lit(words[16]), [31, 0, 0], "full red, as the driver lights it");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn text_in_a_mono_font_is_clipped_to_the_matrix_and_turned() {
        let (matrix, path) = file_matrix("text");
        let mut canvas = Canvas::new(matrix, Rotation::R180);
        let style = MonoTextStyle::new(&FONT_4X6, Rgb888::new(0, 255, 0));
        // "I" in the 4x6 font is three columns wide (a bar at the top and
        // the bottom, the stem in the middle) in a cell of four: drawn from
        // x = -3 the first falls off the left edge, the second is at 1..=3.
        Text::with_baseline("II", Point::new(-3, 0), style, Baseline::Top).draw(&mut canvas).unwrap();
        canvas.flush().unwrap();
        let lit_columns: Vec<usize> =
            (0..8).filter(|&x| canvas.picture().iter().any(|row| row[x] != [0; 3])).collect();
        assert_eq!(lit_columns, [1, 2, 3], "the second I, the first clipped off");
        let lit_in = |x: usize| canvas.picture().iter().filter(|row| row[x] != [0; 3]).count();
        assert!(lit_in(2) > lit_in(1) && lit_in(1) == lit_in(3), "the stem in the middle");
        // Turned half a turn, the picture's (x, y) is the device's (7 - x, 7 - y).
        let words = words(&path);
        for (y, row) in canvas.picture().iter().enumerate() {
            for (x, &colour) in row.iter().enumerate() {
                let want = if colour == [0; 3] { 0 } else { 0x07E0 };
                assert_eq!(words[(7 - y) * 8 + 7 - x], want, "picture ({x}, {y})");
            }
        }
        std::fs::remove_file(&path).unwrap();
    }
}
