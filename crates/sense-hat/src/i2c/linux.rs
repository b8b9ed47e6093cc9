//! The Linux side of the direct-I2C path: the chip's bus through
//! i2c-dev, and the joystick's interrupt line through the GPIO character
//! device.
//!
//! The bus speaks SMBus, not plain I2C transfers: an SMBus I2C-block write
//! is the same bytes on the wire as the chip driver's 33-byte write (the
//! kernel sends it as one I2C message on the Pi's controller), and a "read
//! byte data" is the same as its write-then-read. Linux's i2c-stub, which
//! stands in for the HAT in the VM test, implements only SMBus and refuses
//! `I2C_RDWR`, so one path serves both.

use super::registers::{ADDRESS, BLOCK};
use crate::error::{Error, Result, shown_path};
use embedded_hal::i2c::{ErrorType, I2c, Operation, SevenBitAddress};
use gpiocdev::line::EdgeDetection;
use linux_embedded_hal::i2cdev::core::I2CDevice;
use linux_embedded_hal::i2cdev::linux::LinuxI2CError;
use linux_embedded_hal::{I2CError, I2cdev};
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::path::{Path, PathBuf};

/// An I2C bus through i2c-dev, open at one chip's address: the HAT's
/// (0x46), or a sensor's. A transfer to another address claims that one
/// first, so one bus serves a driver of two chips (the LSM9DS1's).
pub struct Smbus {
    dev: I2cdev,
    address: u8,
    /// Whether every transfer claims its address again
    /// ([`Smbus::claiming_each_transfer`]).
    claim_each: bool,
}

impl std::fmt::Debug for Smbus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Smbus")
    }
}

/// An errno as the error type embedded-hal's Linux bus reports.
fn errno(code: i32) -> I2CError {
    I2CError::from(LinuxI2CError::Errno(code))
}

/// Why a bus could not be opened at the chip's address.
#[non_exhaustive]
#[derive(Debug)]
pub enum BusRefusal {
    /// A kernel driver is bound to 0x46 (`I2C_SLAVE` says EBUSY).
    Busy,
    /// Any other error, as the system gave it.
    Other(io::Error),
}

impl Smbus {
    /// Opens `path` and claims the HAT's chip's address. A bound kernel
    /// driver makes this fail with [`BusRefusal::Busy`]: the address is
    /// never forced.
    pub fn open(path: &Path) -> std::result::Result<Smbus, BusRefusal> {
        Smbus::open_at(path, ADDRESS)
    }

    /// Opens `path` and claims `address`, as [`Smbus::open`] does.
    pub fn open_at(path: &Path, address: u8) -> std::result::Result<Smbus, BusRefusal> {
        let to_io = |e: LinuxI2CError| -> io::Error { e.into() };
        let dev = I2cdev::new(path).map_err(|e| BusRefusal::Other(to_io(e)))?;
        let mut bus = Smbus { dev, address, claim_each: false };
        match bus.claim(address) {
            Ok(()) => Ok(bus),
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => Err(BusRefusal::Busy),
            Err(e) => Err(BusRefusal::Other(e)),
        }
    }

    /// Claims `address` for the transfers that follow (EBUSY while a kernel
    /// driver is bound to it).
    pub fn claim(&mut self, address: u8) -> io::Result<()> {
        self.dev.set_slave_address(u16::from(address)).map_err(io::Error::from)?;
        self.address = address;
        Ok(())
    }

    /// This bus, claiming its address again before every transfer: one
    /// `I2C_SLAVE` call beside the transfer's own. i2c-dev checks that no
    /// kernel driver holds an address only when it is claimed, so a chip
    /// claimed once goes on being read after a driver is bound to it; so
    /// claimed, the next transfer fails with EBUSY instead (the sensors'
    /// board then reads the driver's IIO device).
    pub fn claiming_each_transfer(mut self) -> Smbus {
        self.claim_each = true;
        self
    }
}

impl ErrorType for Smbus {
    type Error = I2CError;
}

