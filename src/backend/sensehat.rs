//! The Sense HAT through the kernel's drivers: the LED matrix as a
//! framebuffer, the joystick as an evdev device.
//!
//! Both are found by name ([`discover`]), checked, and kept open. Between
//! events the backend is blocked in `poll(2)` on the joystick and the
//! shutdown signal's descriptor, with a timeout only when something is due
//! (an animation frame, a held key's repeat, a device to look for again).
//! A device that goes away is logged and looked for with back-off, and the
//! game goes on where it was when it returns.

use super::backoff::Backoff;
use super::error::{Error, shown_path};
use super::hat::{self, HatSettings};
use super::signals::Shutdown;
use super::stick::{self, KeyEvents, Reconnecting, Waiting};
use super::traits::{Backend, Display, Input, Next};
use crate::game::{Frame, Millis};
use log::{info, warn};
use sense_hat::devices::{Kernel, KernelDevices, LedMatrix};
use sense_hat::discover::{self, JOYSTICK_NAME, LED_NAME, Roots};
use sense_hat::error::{Device, Error as OpenFailure};
use sense_hat::framebuffer::Gamma;
use sense_hat::joystick::{Keys, Reading};
use std::os::fd::AsFd;

pub struct SenseHat<D: KernelDevices = Kernel> {
    options: HatSettings,
    screen: Option<D::Leds>,
    joystick: Option<D::Joystick>,
    shutdown: Shutdown,
    events: KeyEvents,
    /// The last frame asked for, shown again when the matrix returns.
    shown: Frame,
    backoff: Backoff,
    /// How a device is opened, at start and when it returns.
    devices: D,
    /// How many times a refused gamma reset has been warned of: it is asked
    /// again whenever the matrix returns, but said once.
    gamma_warnings: u32,
}

impl SenseHat {
    /// Opens both devices, or explains what is missing and how to fix it.
    pub(crate) fn open(options: HatSettings, shutdown: Shutdown) -> Result<SenseHat, OpenFailure> {
        SenseHat::open_with(Kernel, options, shutdown)
    }
}

impl<D: KernelDevices> SenseHat<D> {
    /// `SenseHat::open` on `devices`.
    pub fn open_with(
        devices: D,
        options: HatSettings,
        shutdown: Shutdown,
    ) -> Result<SenseHat<D>, OpenFailure> {
        let led = options.led_matrix().ok_or_else(|| missing_led(&options.roots))?;
        let stick = options.joystick().ok_or_else(|| missing_joystick(&options.roots))?;
        let screen = devices.led_matrix(&led)?;
        let joystick = devices.joystick(&stick)?;
        info!("LED matrix: {}; joystick: {}", shown_path(led), shown_path(stick));
        let mut hat = SenseHat {
            events: KeyEvents::new(options.timing, options.rotation),
            options,
            screen: Some(screen),
            joystick: Some(joystick),
            shutdown,
            shown: Frame::dark(Frame::LED_SIDE),
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
            match hat::gamma_note() {
                Some(why) => warn!("the LED driver refused {what} ({e}): {why}"),
                None => warn!("the LED driver refused {what} ({e}); colours follow its current table"),
            }
            self.gamma_warnings += 1;
        }
    }

    fn missing(&self) -> bool {
        self.screen.is_none() || self.joystick.is_none()
    }
}

impl<D: KernelDevices> Display for SenseHat<D> {
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
        self.shown = *frame;
        let Some(screen) = &self.screen else { return Ok(()) };
        if let Err(e) = screen.show(&self.options.picture(frame), self.options.rotation) {
            warn!("the LED matrix {} is gone ({e}); waiting for it", shown_path(screen.path()));
            self.screen = None;
            self.backoff.lost(self.events.now());
        }
        Ok(())
    }
}

impl<D: KernelDevices> Input for SenseHat<D> {
    fn now(&self) -> Millis {
        self.events.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.events.set_repeat(on);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        stick::next(self, deadline)
    }
}

impl<D: KernelDevices> Reconnecting for SenseHat<D> {
    fn waiting(&mut self) -> Waiting<'_> {
        Waiting {
            events: &mut self.events,
            shutdown: &self.shutdown,
            device: self.joystick.as_ref().map(|s| s.as_fd()),
            backoff: &self.backoff,
        }
    }

    /// Looks again for whatever device is missing.
    fn reconnect(&mut self) {
        if self.screen.is_none()
            && let Some(path) = self.options.led_matrix()
            && let Ok(screen) = self.devices.led_matrix(&path)
        {
            info!("the LED matrix is back at {}", shown_path(path));
            self.screen = Some(screen);
            self.reset_gamma();
            let frame = self.shown;
            let _ = self.show(&frame);
        }
        if self.joystick.is_none()
            && let Some(path) = self.options.joystick()
            && let Ok(joystick) = self.devices.joystick(&path)
        {
            info!("the joystick is back at {}", shown_path(path));
            self.joystick = Some(joystick);
        }
        self.backoff.looked(self.events.now(), !self.missing());
    }

    fn readable(&mut self) {
        let joystick = self.joystick.as_mut().expect("polled only while open");
        match joystick.read() {
            Reading::Changes(changes) => self.events.take(changes),
            Reading::Gone(e) => {
                warn!("the joystick {} is gone ({e}); waiting for it", shown_path(joystick.path()));
                self.joystick = None;
                self.events.clear();
                self.backoff.lost(self.events.now());
            }
        }
    }
}

