//! Tilt to play: the HAT tilted past a dead zone moves the cursor one
//! square toward the low edge, then one more every repeat interval while
//! it stays tilted, and nothing once it is level again; as the Raspberry
//! Pi Foundation's Marble Maze rolls its marble. The one rule, fed plain
//! samples ([`Event::Tilt`]: pitch and roll in whole degrees, the time in
//! milliseconds), so that every backend tilts alike and the script backend
//! tests it all.
//!
//! The angles are python-sense-hat's (`get_orientation_degrees()`, signed):
//! pitch above zero lowers the left edge, roll above zero the bottom edge.
//! [`from_accel`] takes them from the accelerometer's reading of gravity:
//! a tilt needs no yaw, so no fusion and no drift.

use super::clock::Millis;
use super::event::Event;

/// How often a backend reads its motion sensor while tilt is on: often
/// enough that a move comes within a tenth of a second of the tilt, and
/// that the repeat (300 ms) falls on a reading. While tilt is off nothing
/// is read.
pub const TILT_SAMPLE_MS: Millis = 100;

/// The tilt's settings (the config file's `tilt_dead_zone` and
/// `tilt_repeat_ms`), and how the display is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TiltSettings {
    /// The largest tilt, degrees, that still counts as level.
    pub dead_zone: u8,
    /// Milliseconds between moves while the HAT stays tilted.
    pub repeat_ms: u32,
    /// The display's rotation in quarter turns clockwise (the config's
    /// `rotation` over 90): a tilt turns with it, as the joystick does.
    pub quarter_turns: u8,
}

impl Default for TiltSettings {
    /// The Marble Maze's dead zone, about 10 degrees, and a move every 300 ms.
    fn default() -> Self {
        TiltSettings { dead_zone: 10, repeat_ms: 300, quarter_turns: 0 }
    }
}

/// The tilt of the HAT whose accelerometer reads `x`, `y`, `z` (g, in the
/// HAT's axes, as python-sense-hat's `get_accelerometer_raw()` gives them),
/// as an [`Event::Tilt`]: pitch and roll in whole degrees, each between -90
/// and 90, as python-sense-hat's orientation gives them for a HAT face up
/// (its RTIMULib takes pitch and roll from the accelerometer the same way).
/// `None` for a reading with no gravity in it (in free fall, or zeros).
pub fn from_accel(x: f64, y: f64, z: f64) -> Option<Event> {
    let gravity = x * x + y * y + z * z;
    // A reading with a NaN in it is no reading either.
    if gravity.is_nan() || gravity <= 0.01 {
        return None;
    }
    let degrees = |along: f64, across: f64| along.atan2(across).to_degrees().round() as i8;
    Some(Event::Tilt { pitch: degrees(-x, y.hypot(z)), roll: degrees(y, x.hypot(z)) })
}

/// The rule as it runs: the direction the HAT is tilted now, and when the
/// cursor moves next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tilt {
    settings: TiltSettings,
    /// The direction of the last sample past the dead zone; `None` level.
    held: Option<Event>,
    /// When the held direction moves the cursor next.
    due: Millis,
    /// The last move by tilt, and when: moves one way are never closer than
    /// the repeat interval unless the HAT was level for [`LEVEL_MS`] between
    /// them, so a tilt wavering at the dead zone's edge moves no faster than
    /// one held (another way moves at once, and so does the same way tilted
    /// again after a rest).
    last: Option<(Event, Millis)>,
    /// Since when the HAT has been level, after a tilt; `None` while tilted.
    level_since: Option<Millis>,
}

/// How long the HAT is level between two tilts the same way for the second
/// to move at once: two samples, longer than a reading wavering across the
/// dead zone's edge stays inside it, shorter than a hand tips the HAT back
/// and again.
pub const LEVEL_MS: Millis = 2 * TILT_SAMPLE_MS;

impl Tilt {
    pub(crate) fn new(settings: TiltSettings) -> Tilt {
        Tilt { settings, held: None, due: 0, last: None, level_since: None }
    }

    /// Takes a sample at `now`: the direction it tilts, if any, is held
    /// from now; a new direction is due at once (the way of the last move
    /// too, after [`LEVEL_MS`] level; else once the repeat interval since
    /// that move has passed).
    pub(crate) fn sample(&mut self, pitch: i8, roll: i8, now: Millis) {
        let held = self.direction(pitch, roll);
        match held {
            None if self.held.is_some() => self.level_since = Some(now),
            None => {}
            Some(way) if held != self.held => {
                let rested = self.level_since.is_some_and(|since| now >= since + LEVEL_MS);
                let repeat = Millis::from(self.settings.repeat_ms);
                self.due = match self.last {
                    Some((last, at)) if last == way && !rested => now.max(at + repeat),
                    _ => now,
                };
                self.level_since = None;
            }
            Some(_) => {}
        }
        self.held = held;
    }