impl I2c<SevenBitAddress> for Smbus {
    /// Carries the two transaction shapes the drivers use (a register and
    /// bytes written; a register written, one byte read); any other is
    /// refused (EOPNOTSUPP) rather than sent some other way.
    fn transaction(
        &mut self,
        address: u8,
        operations: &mut [Operation<'_>],
    ) -> std::result::Result<(), I2CError> {
        if self.claim_each || address != self.address {
            self.claim(address).map_err(|e| errno(e.raw_os_error().unwrap_or(libc::EIO)))?;
        }
        match operations {
            [Operation::Write(message)] if (2..=BLOCK + 1).contains(&message.len()) => {
                self.dev.smbus_write_i2c_block_data(message[0], &message[1..]).map_err(I2CError::from)
            }
            [Operation::Write([register]), Operation::Read([value])] => {
                *value = self.dev.smbus_read_byte_data(*register)?;
                Ok(())
            }
            _ => Err(errno(libc::EOPNOTSUPP)),
        }
    }
}

/// Where the joystick's interrupt comes from.
pub trait InterruptLine: AsFd {
    /// Consumes the edges that made the descriptor readable.
    fn drain(&mut self) -> io::Result<()>;
}

/// The Pi's name for the interrupt line, on whichever chip carries it
/// (`gpiochip0` up to the Pi 4, the RP1's chip on a Pi 5).
pub const LINE_NAME: &str = "GPIO23";

/// Which GPIO line is the joystick's interrupt.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line of this name, on whichever chip has it.
    Named(String),
    /// This offset on this chip (`/dev/gpiochipN`).
    At {
        /// The GPIO chip's device.
        chip: PathBuf,
        /// The line's offset on it.
        offset: u32,
    },
}

impl Default for Line {
    /// The line named [`LINE_NAME`], as on every Pi.
    fn default() -> Self {
        Line::Named(LINE_NAME.to_string())
    }
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Named(name) => write!(f, "the line named {}", shown_path(Path::new(name))),
            Line::At { chip, offset } => write!(f, "line {offset} of {}", shown_path(chip)),
        }
    }
}

/// The interrupt line, requested as an input with rising-edge events.
pub struct GpioInterrupt {
    request: gpiocdev::Request,
    /// Where it is, for messages: `GPIO23 (/dev/gpiochip0 line 23)`.
    place: String,
}

impl std::fmt::Debug for GpioInterrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpioInterrupt").field("place", &self.place).finish_non_exhaustive()
    }
}

impl GpioInterrupt {
    /// Requests `line`. The firmware raises the line when the keys change
    /// and lowers it when 0xF2 is read, as both kernel drivers expect (they
    /// trigger on the rising edge), so that edge is watched. `consumer` is
    /// the name the kernel shows as the line's user.
    pub fn request(line: &Line, consumer: &str) -> Result<GpioInterrupt> {
        let mut builder = gpiocdev::Request::builder();
        let place = match line {
            Line::At { chip, offset } => {
                builder.on_chip(chip).with_line(*offset);
                format!("line {offset} of {}", shown_path(chip))
            }
            Line::Named(name) => {
                let found =
                    gpiocdev::find_named_line(name).ok_or_else(|| Error::NoLine { name: name.clone() })?;
                builder.with_found_line(&found);
                format!("{name} ({} line {})", shown_path(&found.chip), found.info.offset)
            }
        };
        let request = builder
            .with_consumer(consumer)
            .as_input()
            .with_edge_detection(EdgeDetection::RisingEdge)
            .request()
            .map_err(|source| Error::Line { what: place.clone(), source: io::Error::other(source) })?;
        Ok(GpioInterrupt { request, place })
    }

    /// The GPIO chip the line is on.
    pub fn chip(&self) -> PathBuf {
        self.request.chip_path()
    }

    /// Where it is, for messages.
    pub fn place(&self) -> &str {
        &self.place
    }
}

impl AsFd for GpioInterrupt {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.request.as_fd()
    }
}

impl InterruptLine for GpioInterrupt {
    fn drain(&mut self) -> io::Result<()> {
        while self.request.has_edge_event().map_err(io::Error::other)? {
            self.request.read_edge_event().map_err(io::Error::other)?;
        }
        Ok(())
    }
}

/// Where `line` is: its chip's device and its offset there, if it is
/// there (a line given by chip and offset is looked up on that chip).
pub fn find_line(line: &Line) -> Option<(PathBuf, u32)> {
    match line {
        Line::Named(name) => gpiocdev::find_named_line(name).map(|found| (found.chip, found.info.offset)),
        Line::At { chip, offset } => {
            let info = gpiocdev::chip::Chip::from_path(chip).ok()?.line_info(*offset).ok()?;
            Some((chip.clone(), info.offset))
        }
    }
}

