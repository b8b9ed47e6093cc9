//! The LED matrix as an embedded-graphics [`DrawTarget`] (the
//! `embedded-graphics` feature), by either path: draw shapes, images and
//! text of any embedded-graphics font on a [`Canvas`] over any
//! [`LedMatrix`], then [`Canvas::flush`] shows the picture whole, in one
//! write to the matrix (as embedded-graphics' buffered displays do), so a
//! frame cleared and drawn again never shows half drawn or dark between.
//! [`show_message`] and [`show_letter`] are python-sense-hat's.
//!
//! Colours are [`Rgb888`], the picture's own depth; the matrix turns the
//! picture and lights it through its gamma table. Pixels outside the 8x8
//! are dropped, as a display clips them.

use crate::error::Result;
use crate::leds::matrix::{DARK, LedMatrix, Picture, SIDE};
use embedded_graphics::Drawable;
use embedded_graphics::Pixel;
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::text::{Baseline, Text};
use std::time::Duration;

/// A picture drawn with embedded-graphics, shown on `matrix` by
/// [`Canvas::flush`].
#[derive(Debug)]
pub struct Canvas<M> {
    matrix: M,
    picture: Picture,
}

impl<M: LedMatrix> Canvas<M> {
    /// A canvas on `matrix`, holding what the matrix shows now. Nothing is
    /// shown until the first [`Canvas::flush`].
    pub fn new(matrix: M) -> Canvas<M> {
        let picture = matrix.picture();
        Canvas { matrix, picture }
    }

