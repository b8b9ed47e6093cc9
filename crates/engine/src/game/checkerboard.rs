//! What every mode's picture starts from: an n x n checkerboard centred on
//! the frame, and a cursor that wraps around its edges.

use super::event::Event;
use super::frame::{Frame, Rgb};
use super::theme::Theme;
use crate::puzzle::Square;

/// An n x n board drawn on a frame at least 8 pixels wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkerboard {
    n: usize,
    side: usize,
}

impl Checkerboard {
    /// An `n` x `n` board, centred on a frame 8 pixels wide, or `n` wide when larger.
    pub fn new(n: usize) -> Checkerboard {
        Checkerboard { n, side: n.max(Frame::LED_SIDE) }
    }

    /// The board's side, in squares.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The width of the frame the board is drawn on.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The cursor's first square: (3, 4) on the 8x8, as in the seed.
    pub fn start(&self) -> Square {
        Square::new(((self.n - 1) / 2) as u8, (self.n / 2) as u8)
    }

    /// Where a direction moves the cursor, wrapping at the edges, or where
    /// pointing takes it; `None` for events that are neither, and for
    /// pointing off the board.
    pub fn step(&self, cursor: Square, event: Event) -> Option<Square> {
        let (dx, dy) = match event {
            Event::Up => (0, -1),
            Event::Down => (0, 1),
            Event::Left => (-1, 0),
            Event::Right => (1, 0),
            Event::At { x, y } => return self.square_at(x as usize, y as usize),
            _ => return None,
        };
        let n = self.n as i32;
        let wrap = |v: u8, d: i32| (v as i32 + d).rem_euclid(n) as u8;
        Some(Square::new(wrap(cursor.col, dx), wrap(cursor.row, dy)))
    }

    /// The square drawn at pixel (`x`, `y`) of the frame, if one is.
    pub fn square_at(&self, x: usize, y: usize) -> Option<Square> {
        let offset = (self.side - self.n) / 2;
        let on_board = |v: usize| v.checked_sub(offset).filter(|&v| v < self.n);
        Some(Square::new(on_board(x)? as u8, on_board(y)? as u8))
    }

    /// The checkerboard: dark squares where x + y is even. LEDs outside a
    /// board smaller than the frame stay off.
    pub fn checkerboard(&self, theme: &Theme) -> Frame {
        let mut frame = Frame::dark(self.side);
        for sq in self.squares() {
            let colour = if (sq.col + sq.row) % 2 == 0 { theme.dark_square } else { theme.light_square };
            self.paint(&mut frame, sq, colour);
        }
        frame
    }

    /// Every square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let n = self.n as u8;
        (0..n).flat_map(move |row| (0..n).map(move |col| Square::new(col, row)))
    }

    /// Colours the LED of square `sq`.
    pub(crate) fn paint(&self, frame: &mut Frame, sq: Square, colour: Rgb) {
        let offset = (self.side - self.n) / 2;
        frame.set(offset + sq.col as usize, offset + sq.row as usize, colour);
    }
}