/// The kernel drivers holding the chip: the one bound to 0x46, and those
/// bound to the devices it added under it (on a current Raspberry Pi
/// kernel `simple-mfd-i2c`, with mainline's `sensehat-joystick` and the
/// LEDs' `rpisense-fb` under it). Unbinding the first removes the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The driver bound to the chip's address.
    pub driver: String,
    /// The drivers of the devices it added under it.
    pub children: Vec<String>,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.driver)?;
        match self.children.as_slice() {
            [] => Ok(()),
            [child] => write!(f, ", with {child:?} under it"),
            [first @ .., last] => {
                let first: Vec<String> = first.iter().map(|c| format!("{c:?}")).collect();
                write!(f, ", with {} and {last:?} under it", first.join(", "))
            }
        }
    }
}

/// The driver a sysfs device directory is bound to, if any.
fn driver_of(device: &Path) -> Option<String> {
    let target = std::fs::read_link(device.join("driver")).ok()?;
    Some(target.file_name()?.to_string_lossy().into_owned())
}

/// The kernel drivers holding the chip on `bus` (`/dev/i2c-N`), from
/// `/sys/bus/i2c/devices/N-0046/driver` and the `driver` of each device
/// directory under it, if a driver is bound.
pub fn holder(sys: &Path, bus: &Path) -> Option<Holder> {
    holder_at(sys, bus, ADDRESS)
}

/// The kernel drivers holding `address` on `bus`, as [`holder`] reads them
/// (a bus given by a link, as `/dev/i2c-1` to another bus, by the one it
/// links to).
pub fn holder_at(sys: &Path, bus: &Path, address: u8) -> Option<Holder> {
    let linked = std::fs::canonicalize(bus).ok();
    let number = linked.as_deref().unwrap_or(bus).file_name()?.to_str()?.strip_prefix("i2c-")?;
    let client = sys.join(format!("bus/i2c/devices/{number}-{address:04x}"));
    let driver = driver_of(&client)?;
    let mut children: Vec<String> = std::fs::read_dir(&client)
        .into_iter()
        .flatten()
        .flatten()
        // Child devices are directories; `driver` and `subsystem` are links.
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|entry| driver_of(&entry.path()))
        .collect();
    children.sort();
    children.dedup();
    Some(Holder { driver, children })
}

/// The kernel modules to blacklist to keep `driver` (as sysfs names it)
/// off the chip: the Raspberry Pi kernel's before its September 2024
/// change, and since (the chip then bound by the generic `simple-mfd-i2c`,
/// the LEDs and the joystick its children).
fn modules_of(driver: &str) -> &'static [&'static str] {
    match driver {
        "rpi-sense" => &["rpisense_core", "rpisense_fb", "rpisense_js"],
        "simple-mfd-i2c" => &["simple_mfd_i2c", "sensehat_joystick", "rpisense_fb"],
        _ => &[],
    }
}

