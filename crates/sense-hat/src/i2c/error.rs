//! What can go wrong driving the HAT over I2C, as a type: the bus held by
//! a kernel driver, refused or absent, a chip that is not the HAT's, a
//! failed transfer, the interrupt line missing or failing. Each message is
//! one line and says how to fix what the user can fix.

use crate::error::shown_path;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why the HAT cannot be driven over I2C, one line each.
// The fields are what each variant's line says, by their names.
#[allow(missing_docs)]
#[derive(Debug)]
pub enum Error {
    /// A kernel driver is bound to the chip's address; `advice` says how
    /// to free it.
    Busy { bus: PathBuf, advice: String },
    /// The bus could not be opened (absent, refused).
    Open { bus: PathBuf, source: io::Error },
    /// The chip at the HAT's address is another chip.
    NotTheHat { id: u8 },
    /// A transfer failed; `what` names the register, `cause` is the bus's
    /// error as it describes itself.
    Transfer { what: String, cause: String },
    /// The chip on `bus` did not identify itself as the HAT's.
    NoHat { bus: PathBuf, cause: Box<Error> },
    /// No GPIO line is named as the interrupt.
    NoLine { name: &'static str },
    /// The interrupt line could not be requested.
    Line { what: String, source: gpiocdev::Error },
    /// Waiting on the interrupt line failed.
    Interrupt(io::Error),
    /// The chip was asked for while it is gone.
    Gone,
}

impl Error {
    /// Whether the system refused access (the fix is the `i2c` group).
    pub fn permission_denied(&self) -> bool {
        match self {
            Error::Open { source, .. } => source.kind() == io::ErrorKind::PermissionDenied,
            Error::NoHat { cause, .. } => cause.permission_denied(),
            _ => false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Busy { bus, advice } => write!(
                f,
                "a kernel driver holds the Sense HAT at 0x46 on {}: use the kernel's drivers (the framebuffer), or \
                 {advice}",
                shown_path(bus)
            ),
            Error::Open { bus, source } if self.permission_denied() => write!(
                f,
                "cannot open {}: {source}: add the user to the `i2c` group (sudo usermod -aG i2c $USER) and log in \
                 again",
                shown_path(bus)
            ),
            Error::Open { bus, source } => write!(
                f,
                "cannot open the I2C bus {}: {source} (enable it with `dtparam=i2c_arm=on` in \
                 /boot/firmware/config.txt, or name another bus)",
                shown_path(bus)
            ),
            Error::NotTheHat { id } => write!(
                f,
                "the chip at 0x{:02X} answers 0x{id:02X} to \"who am I\", not 's' (0x73): it is not a Sense HAT",
                super::registers::ADDRESS
            ),
            Error::Transfer { what, cause } => write!(f, "{what} ({cause})"),
            Error::NoHat { bus, cause } => write!(f, "no Sense HAT on {}: {cause}", shown_path(bus)),
            Error::NoLine { name } => {
                write!(f, "no GPIO line is named {name} (the joystick's interrupt); name its chip and offset")
            }
            Error::Line { what, source } => {
                write!(f, "cannot watch the joystick's interrupt, {what}: {source}")
            }
            Error::Interrupt(source) => write!(f, "the joystick's interrupt line failed: {source}"),
            Error::Gone => write!(f, "the chip is gone"),
        }
    }
}

// Each message includes its cause: `source` stays empty so that a chain
// printed whole does not say it twice.
impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_not_the_text_decides_the_group_advice() {
        let denied =
            Error::Open { bus: "/dev/i2c-1".into(), source: io::Error::from_raw_os_error(libc::EACCES) };
        assert!(denied.permission_denied());
        assert!(denied.to_string().contains("sudo usermod -aG i2c $USER"), "{denied}");
        let absent =
            Error::Open { bus: "/tmp/Permission denied".into(), source: io::ErrorKind::NotFound.into() };
        assert!(!absent.permission_denied());
        assert!(absent.to_string().contains("dtparam=i2c_arm=on") && !absent.to_string().contains("usermod"));
        let other = Error::NoHat { bus: "/dev/i2c-1".into(), cause: Box::new(Error::NotTheHat { id: 0x6A }) };
        assert_eq!(
            other.to_string(),
            "no Sense HAT on /dev/i2c-1: the chip at 0x46 answers 0x6A to \"who am I\", not 's' (0x73): it is not a \
             Sense HAT"
        );
    }
}