    /// The next move due by `now`, if the HAT is tilted: the cursor then
    /// moves one square that way, and the one after is a repeat interval
    /// later. Called until `None`, it gives every move due (a script's
    /// `wait` passes several).
    pub(crate) fn due(&mut self, now: Millis) -> Option<Event> {
        let held = self.held.filter(|_| now >= self.due)?;
        self.last = Some((held, self.due));
        // At least a millisecond, so that a repeat of 0 cannot loop forever.
        self.due += Millis::from(self.settings.repeat_ms.max(1));
        Some(held)
    }

    /// Stops the moves until the next sample (tilt turned off, the game left).
    pub(crate) fn level(&mut self) {
        self.held = None;
    }

    /// The direction toward the low edge, on the display as it is turned:
    /// the larger of the two tilts, if it is past the dead zone.
    fn direction(&self, pitch: i8, roll: i8) -> Option<Event> {
        let (p, r) = (i16::from(pitch), i16::from(roll));
        let dead = i16::from(self.settings.dead_zone);
        let on_the_device = match () {
            _ if p.abs().max(r.abs()) <= dead => return None,
            _ if p.abs() >= r.abs() => ["left", "right"][usize::from(p < 0)],
            _ => ["down", "up"][usize::from(r < 0)],
        };
        Some(turned(on_the_device, self.settings.quarter_turns))
    }
}

/// What the device's direction `word` means on the picture turned by
/// `quarter_turns` clockwise: the joystick's own turn (the `sense-hat`
/// crate's `Rotation::direction`, which the root's tests hold this to).
fn turned(word: &str, quarter_turns: u8) -> Event {
    // The device's up, right, down, left, in the picture's terms, at each turn.
    const TURNED: [[Event; 4]; 4] = [
        [Event::Up, Event::Right, Event::Down, Event::Left],
        [Event::Left, Event::Up, Event::Right, Event::Down],
        [Event::Down, Event::Left, Event::Up, Event::Right],
        [Event::Right, Event::Down, Event::Left, Event::Up],
    ];
    let index = ["up", "right", "down", "left"].iter().position(|&w| w == word).expect("a direction");
    TURNED[usize::from(quarter_turns % 4)][index]
}

