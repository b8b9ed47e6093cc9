//! A joystick made through `/dev/uinput` with the `evdev` crate's
//! `VirtualDevice`: to the kernel and to the game it is an input device
//! like the Sense HAT's, with the same name and keys.

use evdev::uinput::VirtualDevice;
use evdev::{AttributeSet, BusType, InputEvent, InputId, KeyCode};
use sense_hat::discover::JOYSTICK_NAME;
use sense_hat::stick::record::{self, EV_KEY, EV_SYN, SYN_REPORT};
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A live virtual joystick; dropping it removes the device.
pub struct Stick {
    device: VirtualDevice,
    /// Its event device, found from uinput's own sysfs name, not by the
    /// name the game looks for: the test must not trust what it tests.
    pub node: PathBuf,
}

impl Stick {
    /// Creates the device with these key codes and waits for its node.
    pub fn create(codes: &[u16]) -> io::Result<Stick> {
        let keys: AttributeSet<KeyCode> = codes.iter().map(|&code| KeyCode(code)).collect();
        // The Sense HAT's joystick sits on I2C.
        let id = InputId::new(BusType::BUS_I2C, 0, 0, 0);
        let mut device =
            VirtualDevice::builder()?.name(JOYSTICK_NAME).input_id(id).with_keys(&keys)?.build()?;
        let node = wait_for_node(&mut device)?;
        Ok(Stick { device, node })
    }

    /// Pushes and lets go of a key, each followed by a sync report, as
    /// the kernel's own drivers report a click.
    pub fn click(&mut self, code: u16) -> io::Result<()> {
        self.send(&[(EV_KEY, code, 1), (EV_SYN, SYN_REPORT, 0), (EV_KEY, code, 0), (EV_SYN, SYN_REPORT, 0)])
    }

    /// Sends these `(type, code, value)` events as they are: each packet
    /// through `emit`, which ends it with the `SYN_REPORT` that closes it
    /// in `events` (so every list must end with one).
    pub fn send(&mut self, events: &[(u16, u16, i32)]) -> io::Result<()> {
        for packet in events.split_inclusive(|&(kind, code, _)| (kind, code) == (EV_SYN, SYN_REPORT)) {
            let Some((&(EV_SYN, SYN_REPORT, 0), body)) = packet.split_last() else {
                return Err(io::Error::other("a packet must end with SYN_REPORT"));
            };
            let body: Vec<InputEvent> =
                body.iter().map(|&(kind, code, value)| InputEvent::new(kind, code, value)).collect();
            self.device.emit(&body)?;
        }
        Ok(())
    }

    /// Removes the device, as unloading the HAT's driver would: closing
    /// uinput's descriptor destroys it.
    pub fn destroy(self) -> io::Result<()> {
        drop(self.device);
        Ok(())
    }
}

/// The `/dev/input/eventN` of the uinput device, once devtmpfs has made it.
fn wait_for_node(device: &mut VirtualDevice) -> io::Result<PathBuf> {
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(node) = device.enumerate_dev_nodes_blocking()?.flatten().find(|p| p.exists()) {
            return Ok(node);
        }
        if Instant::now() > end {
            let sys = device.get_syspath()?;
            return Err(io::Error::other(format!("no event device appeared under {}", sys.display())));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The joystick's keys in the order of the script backend's names.
pub const NAMES: [&str; 5] = ["up", "down", "left", "right", "press"];
/// The Raspberry Pi kernel's codes.
pub const PI_CODES: [u16; 5] = record::PI_KEYS;
/// Mainline Linux's `sensehat-joystick` codes.
pub const MAINLINE_CODES: [u16; 5] = record::MAINLINE_KEYS;

/// The code a script name stands for in a code set.
pub fn code(codes: &[u16; 5], name: &str) -> u16 {
    codes[NAMES.iter().position(|&n| n == name).expect("a joystick key's name")]
}
