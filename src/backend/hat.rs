//! What the two Sense HAT backends share: one set of settings, saying where
//! the HAT is by either path ([`super::sensehat`] through the kernel's
//! drivers, `super::i2c` through its chip) and how to draw on it, and the
//! game's frame as the HAT's picture. `play` fills the settings once from
//! the command line and the config file; `--backend auto` asks both paths
//! of the same settings which one finds the HAT.

use super::error::shown_path;
use crate::game::gesture::Timing;
use crate::game::{Frame, Rgb};
use sense_hat::compat;
use sense_hat::discover::Roots;
use sense_hat::i2c::devices::{DEFAULT_BUS, DEFAULT_LINE, Linux};
use sense_hat::i2c::error::Error as I2cError;
use sense_hat::rotation::Rotation;
use sense_hat::{DARK, Picture, SIDE};
use std::path::PathBuf;

/// The game's name where the system shows it beside the HAT: the GPIO
/// line's user, the modprobe file the advice names, the package in the
/// gamma note.
pub(crate) const PROGRAM: &str = "queens";

/// How to find and drive the HAT.
#[derive(Clone, Debug)]
pub struct HatSettings {
    /// Through the kernel's drivers: the LED matrix's framebuffer, instead
    /// of looking for it by name.
    pub framebuffer: Option<PathBuf>,
    /// Through the kernel's drivers: the joystick's event device, instead
    /// of looking for it by name.
    pub joystick: Option<PathBuf>,
    /// Where the kernel's devices are looked for by name.
    pub roots: Roots,
    /// Over I2C: the chip's bus.
    pub bus: PathBuf,
    /// Over I2C: the interrupt's chip; `None` finds the line named `GPIO23`.
    pub gpiochip: Option<PathBuf>,
    /// Over I2C: the interrupt's offset on `gpiochip`.
    pub line: u32,
    pub rotation: Rotation,
    /// Percent, applied in software.
    pub brightness: u8,
    /// The driver's low-light gamma table instead of its default one.
    pub low_light: bool,
    pub timing: Timing,
}

impl Default for HatSettings {
    fn default() -> Self {
        HatSettings {
            framebuffer: None,
            joystick: None,
            roots: Roots::default(),
            bus: PathBuf::from(DEFAULT_BUS),
            gpiochip: None,
            line: DEFAULT_LINE,
            rotation: Rotation::R0,
            brightness: 100,
            low_light: false,
            timing: Timing::default(),
        }
    }
}

impl HatSettings {
    /// The LED matrix's path: the one given, or the one found by name.
    pub(crate) fn led_matrix(&self) -> Option<PathBuf> {
        self.framebuffer.clone().or_else(|| self.roots.led_matrix())
    }

    /// The joystick's path: the one given, or the one found by name.
    pub(crate) fn joystick(&self) -> Option<PathBuf> {
        self.joystick.clone().or_else(|| self.roots.joystick())
    }

    /// Whether both kernel devices are there (what `--backend auto` asks).
    pub(crate) fn present(&self) -> bool {
        self.led_matrix().is_some_and(|p| p.exists()) && self.joystick().is_some_and(|p| p.exists())
    }

    /// Whether neither kernel device is there (when `--backend auto` tries
    /// the HAT over I2C).
    pub(crate) fn absent(&self) -> bool {
        !self.led_matrix().is_some_and(|p| p.exists()) && !self.joystick().is_some_and(|p| p.exists())
    }

    /// Where the HAT is over I2C.
    pub(crate) fn i2c(&self) -> Linux {
        Linux {
            bus: self.bus.clone(),
            gpiochip: self.gpiochip.clone(),
            line: self.line,
            program: PROGRAM.to_string(),
            guide: Some("docs/raspberry-pi.md, \"Without the kernel's drivers\"".to_string()),
        }
    }

    /// `frame` as the LEDs show it: its top-left 8x8, dimmed to the
    /// brightness in software.
    pub fn picture(&self, frame: &Frame) -> Picture {
        picture(frame, self.brightness)
    }
}

