//! The HAT's parts through the kernel's drivers (the `kernel` feature):
//! the LED matrix's framebuffer and the joystick's input device, each at
//! the path given or found by its name ([`crate::discover`]) at every
//! open, since the numbers move when a driver is loaded again.

use crate::devices::Devices;
use crate::discover::{Found, JOYSTICK_NAME, LED_NAME, Roots};
use crate::error::{Device, Error, Result, shown_path};
use crate::leds::framebuffer::Framebuffer;
use crate::leds::matrix::LedMatrix;
use crate::stick::evdev::Joystick;
use crate::stick::events::Stick;
use log::info;
use std::path::PathBuf;

/// The kernel's framebuffer and input device, each refused unless it is
/// the matrix's shape or has the five keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelDevices {
    framebuffer: Option<PathBuf>,
    joystick: Option<PathBuf>,
    roots: Roots,
}

impl KernelDevices {
    /// Both found by name under `/sys` and `/dev`.
    pub fn new() -> KernelDevices {
        KernelDevices::default()
    }

    /// The LED matrix's framebuffer at `path` (`/dev/fb1`), not found by name.
    pub fn framebuffer(mut self, path: impl Into<PathBuf>) -> KernelDevices {
        self.framebuffer = Some(path.into());
        self
    }

    /// The joystick's event device at `path`, not found by name.
    pub fn joystick(mut self, path: impl Into<PathBuf>) -> KernelDevices {
        self.joystick = Some(path.into());
        self
    }

    /// Where devices are found by name (a test's tree instead of `/sys` and `/dev`).
    pub fn roots(mut self, roots: Roots) -> KernelDevices {
        self.roots = roots;
        self
    }

    /// The LED matrix's path: the one given, or the one found by name.
    pub fn led_matrix_path(&self) -> Option<PathBuf> {
        self.framebuffer.clone().or_else(|| self.roots.led_matrix())
    }

    /// The joystick's path: the one given, or the one found by name.
    pub fn joystick_path(&self) -> Option<PathBuf> {
        self.joystick.clone().or_else(|| self.roots.joystick())
    }

    /// Where devices are found by name.
    pub fn where_found(&self) -> &Roots {
        &self.roots
    }
}

/// `path "name", ...`, or `none`.
pub fn listing(found: &[Found]) -> String {
    if found.is_empty() {
        return "none".to_string();
    }
    found.iter().map(|f| format!("{} {:?}", shown_path(&f.path), f.name)).collect::<Vec<_>>().join(", ")
}

fn missing_led(roots: &Roots) -> Error {
    let explanation = format!(
        "no Sense HAT LED matrix: no framebuffer is named {LED_NAME:?} (found: {}). Is the HAT seated? \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot",
        listing(&roots.framebuffers())
    );
    Error::NotFound { device: Device::LedMatrix, explanation }
}

fn missing_joystick(roots: &Roots) -> Error {
    let explanation = format!(
        "no Sense HAT joystick: no input device is named {JOYSTICK_NAME:?} (found: {}). \
         Add `dtoverlay=rpi-sense` to /boot/firmware/config.txt and reboot",
        listing(&roots.input_devices())
    );
    Error::NotFound { device: Device::Joystick, explanation }
}

impl Devices for KernelDevices {
    fn describe(&self) -> String {
        "the kernel's drivers".to_string()
    }

    fn leds(&mut self) -> Result<Box<dyn LedMatrix>> {
        let path = self.led_matrix_path().ok_or_else(|| missing_led(&self.roots))?;
        let leds = Framebuffer::open(&path)?;
        info!("LED matrix: {}", shown_path(&path));
        Ok(Box::new(leds))
    }

    fn stick(&mut self) -> Result<Box<dyn Stick>> {
        let path = self.joystick_path().ok_or_else(|| missing_joystick(&self.roots))?;
        let stick = Joystick::open(&path)?;
        info!("joystick: {}", shown_path(&path));
        Ok(Box::new(stick))
    }
}

/// Whether both devices are there, at the paths given or by name (what
/// [`crate::lookup::Lookup::find`] asks first).
pub(crate) fn present(devices: &KernelDevices) -> bool {
    devices.led_matrix_path().is_some_and(|p| p.exists())
        && devices.joystick_path().is_some_and(|p| p.exists())
}

/// Whether neither is there (when the chip over I2C is tried).
pub(crate) fn absent(devices: &KernelDevices) -> bool {
    !devices.led_matrix_path().is_some_and(|p| p.exists())
        && !devices.joystick_path().is_some_and(|p| p.exists())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_device_says_what_was_found_and_how_to_set_the_hat_up() {
        let roots = Roots { sys: "/nonexistent".into(), dev: "/nonexistent".into() };
        let mut devices = KernelDevices::new().roots(roots);
        let err = devices.leds().map(drop).unwrap_err();
        assert_eq!(err.device(), Some(Device::LedMatrix));
        assert!(
            err.to_string().contains("\"RPi-Sense FB\" (found: none)")
                && err.to_string().contains("dtoverlay=rpi-sense"),
            "{err}"
        );
        let err = devices.stick().map(drop).unwrap_err();
        assert!(err.to_string().starts_with("no Sense HAT joystick"), "{err}");
        assert!(!present(&devices) && absent(&devices));
    }
}
