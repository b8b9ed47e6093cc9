//! The joystick as the kernel reports it: an evdev device of five keys.
//!
//! Two kernels, two code sets: the Raspberry Pi kernel's driver sends
//! `KEY_UP`..`KEY_ENTER`, mainline Linux's `sensehat-joystick` sends
//! `BTN_DPAD_UP`..`BTN_SELECT`. Both are read. The device is grabbed
//! (`EVIOCGRAB`) so presses do not also reach a console or a shell.
//! Events are decoded here from the raw `input_event` records; no evdev
//! library is needed for five keys.

pub use super::super::gesture::Change;
use super::super::gesture::Key;
use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

pub const EV_KEY: u16 = 0x01;
pub const KEY_ENTER: u16 = 28;
pub const KEY_UP: u16 = 103;
pub const KEY_LEFT: u16 = 105;
pub const KEY_RIGHT: u16 = 106;
pub const KEY_DOWN: u16 = 108;
pub const BTN_SELECT: u16 = 0x13a;
pub const BTN_DPAD_UP: u16 = 0x220;
pub const BTN_DPAD_DOWN: u16 = 0x221;
pub const BTN_DPAD_LEFT: u16 = 0x222;
pub const BTN_DPAD_RIGHT: u16 = 0x223;

/// `EVIOCGRAB`: `_IOW('E', 0x90, int)`.
pub const EVIOCGRAB: libc::c_ulong = 0x4004_4590;

/// The size of `struct input_event`: a `struct timeval` of two longs,
/// then type (u16), code (u16) and value (i32). 24 bytes on 64-bit
/// kernels, 16 on 32-bit ones.
pub const RECORD: usize = 2 * std::mem::size_of::<libc::c_long>() + 8;

/// The key a code names, in either code set.
pub fn key_of(code: u16) -> Option<Key> {
    match code {
        KEY_UP | BTN_DPAD_UP => Some(Key::Up),
        KEY_DOWN | BTN_DPAD_DOWN => Some(Key::Down),
        KEY_LEFT | BTN_DPAD_LEFT => Some(Key::Left),
        KEY_RIGHT | BTN_DPAD_RIGHT => Some(Key::Right),
        KEY_ENTER | BTN_SELECT => Some(Key::Middle),
        _ => None,
    }
}

/// Decodes one `input_event` record. Synchronisation reports, other keys
/// and the kernel's auto-repeat (value 2) give nothing: repeats are timed
/// by [`super::super::gesture::Gestures`], the same on every device.
pub fn decode(record: &[u8; RECORD]) -> Option<Change> {
    let at = RECORD - 8;
    let kind = u16::from_ne_bytes([record[at], record[at + 1]]);
    let code = u16::from_ne_bytes([record[at + 2], record[at + 3]]);
    let value = i32::from_ne_bytes(record[at + 4..at + 8].try_into().unwrap());
    if kind != EV_KEY {
        return None;
    }
    let key = key_of(code)?;
    match value {
        1 => Some(Change::Down(key)),
        0 => Some(Change::Up(key)),
        _ => None,
    }
}

/// Builds a record as the kernel would send it (for tests and fakes).
pub fn encode(kind: u16, code: u16, value: i32) -> [u8; RECORD] {
    let mut record = [0u8; RECORD];
    let at = RECORD - 8;
    record[at..at + 2].copy_from_slice(&kind.to_ne_bytes());
    record[at + 2..at + 4].copy_from_slice(&code.to_ne_bytes());
    record[at + 4..at + 8].copy_from_slice(&value.to_ne_bytes());
    record
}

/// The joystick, open and grabbed.
pub struct Joystick {
    file: File,
    path: PathBuf,
    /// A record split across reads (only a FIFO standing in for the device
    /// can do that; the kernel hands out whole records).
    partial: Vec<u8>,
}

/// What a read found.
pub enum Reading {
    Changes(Vec<Change>),
    /// The device went away (unplugged, driver unloaded).
    Gone(io::Error),
}

impl Joystick {
    /// Opens `path` without blocking and grabs it. A FIFO stands in for the
    /// device in tests (it cannot be grabbed, and need not be).
    pub fn open(path: &Path) -> anyhow::Result<Joystick> {
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(path)
            .with_context(|| format!("cannot open the joystick {}", path.display()))?;
        if file.metadata()?.file_type().is_char_device() {
            // SAFETY: EVIOCGRAB takes an int by value.
            if unsafe { libc::ioctl(file.as_raw_fd(), EVIOCGRAB as _, 1 as libc::c_int) } < 0 {
                let e = io::Error::last_os_error();
                return Err(e).with_context(|| {
                    format!("cannot grab the joystick {} (is another program using it?)", path.display())
                });
            }
        }
        Ok(Joystick { file, path: path.to_path_buf(), partial: Vec::new() })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads what is waiting, without blocking.
    pub fn read(&mut self) -> Reading {
        let mut changes = Vec::new();
        let mut buf = [0u8; RECORD * 32];
        loop {
            match self.file.read(&mut buf) {
                // End of file: only a stand-in FIFO whose writer left.
                Ok(0) => return Reading::Gone(io::Error::from(io::ErrorKind::UnexpectedEof)),
                Ok(n) => {
                    self.partial.extend_from_slice(&buf[..n]);
                    let whole = self.partial.len() / RECORD * RECORD;
                    for record in self.partial[..whole].chunks_exact(RECORD) {
                        changes.extend(decode(record.try_into().unwrap()));
                    }
                    self.partial.drain(..whole);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Reading::Changes(changes),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Reading::Gone(e),
            }
        }
    }
}

impl AsFd for Joystick {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_code_sets_decode_to_the_same_keys() {
        let pairs = [
            (KEY_UP, BTN_DPAD_UP, Key::Up),
            (KEY_DOWN, BTN_DPAD_DOWN, Key::Down),
            (KEY_LEFT, BTN_DPAD_LEFT, Key::Left),
            (KEY_RIGHT, BTN_DPAD_RIGHT, Key::Right),
            (KEY_ENTER, BTN_SELECT, Key::Middle),
        ];
        for (pi, mainline, key) in pairs {
            for code in [pi, mainline] {
                assert_eq!(decode(&encode(EV_KEY, code, 1)), Some(Change::Down(key)));
                assert_eq!(decode(&encode(EV_KEY, code, 0)), Some(Change::Up(key)));
                assert_eq!(decode(&encode(EV_KEY, code, 2)), None, "auto-repeat is timed by us");
            }
        }
    }

    #[test]
    fn other_records_are_ignored() {
        assert_eq!(decode(&encode(0, 0, 0)), None, "EV_SYN");
        assert_eq!(decode(&encode(EV_KEY, 30, 1)), None, "KEY_A");
        assert_eq!(decode(&encode(4, KEY_UP, 1)), None, "EV_MSC");
    }

    #[test]
    fn the_record_is_the_kernels_layout() {
        // 64-bit: struct timeval is 16 bytes; 32-bit ARM: 8.
        assert_eq!(RECORD, if cfg!(target_pointer_width = "64") { 24 } else { 16 });
        let r = encode(EV_KEY, KEY_ENTER, 1);
        assert_eq!(&r[RECORD - 8..RECORD - 6], &1u16.to_ne_bytes());
        assert_eq!(&r[RECORD - 6..RECORD - 4], &28u16.to_ne_bytes());
    }
}
