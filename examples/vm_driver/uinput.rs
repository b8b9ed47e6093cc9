//! A joystick made through `/dev/uinput`: to the kernel and to the game it
//! is an input device like the Sense HAT's, with the same name and keys.

use queens::backend::sensehat::discover::JOYSTICK_NAME;
use queens::backend::sensehat::joystick::{self, EV_KEY};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::time::{Duration, Instant};

// <linux/uinput.h>; the libc crate has the structs but not the requests.
const UI_DEV_CREATE: libc::c_ulong = 0x5501;
const UI_DEV_DESTROY: libc::c_ulong = 0x5502;
/// `_IOW('U', 3, struct uinput_setup)`, a 92-byte struct.
const UI_DEV_SETUP: libc::c_ulong = 0x405c_5503;
const UI_SET_EVBIT: libc::c_ulong = 0x4004_5564;
const UI_SET_KEYBIT: libc::c_ulong = 0x4004_5565;
/// `UI_GET_SYSNAME(64)`: `_IOC(_IOC_READ, 'U', 44, 64)`.
const UI_GET_SYSNAME_64: libc::c_ulong = 0x8040_552c;
/// The Sense HAT's joystick sits on I2C.
const BUS_I2C: u16 = 0x18;

/// A live virtual joystick; dropping it removes the device.
pub struct Stick {
    file: File,
    /// Its event device, found from uinput's own sysfs name, not by the
    /// name the game looks for: the test must not trust what it tests.
    pub node: PathBuf,
}

fn check(r: libc::c_int, what: &str) -> io::Result<()> {
    if r < 0 {
        let e = io::Error::last_os_error();
        return Err(io::Error::new(e.kind(), format!("{what}: {e}")));
    }
    Ok(())
}

impl Stick {
    /// Creates the device with these key codes and waits for its node.
    pub fn create(codes: &[u16]) -> io::Result<Stick> {
        let file = OpenOptions::new().write(true).open("/dev/uinput")?;
        let fd = file.as_raw_fd();
        // SAFETY: uinput_setup is plain data, valid all zeros.
        let mut setup: libc::uinput_setup = unsafe { std::mem::zeroed() };
        setup.id.bustype = BUS_I2C;
        for (to, from) in setup.name.iter_mut().zip(JOYSTICK_NAME.bytes()) {
            *to = from as libc::c_char;
        }
        let mut sysname = [0u8; 64];
        // SAFETY: each request takes an int by value or a pointer to a
        // buffer at least as large as the request's declared size.
        unsafe {
            check(libc::ioctl(fd, UI_SET_EVBIT as _, libc::c_int::from(EV_KEY)), "UI_SET_EVBIT")?;
            for &code in codes {
                check(libc::ioctl(fd, UI_SET_KEYBIT as _, libc::c_int::from(code)), "UI_SET_KEYBIT")?;
            }
            check(libc::ioctl(fd, UI_DEV_SETUP as _, &setup), "UI_DEV_SETUP")?;
            check(libc::ioctl(fd, UI_DEV_CREATE as _), "UI_DEV_CREATE")?;
            check(libc::ioctl(fd, UI_GET_SYSNAME_64 as _, sysname.as_mut_ptr()), "UI_GET_SYSNAME")?;
        }
        let len = sysname.iter().position(|&b| b == 0).unwrap_or(sysname.len());
        let sys = PathBuf::from("/sys/devices/virtual/input")
            .join(String::from_utf8_lossy(&sysname[..len]).as_ref());
        let node = wait_for_node(&sys)?;
        Ok(Stick { file, node })
    }

    /// Pushes and lets go of a key, each followed by a sync report, as
    /// the kernel's own drivers report a click.
    pub fn click(&mut self, code: u16) -> io::Result<()> {
        let mut records = Vec::new();
        for value in [1, 0] {
            records.extend_from_slice(&joystick::encode(EV_KEY, code, value));
            records.extend_from_slice(&joystick::encode(0, 0, 0));
        }
        self.file.write_all(&records)
    }

    /// Sends these `(type, code, value)` events as they are.
    pub fn send(&mut self, events: &[(u16, u16, i32)]) -> io::Result<()> {
        let records: Vec<u8> =
            events.iter().flat_map(|&(kind, code, value)| joystick::encode(kind, code, value)).collect();
        self.file.write_all(&records)
    }

    /// Removes the device, as unloading the HAT's driver would.
    pub fn destroy(self) -> io::Result<()> {
        // SAFETY: UI_DEV_DESTROY takes no argument.
        check(unsafe { libc::ioctl(self.file.as_raw_fd(), UI_DEV_DESTROY as _) }, "UI_DEV_DESTROY")
    }
}

/// The `/dev/input/eventN` of the input device at `sys`, once devtmpfs has made it.
fn wait_for_node(sys: &std::path::Path) -> io::Result<PathBuf> {
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let event = std::fs::read_dir(sys)?
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .find(|n| n.starts_with("event"));
        if let Some(node) = event.map(|n| PathBuf::from("/dev/input").join(n)).filter(|p| p.exists()) {
            return Ok(node);
        }
        if Instant::now() > end {
            return Err(io::Error::other(format!("no event device appeared under {}", sys.display())));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The joystick's keys in the order of the script backend's names.
pub const NAMES: [&str; 5] = ["up", "down", "left", "right", "press"];
/// The Raspberry Pi kernel's codes.
pub const PI_CODES: [u16; 5] =
    [joystick::KEY_UP, joystick::KEY_DOWN, joystick::KEY_LEFT, joystick::KEY_RIGHT, joystick::KEY_ENTER];
/// Mainline Linux's `sensehat-joystick` codes.
pub const MAINLINE_CODES: [u16; 5] = [
    joystick::BTN_DPAD_UP,
    joystick::BTN_DPAD_DOWN,
    joystick::BTN_DPAD_LEFT,
    joystick::BTN_DPAD_RIGHT,
    joystick::BTN_SELECT,
];

/// The code a script name stands for in a code set.
pub fn code(codes: &[u16; 5], name: &str) -> u16 {
    codes[NAMES.iter().position(|&n| n == name).expect("a joystick key's name")]
}
