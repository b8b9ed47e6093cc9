//! Turning a joystick's key presses and releases into game events.
//!
//! Every device that reports keys (evdev, the sense-emu stick, the I2C
//! chip's register, the web page's drawn joystick) goes through [`Gestures`], so holding and repeating
//! behave the same everywhere. Repeats are timed here, not by the kernel:
//! its auto-repeat (value 2) differs between drivers, so it is ignored.
//!
//! The middle button has two gestures, so it acts when it is let go: a
//! click shorter than the hold time is a [`Event::Press`]; held that long
//! it is a [`Event::Hold`] at once, and letting go afterwards is a
//! [`Event::Release`]. (Acting on the way down, as the seed does, would
//! make every hold start with a press that already placed a queen.)
//! Directions act on the way down and repeat while held, in the modes that
//! want it ([`Gestures::set_repeat`]: classic moves once per push, as its seed does).

use super::clock::Millis;
use super::event::Event;

/// The joystick's five keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// Pushed up.
    Up,
    /// Pushed down.
    Down,
    /// Pushed left.
    Left,
    /// Pushed right.
    Right,
    /// The middle, pressed in.
    Middle,
}

impl Key {
    /// The event this key gives.
    pub fn event(self) -> Event {
        match self {
            Key::Up => Event::Up,
            Key::Down => Event::Down,
            Key::Left => Event::Left,
            Key::Right => Event::Right,
            Key::Middle => Event::Press,
        }
    }
}

/// A key going down or up, as a device reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The key went down.
    Down(Key),
    /// The key came back up.
    Up(Key),
}

/// How long things take, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The middle held this long is a [`Event::Hold`].
    pub hold: Millis,
    /// A direction held this long starts repeating...
    pub repeat_delay: Millis,
    /// ...once every this long. Zero turns repeating off.
    pub repeat_interval: Millis,
}

impl Default for Timing {
    fn default() -> Self {
        Timing { hold: 1000, repeat_delay: 500, repeat_interval: 150 }
    }
}

/// The state of the stick: which key is down and when it fires next.
#[derive(Debug, Default)]
pub struct Gestures {
    timing: Timing,
    down: Option<Held>,
    /// Held directions do not repeat (see [`Gestures::set_repeat`]).
    no_repeat: bool,
}

#[derive(Debug, Clone, Copy)]
struct Held {
    key: Key,
    /// When this key gives its next event by itself; `None` once it has
    /// nothing more to give (the middle after its hold).
    fires: Option<Millis>,
}

impl Gestures {
    /// A stick with no key down, timed by `timing`.
    pub fn new(timing: Timing) -> Self {
        Gestures { timing, down: None, no_repeat: false }
    }

    /// Whether a held direction repeats: the mode played says
    /// ([`ModeKind::repeats_held_directions`](super::ModeKind::repeats_held_directions)).
    /// Turned off, a direction held now stops repeating at once.
    pub fn set_repeat(&mut self, on: bool) {
        self.no_repeat = !on;
        if let Some(held) = self.down.as_mut().filter(|h| h.key != Key::Middle && !on) {
            held.fires = None;
        }
    }

    /// A key went down (`pressed`) or up at `now`.
    pub fn key(&mut self, key: Key, pressed: bool, now: Millis) -> Option<Event> {
        if !pressed {
            let held = self.down.filter(|h| h.key == key)?;
            self.down = None;
            return match (key, held.fires) {
                // Let go before the hold time: a click.
                (Key::Middle, Some(_)) => Some(Event::Press),
                // Let go after a hold.
                (Key::Middle, None) => Some(Event::Release),
                _ => None,
            };
        }
        if self.down.is_some_and(|h| h.key == key) {
            return None; // a second "down" without an "up" between: already handled
        }
        let fires = match key {
            Key::Middle => Some(now + self.timing.hold),
            _ if self.timing.repeat_interval > 0 && !self.no_repeat => Some(now + self.timing.repeat_delay),
            _ => None,
        };
        self.down = Some(Held { key, fires });
        (key != Key::Middle).then(|| key.event())
    }

    /// When [`Gestures::expire`] has an event to give, if ever.
    pub fn deadline(&self) -> Option<Millis> {
        self.down.and_then(|h| h.fires)
    }

    /// The event due at `now`, if any: a hold, or a repeated direction.
    pub fn expire(&mut self, now: Millis) -> Option<Event> {
        let held = self.down.as_mut()?;
        let due = held.fires.filter(|&t| now >= t)?;
        if held.key == Key::Middle {
            held.fires = None;
            return Some(Event::Hold);
        }
        held.fires = Some(due + self.timing.repeat_interval);
        Some(held.key.event())
    }

    /// Forgets the key held down (the device went away).
    pub fn clear(&mut self) {
        self.down = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_middle_click_is_one_press_when_it_is_let_go() {
        let mut g = Gestures::default();
        assert_eq!(g.key(Key::Middle, true, 0), None);
        assert_eq!(g.deadline(), Some(1000));
        assert_eq!(g.key(Key::Middle, false, 300), Some(Event::Press));
        assert_eq!(g.deadline(), None);
        assert_eq!(g.expire(2000), None);
    }

    #[test]
    fn the_middle_held_a_second_is_one_hold_then_a_release() {
        let mut g = Gestures::default();
        assert_eq!(g.key(Key::Middle, true, 0), None);
        assert_eq!(g.expire(999), None);
        assert_eq!(g.expire(1000), Some(Event::Hold));
        assert_eq!(g.deadline(), None);
        assert_eq!(g.expire(5000), None);
        assert_eq!(g.key(Key::Middle, false, 5000), Some(Event::Release));
    }

    #[test]
    fn a_held_direction_repeats_after_a_delay() {
        let mut g = Gestures::default();
        assert_eq!(g.key(Key::Left, true, 0), Some(Event::Left));
        assert_eq!(g.deadline(), Some(500));
        assert_eq!(g.expire(500), Some(Event::Left));
        assert_eq!(g.deadline(), Some(650));
        assert_eq!(g.expire(650), Some(Event::Left));
        assert_eq!(g.key(Key::Left, false, 700), None, "releasing a direction is silent");
        assert_eq!(g.deadline(), None);
    }

    #[test]
    fn a_held_direction_stops_repeating_when_repeats_are_turned_off() {
        let mut g = Gestures::default();
        g.set_repeat(false);
        assert_eq!(g.key(Key::Right, true, 0), Some(Event::Right));
        assert_eq!((g.deadline(), g.expire(5000)), (None, None), "once per push");
        g.set_repeat(true);
        assert_eq!(g.key(Key::Right, false, 5000), None);
        g.key(Key::Right, true, 6000);
        assert_eq!(g.expire(6500), Some(Event::Right));
        g.set_repeat(false);
        assert_eq!((g.deadline(), g.expire(9000)), (None, None), "stopped while held");
        // The middle's hold is not a repeat: it stays.
        g.key(Key::Middle, true, 10_000);
        assert_eq!(g.expire(11_000), Some(Event::Hold));
    }

    #[test]
    fn repeats_can_be_switched_off_and_stray_releases_are_ignored() {
        let mut g = Gestures::new(Timing { repeat_interval: 0, ..Timing::default() });
        g.key(Key::Up, true, 0);
        assert_eq!(g.deadline(), None);
        assert_eq!(g.key(Key::Middle, false, 10), None);
        assert_eq!(g.key(Key::Up, true, 20), None, "no second event without a release");
    }
}
