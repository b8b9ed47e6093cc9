//! Stand-ins for tests (the `mock` feature), as embedded-graphics ships
//! its `MockDisplay`: a program's own tests drive its Sense HAT code with
//! no HAT and no kernel device.
//!
//! - [`MockLeds`]: an LED matrix that keeps every picture it is shown,
//!   with the rotation and the gamma table each was shown through; it can
//!   refuse gamma calls as a driver does, and go away.
//! - [`MockStick`]: a joystick fed the events a test scripts through its
//!   [`StickFeeder`]: presses and releases, or raw `input_event` records
//!   (a `SYN_DROPPED` too, answered with the keys the feeder says are
//!   down). Its descriptor is a real socket, so a program polls it as it
//!   polls the kernel's device.
//! - `MockSensors` (with the `sensors` feature): the sensors, with the
//!   readings a test sets, each there or not.
//! - [`MockDevices`]: all of them, opened as often as asked, each able to be
//!   unplugged and plugged back; [`sense_hat`] makes a [`SenseHat`] of them.
//!
//! Clones share their state: keep one to look at what the other was shown.
//!
//! ```
//! use sense_hat::mock;
//! use sense_hat::{Direction, Rotation, StickEvent};
//!
//! let (mut hat, devices) = mock::sense_hat();
//! hat.set_rotation(Rotation::R90).unwrap();
//! hat.set_pixel(1, 0, [255, 0, 0]).unwrap();
//! // As given, and as the turned matrix lights it: the picture's (1, 0) is the device's (7, 1).
//! assert_eq!(devices.leds().last().unwrap()[0][1], [255, 0, 0]);
//! assert_eq!(devices.leds().on_device()[1][7], [255, 0, 0]);
//! // Pushed towards the device's right, on a HAT turned a quarter: up, as the viewer sees it.
//! devices.stick().click(Direction::Right).unwrap();
//! assert_eq!(hat.wait_for_event().unwrap(), StickEvent::Pressed(Direction::Up));
//! ```
#![cfg_attr(
    feature = "embedded-graphics",
    doc = r#"
With the `embedded-graphics` feature, a `Canvas` draws on the mock as on
the HAT:

```
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, PrimitiveStyle};
use sense_hat::graphics::Canvas;
use sense_hat::mock;

let (mut hat, devices) = mock::sense_hat();
let mut canvas = Canvas::new(hat.leds_mut());
Line::new(Point::new(0, 0), Point::new(7, 7))
    .into_styled(PrimitiveStyle::with_stroke(Rgb888::new(0, 255, 0), 1))
    .draw(&mut canvas)
    .unwrap();
canvas.flush().unwrap();
let picture = devices.leds().last().unwrap();
for (y, row) in picture.iter().enumerate() {
    for (x, &pixel) in row.iter().enumerate() {
        assert_eq!(pixel, if x == y { [0, 255, 0] } else { [0, 0, 0] });
    }
}
assert_eq!(hat.pixels(), picture, "the HAT knows what its matrix shows");
```
"#
)]

#[cfg(feature = "sensors")]
mod sensors;
#[cfg(feature = "sensors")]
pub use sensors::MockSensors;

use crate::devices::Devices;
use crate::error::{Device, Error, Result};
use crate::hat::SenseHat;
use crate::leds::matrix::{DARK, Gamma, LedMatrix, Picture, SIDE, held_in_fields};
use crate::rotation::Rotation;
use crate::stick::events::{Direction, Stick, StickEvent};
use crate::stick::record::{self, EV_KEY, EV_SYN, KEY_BYTES, KeyBits, PI_KEYS, RECORD, SYN_REPORT};
use std::fmt;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Mutex, MutexGuard};

/// One picture a [`MockLeds`] was shown, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// As it was given.
    pub picture: Picture,
    /// The matrix's rotation then.
    pub rotation: Rotation,
    /// Its gamma table then.
    pub gamma: Gamma,
}

