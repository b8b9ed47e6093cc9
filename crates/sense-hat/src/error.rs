//! The crate's one error type, by either path: callers branch on the kind
//! (a check that reports a missing group on [`Error::permission_denied`],
//! say), never on text. Each message is one line and says how to fix what
//! the user can fix: the group to join, the overlay to add, the driver to
//! unbind.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// How much of a path a message shows, in characters.
const SHOWN: usize = 80;

/// A path as this crate's messages show it: its first 80 characters (then
/// `...`), with control characters, blanks other than the space and the
/// invisible marks (zero-width, direction) written as Rust's escapes
/// (`\u{1b}`). A path given by mistake can be of any length and hold a
/// terminal's escapes: a message must be neither a line of 3,000
/// characters nor a recoloured terminal. The rule the `queens` program
/// quotes all its input by.
pub fn shown_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let hidden = |c: char| {
        c.is_control()
            || (c.is_whitespace() && c != ' ')
            || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
    };
    let mut out = String::with_capacity(text.len().min(4 * SHOWN));
    for (n, c) in text.chars().enumerate() {
        if n == SHOWN {
            out.push_str("...");
            break;
        }
        match hidden(c) {
            true => out.extend(c.escape_default()),
            false => out.push(c),
        }
    }
    out
}

/// What the crate's calls return.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Which part of the HAT an error is about.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Device {
    /// The LED matrix (its framebuffer, or the chip's frame registers).
    LedMatrix,
    /// The joystick (its input device, or the chip's key register).
    Joystick,
    /// The I2C bus the HAT's chip is on.
    I2cBus,
    /// The GPIO line the chip raises when a key changes.
    InterruptLine,
    /// The humidity and temperature sensor (HTS221).
    HumiditySensor,
    /// The pressure and temperature sensor (LPS25H).
    PressureSensor,
    /// The motion sensor: accelerometer, gyroscope, magnetometer (LSM9DS1).
    MotionSensor,
    /// The colour and brightness sensor (TCS3400 or TCS34725).
    ColourSensor,
}

impl Device {
    /// The group whose members may open the device on Raspberry Pi OS.
    pub fn group(self) -> &'static str {
        match self {
            Device::LedMatrix => "video",
            Device::Joystick => "input",
            Device::I2cBus => "i2c",
            Device::InterruptLine => "gpio",
            Device::HumiditySensor | Device::PressureSensor | Device::MotionSensor | Device::ColourSensor => {
                "i2c"
            }
        }
    }

    /// The device in words.
    pub fn noun(self) -> &'static str {
        match self {
            Device::LedMatrix => "LED matrix",
            Device::Joystick => "joystick",
            Device::I2cBus => "I2C bus",
            Device::InterruptLine => "joystick's interrupt line",
            Device::HumiditySensor => "humidity sensor",
            Device::PressureSensor => "pressure sensor",
            Device::MotionSensor => "motion sensor",
            Device::ColourSensor => "colour sensor",
        }
    }

    /// What the kernel's kind of device is called.
    fn kind(self) -> &'static str {
        match self {
            Device::LedMatrix => "a framebuffer device",
            Device::Joystick => "an input device",
            Device::I2cBus => "an I2C bus",
            Device::InterruptLine => "a GPIO chip",
            _ => "a sensor's file",
        }
    }
}

