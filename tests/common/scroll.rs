//! Reading a scrolled message back from the frames that showed it, so a
//! test can check what the matrix said, figures included.

use queens::game::{Frame, Rgb, text_columns};

/// The characters a message may hold.
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:/-!?'";

/// The text scrolled by `frames` (a whole scroll, from the first frame,
/// entering from the right, to the last, dark again), lit in `colour`;
/// `None` if they show no text in that alphabet.
pub fn read(frames: &[Frame], colour: Rgb) -> Option<String> {
    let side = frames.first()?.side();
    let top = side.saturating_sub(8) / 2;
    let column = |f: &Frame, x: usize| {
        (0..8.min(side)).filter(|&y| f.get(x, top + y) == colour).fold(0u8, |c, y| c | 1 << y)
    };
    // The first frame shows the strip's first `side` columns; each later one moves it by one.
    let mut strip: Vec<u8> = (0..side).map(|x| column(&frames[0], x)).collect();
    strip.extend(frames[1..].iter().map(|f| column(f, side - 1)));
    // Around the text: `side` blank columns on each side.
    let text = strip.get(side..strip.len().checked_sub(side)?)?;
    decode(text)
}

/// The text whose glyph columns are exactly `columns`.
pub fn decode(columns: &[u8]) -> Option<String> {
    if columns.is_empty() {
        return Some(String::new());
    }
    ALPHABET.chars().find_map(|ch| {
        let glyph = text_columns(&ch.to_string());
        let rest = columns.strip_prefix(&glyph[..])?;
        decode(rest).map(|tail| format!("{ch}{tail}"))
    })
}