/// How to free the chip on `bus` from `driver`, the kernel driver bound to
/// it: the unbind command for that driver, and the modules to blacklist
/// where the driver is one of the Sense HAT's (in `/etc/modprobe.d/PROGRAM.conf`).
pub fn unbind_advice(bus: &Path, driver: &str, program: &str) -> String {
    let number = bus.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_prefix("i2c-")).unwrap_or("1");
    let unbind = format!("echo {number}-{ADDRESS:04x} | sudo tee /sys/bus/i2c/drivers/{driver}/unbind");
    match modules_of(driver) {
        [] => format!("free it until the next boot with `{unbind}`"),
        modules => format!(
            "free it until the next boot with `{unbind}`, and for good with `{}` in /etc/modprobe.d/{program}.conf",
            modules.iter().map(|m| format!("blacklist {m}")).collect::<Vec<_>>().join("; ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_name_given_is_shown_as_a_path_is() {
        let named = Line::Named("GPIO\u{1b}[31m23".to_string()).to_string();
        assert_eq!(named, "the line named GPIO\\u{1b}[31m23");
        let long = Line::Named("x".repeat(3000)).to_string();
        assert!(long.len() < 120 && long.ends_with("..."), "{long}");
    }

    #[test]
    fn the_advice_fits_the_driver_bound() {
        let old = unbind_advice(Path::new("/dev/i2c-1"), "rpi-sense", "myapp");
        assert!(old.contains("echo 1-0046 | sudo tee /sys/bus/i2c/drivers/rpi-sense/unbind"), "{old}");
        assert!(
            old.contains("blacklist rpisense_core; blacklist rpisense_fb; blacklist rpisense_js"),
            "{old}"
        );
        let new = unbind_advice(Path::new("/dev/i2c-1"), "simple-mfd-i2c", "myapp");
        assert!(new.contains("/sys/bus/i2c/drivers/simple-mfd-i2c/unbind"), "{new}");
        assert!(
            new.contains("blacklist simple_mfd_i2c; blacklist sensehat_joystick; blacklist rpisense_fb"),
            "{new}"
        );
        assert!(!new.contains("rpisense_core") && !new.contains("rpi-sense/"), "{new}");
        assert!(new.ends_with("in /etc/modprobe.d/myapp.conf"), "the program's own file: {new}");
        let other = unbind_advice(Path::new("/dev/i2c-3"), "at24", "myapp");
        assert_eq!(
            other,
            "free it until the next boot with `echo 3-0046 | sudo tee /sys/bus/i2c/drivers/at24/unbind`"
        );
    }

    #[test]
    fn the_bound_driver_is_read_from_sysfs() {
        let root = std::env::temp_dir().join(format!("sense-hat-i2c-sysfs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let device = root.join("bus/i2c/devices/1-0046");
        std::fs::create_dir_all(&device).unwrap();
        std::fs::create_dir_all(root.join("bus/i2c/drivers/rpi-sense")).unwrap();
        assert_eq!(holder(&root, Path::new("/dev/i2c-1")), None);
        std::os::unix::fs::symlink("../../../../bus/i2c/drivers/rpi-sense", device.join("driver")).unwrap();
        let old = holder(&root, Path::new("/dev/i2c-1")).unwrap();
        assert_eq!(old, Holder { driver: "rpi-sense".into(), children: vec![] });
        assert_eq!(old.to_string(), "\"rpi-sense\"");
        assert_eq!(holder(&root, Path::new("/dev/i2c-2")), None);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// As sysfs shows a current Raspberry Pi kernel's drivers: the chip
    /// bound by simple-mfd-i2c, the joystick and LED devices under it
    /// bound by their own drivers (one device unbound, and a plain
    /// directory, are not named).
    #[test]
    fn the_drivers_under_the_bound_one_are_named() {
        let root = std::env::temp_dir().join(format!("sense-hat-i2c-children-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let client = root.join("bus/i2c/devices/1-0046");
        for dir in ["power", "1-0046:joystick", "1-0046:display", "1-0046:unbound"] {
            std::fs::create_dir_all(client.join(dir)).unwrap();
        }
        let link = |driver: &str, at: &Path| {
            std::os::unix::fs::symlink(format!("../../../../bus/drivers/{driver}"), at.join("driver"))
                .unwrap()
        };
        link("simple-mfd-i2c", &client);
        link("sensehat-joystick", &client.join("1-0046:joystick"));
        link("rpisense-fb", &client.join("1-0046:display"));
        let held = holder(&root, Path::new("/dev/i2c-1")).unwrap();
        assert_eq!(held.driver, "simple-mfd-i2c");
        assert_eq!(held.children, ["rpisense-fb", "sensehat-joystick"]);
        assert_eq!(
            held.to_string(),
            "\"simple-mfd-i2c\", with \"rpisense-fb\" and \"sensehat-joystick\" under it"
        );
        std::fs::remove_file(client.join("1-0046:display/driver")).unwrap();
        let held = holder(&root, Path::new("/dev/i2c-1")).unwrap();
        assert_eq!(held.to_string(), "\"simple-mfd-i2c\", with \"sensehat-joystick\" under it");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_missing_bus_is_an_error_not_a_panic() {
        assert!(matches!(Smbus::open(Path::new("/nonexistent/i2c-1")), Err(BusRefusal::Other(_))));
    }
}
