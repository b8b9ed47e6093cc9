//! The Sense HAT through the kernel's drivers: the LED matrix as a
//! framebuffer, the joystick as an evdev device.
//!
//! Both are found by name ([`discover`]), checked, and kept open. Between
//! events the backend is blocked in `poll(2)` on the joystick and the
//! shutdown signal's descriptor, with a timeout only when something is due
//! (an animation frame, a held key's repeat, a device to look for again).
//! A device that goes away is logged and looked for with back-off, and the
//! game goes on where it was when it returns.

pub mod discover;
pub mod framebuffer;
pub mod joystick;

use super::clock::MonotonicClock;
use super::gesture::{Gestures, Timing};
use super::rotation::Rotation;
use super::{Display, Input, Next, wait};
use crate::daemon::log::{debug, info, warning};
use crate::daemon::signals::Shutdown;
use crate::game::{Event, Frame, Millis};
use discover::{JOYSTICK_NAME, LED_NAME, Roots};
use framebuffer::Framebuffer;
use joystick::{Change, Joystick, Reading};
use std::collections::VecDeque;
use std::io;
use std::os::fd::AsFd;
use std::path::PathBuf;

/// How to find and drive the HAT.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The LED matrix's device, instead of looking for it by name.
    pub framebuffer: Option<PathBuf>,
    /// The joystick's device, instead of looking for it by name.
    pub joystick: Option<PathBuf>,
    pub roots: Roots,
    pub rotation: Rotation,
    /// Percent, applied in software.
    pub brightness: u8,
    pub low_light: bool,
    pub timing: Timing,
}

impl Options {
    /// The LED matrix's path: the one given, or the one found by name.
    pub fn led_matrix(&self) -> Option<PathBuf> {
        self.framebuffer.clone().or_else(|| self.roots.led_matrix())
    }

    /// The joystick's path: the one given, or the one found by name.
    pub fn joystick(&self) -> Option<PathBuf> {
        self.joystick.clone().or_else(|| self.roots.joystick())
    }

    /// Whether both devices are there (what `--backend auto` asks).
    pub fn present(&self) -> bool {
        self.led_matrix().is_some_and(|p| p.exists()) && self.joystick().is_some_and(|p| p.exists())
    }
}

/// Waiting for a vanished device: first a quarter second, doubling to
/// eight seconds, so a device that never returns costs a wake-up every
/// eight seconds and one that comes straight back is found at once.
const FIRST_RETRY: Millis = 250;
const LONGEST_RETRY: Millis = 8000;

pub struct SenseHat {
    options: Options,
    screen: Option<Framebuffer>,
    stick: Option<Joystick>,
    shutdown: Shutdown,
    clock: MonotonicClock,
    gestures: Gestures,
    pending: VecDeque<Event>,
    /// The last frame asked for, shown again when the matrix returns.
    shown: Frame,
    /// When to look again for a missing device, and the wait after that.
    retry_at: Millis,
    backoff: Millis,
}

impl SenseHat {
    /// Opens both devices, or explains what is missing and how to fix it.
    pub fn open(options: Options, shutdown: Shutdown) -> anyhow::Result<SenseHat> {
        let led = options.led_matrix().ok_or_else(|| anyhow::anyhow!(missing_led(&options.roots)))?;
        let stick = options.joystick().ok_or_else(|| anyhow::anyhow!(missing_joystick(&options.roots)))?;
        let screen = Framebuffer::open(&led).map_err(|e| with_fix(e, "video"))?;
        let joystick = Joystick::open(&stick).map_err(|e| with_fix(e, "input"))?;
        info!("LED matrix: {}; joystick: {}", led.display(), stick.display());
        let hat = SenseHat {
            gestures: Gestures::new(options.timing),
            options,
            screen: Some(screen),
            stick: Some(joystick),
            shutdown,
            clock: MonotonicClock::default(),
            pending: VecDeque::new(),
            shown: Frame::dark(framebuffer::SIDE),
            retry_at: 0,
            backoff: FIRST_RETRY,
        };
        hat.apply_low_light();
        Ok(hat)
    }

    fn apply_low_light(&self) {
        if let (true, Some(screen)) = (self.options.low_light, &self.screen)
            && let Err(e) = screen.set_low_light(true)
        {
            warning!("the LED driver refused low-light mode ({e}); brightness is set in software only");
        }
    }

    fn missing(&self) -> bool {
        self.screen.is_none() || self.stick.is_none()
    }

