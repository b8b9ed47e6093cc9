//! What can go wrong opening the HAT's devices, as a type: callers branch
//! on the kind (a check that reports a missing group on
//! [`Error::permission_denied`], say), never on text.

use std::fmt;
use std::io;
use std::path::PathBuf;

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
                write!(f, "cannot open the {} {}: {source}", device.noun(), path.display())?
            }
            Error::NotCharDevice { device, path } => {
                let kind = match device {
                    Device::LedMatrix => "a framebuffer device",
                    Device::Joystick => "an input device",
                };
                write!(f, "{} is not {kind} (it is not a character device)", path.display())?;
            }
            Error::NotThatDevice { device, path, source } => {
                write!(f, "{} is not {}: {source}", path.display(), device.kind())?
            }
            Error::WrongShape { path, reason } => {
                write!(f, "{} is not the Sense HAT's LED matrix: {reason}", path.display())?
            }
            Error::MissingKeys { path, name } => {
                write!(f, "{}", path.display())?;
                if let Some(name) = name {
                    write!(f, " ({name:?})")?;
                }
                write!(f, " has not the joystick's five keys (up, down, left, right, enter)")?;
            }
            Error::Grab { path, source } => write!(
                f,
                "cannot grab the joystick {} (is another program using it?): {source}",
                path.display()
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