/// The picture's direction for the device's `key` (one of the four
/// directions) at `quarter_turns`: for the root's test that tilt turns as
/// the joystick does.
pub fn turned_direction(key: Event, quarter_turns: u8) -> Event {
    turned(key.name(), quarter_turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tilt() -> Tilt {
        Tilt::new(TiltSettings::default())
    }

    /// Every move due by `now`.
    fn moves(t: &mut Tilt, now: Millis) -> Vec<Event> {
        std::iter::from_fn(|| t.due(now)).collect()
    }

    #[test]
    fn a_tilt_within_the_dead_zone_moves_nothing() {
        let mut t = tilt();
        for (pitch, roll) in [(0, 0), (10, 0), (-10, 10), (0, -10), (7, -9)] {
            t.sample(pitch, roll, 0);
            assert_eq!(moves(&mut t, 10_000), [], "{pitch} {roll}");
        }
        let mut wide = Tilt::new(TiltSettings { dead_zone: 20, ..TiltSettings::default() });
        wide.sample(15, 0, 0);
        assert_eq!(moves(&mut wide, 1000), [], "a dead zone set wider holds more");
    }

    #[test]
    fn past_the_dead_zone_the_cursor_moves_at_once_toward_the_low_edge() {
        for (pitch, roll, toward) in
            [(11, 0, Event::Left), (-11, 0, Event::Right), (0, 11, Event::Down), (0, -11, Event::Up)]
        {
            let mut t = tilt();
            t.sample(pitch, roll, 500);
            assert_eq!(moves(&mut t, 500), [toward], "{pitch} {roll}");
            assert_eq!(moves(&mut t, 799), [], "nothing more before the repeat");
        }
        let mut t = tilt();
        t.sample(30, -40, 0);
        assert_eq!(moves(&mut t, 0), [Event::Up], "the larger tilt wins, never a diagonal");
    }

    #[test]
    fn held_tilted_it_moves_again_every_repeat_interval_and_stops_when_level() {
        let mut t = tilt();
        t.sample(0, 20, 1000);
        assert_eq!(moves(&mut t, 1000), [Event::Down]);
        assert_eq!(moves(&mut t, 1299), []);
        assert_eq!(moves(&mut t, 1300), [Event::Down]);
        assert_eq!(moves(&mut t, 1950), [Event::Down, Event::Down], "every move due, one by one");
        t.sample(0, 20, 2000);
        assert_eq!(moves(&mut t, 2199), [], "the same tilt again keeps the rhythm");
        assert_eq!(moves(&mut t, 2200), [Event::Down]);
        t.sample(2, 1, 2150);
        assert_eq!(moves(&mut t, 5000), [], "level: no more");
        let mut slow = Tilt::new(TiltSettings { repeat_ms: 1000, ..TiltSettings::default() });
        slow.sample(-45, 0, 0);
        assert_eq!(moves(&mut slow, 999), [Event::Right]);
        assert_eq!(moves(&mut slow, 1000), [Event::Right], "the interval set");
    }

    #[test]
    fn a_tilt_wavering_at_the_dead_zones_edge_moves_no_faster_than_one_held() {
        let mut t = tilt();
        t.sample(12, 0, 0);
        assert_eq!(moves(&mut t, 0), [Event::Left]);
        t.sample(9, 0, 100);
        t.sample(12, 0, 200);
        assert_eq!(moves(&mut t, 200), [], "back past it within the interval");
        assert_eq!(moves(&mut t, 300), [Event::Left]);
        // Another direction moves at once, even within the interval.
        t.sample(0, 0, 310);
        t.sample(0, -15, 320);
        assert_eq!(moves(&mut t, 320), [Event::Up]);
    }

    /// Found by a stranger: tipped the same way again after levelling, the
    /// cursor waited out the repeat (10 s with `tilt_repeat_ms = 10000`).
    #[test]
    fn tilted_the_same_way_again_after_a_rest_level_it_moves_at_once() {
        let mut t = Tilt::new(TiltSettings { repeat_ms: 10_000, ..TiltSettings::default() });
        t.sample(20, 0, 0);
        assert_eq!(moves(&mut t, 500), [Event::Left]);
        t.sample(0, 0, 500);
        t.sample(20, 0, 500 + LEVEL_MS);
        assert_eq!(moves(&mut t, 500 + LEVEL_MS), [Event::Left], "level for two samples: a new tilt");
        t.sample(0, 0, 1000);
        t.sample(20, 0, 1000 + LEVEL_MS - 1);
        assert_eq!(moves(&mut t, 9999), [], "level for less: a waver, held to the repeat");
        assert_eq!(moves(&mut t, 10_000 + LEVEL_MS + 500), [Event::Left]);
    }

    #[test]
    fn the_tilt_turns_with_the_display_as_the_joystick_does() {
        let turns = |quarter_turns| {
            let mut t = Tilt::new(TiltSettings { quarter_turns, ..TiltSettings::default() });
            t.sample(0, -20, 0);
            t.due(0).unwrap()
        };
        // The device's top edge lowered: the picture's top, left, bottom, right as it turns.
        assert_eq!([0, 1, 2, 3].map(turns), [Event::Up, Event::Left, Event::Down, Event::Right]);
    }

    #[test]
    fn the_accelerometer_gives_python_sense_hats_pitch_and_roll() {
        let at = |x: f64, y: f64, z: f64| from_accel(x, y, z);
        assert_eq!(at(0.0, 0.0, 1.0), Some(Event::Tilt { pitch: 0, roll: 0 }), "face up and level");
        // The sense-emu IMU's own gravity for a pitch of 20 degrees (its sliders), and a roll of -15.
        let (s, c) = 20f64.to_radians().sin_cos();
        assert_eq!(at(-s, 0.0, c), Some(Event::Tilt { pitch: 20, roll: 0 }));
        let (s, c) = (-15f64).to_radians().sin_cos();
        assert_eq!(at(0.0, s, c), Some(Event::Tilt { pitch: 0, roll: -15 }));
        assert_eq!(at(1.0, 0.0, 0.0), Some(Event::Tilt { pitch: -90, roll: 0 }), "on its right edge");
        assert_eq!(at(0.0, 0.0, -1.0), Some(Event::Tilt { pitch: 0, roll: 0 }), "face down reads level");
        assert_eq!(at(0.0, 0.0, 0.0), None, "falling: no gravity to read");
        assert_eq!(at(f64::NAN, 0.0, 1.0), None);
    }
}
