//! The Sense HAT through the kernel's drivers: the LED matrix as a
//! framebuffer, the joystick as an evdev device.
//!
//! Both are found by name ([`discover`]), checked, and kept open. Between
//! events the backend is blocked in `poll(2)` on the joystick and the
//! shutdown signal's descriptor, with a timeout only when something is due
//! (an animation frame, a held key's repeat, a device to look for again).
//! A device that goes away is logged and looked for with back-off, and the
//! game goes on where it was when it returns.

pub mod compat;
pub mod discover;
pub mod error;
pub mod framebuffer;
pub mod joystick;
pub mod record;
/// The backend's `unsafe`: the framebuffer's ioctls and the kernel's
/// structs (public for the VM test's driver, which sets a mode).
#[doc(hidden)]
#[allow(unsafe_code)]
pub mod sys;
#[doc(hidden)]
pub mod testing;

use super::backoff::Backoff;
use super::gesture::Timing;
use super::rotation::Rotation;
use super::stick::{Stick, Woke};
use super::{Display, Input, Next};
use crate::daemon::signals::Shutdown;
use crate::game::{Frame, Millis};
use discover::{JOYSTICK_NAME, LED_NAME, Roots};
pub use error::Error;
use framebuffer::{Framebuffer, Gamma};
use joystick::{Joystick, Keys, Reading};
use log::{info, warn};
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

    /// Whether neither device is there (when `--backend auto` tries the
    /// HAT over I2C).
    pub fn absent(&self) -> bool {
        !self.led_matrix().is_some_and(|p| p.exists()) && !self.joystick().is_some_and(|p| p.exists())
    }
}

pub struct SenseHat {
    options: Options,
    screen: Option<Framebuffer>,
    stick: Option<Box<dyn Keys>>,
    shutdown: Shutdown,
    keys: Stick,
    /// The last frame asked for, shown again when the matrix returns.
    shown: Frame,
    backoff: Backoff,
    /// How a device is opened, at start and when it returns.
    devices: Devices,
    /// How many times a refused gamma reset has been warned of: it is asked
    /// again whenever the matrix returns, but said once.
    gamma_warnings: u32,
}

/// The kernel's devices, checked; or the tests' stand-ins.
enum Devices {
    Kernel,
    StandIns(testing::StandIns),
}

impl Devices {
    fn open_screen(&self, path: &std::path::Path) -> Result<Framebuffer, Error> {
        match self {
            Devices::Kernel => Framebuffer::open(path),
            Devices::StandIns(stand_ins) => stand_ins.framebuffer(path),
        }
    }

    fn open_stick(&self, path: &std::path::Path) -> Result<Box<dyn Keys>, Error> {
        match self {
            Devices::Kernel => Ok(Box::new(Joystick::open(path)?)),
            Devices::StandIns(stand_ins) => stand_ins.joystick(path),
        }
    }
}

impl SenseHat {
    /// Opens both devices, or explains what is missing and how to fix it.
    pub fn open(options: Options, shutdown: Shutdown) -> Result<SenseHat, Error> {
        SenseHat::open_with(options, shutdown, Devices::Kernel)
    }

    fn open_with(options: Options, shutdown: Shutdown, devices: Devices) -> Result<SenseHat, Error> {
        let led = options.led_matrix().ok_or_else(|| missing_led(&options.roots))?;
        let stick = options.joystick().ok_or_else(|| missing_joystick(&options.roots))?;
        let screen = devices.open_screen(&led)?;
        let joystick = devices.open_stick(&stick)?;
        info!("LED matrix: {}; joystick: {}", led.display(), stick.display());
        let mut hat = SenseHat {
            keys: Stick::new(options.timing, options.rotation),
            options,
            screen: Some(screen),
            stick: Some(joystick),
            shutdown,
            shown: Frame::dark(framebuffer::SIDE),
            backoff: Backoff::default(),
            devices,
            gamma_warnings: 0,
        };
        hat.reset_gamma();
        Ok(hat)
    }

    /// Sets the driver's gamma table to the configured one: the driver keeps
    /// whatever table the last program left, low light or custom. A refusal
    /// is warned of once, with the reason where it is known ([`compat`]).
    fn reset_gamma(&mut self) {
        let Some(screen) = &self.screen else { return };
        let gamma = if self.options.low_light { Gamma::LowLight } else { Gamma::Default };
        if let Err(e) = screen.reset_gamma(gamma)
            && self.gamma_warnings == 0
        {
            let what = if self.options.low_light { "low-light mode" } else { "a gamma reset" };
            match compat::gamma_note() {
                Some(why) => warn!("the LED driver refused {what} ({e}): {why}"),
                None => warn!("the LED driver refused {what} ({e}); colours follow its current table"),
            }
            self.gamma_warnings += 1;
        }
    }