/// Why the HAT, or a part of it, cannot be used. One line each.
// The fields are what each variant's line says, by their names.
#[allow(missing_docs)]
#[non_exhaustive]
#[derive(Debug)]
pub enum Error {
    /// No device of the HAT's name (the message says what was found and
    /// how to set the HAT up).
    NotFound { device: Device, explanation: String },
    /// Opening the path failed.
    Open { device: Device, path: PathBuf, source: io::Error },
    /// The path is no character device (a regular file, a FIFO).
    NotCharDevice { device: Device, path: PathBuf },
    /// A character device that does not answer as a framebuffer or an
    /// input device does.
    NotThatDevice { device: Device, path: PathBuf, source: io::Error },
    /// A framebuffer, but not the LED matrix's shape or format.
    WrongShape { path: PathBuf, reason: String },
    /// An input device without the joystick's five keys.
    MissingKeys { path: PathBuf, name: Option<String> },
    /// The joystick could not be grabbed (another program holds it).
    Grab { path: PathBuf, source: io::Error },
    /// A device that was open failed (unplugged, its driver unloaded);
    /// `what` names it.
    Lost { device: Device, what: String, source: io::Error },
    /// The LED driver refused a gamma call (see `compat` for the
    /// one case where the reason is known).
    GammaRefused { what: String, source: io::Error },
    /// A kernel driver is bound to the chip's address; `advice` says how
    /// to free it.
    Busy { bus: PathBuf, advice: String },
    /// The chip on `bus` did not identify itself as the HAT's.
    NoHat { bus: PathBuf, cause: Box<Error> },
    /// The chip at the HAT's address is another chip.
    NotTheHat { id: u8 },
    /// A transfer failed; `what` names the register, `cause` is the bus's
    /// error as it describes itself.
    Transfer { what: String, cause: String },
    /// No GPIO line is named as the interrupt.
    NoLine { name: String },
    /// The interrupt line could not be requested.
    Line { what: String, source: io::Error },
    /// An image could not be read as a picture.
    Image { path: PathBuf, reason: String },
    /// No chip acknowledges at a sensor's address.
    NoChip { device: Device, chip: &'static str, address: u8 },
    /// The chip at a sensor's address answers another ID.
    WrongChip { device: Device, chip: &'static str, address: u8, id: u8, expected: u8 },
    /// A kernel driver holds a sensor's address and gives no IIO device
    /// to read it through.
    SensorBusy { device: Device, chip: &'static str, address: u8, bus: PathBuf, driver: Option<String> },
    /// A sensor had no reading ready in time.
    NotReady { device: Device, chip: &'static str },
    /// A sensor's file (an IIO attribute, the emulator's state) says
    /// something that is not a reading; `what` names it.
    BadReading { device: Device, what: String, reason: String },
}

impl Error {
    /// The device the error is about, where one is named.
    pub fn device(&self) -> Option<Device> {
        Some(match self {
            Error::NotFound { device, .. }
            | Error::Open { device, .. }
            | Error::NotCharDevice { device, .. }
            | Error::NotThatDevice { device, .. }
            | Error::Lost { device, .. } => *device,
            Error::WrongShape { .. } | Error::GammaRefused { .. } => Device::LedMatrix,
            Error::Image { .. } => return None,
            Error::MissingKeys { .. } | Error::Grab { .. } => Device::Joystick,
            Error::Busy { .. } | Error::NoHat { .. } | Error::NotTheHat { .. } | Error::Transfer { .. } => {
                Device::I2cBus
            }
            Error::NoLine { .. } | Error::Line { .. } => Device::InterruptLine,
            Error::NoChip { device, .. }
            | Error::WrongChip { device, .. }
            | Error::SensorBusy { device, .. }
            | Error::NotReady { device, .. }
            | Error::BadReading { device, .. } => *device,
        })
    }

    /// Whether the device file's permissions refused access (EACCES: the
    /// fix is a group membership).
    pub fn permission_denied(&self) -> bool {
        if let Error::NoHat { cause, .. } = self {
            return cause.permission_denied();
        }
        self.io_source().is_some_and(|source| {
            source.kind() == io::ErrorKind::PermissionDenied && source.raw_os_error() != Some(libc::EPERM)
        })
    }

    /// Whether a device policy refused access (EPERM from opening a device:
    /// systemd's `DevicePolicy=`/`DeviceAllow=`, a container's device
    /// cgroup), where no group membership helps.
    pub fn refused_by_device_policy(&self) -> bool {
        self.io_source().is_some_and(|source| source.raw_os_error() == Some(libc::EPERM))
    }

    /// The system's error underneath, where there is one.
    pub fn io_source(&self) -> Option<&io::Error> {
        match self {
            Error::Open { source, .. }
            | Error::NotThatDevice { source, .. }
            | Error::Grab { source, .. }
            | Error::Lost { source, .. }
            | Error::GammaRefused { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotFound { explanation, .. } => write!(f, "{explanation}")?,
            Error::Open { device, path, source } => {
                write!(f, "cannot open the {} {}: {source}", device.noun(), shown_path(path))?;
                if *device == Device::I2cBus && !self.permission_denied() && !self.refused_by_device_policy()
                {
                    // Enabling I2C makes a bus that is not there; a file that is there and
                    // will not open as one (ENOTTY: /dev/null) is the wrong file.
                    match source.kind() {
                        io::ErrorKind::NotFound => write!(
                            f,
                            " (enable it with `dtparam=i2c_arm=on` in /boot/firmware/config.txt, or name another bus)"
                        )?,
                        _ => write!(f, " (is it an I2C bus? name another bus)")?,
                    }
                }
            }
            Error::NotCharDevice { device, path } => {
                write!(f, "{} is not {} (it is not a character device)", shown_path(path), device.kind())?
            }
            Error::NotThatDevice { device, path, source } => {
                let kind = match device {
                    Device::LedMatrix => "a framebuffer",
                    _ => device.kind(),
                };
                write!(f, "{} is not {kind}: {source}", shown_path(path))?
            }
            Error::WrongShape { path, reason } => {
                write!(f, "{} is not the Sense HAT's LED matrix: {reason}", shown_path(path))?
            }
            Error::MissingKeys { path, name } => {
                write!(f, "{}", shown_path(path))?;
                if let Some(name) = name {
                    write!(f, " ({name:?})")?;
                }
                write!(f, " has not the joystick's five keys (up, down, left, right, enter)")?;
            }
            Error::Grab { path, source } => write!(
                f,
                "cannot grab the joystick {} (is another program using it?): {source}",
                shown_path(path)
            )?,
            Error::Lost { device, what, source } => {
                write!(f, "the {} {what} is gone ({source})", device.noun())?
            }
            Error::GammaRefused { what, source } => write!(f, "the LED driver refused {what} ({source})")?,
            Error::Busy { bus, advice } => write!(
                f,
                "a kernel driver holds the Sense HAT at 0x46 on {}: use the kernel's drivers (the framebuffer), or \
                 {advice}",
                shown_path(bus)
            )?,
            Error::NoHat { bus, cause } => write!(f, "no Sense HAT on {}: {cause}", shown_path(bus))?,
            Error::NotTheHat { id } => write!(
                f,
                "the chip at 0x46 answers 0x{id:02X} to \"who am I\", not 's' (0x73): it is not a Sense HAT"
            )?,
            Error::Transfer { what, cause } => write!(f, "{what} ({cause})")?,
            Error::NoLine { name } => write!(
                f,
                "no GPIO line is named {name} (the joystick's interrupt); name its chip and offset"
            )?,
            Error::Line { what, source } => {
                write!(f, "cannot watch the joystick's interrupt, {what}: {source}")?
            }
            Error::Image { path, reason } => write!(f, "cannot show {}: {reason}", shown_path(path))?,
            Error::NoChip { device: Device::ColourSensor, .. } => write!(
                f,
                "no colour sensor answers at 0x39 (TCS3400) or 0x29 (TCS34725): a Sense HAT v1 has none; on a v2, \
                 is I2C on (`dtparam=i2c_arm=on` in /boot/firmware/config.txt)?"
            )?,
            Error::NoChip { device, chip, address } => write!(
                f,
                "no {} ({chip}) answers at 0x{address:02X}: is the Sense HAT seated, with I2C on \
                 (`dtparam=i2c_arm=on` in /boot/firmware/config.txt)?",
                device.noun()
            )?,
            Error::WrongChip { device, chip, address, id, expected } => write!(
                f,
                "the chip at 0x{address:02X} answers 0x{id:02X} to \"who am I\", not the {chip}'s 0x{expected:02X}: \
                 it is not the Sense HAT's {} (another board on the bus at that address? take it off)",
                device.noun()
            )?,
            Error::SensorBusy { device, chip, address, bus, driver } => {
                let number = bus
                    .file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.strip_prefix("i2c-"))
                    .unwrap_or("1");
                let driver = driver.as_deref().unwrap_or("its driver");
                write!(
                    f,
                    "the kernel's {driver} holds the {} ({chip}) at 0x{address:02X} on {} but gives no IIO device: \
                     free it with `echo {number}-{address:04x} | sudo tee /sys/bus/i2c/drivers/{driver}/unbind`",
                    device.noun(),
                    shown_path(bus)
                )?
            }
            Error::NotReady { device, chip } => {
                write!(f, "the {} ({chip}) had no reading ready within a second", device.noun())?
            }
            Error::BadReading { device, what, reason } => {
                write!(f, "the {} {what}: {reason}", device.noun())?
            }
        }
        // NoHat's cause has said it already.
        if matches!(self, Error::NoHat { .. }) {
            return Ok(());
        }
        if self.permission_denied() {
            let group = self.device().map_or("video", Device::group);
            write!(
                f,
                "; add the user to the `{group}` group (sudo usermod -aG {group} $USER) and log in again"
            )?;
        } else if self.refused_by_device_policy() {
            write!(
                f,
                "; a device policy refused it, not the file's permissions (a systemd unit's DeviceAllow=, or a container's devices)"
            )?;
        }
        Ok(())
    }
}

// The message includes its cause, so `source` is left empty: a chain
// printed whole would say it twice.
impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_cut_to_80_characters_and_its_escapes_shown() {
        let long = Path::new("/dev/").join("é".repeat(3000));
        assert_eq!(shown_path(&long), format!("/dev/{}...", "é".repeat(75)));
        assert_eq!(shown_path(Path::new("a\u{1b}[31mRED\n")), "a\\u{1b}[31mRED\\n");
        assert_eq!(shown_path(Path::new("/dev/fb\u{202e}1 x")), "/dev/fb\\u{202e}1 x");
        // Every variant that names a path, by either path to the HAT.
        let path = || PathBuf::from("\u{1b}[2J".repeat(1000));
        let absent = || io::Error::from(io::ErrorKind::NotFound);
        for error in [
            Error::Open { device: Device::Joystick, path: path(), source: absent() },
            Error::Open { device: Device::I2cBus, path: path(), source: absent() },
            Error::NotCharDevice { device: Device::LedMatrix, path: path() },
            Error::Busy { bus: path(), advice: "unbind it".into() },
            Error::NoHat { bus: path(), cause: Box::new(Error::NotTheHat { id: 0x6A }) },
            Error::Image { path: path(), reason: "not a PNG".into() },
        ] {
            let message = error.to_string();
            assert!(!message.contains('\u{1b}') && message.chars().count() < 400, "{message}");
        }
    }

    #[test]
    fn a_permission_error_names_the_group_and_no_other_error_does() {
        let denied = Error::Open {
            device: Device::Joystick,
            path: "/dev/input/event0".into(),
            source: io::Error::from(io::ErrorKind::PermissionDenied),
        };
        assert!(denied.permission_denied());
        assert!(denied.to_string().contains("sudo usermod -aG input $USER"), "{denied}");
        let denied = Error::Open {
            device: Device::LedMatrix,
            path: "/dev/fb1".into(),
            source: io::Error::from_raw_os_error(libc::EACCES),
        };
        assert!(denied.to_string().contains("`video` group"), "{denied}");
        // EPERM is a device policy (a unit's DeviceAllow=): no group would help.
        let policy = Error::Open {
            device: Device::Joystick,
            path: "/dev/input/event0".into(),
            source: io::Error::from_raw_os_error(libc::EPERM),
        };
        assert!(!policy.permission_denied() && policy.refused_by_device_policy());
        assert!(!policy.to_string().contains("usermod"), "{policy}");
        assert!(policy.to_string().contains("DeviceAllow="), "{policy}");
        // A path that merely reads like the message is no permission error.
        let named = Error::NotCharDevice { device: Device::Joystick, path: "/tmp/Permission denied".into() };
        assert!(!named.permission_denied());
        assert!(!named.to_string().contains("usermod"), "{named}");
        assert_eq!(
            named.to_string(),
            "/tmp/Permission denied is not an input device (it is not a character device)"
        );
    }

    #[test]
    fn the_bus_gets_the_i2c_group_or_the_way_to_enable_it_by_the_kind_not_the_text() {
        let bus = |path: &str, source| Error::Open { device: Device::I2cBus, path: path.into(), source };
        let denied = bus("/dev/i2c-1", io::Error::from_raw_os_error(libc::EACCES));
        assert!(denied.permission_denied());
        assert!(denied.to_string().contains("sudo usermod -aG i2c $USER"), "{denied}");
        assert!(!denied.to_string().contains("dtparam"), "{denied}");
        let absent = bus("/tmp/Permission denied", io::ErrorKind::NotFound.into());
        assert!(!absent.permission_denied());
        assert!(absent.to_string().contains("dtparam=i2c_arm=on") && !absent.to_string().contains("usermod"));
        let not_a_bus = bus("/dev/null", io::Error::from_raw_os_error(libc::ENOTTY));
        assert!(!not_a_bus.to_string().contains("dtparam"), "{not_a_bus}");
        assert!(not_a_bus.to_string().contains("name another bus"), "{not_a_bus}");
        let other = Error::NoHat { bus: "/dev/i2c-1".into(), cause: Box::new(Error::NotTheHat { id: 0x6A }) };
        assert_eq!(
            other.to_string(),
            "no Sense HAT on /dev/i2c-1: the chip at 0x46 answers 0x6A to \"who am I\", not 's' (0x73): it is not a \
             Sense HAT"
        );
        let nested = Error::NoHat { bus: "/dev/i2c-1".into(), cause: Box::new(denied) };
        assert!(nested.permission_denied());
        assert_eq!(nested.to_string().matches("usermod").count(), 1, "{nested}");
    }
}
