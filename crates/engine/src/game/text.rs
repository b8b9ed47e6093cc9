//! Messages scrolled across the matrix, like the Sense HAT library's
//! `show_message`: the text enters on the right, moves one column per step
//! and leaves on the left.

use super::animation::{Animation, Interrupt};
use super::frame::{Frame, Rgb};
use font8x8::legacy::BASIC_LEGACY;

/// How a message looks and how fast it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextStyle {
    /// The letters' colour.
    pub colour: Rgb,
    /// The colour behind the letters.
    pub background: Rgb,
    /// Milliseconds per column moved (the library's `scroll_speed`, 0.1 s).
    pub column_ms: u32,
}

impl Default for TextStyle {
    fn default() -> Self {
        TextStyle { colour: Rgb(120, 120, 120), background: Rgb::BLACK, column_ms: 100 }
    }
}

/// The columns of `text`'s glyphs, each a byte with bit 0 at the top: every
/// glyph trimmed to the columns it uses, one blank column after it. A space
/// is three blank columns. Characters outside ASCII show as `?`.
pub fn columns(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for ch in text.chars() {
        let code = if ch.is_ascii() { ch as usize } else { '?' as usize };
        let rows = BASIC_LEGACY[code];
        // font8x8 rows have bit 0 as the leftmost pixel; turn them into columns.
        let glyph: Vec<u8> = (0..8)
            .map(|x| (0..8).filter(|&y| rows[y] >> x & 1 == 1).fold(0u8, |col, y| col | 1 << y))
            .collect();
        match glyph.iter().position(|&c| c != 0) {
            None => out.extend([0, 0, 0]),
            Some(first) => {
                let last = glyph.iter().rposition(|&c| c != 0).unwrap_or(first);
                out.extend(&glyph[first..=last]);
                out.push(0);
            }
        }
    }
    out
}

/// A message scrolled once across a frame of `side` pixels, the glyphs'
/// eight rows centred vertically. Any event skips it.
pub fn scroll(text: &str, style: TextStyle, side: usize) -> Animation {
    let mut strip = vec![0u8; side];
    strip.extend(columns(text));
    strip.extend(vec![0u8; side]);
    let top = side.saturating_sub(8) / 2;
    let steps = strip
        .windows(side)
        .map(|window| {
            let mut frame = Frame::dark(side);
            frame.fill(style.background);
            for (x, &column) in window.iter().enumerate() {
                for y in (0..8.min(side)).filter(|&y| column >> y & 1 == 1) {
                    frame.set(x, top + y, style.colour);
                }
            }
            (frame, style.column_ms)
        })
        .collect();
    Animation { steps, interrupt: Interrupt::Skip, message: Some(text.to_string()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_trimmed_and_spaced() {
        // font8x8's 'I' has rows 0x1E, 0x0C x5, 0x1E, 0x00: a bar on top and
        // bottom over x = 1..=4, a stem at x = 2..=3. Trimmed, with its spacer:
        assert_eq!(columns("I"), [0x41, 0x7F, 0x7F, 0x41, 0]);
        assert_eq!(columns(" "), [0, 0, 0]);
        assert_eq!(columns("I I").len(), 13);
        assert_eq!(columns("é"), columns("?"));
    }

    #[test]
    fn a_message_enters_right_and_leaves_left() {
        let style = TextStyle::default();
        let anim = scroll("I", style, 8);
        let width = columns("I").len();
        assert_eq!(anim.steps.len(), 8 + width + 1);
        assert!(anim.steps.iter().all(|&(_, ms)| ms == 100));
        let lit =
            |f: &Frame| (0..8).filter(|&x| (0..8).any(|y| f.get(x, y) == style.colour)).collect::<Vec<_>>();
        assert!(anim.steps[0].0.is_dark());
        assert_eq!(lit(&anim.steps[1].0), [7], "first column of the glyph at the right edge");
        assert!(anim.steps.last().unwrap().0.is_dark());
        // Fully on screen: the glyph's four columns at the left edge.
        assert_eq!(lit(&anim.steps[8].0), [0, 1, 2, 3]);
        assert_eq!(anim.steps[8].0.get(0, 0), style.colour);
        assert_eq!(anim.steps[8].0.get(0, 1), style.background);
    }
}
