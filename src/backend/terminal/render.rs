//! Drawing a frame as ANSI text: each LED a square cell of two spaces with a
//! background colour, the board centred, a help line under it.

use crate::game::{Frame, Rgb};
use std::fmt::Write;

/// What the keys do, under the board.
pub const HELP: &str = "arrows/WASD/hjkl move  Enter/Space place  m menu  q quit";

/// How colours are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// `ESC[48;2;R;G;Bm`: the exact colour.
    TrueColour,
    /// `ESC[48;5;Nm`: the closest of the xterm 256-colour palette.
    Palette256,
}

impl Colours {
    /// Truecolour where `COLORTERM` says so (the convention terminals
    /// follow), else the 256-colour palette every modern terminal has.
    pub fn from_colorterm(colorterm: Option<&str>) -> Colours {
        match colorterm {
            Some("truecolor" | "24bit") => Colours::TrueColour,
            _ => Colours::Palette256,
        }
    }
}

/// The terminal's size in character cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub cols: u16,
    pub rows: u16,
}

/// Where the board's top-left cell goes (0-based row and column), so that
/// the board and the help line under it are centred; at the top-left corner
/// if the terminal is too small.
pub fn origin(size: Size, side: usize) -> (usize, usize) {
    let (width, height) = (side * 2, side + 2);
    let row = (size.rows as usize).saturating_sub(height) / 2;
    let col = (size.cols as usize).saturating_sub(width) / 2;
    (row, col)
}

/// Whether the board (two cells per LED) and the help line two rows under it fit.
pub fn fits(size: Size, side: usize) -> bool {
    size.cols as usize >= side * 2 && size.rows as usize >= side + 2
}

/// What a terminal too small for the board shows instead, from its top-left corner.
pub fn too_small(size: Size, side: usize) -> String {
    format!(
        "terminal too small: the {side}x{side} board needs {} columns and {} rows (this one has {}x{}); enlarge it, or press q",
        side * 2,
        side + 2,
        size.cols,
        size.rows
    )
}

/// The whole screen: cleared, the board, the help line; only a message if
/// the board does not fit.
pub fn screen(frame: &Frame, size: Size, colours: Colours) -> String {
    let mut out = String::from("\x1b[0m\x1b[2J");
    if !fits(size, frame.side()) {
        out.push_str("\x1b[1;1H");
        out.push_str(&too_small(size, frame.side()));
        return out;
    }
    out.push_str(&board(frame, size, colours));
    let help: String = HELP.chars().take(size.cols as usize).collect();
    let (row, _) = origin(size, frame.side());
    let col = (size.cols as usize).saturating_sub(help.len()) / 2;
    let _ = write!(out, "\x1b[{};{}H{help}", row + frame.side() + 2, col + 1);
    out
}

/// The board only, drawn over what was there (nothing if it does not fit:
/// [`screen`]'s message stays).
pub fn board(frame: &Frame, size: Size, colours: Colours) -> String {
    let side = frame.side();
    if !fits(size, side) {
        return String::new();
    }
    let (top, left) = origin(size, side);
    let mut out = String::with_capacity(side * side * 24);
    for (y, row) in frame.pixels().chunks(side).enumerate() {
        let _ = write!(out, "\x1b[{};{}H", top + y + 1, left + 1);
        let mut last = None;
        for &pixel in row {
            if last != Some(pixel) {
                background(&mut out, pixel, colours);
                last = Some(pixel);
            }
            out.push_str("  ");
        }
        out.push_str("\x1b[0m");
    }
    out
}

fn background(out: &mut String, Rgb(r, g, b): Rgb, colours: Colours) {
    let _ = match colours {
        Colours::TrueColour => write!(out, "\x1b[48;2;{r};{g};{b}m"),
        Colours::Palette256 => write!(out, "\x1b[48;5;{}m", palette_index(Rgb(r, g, b))),
    };
}

/// The levels of each channel in the xterm palette's 6x6x6 cube (16..=231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The palette colour of index `i` (16..=255: the cube and the grey ramp).
pub fn palette_colour(i: u8) -> Rgb {
    match i {
        16..=231 => {
            let n = i - 16;
            Rgb(CUBE[(n / 36) as usize], CUBE[(n / 6 % 6) as usize], CUBE[(n % 6) as usize])
        }
        232..=255 => {
            let v = 8 + 10 * (i - 232);
            Rgb(v, v, v)
        }
        _ => panic!("only the cube and the greys have fixed colours"),
    }
}

/// The palette colour for `c`: the closest (by squared distance) of the
/// cube and the grey ramp; the first 16 are skipped because terminals
/// redefine them. On a tie the lower index wins. A colour with a hue keeps
/// it: only colours whose channels lie within [`GREYISH`] of each other may
/// become a grey (the closest grey to the hint's dim yellow, (48, 48, 0), is
/// a grey, which would hide the hint). Computed directly, not searched: the
/// cube's nearest colour is the nearest level in each channel, the ramp's
/// the nearest level to the channels' mean.
pub fn palette_index(c: Rgb) -> u8 {
    // Between two levels, the exact midpoint goes to the lower one.
    let level = |v: u8| match v {
        0..=47 => 0,
        48..=115 => 1,
        _ => (v - 36) / 40,
    };
    let cube = 16 + 36 * level(c.0) + 6 * level(c.1) + level(c.2);
    if !is_greyish(c) {
        return cube;
    }
    let sum = c.0 as u16 + c.1 as u16 + c.2 as u16;
    // The grey 8 + 10 i nearest the mean sum / 3, ties down: ceil((sum - 39) / 30).
    let grey = 232 + (sum.saturating_sub(10) / 30).min(23) as u8;
    if distance(c, palette_colour(cube)) <= distance(c, palette_colour(grey)) { cube } else { grey }
}