impl Shown {
    /// The picture as the device shows it: `on_device[y][x]` is the LED
    /// at `x`, `y` of the HAT itself.
    pub fn on_device(&self) -> Picture {
        let mut turned = DARK;
        for (y, row) in self.picture.iter().enumerate() {
            for (x, &pixel) in row.iter().enumerate() {
                let (dx, dy) = self.rotation.place(x, y, SIDE);
                turned[dy][dx] = pixel;
            }
        }
        turned
    }

    /// The LED values (0 to 31) the device lights, through the gamma table.
    pub fn lit(&self) -> Picture {
        self.on_device().map(|row| row.map(|pixel| pixel.map(|v| self.gamma.channel(v))))
    }
}

/// What every handle on one matrix shares: what it was shown, and how it behaves.
#[derive(Debug, Default)]
struct LedsShared {
    shown: Vec<Shown>,
    gammas_asked: Vec<Gamma>,
    refuse_gamma: bool,
    unplugged: bool,
}

/// An LED matrix that keeps every picture it is shown. A clone shares what
/// was shown (keep one to look at it), and starts with the rotation, table
/// and picture the original has then.
#[derive(Clone, Debug)]
pub struct MockLeds {
    shared: Arc<Mutex<LedsShared>>,
    rotation: Rotation,
    gamma: Gamma,
    picture: Picture,
}

impl Default for MockLeds {
    fn default() -> Self {
        MockLeds::new()
    }
}

fn lock<T>(state: &Mutex<T>) -> MutexGuard<'_, T> {
    state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl MockLeds {
    /// A dark matrix, upright, through the default table.
    pub fn new() -> MockLeds {
        MockLeds { shared: Arc::default(), rotation: Rotation::R0, gamma: Gamma::DEFAULT, picture: DARK }
    }

    /// Every picture shown, in order, as given.
    pub fn shown(&self) -> Vec<Picture> {
        lock(&self.shared).shown.iter().map(|s| s.picture).collect()
    }

    /// Every picture shown, with how it was shown.
    pub fn history(&self) -> Vec<Shown> {
        lock(&self.shared).shown.clone()
    }

    /// The picture shown last, as given.
    pub fn last(&self) -> Option<Picture> {
        lock(&self.shared).shown.last().map(|s| s.picture)
    }

    /// The picture shown last as the device shows it (turned); dark before any.
    pub fn on_device(&self) -> Picture {
        lock(&self.shared).shown.last().map_or(DARK, Shown::on_device)
    }

    /// The LED values the device lights for the picture shown last.
    pub fn lit(&self) -> Picture {
        lock(&self.shared).shown.last().map_or(DARK, Shown::lit)
    }

    /// Every gamma table asked for, in order, whether taken or refused.
    pub fn gammas_asked(&self) -> Vec<Gamma> {
        lock(&self.shared).gammas_asked.clone()
    }

    /// Refuses (or takes again) every gamma call, as a driver without them
    /// does (ENOTTY: a 32-bit program on a 64-bit kernel, or `vfb`).
    pub fn refuse_gamma(&self, refuse: bool) {
        lock(&self.shared).refuse_gamma = refuse;
    }

    /// Makes the matrix go away (every picture fails, as a vanished
    /// device's writes do) or come back.
    pub fn set_unplugged(&self, unplugged: bool) {
        lock(&self.shared).unplugged = unplugged;
    }

    /// The same matrix opened anew: upright, through the default table,
    /// dark (what it was shown is kept).
    fn reopened(&self) -> MockLeds {
        MockLeds { shared: self.shared.clone(), ..MockLeds::new() }
    }
}

impl LedMatrix for MockLeds {
    fn describe(&self) -> String {
        "the mock LED matrix".to_string()
    }

    fn show(&mut self, picture: &Picture) -> Result<()> {
        self.picture = *picture;
        let mut shared = lock(&self.shared);
        if shared.unplugged {
            return Err(Error::Lost {
                device: Device::LedMatrix,
                what: "the mock LED matrix".to_string(),
                source: io::Error::from_raw_os_error(libc::ENODEV),
            });
        }
        shared.shown.push(Shown { picture: *picture, rotation: self.rotation, gamma: self.gamma });
        Ok(())
    }

    held_in_fields!();

