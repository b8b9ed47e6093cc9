//! The Sense HAT, by either path, over the `sense-hat` crate's traits: its
//! LED matrix ([`LedMatrix`]) and joystick ([`Stick`]), opened through a
//! [`Devices`] (the kernel's framebuffer and input device, or the chip over
//! I2C and its interrupt line; the crate's mock in tests).
//!
//! Both parts are kept open. Between events the backend is blocked in
//! `poll(2)` on the stick's descriptor and the shutdown signal's, with a
//! timeout only when something is due (an animation frame, a held key's
//! repeat, a part to look for again). A part that goes away is logged and
//! opened again with back-off (`super::backoff`), and the game goes on
//! where it was when it returns: the matrix shows the last frame again,
//! with the rotation and the gamma table set as at start. The gamma table
//! is set at every open (the kernel's driver keeps the last program's); a
//! driver that refuses is warned of once.
//!
//! At start the matrix must open (without it nothing can be shown, and
//! `--backend auto` relies on that). Over I2C a missing interrupt line is
//! only a warning: the LEDs work, and the line is looked for with the
//! back-off, as a GPIO driver that loads after the game (or a misnamed line
//! fixed by a reboot) would need; a game that refused to start would leave
//! the matrix dark and systemd restarting it.

use super::backoff::Backoff;
use super::error::Error;
use super::hat::{self, HatSettings};
use super::signals::Shutdown;
use super::stick::{self, KeyEvents, Reconnecting, Waiting};
use super::tilt::TiltSensor;
use super::traits::{Backend, Display, Input, Next};
use crate::game::{Event, Frame, Millis};
use log::{debug, info, warn};
use sense_hat::devices::Devices;
use sense_hat::sensors::Sensors;
use sense_hat::{LedMatrix, Stick};
use std::os::fd::AsFd;

/// Whether the game starts without its joystick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StickAtStart {
    /// It must open, or the game does not start (the kernel's input device:
    /// the fix is the HAT's overlay, or `--joystick`).
    Required,
    /// It is looked for again when it does not open (the chip's interrupt
    /// line, whose GPIO driver may come later).
    MayWait,
}

pub struct SenseHat {
    devices: Box<dyn Devices>,
    /// `None` while gone.
    leds: Option<Box<dyn LedMatrix>>,
    /// `None` while gone (the LEDs still work).
    stick: Option<Box<dyn Stick>>,
    settings: HatSettings,
    shutdown: Shutdown,
    events: KeyEvents,
    /// The last frame asked for, shown again when the matrix returns.
    shown: Frame,
    backoff: Backoff,
    /// How many times a refused gamma call has been warned of: it is made
    /// again whenever the matrix returns, but said once.
    gamma_warnings: u32,
    /// The motion sensor, read only while tilt is on.
    tilt: TiltSensor,
}

impl SenseHat {
    /// Opens the HAT's parts through `devices`, or says why not.
    pub fn open(
        mut devices: Box<dyn Devices>,
        settings: HatSettings,
        shutdown: Shutdown,
        stick_at_start: StickAtStart,
    ) -> Result<SenseHat, sense_hat::Error> {
        let leds = devices.leds()?;
        let stick = match (devices.stick(), stick_at_start) {
            (Ok(stick), _) => Some(stick),
            (Err(e), StickAtStart::Required) => return Err(e),
            (Err(e), StickAtStart::MayWait) => {
                warn!(
                    "{}; the joystick does nothing until the line is there: looking for it again",
                    hat::message(&e)
                );
                None
            }
        };
        let mut hat = SenseHat {
            events: KeyEvents::new(settings.timing, settings.rotation),
            // Nothing is opened until tilt first reads it.
            tilt: TiltSensor::new(Sensors::boxed(devices.sensors())),
            devices,
            leds: None,
            stick,
            settings,
            shutdown,
            shown: Frame::dark(Frame::LED_SIDE),
            backoff: Backoff::default(),
            gamma_warnings: 0,
        };
        if hat.stick.is_none() {
            hat.backoff.lost(hat.events.now());
        }
        hat.attach(leds);
        Ok(hat)
    }

