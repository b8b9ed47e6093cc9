//! What the player does, whatever the device.

use std::fmt;
use std::str::FromStr;

/// One input to the game. Directions are the joystick's (or their keys' in
/// an emulator); `Press` is a click of the middle; `Hold` is the middle held
/// down about a second, and `Release` letting go of it after a hold.
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
}

impl Event {
    /// Every event, in the order above.
    pub const ALL: [Event; 7] =
        [Event::Up, Event::Down, Event::Left, Event::Right, Event::Press, Event::Hold, Event::Release];

    /// The word for this event in scripts.
    pub fn name(self) -> &'static str {
        match self {
            Event::Up => "up",
            Event::Down => "down",
            Event::Left => "left",
            Event::Right => "right",
            Event::Press => "press",
            Event::Hold => "hold",
            Event::Release => "release",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Event {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Event::ALL.into_iter().find(|e| e.name() == s).ok_or_else(|| format!("unknown event '{s}'"))
    }
}
