//! The Sense HAT's settings, by either path ([`super::sensehat`] drives it
//! through the `sense-hat` crate's traits): where the crate looks for it
//! (a [`Lookup`], whose rule `--backend auto` follows) and how the game
//! draws on it; the game's frame as the HAT's picture; the crate's errors
//! in the game's words, naming the options that fix them. `play` and
//! `doctor` fill the settings from the same options (`cli/hat_args.rs`).

use super::error::shown_path;
use crate::game::gesture::Timing;
use crate::game::{Frame, Rgb};
use sense_hat::compat;
use sense_hat::{DARK, Device, Error, Lookup, Picture, Rotation, SIDE};

/// The game's name where the system shows it beside the HAT: the GPIO
/// line's user, the modprobe file the advice names, the package in the
/// gamma note.
pub(crate) const PROGRAM: &str = "queens";

/// Where a user reads how to free the chip from a kernel driver, said when
/// the driver holding it cannot be told.
const GUIDE: &str = "docs/raspberry-pi.md, \"Without the kernel's drivers\"";

/// How to find and drive the HAT.
#[derive(Clone, Debug)]
pub struct HatSettings {
    /// Where the HAT is looked for, by either path.
    pub lookup: Lookup,
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
            lookup: lookup(),
            rotation: Rotation::R0,
            brightness: 100,
            low_light: false,
            timing: Timing::default(),
        }
    }
}

/// Where a Pi has the HAT, with the game's name and guide for the advice.
pub fn lookup() -> Lookup {
    Lookup::new().program(PROGRAM).guide(GUIDE)
}

impl HatSettings {
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

/// Whether the device tree under `sys` (/sys, or a test's) names a Raspberry Pi: only there
/// does a fix in /boot/firmware/config.txt apply.
pub(crate) fn raspberry_pi(sys: &std::path::Path) -> bool {
    std::fs::read(sys.join("firmware/devicetree/base/model"))
        .is_ok_and(|model| String::from_utf8_lossy(&model).contains("Raspberry Pi"))
}

/// An error of the HAT in the game's words: where the crate says to name
/// another device, bus or line, or to use the kernel's drivers, these name
/// the command line's options that do it.
pub(crate) fn message(e: &Error) -> String {
    message_on(e, std::path::Path::new("/sys"))
}

/// [`message`], on the machine whose /sys is at `sys` (doctor's `--sysfs-root`): a fix in the
/// Pi's firmware is given only where its device tree names a Pi.
pub(crate) fn message_on(e: &Error, sys: &std::path::Path) -> String {
    match e {
        Error::NotFound { device: Device::LedMatrix, .. } => {
            format!("{e}, or name the device with --framebuffer")
        }
        Error::NotFound { device: Device::Joystick, .. } => {
            format!("{e}, or name the device with --joystick")
        }
        Error::Busy { bus, advice } => format!(
            "a kernel driver holds the Sense HAT at 0x46 on {}: use `--backend sensehat` (the framebuffer), or {advice}",
            shown_path(bus)
        ),
        Error::Open { device: Device::I2cBus, path, source }
            if !e.permission_denied() && !e.refused_by_device_policy() =>
        {
            // Enabling I2C is the fix only for a bus that is not there, and only on a Pi (a
            // stranger's find: /dev/null, no I2C bus, was sent to config.txt on a desktop).
            let absent = source.kind() == std::io::ErrorKind::NotFound;
            let fix = match absent && raspberry_pi(sys) {
                true => {
                    "enable it with `dtparam=i2c_arm=on` in /boot/firmware/config.txt, or name another with --i2c-bus"
                }
                false => "name the Sense HAT's bus with --i2c-bus",
            };
            format!("cannot open the I2C bus {}: {source} ({fix})", shown_path(path))
        }
        Error::NoLine { name } => format!(
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
    use std::path::PathBuf;

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
    fn the_errors_with_a_fix_name_the_options_that_make_it() {
        let bus = PathBuf::from("/dev/i2c-1");
        let busy = Error::Busy { bus: bus.clone(), advice: "unbind it first".into() };
        assert_eq!(
            message(&busy),
            "a kernel driver holds the Sense HAT at 0x46 on /dev/i2c-1: use `--backend sensehat` (the framebuffer), \
             or unbind it first"
        );
        let absent = Error::Open {
            device: Device::I2cBus,
            path: bus.clone(),
            source: std::io::ErrorKind::NotFound.into(),
        };
        // The firmware's fix on a Pi, and only there.
        let pi = std::env::temp_dir().join(format!("queens-hat-message-{}", std::process::id()));
        std::fs::create_dir_all(pi.join("firmware/devicetree/base")).unwrap();
        std::fs::write(pi.join("firmware/devicetree/base/model"), "Raspberry Pi Zero 2 W Rev 1.0\0").unwrap();
        let on_pi = message_on(&absent, &pi);
        assert!(
            on_pi.contains("dtparam=i2c_arm=on") && on_pi.ends_with("or name another with --i2c-bus)"),
            "{on_pi}"
        );
        let elsewhere = message_on(&absent, &pi.join("firmware"));
        assert!(elsewhere.ends_with("(name the Sense HAT's bus with --i2c-bus)"), "{elsewhere}");
        std::fs::remove_dir_all(&pi).unwrap();
        let line = Error::NoLine { name: "GPIO23".into() };
        assert!(message(&line).ends_with("name it with --gpiochip and --gpio-line"), "{}", message(&line));
        let missing =
            Error::NotFound { device: Device::Joystick, explanation: "no Sense HAT joystick".into() };
        assert_eq!(message(&missing), "no Sense HAT joystick, or name the device with --joystick");
        // The rest are the crate's own words, the group advice among them.
        let denied = Error::Open {
            device: Device::I2cBus,
            path: bus,
            source: std::io::Error::from_raw_os_error(libc::EACCES),
        };
        assert_eq!(message(&denied), denied.to_string());
        assert!(message(&denied).contains("sudo usermod -aG i2c $USER"));
    }
}