    fn set_gamma(&mut self, gamma: Gamma) -> Result<()> {
        let mut shared = lock(&self.shared);
        shared.gammas_asked.push(gamma);
        if shared.refuse_gamma {
            return Err(Error::GammaRefused {
                what: if gamma == Gamma::LOW_LIGHT { "low-light mode" } else { "a gamma reset" }.to_string(),
                source: io::Error::from_raw_os_error(libc::ENOTTY),
            });
        }
        self.gamma = gamma;
        Ok(())
    }
}

#[derive(Debug, Default)]
struct StickState {
    /// The test's end of the open stick's socket; `None` while unplugged.
    writer: Option<UnixStream>,
    /// The key codes the "device" reports down when asked (`EVIOCGKEY`).
    keys_down: Vec<u16>,
}

/// Feeds a [`MockStick`] (the one open now, for [`MockDevices`]).
#[derive(Clone, Debug, Default)]
pub struct StickFeeder {
    state: Arc<Mutex<StickState>>,
}

impl StickFeeder {
    /// Sends raw `(type, code, value)` events as the kernel would, in the
    /// Raspberry Pi kernel's codes or mainline's ([`record`]); nothing
    /// closes a packet but the `SYN_REPORT`s given.
    pub fn records(&self, events: &[(u16, u16, i32)]) -> io::Result<()> {
        let bytes: Vec<u8> =
            events.iter().flat_map(|&(kind, code, value)| record::encode(kind, code, value)).collect();
        match &mut lock(&self.state).writer {
            Some(writer) => writer.write_all(&bytes),
            None => Err(io::Error::new(io::ErrorKind::NotConnected, "the mock stick is unplugged")),
        }
    }

    /// The key going down, in one packet.
    pub fn press(&self, direction: Direction) -> io::Result<()> {
        self.records(&[(EV_KEY, code(direction), 1), (EV_SYN, SYN_REPORT, 0)])
    }

    /// The key coming back up, in one packet.
    pub fn release(&self, direction: Direction) -> io::Result<()> {
        self.records(&[(EV_KEY, code(direction), 0), (EV_SYN, SYN_REPORT, 0)])
    }

    /// A press and its release.
    pub fn click(&self, direction: Direction) -> io::Result<()> {
        self.press(direction)?;
        self.release(direction)
    }

    /// Which keys (by code) the device says are down when asked, after
    /// events were dropped.
    pub fn set_keys_down(&self, codes: &[u16]) {
        lock(&self.state).keys_down = codes.to_vec();
    }

    /// Makes the stick go away: it reads the end of its socket, as a
    /// vanished device's read fails.
    pub fn unplug(&self) {
        lock(&self.state).writer = None;
    }
}

/// The Raspberry Pi kernel's code for `direction`.
fn code(direction: Direction) -> u16 {
    let at = [Direction::Up, Direction::Down, Direction::Left, Direction::Right, Direction::Middle]
        .iter()
        .position(|&d| d == direction)
        .unwrap_or(4);
    PI_KEYS[at]
}

/// A joystick fed the events its [`StickFeeder`] sends.
pub struct MockStick {
    reader: UnixStream,
    decoder: record::Decoder,
    state: Arc<Mutex<StickState>>,
}

impl fmt::Debug for MockStick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MockStick").field("decoder", &self.decoder).finish_non_exhaustive()
    }
}

impl MockStick {
    /// A stick and what feeds it.
    pub fn new() -> io::Result<(MockStick, StickFeeder)> {
        let feeder = StickFeeder::default();
        Ok((MockStick::fed_by(&feeder)?, feeder))
    }

    /// A new stick `feeder` feeds from now on (the one before reads the
    /// end of its socket).
    fn fed_by(feeder: &StickFeeder) -> io::Result<MockStick> {
        let (reader, writer) = UnixStream::pair()?;
        reader.set_nonblocking(true)?;
        lock(&feeder.state).writer = Some(writer);
        Ok(MockStick { reader, decoder: record::Decoder::default(), state: feeder.state.clone() })
    }
}

impl Stick for MockStick {
    fn describe(&self) -> String {
        "the mock joystick".to_string()
    }