    /// Shows what the canvas holds on the matrix, in one write.
    pub fn flush(&mut self) -> Result<()> {
        self.matrix.show(&self.picture)
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

impl<M> OriginDimensions for Canvas<M> {
    fn size(&self) -> Size {
        Size::new(SIDE as u32, SIDE as u32)
    }
}

impl<M> DrawTarget for Canvas<M> {
    type Color = Rgb888;
    // Drawing only changes the picture held; `flush` shows it.
    type Error = std::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> std::result::Result<(), Self::Error>
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

/// Scrolls `text` from right to left across the matrix in `style`'s font
/// and colour on `back`, one column every `step`, from off the right edge
/// until it has left the left one (python-sense-hat's `show_message`, whose
/// `scroll_speed` is `step`; `FONT_5X8` is nearest its letters).
pub fn show_message<M: LedMatrix + ?Sized>(
    matrix: &mut M,
    text: &str,
    style: MonoTextStyle<'_, Rgb888>,
    back: Rgb888,
    step: Duration,
) -> Result<()> {
    let mut canvas = Canvas::new(matrix);
    let advance = style.font.character_size.width + style.font.character_spacing;
    let width = i32::try_from(text.chars().count() as u32 * advance).unwrap_or(i32::MAX);
    for x in (-width..=SIDE as i32).rev() {
        let _ = canvas.clear(back);
        let _ = Text::with_baseline(text, Point::new(x, 0), style, Baseline::Top).draw(&mut canvas);
        canvas.flush()?;
        std::thread::sleep(step);
    }
    Ok(())
}

/// Shows one letter in `style`'s font and colour on `back`, in the middle
/// of the matrix (python-sense-hat's `show_letter`).
pub fn show_letter<M: LedMatrix + ?Sized>(
    matrix: &mut M,
    letter: char,
    style: MonoTextStyle<'_, Rgb888>,
    back: Rgb888,
) -> Result<()> {
    let mut canvas = Canvas { matrix, picture: DARK };
    let left = (SIDE as i32 - style.font.character_size.width as i32) / 2;
    let _ = canvas.clear(back);
    let mut buf = [0u8; 4];
    let _ = Text::with_baseline(letter.encode_utf8(&mut buf), Point::new(left, 0), style, Baseline::Top)
        .draw(&mut canvas);
    canvas.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leds::Gamma;
    use crate::mock::MockLeds;
    use crate::rotation::Rotation;
    use embedded_graphics::mono_font::ascii::{FONT_4X6, FONT_5X8};
    use embedded_graphics::prelude::*;
    use embedded_graphics::primitives::{Line, PrimitiveStyle};

    #[test]
    fn a_line_drawn_lights_those_leds_and_no_other() {
        let leds = MockLeds::new();
        let mut canvas = Canvas::new(leds.clone());
        canvas.clear(Rgb888::BLACK).unwrap();
        assert!(leds.shown().is_empty(), "nothing shown before a flush");
        canvas.flush().unwrap();
        assert_eq!(leds.last(), Some(DARK), "cleared: every LED dark");
        Line::new(Point::new(0, 2), Point::new(7, 2))
            .into_styled(PrimitiveStyle::with_stroke(Rgb888::new(255, 0, 0), 1))
            .draw(&mut canvas)
            .unwrap();
        canvas.flush().unwrap();
        let picture = leds.last().unwrap();
        for (y, row) in picture.iter().enumerate() {
            for (x, &pixel) in row.iter().enumerate() {
                assert_eq!(pixel, if y == 2 { [255, 0, 0] } else { [0; 3] }, "LED ({x}, {y})");
            }
        }
        assert_eq!(leds.lit()[2][0], [31, 0, 0], "full red, as the driver lights it");
    }

    #[test]
    fn text_in_a_mono_font_is_clipped_to_the_matrix_and_turned_by_the_matrix() {
        let mut leds = MockLeds::new();
        leds.set_rotation(Rotation::R180);
        let mut canvas = Canvas::new(leds.clone());
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
        // Turned half a turn by the matrix, the picture's (x, y) is the device's (7 - x, 7 - y).
        let on_device = leds.on_device();
        for (y, row) in canvas.picture().iter().enumerate() {
            for (x, &colour) in row.iter().enumerate() {
                assert_eq!(on_device[7 - y][7 - x], colour, "picture ({x}, {y})");
            }
        }
    }

    #[test]
    fn a_message_scrolls_in_from_the_right_and_out_to_the_left_one_column_a_step() {
        let mut leds = MockLeds::new();
        let white = MonoTextStyle::new(&FONT_5X8, Rgb888::WHITE);
        show_message(&mut leds, "Hi", white, Rgb888::new(0, 0, 64), Duration::ZERO).unwrap();
        let shown = leds.shown();
        // Two letters of five columns each (the font's cells touch): from x = 8 to x = -10,
        // one picture each.
        assert_eq!(FONT_5X8.character_size.width + FONT_5X8.character_spacing, 5);
        assert_eq!(shown.len(), 8 + 10 + 1);
        let blank = [[[0, 0, 64]; 8]; 8];
        assert_eq!(
            (shown[0], shown[shown.len() - 1]),
            (blank, blank),
            "off the right edge, then off the left"
        );
        let lit_at = |picture: &Picture, x: usize| picture.iter().any(|row| row[x] == [255; 3]);
        assert!(lit_at(&shown[1], 7) && !lit_at(&shown[1], 6), "one column in after one step");
        assert!(lit_at(&shown[2], 6), "and the next one further left");
    }

    #[test]
    fn a_letter_stands_in_the_middle_on_its_background() {
        let mut leds = MockLeds::new();
        leds.set_gamma(Gamma::LOW_LIGHT).unwrap();
        show_letter(&mut leds, 'T', MonoTextStyle::new(&FONT_5X8, Rgb888::RED), Rgb888::BLUE).unwrap();
        let picture = leds.last().unwrap();
        let red_columns: Vec<usize> =
            (0..8).filter(|&x| picture.iter().any(|row| row[x] == [255, 0, 0])).collect();
        // The font's cell is columns 1 to 5; the T's bar is its middle three.
        assert_eq!(red_columns, [2, 3, 4]);
        assert_eq!(picture[7][0], [0, 0, 255]);
        assert_eq!(leds.lit()[7][0], [0, 0, 10], "blue through the low-light table");
    }
}
