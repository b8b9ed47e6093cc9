//! What the player does, whatever the device.

use crate::words::quoted;
use std::fmt;
use std::str::FromStr;

/// One input to the game. Directions are the joystick's (or their keys' in
/// an emulator); `Press` is a click of the middle; `Hold` is the middle held
/// down about a second, and `Release` letting go of it after a hold. `At`
/// is a pointer's (a tap on the page, a click in the terminal): the
/// joystick has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The joystick pushed up.
    Up,
    /// The joystick pushed down.
    Down,
    /// The joystick pushed left.
    Left,
    /// The joystick pushed right.
    Right,
    /// The middle clicked.
    Press,
    /// The middle held down about a second.
    Hold,
    /// The middle let go of after a hold.
    Release,
    /// Take back the last move of the puzzle in play (regions mode's: a
    /// key, a button on the page, an item in the menu on the LEDs; the
    /// joystick has no such push). Modes without moves to take back
    /// ignore it.
    Undo,
    /// Pointing at the pixel in column `x`, row `y` of the frame, counted
    /// from 0 at the top left: the cursor goes to the square drawn there,
    /// as the joystick's moves would take it. Front ends send it before a
    /// press, so that a tap on a square is the moves there and a press
    /// (see [`Engine::handle`](super::Engine::handle) for what pointing
    /// leaves alone). On a board smaller than the frame its squares are the
    /// middle pixels; a pixel off the board points at nothing.
    At {
        /// The column, 0 on the left.
        x: u8,
        /// The row, 0 at the top.
        y: u8,
    },
    /// A drag crossing the square drawn at pixel (`x`, `y`), as [`Event::At`]
    /// counts them (a finger or the mouse pressed on a square and slid):
    /// regions mode marks it with a dot if it is empty, once, and never
    /// places a queen; the cursor goes there. The front end sends it for
    /// the square the drag started on too, instead of that tap's press.
    Mark {
        /// The column, 0 on the left.
        x: u8,
        /// The row, 0 at the top.
        y: u8,
    },
    /// One reading of the HAT's tilt (the motion sensor's, read while tilt
    /// is on; a script's `tilt PITCH ROLL`): degrees, as python-sense-hat's
    /// orientation gives them, pitch above zero lowering the left edge and
    /// roll above zero the bottom edge. Past the dead zone the cursor rolls
    /// toward the low edge ([`super::tilt`]); with tilt off it does nothing.
    Tilt {
        /// About the HAT's y axis, -90 to 90.
        pitch: i8,
        /// About its x axis, -90 to 90.
        roll: i8,
    },
}

impl Event {
    /// The joystick's events, in the order above.
    pub const JOYSTICK: [Event; 7] =
        [Event::Up, Event::Down, Event::Left, Event::Right, Event::Press, Event::Hold, Event::Release];

    /// Every event a script names in one word: the joystick's, and the
    /// keys' own ([`Event::Undo`]).
    pub const WORDS: [Event; 8] = [
        Event::Up,
        Event::Down,
        Event::Left,
        Event::Right,
        Event::Press,
        Event::Hold,
        Event::Release,
        Event::Undo,
    ];

    /// The word for this event in scripts (`at` is followed by the column
    /// and the row: see its [`Display`](fmt::Display)).
    pub fn name(self) -> &'static str {
        match self {
            Event::Up => "up",
            Event::Down => "down",
            Event::Left => "left",
            Event::Right => "right",
            Event::Press => "press",
            Event::Hold => "hold",
            Event::Release => "release",
            Event::Undo => "undo",
            Event::At { .. } => "at",
            Event::Mark { .. } => "mark",
            Event::Tilt { .. } => "tilt",
        }
    }
}

impl fmt::Display for Event {
    /// The event as a script line says it: `press`, `at 3 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::At { x, y } => write!(f, "at {x} {y}"),
            Event::Mark { x, y } => write!(f, "mark {x} {y}"),
            Event::Tilt { pitch, roll } => write!(f, "tilt {pitch} {roll}"),
            _ => f.write_str(self.name()),
        }
    }
}

impl FromStr for Event {
    type Err = String;

    /// Reads what [`Display`](fmt::Display) writes.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words[..] {
            [word @ ("at" | "mark"), ..] => match words[1..] {
                [x, y] => coordinate(x).zip(coordinate(y)).map(|(x, y)| match word {
                    "at" => Event::At { x, y },
                    _ => Event::Mark { x, y },
                }),
                _ => None,
            }
            .ok_or_else(|| {
                format!("{}: {word} takes a column and a row counted from 0, like '{word} 3 4'", quoted(s))
            }),
            ["tilt", ..] => match words[1..] {
                [pitch, roll] => angle(pitch).zip(angle(roll)).map(|(pitch, roll)| Event::Tilt { pitch, roll }),
                _ => None,
            }
            .ok_or_else(|| {
                format!(
                    "{}: tilt takes the pitch and the roll in whole degrees from -90 to 90, like 'tilt 15 -3'",
                    quoted(s)
                )
            }),
            [word] => Event::WORDS
                .into_iter()
                .find(|e| e.name() == word)
                .ok_or_else(|| format!("unknown event {}", quoted(s))),
            _ => Err(format!("unknown event {}", quoted(s))),
        }
    }
}

/// A pixel's column or row as [`Display`](fmt::Display) writes it: digits
/// only (`u8`'s own parser also takes `+3`).
fn coordinate(word: &str) -> Option<u8> {
    word.bytes().all(|b| b.is_ascii_digit()).then(|| word.parse().ok()).flatten()
}

/// A tilt's angle as [`Display`](fmt::Display) writes it: whole degrees,
/// a minus sign for below zero, -90 to 90.
fn angle(word: &str) -> Option<i8> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    whole.then(|| word.parse().ok()).flatten().filter(|a: &i8| (-90..=90).contains(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back_from_what_it_writes() {
        let at = [
            Event::At { x: 0, y: 0 },
            Event::At { x: 3, y: 4 },
            Event::At { x: 255, y: 15 },
            Event::Mark { x: 2, y: 7 },
            Event::Tilt { pitch: 0, roll: 0 },
            Event::Tilt { pitch: -90, roll: 90 },
            Event::Tilt { pitch: 15, roll: -3 },
        ];
        for event in Event::WORDS.into_iter().chain(at) {
            assert_eq!(event.to_string().parse(), Ok(event));
        }
        for bad in [
            "at",
            "at 3",
            "at 3 4 5",
            "mark",
            "mark 1",
            "mark -1 2",
            "at -1 2",
            "at 256 0",
            "at x y",
            "at +1 2",
            "at 1 +2",
            "up 1",
            "tilt",
            "tilt 1",
            "tilt 1 2 3",
            "tilt 91 0",
            "tilt 0 -91",
            "tilt +5 0",
            "tilt 1.5 0",
            "tilt - 0",
        ] {
            assert!(bad.parse::<Event>().is_err(), "{bad}");
        }
    }
}