    fn read(&mut self) -> Result<Vec<StickEvent>> {
        let state = self.state.clone();
        let mut key_state = move || {
            let mut bits: KeyBits = [0; KEY_BYTES];
            for &code in lock(&state).keys_down.iter() {
                bits[usize::from(code) / 8] |= 1 << (code % 8);
            }
            Ok(bits)
        };
        let lost =
            |source| Error::Lost { device: Device::Joystick, what: "the mock joystick".to_string(), source };
        let mut changes = Vec::new();
        let mut buf = [0u8; RECORD * 32];
        loop {
            match self.reader.read(&mut buf) {
                Ok(0) => return Err(lost(io::Error::from(io::ErrorKind::UnexpectedEof))),
                Ok(n) => changes.extend(self.decoder.feed(&buf[..n], &mut key_state)),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(changes),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(lost(e)),
            }
        }
    }
}

impl AsFd for MockStick {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.reader.as_fd()
    }
}

#[derive(Debug)]
struct Plugged {
    leds: bool,
    stick: bool,
    leds_opened: usize,
    sticks_opened: usize,
}

/// A [`MockLeds`] and [`MockStick`]s, opened as often as asked: the
/// matrix is one (its history kept across opens), each stick a new one
/// its feeder feeds.
#[derive(Clone, Debug)]
pub struct MockDevices {
    leds: MockLeds,
    stick: StickFeeder,
    #[cfg(feature = "sensors")]
    sensors: MockSensors,
    plugged: Arc<Mutex<Plugged>>,
}

impl Default for MockDevices {
    fn default() -> Self {
        MockDevices::new()
    }
}

impl MockDevices {
    /// Both there.
    pub fn new() -> MockDevices {
        MockDevices {
            leds: MockLeds::new(),
            stick: StickFeeder::default(),
            #[cfg(feature = "sensors")]
            sensors: MockSensors::new(),
            plugged: Arc::new(Mutex::new(Plugged {
                leds: true,
                stick: true,
                leds_opened: 0,
                sticks_opened: 0,
            })),
        }
    }

    /// The matrix, to see what it was shown.
    pub fn leds(&self) -> MockLeds {
        self.leds.clone()
    }

    /// What feeds the stick open now.
    pub fn stick(&self) -> StickFeeder {
        self.stick.clone()
    }

    /// The sensors, to set their readings.
    #[cfg(feature = "sensors")]
    pub fn sensors(&self) -> MockSensors {
        self.sensors.clone()
    }

    /// Takes the matrix away (its pictures fail, it cannot be opened) or
    /// puts it back.
    pub fn set_leds_plugged(&self, plugged: bool) {
        lock(&self.plugged).leds = plugged;
        self.leds.set_unplugged(!plugged);
    }

    /// Takes the stick away (the open one reads its end, no other opens)
    /// or lets it be opened again.
    pub fn set_stick_plugged(&self, plugged: bool) {
        lock(&self.plugged).stick = plugged;
        if !plugged {
            self.stick.unplug();
        }
    }

    /// How many times the matrix and the stick were opened.
    pub fn opened(&self) -> (usize, usize) {
        let plugged = lock(&self.plugged);
        (plugged.leds_opened, plugged.sticks_opened)
    }
}

fn unplugged(device: Device) -> Error {
    Error::NotFound { device, explanation: format!("the mock {} is unplugged", device.noun()) }
}

impl Devices for MockDevices {
    fn describe(&self) -> String {
        "the mock devices".to_string()
    }

    fn leds(&mut self) -> Result<Box<dyn LedMatrix>> {
        let mut plugged = lock(&self.plugged);
        if !plugged.leds {
            return Err(unplugged(Device::LedMatrix));
        }
        plugged.leds_opened += 1;
        Ok(Box::new(self.leds.reopened()))
    }

    fn stick(&mut self) -> Result<Box<dyn Stick>> {
        let mut plugged = lock(&self.plugged);
        if !plugged.stick {
            return Err(unplugged(Device::Joystick));
        }
        plugged.sticks_opened += 1;
        let stick = MockStick::fed_by(&self.stick).map_err(|source| Error::Open {
            device: Device::Joystick,
            path: "the mock joystick".into(),
            source,
        })?;
        Ok(Box::new(stick))
    }