/// Why the LED driver refuses the gamma calls, when this is the armhf
/// build on a 64-bit kernel ([`compat::gamma_note`]).
pub(crate) fn gamma_note() -> Option<String> {
    compat::gamma_note(PROGRAM, &format!("{PROGRAM}_*_arm64.deb"))
}

/// An error of the HAT over I2C in the game's words: where the crate says
/// to name another bus or line, or to use the kernel's drivers, these name
/// the command line's options that do it.
pub(crate) fn i2c_message(e: &I2cError) -> String {
    match e {
        I2cError::Busy { bus, advice } => format!(
            "a kernel driver holds the Sense HAT at 0x46 on {}: use `--backend sensehat` (the framebuffer), or {advice}",
            shown_path(bus)
        ),
        I2cError::Open { bus, source } if !e.permission_denied() => format!(
            "cannot open the I2C bus {}: {source} (enable it with `dtparam=i2c_arm=on` in /boot/firmware/config.txt, \
             or name another with --i2c-bus)",
            shown_path(bus)
        ),
        I2cError::NoLine { name } => format!(
            "no GPIO line is named {name} (the joystick's interrupt); name it with --gpiochip and --gpio-line"
        ),
        _ => e.to_string(),
    }
}

/// `frame` as a Sense HAT picture (the kernel's LED matrix, the I2C chip's,
/// the emulator's): its top-left 8x8, each colour scaled to `brightness` percent.
pub(crate) fn picture(frame: &Frame, brightness: u8) -> Picture {
    let mut picture = DARK;
    let side = frame.side().min(SIDE);
    for (y, row) in picture.iter_mut().enumerate().take(side) {
        for (x, pixel) in row.iter_mut().enumerate().take(side) {
            let Rgb(r, g, b) = frame.get(x, y).scaled(brightness);
            *pixel = [r, g, b];
        }
    }
    picture
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_dimmed_to_the_brightness_and_cut_to_the_matrix() {
        let mut frame = Frame::dark(10);
        frame.set(1, 0, Rgb(255, 0, 0));
        frame.set(9, 9, Rgb(255, 255, 255));
        let settings = HatSettings { brightness: 50, ..HatSettings::default() };
        let picture = settings.picture(&frame);
        // Half of 255 is 127, which the LEDs take as 15 of 31 (GAMMA[15] lit).
        assert_eq!(picture[0][1], [127, 0, 0]);
        assert_eq!(picture.iter().flatten().filter(|p| **p != [0; 3]).count(), 1, "off the 8x8 is not shown");
        assert_eq!(HatSettings::default().picture(&frame)[0][1], [255, 0, 0], "full brightness");
    }

    #[test]
    fn the_i2c_errors_with_a_fix_name_the_options_that_make_it() {
        let bus = std::path::PathBuf::from("/dev/i2c-1");
        let busy = I2cError::Busy { bus: bus.clone(), advice: "unbind it first".into() };
        assert_eq!(
            i2c_message(&busy),
            "a kernel driver holds the Sense HAT at 0x46 on /dev/i2c-1: use `--backend sensehat` (the framebuffer), \
             or unbind it first"
        );
        let absent = I2cError::Open { bus: bus.clone(), source: std::io::ErrorKind::NotFound.into() };
        assert!(
            i2c_message(&absent).ends_with("or name another with --i2c-bus)"),
            "{}",
            i2c_message(&absent)
        );
        let line = I2cError::NoLine { name: "GPIO23" };
        assert!(
            i2c_message(&line).ends_with("name it with --gpiochip and --gpio-line"),
            "{}",
            i2c_message(&line)
        );
        // The rest are the crate's own words, the group advice among them.
        let denied = I2cError::Open { bus, source: std::io::Error::from_raw_os_error(libc::EACCES) };
        assert_eq!(i2c_message(&denied), denied.to_string());
        assert!(i2c_message(&denied).contains("sudo usermod -aG i2c $USER"));
    }
}