    fn missing(&self) -> bool {
        self.screen.is_none() || self.stick.is_none()
    }

    /// Looks again for whatever device is missing.
    fn reconnect(&mut self) {
        if self.screen.is_none()
            && let Some(path) = self.options.led_matrix()
            && let Ok(screen) = self.devices.open_screen(&path)
        {
            info!("the LED matrix is back at {}", path.display());
            self.screen = Some(screen);
            self.reset_gamma();
            let frame = self.shown;
            let _ = self.show(&frame);
        }
        if self.stick.is_none()
            && let Some(path) = self.options.joystick()
            && let Ok(stick) = self.devices.open_stick(&path)
        {
            info!("the joystick is back at {}", path.display());
            self.stick = Some(stick);
        }
        self.backoff.looked(self.keys.now(), !self.missing());
    }
}

impl Display for SenseHat {
    fn show(&mut self, frame: &Frame) -> Result<(), super::Error> {
        self.shown = *frame;
        let Some(screen) = &self.screen else { return Ok(()) };
        if let Err(e) = screen.show(frame, self.options.rotation, self.options.brightness) {
            warn!("the LED matrix {} is gone ({e}); waiting for it", screen.path().display());
            self.screen = None;
            self.backoff.lost(self.keys.now());
        }
        Ok(())
    }
}

impl Input for SenseHat {
    fn now(&self) -> Millis {
        self.keys.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.keys.set_repeat(on);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, super::Error> {
        loop {
            let device = self.stick.as_ref().map(|s| s.as_fd());
            match self.keys.wait(deadline, &self.shutdown, device, self.backoff.deadline())? {
                Woke::Next(next) => return Ok(next),
                Woke::Tick if self.backoff.due(self.keys.now()) => self.reconnect(),
                Woke::Tick => {}
                Woke::Device => {
                    let stick = self.stick.as_mut().expect("polled only while open");
                    match stick.read() {
                        Reading::Changes(changes) => self.keys.take(changes),
                        Reading::Gone(e) => {
                            warn!("the joystick {} is gone ({e}); waiting for it", stick.path().display());
                            self.stick = None;
                            self.keys.clear();
                            self.backoff.lost(self.keys.now());
                        }
                    }
                }
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

fn missing_led(roots: &Roots) -> Error {
    let explanation = format!(
        "no Sense HAT LED matrix: no framebuffer is named {LED_NAME:?} (found: {}). Is the HAT seated? \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --framebuffer",
        listing(&roots.framebuffers())
    );
    Error::NotFound { device: error::Device::LedMatrix, explanation }
}

fn missing_joystick(roots: &Roots) -> Error {
    let explanation = format!(
        "no Sense HAT joystick: no input device is named {JOYSTICK_NAME:?} (found: {}). \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --joystick",
        listing(&roots.input_devices())
    );
    Error::NotFound { device: error::Device::Joystick, explanation }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_gamma_reset_is_asked_again_when_the_matrix_returns_but_warned_of_once() {
        let dir = std::env::temp_dir().join(format!("queens-gamma-once-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (leds, stick) = (dir.join("leds"), dir.join("stick"));
        std::fs::write(&leds, [0u8; 128]).unwrap();
        std::fs::write(&stick, []).unwrap();
        let stand_ins = testing::StandIns::new();
        stand_ins.refuse_gamma();
        let options = Options { framebuffer: Some(leds), joystick: Some(stick), ..Options::default() };
        let (shutdown, _stop) = Shutdown::detached();
        let mut hat = stand_ins.open(options, shutdown).map_err(|e| e.to_string()).unwrap();
        assert_eq!(hat.gamma_warnings, 1, "a refusal at start is warned of");
        for _ in 0..3 {
            // The matrix went away and is found again.
            hat.screen = None;
            hat.reconnect();
            assert!(hat.screen.is_some());
        }
        assert_eq!(stand_ins.gamma_asked(), [Gamma::Default; 4], "asked on every open");
        assert_eq!(hat.gamma_warnings, 1, "but warned of once");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