/// The game on the LED matrix: the loop's defaults, and the signal that ended it.
impl<D: KernelDevices> Backend for SenseHat<D> {
    fn ended_by(&self) -> Option<i32> {
        self.shutdown.signal()
    }
}

fn listing(found: &[discover::Found]) -> String {
    if found.is_empty() {
        return "none".to_string();
    }
    found.iter().map(|f| format!("{} {:?}", shown_path(&f.path), f.name)).collect::<Vec<_>>().join(", ")
}

fn missing_led(roots: &Roots) -> OpenFailure {
    let explanation = format!(
        "no Sense HAT LED matrix: no framebuffer is named {LED_NAME:?} (found: {}). Is the HAT seated? \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --framebuffer",
        listing(&roots.framebuffers())
    );
    OpenFailure::NotFound { device: Device::LedMatrix, explanation }
}

fn missing_joystick(roots: &Roots) -> OpenFailure {
    let explanation = format!(
        "no Sense HAT joystick: no input device is named {JOYSTICK_NAME:?} (found: {}). \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot, or name the device with --joystick",
        listing(&roots.input_devices())
    );
    OpenFailure::NotFound { device: Device::Joystick, explanation }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sense_hat::Picture;
    use sense_hat::rotation::Rotation;
    use std::fs::File;
    use std::io;
    use std::os::fd::BorrowedFd;
    use std::path::Path;
    use std::sync::{Arc, Mutex};

    /// A matrix whose driver lacks the gamma call, and a joystick never read.
    #[derive(Clone, Default)]
    struct NoGammaCall {
        asked: Arc<Mutex<Vec<Gamma>>>,
    }

    struct Refusing(NoGammaCall, std::path::PathBuf);
    struct Idle(File, std::path::PathBuf);

    impl LedMatrix for Refusing {
        fn path(&self) -> &Path {
            &self.1
        }
        fn show(&self, _: &Picture, _: Rotation) -> io::Result<()> {
            Ok(())
        }
        fn reset_gamma(&self, gamma: Gamma) -> io::Result<()> {
            self.0.asked.lock().unwrap().push(gamma);
            Err(io::Error::from_raw_os_error(libc::ENOTTY))
        }
    }

    impl AsFd for Idle {
        fn as_fd(&self) -> BorrowedFd<'_> {
            self.0.as_fd()
        }
    }

    impl Keys for Idle {
        fn path(&self) -> &Path {
            &self.1
        }
        fn read(&mut self) -> Reading {
            Reading::Changes(vec![])
        }
    }

    impl KernelDevices for NoGammaCall {
        type Leds = Refusing;
        type Joystick = Idle;
        fn led_matrix(&self, path: &Path) -> Result<Refusing, OpenFailure> {
            Ok(Refusing(self.clone(), path.to_path_buf()))
        }
        fn joystick(&self, path: &Path) -> Result<Idle, OpenFailure> {
            Ok(Idle(File::open("/dev/null").unwrap(), path.to_path_buf()))
        }
    }

    #[test]
    fn a_refused_gamma_reset_is_asked_again_when_the_matrix_returns_but_warned_of_once() {
        let devices = NoGammaCall::default();
        let options = HatSettings {
            framebuffer: Some("/nonexistent/leds".into()),
            joystick: Some("/nonexistent/stick".into()),
            ..HatSettings::default()
        };
        let (shutdown, _stop) = Shutdown::detached();
        let mut hat =
            SenseHat::open_with(devices.clone(), options, shutdown).map_err(|e| e.to_string()).unwrap();
        assert_eq!(hat.gamma_warnings, 1, "a refusal at start is warned of");
        for _ in 0..3 {
            // The matrix went away and is found again.
            hat.screen = None;
            hat.reconnect();
            assert!(hat.screen.is_some());
        }
        assert_eq!(*devices.asked.lock().unwrap(), [Gamma::Default; 4], "asked on every open");
        assert_eq!(hat.gamma_warnings, 1, "but warned of once");
    }
}
