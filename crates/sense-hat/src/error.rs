//! What can go wrong opening the HAT's devices, as a type: callers branch
//! on the kind (a check that reports a missing group on
//! [`Error::permission_denied`], say), never on text.

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

/// Which of the HAT's two devices an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    /// The LED matrix's framebuffer.
    LedMatrix,
    /// The joystick's input device.
    Joystick,
}

impl Device {
    /// The group whose members may open the device on Raspberry Pi OS.
    pub fn group(self) -> &'static str {
        match self {
            Device::LedMatrix => "video",
            Device::Joystick => "input",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Device::LedMatrix => "LED matrix",
            Device::Joystick => "joystick",
        }
    }

    /// What the kernel's kind of device is called.
    fn kind(self) -> &'static str {
        match self {
            Device::LedMatrix => "a framebuffer",
            Device::Joystick => "an input device",
        }
    }
}

/// Why a device cannot be used. Each message is one line and, for a
/// permission error, says how to get the permission.
// The fields are what each variant's line says, by their names.
#[allow(missing_docs)]
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
}

impl Error {
    /// The device the error is about.
    pub fn device(&self) -> Device {
        match self {
            Error::NotFound { device, .. }
            | Error::Open { device, .. }
            | Error::NotCharDevice { device, .. }
            | Error::NotThatDevice { device, .. } => *device,
            Error::WrongShape { .. } => Device::LedMatrix,
            Error::MissingKeys { .. } | Error::Grab { .. } => Device::Joystick,
        }
    }

    /// Whether the device file's permissions refused access (EACCES: the
    /// fix is a group membership).
    pub fn permission_denied(&self) -> bool {
        self.source().is_some_and(|source| {
            source.kind() == io::ErrorKind::PermissionDenied && source.raw_os_error() != Some(libc::EPERM)
        })
    }

    /// Whether a device policy refused access (EPERM from opening a device:
    /// systemd's `DevicePolicy=`/`DeviceAllow=`, a container's device
    /// cgroup), where no group membership helps.
    pub fn refused_by_device_policy(&self) -> bool {
        self.source().is_some_and(|source| source.raw_os_error() == Some(libc::EPERM))
    }

    fn source(&self) -> Option<&io::Error> {
        match self {
            Error::Open { source, .. } | Error::NotThatDevice { source, .. } | Error::Grab { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotFound { explanation, .. } => write!(f, "{explanation}")?,
            Error::Open { device, path, source } => {
                write!(f, "cannot open the {} {}: {source}", device.noun(), shown_path(path))?
            }
            Error::NotCharDevice { device, path } => {
                let kind = match device {
                    Device::LedMatrix => "a framebuffer device",
                    Device::Joystick => "an input device",
                };
                write!(f, "{} is not {kind} (it is not a character device)", shown_path(path))?;
            }
            Error::NotThatDevice { device, path, source } => {
                write!(f, "{} is not {}: {source}", shown_path(path), device.kind())?
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
        }
        if self.permission_denied() {
            let group = self.device().group();
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
        let error = Error::Open {
            device: Device::Joystick,
            path: PathBuf::from("\u{1b}[2J".repeat(1000)),
            source: io::Error::from(io::ErrorKind::NotFound),
        };
        let message = error.to_string();
        assert!(!message.contains('\u{1b}') && message.chars().count() < 400, "{message}");
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
}