    fn lost(&mut self) {
        self.retry_at = self.clock.now() + self.backoff;
    }

    /// Looks again for whatever device is missing.
    fn reconnect(&mut self) {
        if self.screen.is_none()
            && let Some(path) = self.options.led_matrix()
            && let Ok(screen) = Framebuffer::open(&path)
        {
            info!("the LED matrix is back at {}", path.display());
            self.screen = Some(screen);
            self.apply_low_light();
            let frame = self.shown;
            let _ = self.show(&frame);
        }
        if self.stick.is_none()
            && let Some(path) = self.options.joystick()
            && let Ok(stick) = Joystick::open(&path)
        {
            info!("the joystick is back at {}", path.display());
            self.stick = Some(stick);
        }
        if self.missing() {
            self.retry_at = self.clock.now() + self.backoff;
            self.backoff = (self.backoff * 2).min(LONGEST_RETRY);
        } else {
            self.backoff = FIRST_RETRY;
        }
    }

    /// Turns what the joystick said into game events.
    fn take(&mut self, changes: Vec<Change>) {
        let now = self.clock.now();
        for change in changes {
            debug!("joystick: {change:?}");
            let (key, down) = match change {
                Change::Down(key) => (key, true),
                Change::Up(key) => (key, false),
            };
            let event = self.gestures.key(self.options.rotation.key(key), down, now);
            self.pending.extend(event);
        }
    }
}

impl Display for SenseHat {
    fn show(&mut self, frame: &Frame) -> anyhow::Result<()> {
        self.shown = *frame;
        let Some(screen) = &self.screen else { return Ok(()) };
        if let Err(e) = screen.show(frame, self.options.rotation, self.options.brightness) {
            warning!("the LED matrix {} is gone ({e}); waiting for it", screen.path().display());
            self.screen = None;
            self.lost();
        }
        Ok(())
    }
}

impl Input for SenseHat {
    fn now(&self) -> Millis {
        self.clock.now()
    }

    fn next(&mut self, deadline: Option<Millis>) -> anyhow::Result<Next> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Ok(Next::Event(event));
            }
            let now = self.clock.now();
            if let Some(event) = self.gestures.expire(now) {
                return Ok(Next::Event(event));
            }
            if deadline.is_some_and(|d| now >= d) {
                return Ok(Next::Timeout);
            }
            if self.missing() && now >= self.retry_at {
                self.reconnect();
            }
            let retry = self.missing().then_some(self.retry_at);
            let wake = [deadline, self.gestures.deadline(), retry].into_iter().flatten().min();
            let woke = match &self.stick {
                Some(stick) => wait::readable(&[self.shutdown.fd(), stick.as_fd()], self.clock.until(wake))?,
                None => wait::readable(&[self.shutdown.fd()], self.clock.until(wake))?,
            };
            match woke {
                Some(0) => return Ok(Next::Quit),
                Some(_) => {
                    let stick = self.stick.as_mut().expect("polled only while open");
                    match stick.read() {
                        Reading::Changes(changes) => self.take(changes),
                        Reading::Gone(e) => {
                            warning!("the joystick {} is gone ({e}); waiting for it", stick.path().display());
                            self.stick = None;
                            self.gestures.clear();
                            self.lost();
                        }
                    }
                }
                None => {}
            }
        }
    }
}

fn listing(found: &[discover::Found]) -> String {
    if found.is_empty() {
        return "none".to_string();
    }
    found.iter().map(|f| format!("{} {:?}", f.path.display(), f.name)).collect::<Vec<_>>().join(", ")
}

fn missing_led(roots: &Roots) -> String {
    format!(
        "no Sense HAT LED matrix: no framebuffer is named {LED_NAME:?} (found: {}). Is the HAT seated? \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --framebuffer",
        listing(&roots.framebuffers())
    )
}

fn missing_joystick(roots: &Roots) -> String {
    format!(
        "no Sense HAT joystick: no input device is named {JOYSTICK_NAME:?} (found: {}). \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --joystick",
        listing(&roots.input_devices())
    )
}

/// Adds the usual fix to a permission error.
fn with_fix(e: anyhow::Error, group: &str) -> anyhow::Error {
    let denied = e
        .chain()
        .any(|c| c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::PermissionDenied));
    if denied {
        e.context(format!(
            "permission denied: add the user to the `{group}` group (sudo usermod -aG {group} $USER) and log in again"
        ))
    } else {
        e
    }
}