    /// Starts using a matrix just opened: the rotation, and the configured
    /// gamma table (low light or the default), whichever table the driver
    /// kept. A refusal is warned of once, with the reason where it is known
    /// ([`sense_hat::compat`]).
    fn attach(&mut self, mut leds: Box<dyn LedMatrix>) {
        leds.set_rotation(self.settings.rotation);
        if let Err(e) = leds.set_low_light(self.settings.low_light)
            && self.gamma_warnings == 0
        {
            match hat::gamma_note() {
                Some(why) => warn!("{e}: {why}"),
                None => warn!("{e}; colours follow its current table"),
            }
            self.gamma_warnings += 1;
        }
        self.leds = Some(leds);
    }

    fn missing(&self) -> bool {
        self.leds.is_none() || self.stick.is_none()
    }
}

/// How a part that failed is said: what failed, and why.
fn gone(noun: &str, place: &str, e: &sense_hat::Error) -> String {
    let why = match e {
        sense_hat::Error::Lost { source, .. } => source.to_string(),
        other => hat::message(other),
    };
    format!("the {noun} {place} is gone ({why}); waiting for it")
}

impl Display for SenseHat {
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
        self.shown = *frame;
        let Some(leds) = &mut self.leds else { return Ok(()) };
        if let Err(e) = leds.show(&self.settings.picture(frame)) {
            warn!("{}", gone("LED matrix", &leds.describe(), &e));
            self.leds = None;
            self.backoff.lost(self.events.now());
        }
        Ok(())
    }
}

impl Input for SenseHat {
    fn now(&self) -> Millis {
        self.events.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.events.set_repeat(on);
    }

    fn sample_tilt(&mut self, every: Option<Millis>) {
        self.events.set_sampling(every);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        stick::next(self, deadline)
    }
}

impl Reconnecting for SenseHat {
    fn waiting(&mut self) -> Waiting<'_> {
        Waiting {
            events: &mut self.events,
            shutdown: &self.shutdown,
            device: self.stick.as_ref().map(|s| s.as_fd()),
            backoff: &self.backoff,
        }
    }

    /// Opens again whatever part is missing.
    fn reconnect(&mut self) {
        if self.leds.is_none() {
            match self.devices.leds() {
                Ok(leds) => {
                    info!("the LED matrix is back at {}", leds.describe());
                    self.attach(leds);
                    let frame = self.shown;
                    let _ = self.show(&frame);
                }
                Err(e) => debug!("the LED matrix is still missing: {}", hat::message(&e)),
            }
        }
        if self.stick.is_none() {
            match self.devices.stick() {
                Ok(stick) => {
                    info!("the joystick is back at {}", stick.describe());
                    self.stick = Some(stick);
                }
                Err(e) => debug!("the joystick is still missing: {}", hat::message(&e)),
            }
        }
        self.backoff.looked(self.events.now(), !self.missing());
    }

    fn sample(&mut self) -> Option<Event> {
        self.tilt.read()
    }

    fn readable(&mut self) {
        let stick = self.stick.as_mut().expect("polled only while open");
        match stick.read() {
            Ok(changes) => self.events.take(changes),
            Err(e) => {
                warn!("{}", gone("joystick", &stick.describe(), &e));
                self.stick = None;
                self.events.clear();
                self.backoff.lost(self.events.now());
            }
        }
    }
}

/// The game on the LED matrix: the loop's defaults, and the signal that ended it.
impl Backend for SenseHat {
    fn ended_by(&self) -> Option<i32> {
        self.shutdown.signal()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Event, Rgb};
    use sense_hat::mock::MockDevices;
    use sense_hat::{Direction, Gamma, Rotation};

    fn open(
        devices: &MockDevices,
        settings: HatSettings,
        at_start: StickAtStart,
    ) -> (SenseHat, std::os::unix::net::UnixStream) {
        let (shutdown, stop) = Shutdown::detached();
        let hat = SenseHat::open(Box::new(devices.clone()), settings, shutdown, at_start)
            .map_err(|e| e.to_string());
        (hat.unwrap(), stop)
    }