    #[cfg(feature = "sensors")]
    fn sensors(&self) -> Box<dyn crate::sensors::kinds::SensorSource> {
        Box::new(self.sensors.clone())
    }
}

/// A [`SenseHat`] made of [`MockDevices`], and the devices to look at and feed.
pub fn sense_hat() -> (SenseHat, MockDevices) {
    let devices = MockDevices::new();
    let hat = SenseHat::with_devices(devices.clone()).expect("the mock devices open");
    (hat, devices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stick::record::{KEY_RIGHT, SYN_DROPPED};
    use std::time::Duration;

    #[test]
    fn the_matrix_keeps_every_picture_with_its_rotation_and_table() {
        let mut leds = MockLeds::new();
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0];
        leds.show(&picture).unwrap();
        leds.set_rotation(Rotation::R90);
        leds.set_low_light(true).unwrap();
        leds.show(&picture).unwrap();
        let history = leds.history();
        assert_eq!(history.len(), 2);
        assert_eq!((history[0].rotation, history[0].gamma), (Rotation::R0, Gamma::DEFAULT));
        assert_eq!(history[1].on_device()[1][7], [255, 0, 0], "the picture's (1, 0) at the device's (7, 1)");
        assert_eq!(history[1].lit()[1][7], [10, 0, 0], "red through the low-light table");
        assert_eq!(leds.gammas_asked(), [Gamma::LOW_LIGHT]);
        leds.refuse_gamma(true);
        let err = leds.set_gamma(Gamma::DEFAULT).unwrap_err();
        assert!(
            err.to_string().contains("refused a gamma reset") && err.to_string().contains("os error 25"),
            "{err}"
        );
        assert_eq!(leds.gamma(), Gamma::LOW_LIGHT, "a refused table leaves the one there was");
        leds.set_unplugged(true);
        assert!(leds.show(&DARK).is_err() && leds.shown().len() == 2);
    }

    #[test]
    fn the_stick_decodes_what_it_is_fed_and_resynchronises_after_syn_dropped() {
        let (mut stick, feeder) = MockStick::new().unwrap();
        assert_eq!(stick.read().unwrap(), [], "nothing fed");
        feeder.click(Direction::Left).unwrap();
        assert_eq!(
            stick.wait(Some(Duration::from_secs(5))).unwrap(),
            [StickEvent::Pressed(Direction::Left), StickEvent::Released(Direction::Left)]
        );
        // A release lost to an overflow: the device says no key is down.
        feeder.records(&[(EV_KEY, KEY_RIGHT, 1), (EV_SYN, SYN_REPORT, 0)]).unwrap();
        feeder.records(&[(EV_SYN, SYN_DROPPED, 0), (EV_SYN, SYN_REPORT, 0)]).unwrap();
        assert_eq!(
            stick.wait(Some(Duration::from_secs(5))).unwrap(),
            [StickEvent::Pressed(Direction::Right), StickEvent::Released(Direction::Right)]
        );
        feeder.unplug();
        assert!(stick.read().unwrap_err().to_string().contains("the joystick the mock joystick is gone"));
        assert!(feeder.press(Direction::Up).is_err(), "nothing to feed");
    }

    #[test]
    fn devices_open_again_once_plugged_back_with_one_history() {
        let mut devices = MockDevices::new();
        devices.set_leds_plugged(false);
        devices.set_stick_plugged(false);
        assert!(Devices::leds(&mut devices).is_err() && Devices::stick(&mut devices).is_err());
        devices.set_leds_plugged(true);
        devices.set_stick_plugged(true);
        let mut again = Devices::leds(&mut devices).unwrap();
        assert_eq!(again.rotation(), Rotation::R0, "a device opened anew is upright");
        again.show(&DARK).unwrap();
        let mut stick = Devices::stick(&mut devices).unwrap();
        devices.stick().press(Direction::Middle).unwrap();
        assert_eq!(stick.wait(None).unwrap(), [StickEvent::Pressed(Direction::Middle)]);
        assert_eq!(devices.opened(), (1, 1));
        assert_eq!(devices.leds().shown(), [DARK]);
    }
}