/// How far apart a colour's channels may be for it to count as a grey.
pub const GREYISH: u8 = 16;

fn is_greyish(Rgb(r, g, b): Rgb) -> bool {
    r.max(g).max(b) - r.min(g).min(b) <= GREYISH
}

fn distance(a: Rgb, b: Rgb) -> i32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2);
    d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Theme;

    #[test]
    fn colourterm_picks_truecolour_only_when_it_says_so() {
        assert_eq!(Colours::from_colorterm(Some("truecolor")), Colours::TrueColour);
        assert_eq!(Colours::from_colorterm(Some("24bit")), Colours::TrueColour);
        assert_eq!(Colours::from_colorterm(Some("yes")), Colours::Palette256);
        assert_eq!(Colours::from_colorterm(None), Colours::Palette256);
    }

    #[test]
    fn the_palette_keeps_black_and_the_theme_colours_apart() {
        assert_eq!(palette_index(Rgb::BLACK), 16);
        assert_eq!(palette_index(Rgb(255, 255, 255)), 231);
        assert_eq!(palette_index(Rgb(0, 92, 0)), 22, "dark green square -> (0,95,0)");
        let theme = Theme::default();
        let board = [
            theme.dark_square,
            theme.light_square,
            theme.cursor,
            theme.queen,
            theme.needed,
            theme.hint,
            theme.refused,
            theme.attacked,
            Rgb::BLACK,
        ];
        let mut seen: Vec<u8> = board.iter().map(|&c| palette_index(c)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), board.len(), "every board colour stays distinct in 256 colours");
    }

    #[test]
    fn the_hint_stays_yellow_in_256_colours() {
        let hint = palette_colour(palette_index(Theme::default().hint));
        assert!(hint.0 == hint.1 && hint.1 > hint.2, "the hint's dim yellow became {hint:?}");
        let red = palette_colour(palette_index(Rgb(60, 8, 8)));
        assert!(red.0 > red.1 && red.1 == red.2, "a dim red stays red: {red:?}");
        assert_eq!(palette_index(Theme::default().attacked), 234, "a grey stays grey");
    }

    #[test]
    fn the_direct_palette_match_is_the_nearest_by_search() {
        // Colours with a hue from the cube only; greyish ones from the cube and the ramp.
        let search = |c: Rgb| {
            let last = if is_greyish(c) { 255 } else { 231 };
            (16..=last).min_by_key(|&i| distance(c, palette_colour(i))).unwrap()
        };
        let values: Vec<u8> =
            (0..=255).step_by(17).chain([47, 48, 114, 115, 116, 154, 155, 156, 194, 195, 235, 236]).collect();
        for &r in &values {
            for &g in &values {
                for &b in &values {
                    let c = Rgb(r, g, b);
                    assert_eq!(palette_index(c), search(c), "{c:?}");
                }
            }
        }
        for v in 0..=255 {
            assert_eq!(palette_index(Rgb(v, v, v)), search(Rgb(v, v, v)), "grey {v}");
            assert_eq!(palette_index(Rgb(v, v, v.saturating_add(1))), search(Rgb(v, v, v.saturating_add(1))));
        }
    }

    #[test]
    fn the_board_is_centred_with_the_help_line_under_it() {
        assert_eq!(origin(Size { cols: 80, rows: 24 }, 8), (7, 32));
        assert_eq!(origin(Size { cols: 10, rows: 5 }, 8), (0, 0), "too small: from the corner");
        let mut frame = Frame::dark(8);
        frame.set(1, 0, Rgb(1, 2, 3));
        let text = screen(&frame, Size { cols: 80, rows: 24 }, Colours::TrueColour);
        assert!(
            text.starts_with("\x1b[0m\x1b[2J\x1b[8;33H\x1b[48;2;0;0;0m  \x1b[48;2;1;2;3m  \x1b[48;2;0;0;0m")
        );
        assert!(text.contains(&format!("\x1b[17;{}H{HELP}", (80 - HELP.len()) / 2 + 1)));
    }

    #[test]
    fn a_board_that_does_not_fit_is_replaced_by_a_message() {
        let frame = Frame::dark(16);
        let fits_just = Size { cols: 32, rows: 18 };
        assert!(
            screen(&frame, fits_just, Colours::TrueColour).contains(&HELP[..32]),
            "the help line, cut to the width"
        );
        for small in [Size { cols: 31, rows: 18 }, Size { cols: 32, rows: 17 }] {
            let text = screen(&frame, small, Colours::TrueColour);
            assert!(text.ends_with(&too_small(small, 16)) && !text.contains(HELP), "{small:?}");
            assert!(
                too_small(small, 16)
                    .starts_with("terminal too small: the 16x16 board needs 32 columns and 18 rows")
            );
            assert_eq!(board(&frame, small, Colours::TrueColour), "");
        }
    }
}