    #[test]
    fn a_refused_gamma_call_is_made_again_when_the_matrix_returns_but_warned_of_once() {
        let devices = MockDevices::new();
        devices.leds().refuse_gamma(true);
        let settings = HatSettings { low_light: true, ..HatSettings::default() };
        let (mut hat, _stop) = open(&devices, settings, StickAtStart::Required);
        assert_eq!(hat.gamma_warnings, 1, "a refusal at start is warned of");
        for _ in 0..3 {
            // The matrix went away and is found again.
            hat.leds = None;
            hat.reconnect();
            assert!(hat.leds.is_some());
        }
        assert_eq!(devices.leds().gammas_asked(), [Gamma::LOW_LIGHT; 4], "asked on every open");
        assert_eq!(hat.gamma_warnings, 1, "but warned of once");
    }

    #[test]
    fn a_matrix_lost_is_opened_again_after_the_back_off_turned_and_showing_the_last_frame() {
        let devices = MockDevices::new();
        let settings = HatSettings { rotation: Rotation::R90, brightness: 50, ..HatSettings::default() };
        let (mut hat, _stop) = open(&devices, settings.clone(), StickAtStart::Required);
        let mut lit = Frame::dark(8);
        lit.set(2, 3, Rgb(255, 255, 255));
        devices.set_leds_plugged(false);
        hat.show(&lit).unwrap();
        assert!(hat.leds.is_none(), "dropped after the error");
        devices.set_leds_plugged(true);
        let lost_at = hat.now();
        // Within the first back-off nothing is opened; after it the matrix is back.
        assert_eq!(hat.next(Some(lost_at + 100)).unwrap(), Next::Timeout);
        assert_eq!(devices.opened().0, 1);
        assert_eq!(hat.next(Some(lost_at + 400)).unwrap(), Next::Timeout);
        assert_eq!(devices.opened().0, 2, "opened again after 0.25 s");
        let last = devices.leds().history().pop().unwrap();
        assert_eq!((last.picture, last.rotation), (settings.picture(&lit), Rotation::R90));
    }

    #[test]
    fn a_stick_lost_is_opened_again_and_its_events_turned() {
        let devices = MockDevices::new();
        let settings = HatSettings { rotation: Rotation::R90, ..HatSettings::default() };
        let (mut hat, _stop) = open(&devices, settings, StickAtStart::Required);
        devices.set_stick_plugged(false);
        let now = hat.now();
        assert_eq!(hat.next(Some(now + 50)).unwrap(), Next::Timeout);
        assert!(hat.stick.is_none(), "the stick read its end: gone");
        devices.set_stick_plugged(true);
        assert_eq!(hat.next(Some(now + 400)).unwrap(), Next::Timeout);
        assert!(hat.stick.is_some(), "found again after 0.25 s");
        // Pushed up on a HAT turned a quarter: left, as the player sees it.
        devices.stick().press(Direction::Up).unwrap();
        assert_eq!(hat.next(None).unwrap(), Next::Event(Event::Left));
    }

    #[test]
    fn a_stick_that_may_wait_is_looked_for_while_the_matrix_shows() {
        let devices = MockDevices::new();
        devices.set_stick_plugged(false);
        let (shutdown, _stop) = Shutdown::detached();
        let settings = HatSettings::default();
        let required =
            SenseHat::open(Box::new(devices.clone()), settings.clone(), shutdown, StickAtStart::Required);
        assert!(required.is_err(), "required, it stops the game");
        let (mut hat, mut stop) = open(&devices, settings, StickAtStart::MayWait);
        let started = hat.now();
        assert!(hat.leds.is_some() && hat.stick.is_none());
        hat.show(&Frame::dark(8)).unwrap();
        assert_eq!(devices.leds().shown().len(), 1, "the board shows");
        assert_eq!(hat.next(Some(started + 400)).unwrap(), Next::Timeout);
        assert!(hat.stick.is_none(), "not there at the first look");
        devices.set_stick_plugged(true);
        assert_eq!(hat.next(Some(started + 700)).unwrap(), Next::Timeout);
        assert!(hat.stick.is_some(), "found at the second");
        devices.stick().press(Direction::Down).unwrap();
        assert_eq!(hat.next(None).unwrap(), Next::Event(Event::Down));
        use std::io::Write;
        stop.write_all(b"x").unwrap();
        assert_eq!(hat.next(None).unwrap(), Next::Quit);
    }
}
