//! The joystick as the kernel reports it: an evdev device of five keys,
//! read through the `evdev` crate.
//!
//! The device is checked (a character device whose supported keys include
//! the five, in either kernel's codes, [`super::record`]) and grabbed so
//! presses do not also reach a console or a shell. Events are fetched
//! without blocking whenever `poll(2)` finds the device readable; the
//! crate resynchronises after the kernel's `SYN_DROPPED` (it asks the
//! device for its keys and reports the differences), so a release lost in
//! an overflow does not leave a key held and repeating.

use super::events::{Direction, Stick, StickEvent};
use super::record::{MAINLINE_KEYS, PI_KEYS, change_of, direction_of};
use crate::error::{Device, Error, Result, shown_path};
use evdev::{AttributeSetRef, KeyCode};
use std::fmt;
use std::fs::OpenOptions;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// The kernel's joystick, open and grabbed.
pub struct Joystick {
    device: evdev::Device,
    path: PathBuf,
    /// The keys this side has reported down and not yet up.
    held: Vec<Direction>,
}

impl fmt::Debug for Joystick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Joystick").field("path", &self.path).field("held", &self.held).finish_non_exhaustive()
    }
}

impl Joystick {
    /// Opens `path` without blocking, checks that it is an input device with
    /// the Sense HAT's five keys (in either kernel's codes), and grabs it.
    pub fn open(path: &Path) -> Result<Joystick> {
        let device = open_checked(path)?;
        crate::sys::grab(device.as_fd())
            .map_err(|source| Error::Grab { path: path.to_path_buf(), source })?;
        Ok(Joystick { device, path: path.to_path_buf(), held: Vec::new() })
    }

    /// The device's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Passes on `change` unless it is the release of a key not held (one
    /// let go already, below).
    fn note(&mut self, change: StickEvent, changes: &mut Vec<StickEvent>) {
        match change {
            StickEvent::Pressed(key) if !self.held.contains(&key) => self.held.push(key),
            StickEvent::Pressed(_) => {}
            StickEvent::Released(key) if self.held.contains(&key) => self.held.retain(|&k| k != key),
            StickEvent::Released(_) => return,
        }
        changes.push(change);
    }

    /// Lets go of every key held here that the crate's view of the device
    /// has up. The crate resynchronises after `SYN_DROPPED` on the next
    /// fetch, but when that fetch finds nothing new to read (the overflow's
    /// last packet was read already) it returns `WouldBlock` and drops the
    /// releases it found; its state is right by then, so they are made here.
    fn let_go_of_released(&mut self, changes: &mut Vec<StickEvent>) {
        let Some(state) = self.device.cached_state().key_vals() else { return };
        let released: Vec<Direction> = self.held.iter().copied().filter(|&key| !down(state, key)).collect();
        for key in released {
            self.note(StickEvent::Released(key), changes);
        }
    }
}

/// Whether the state has `key` down, in either code set.
fn down(state: &AttributeSetRef<KeyCode>, key: Direction) -> bool {
    PI_KEYS
        .iter()
        .chain(&MAINLINE_KEYS)
        .any(|&code| direction_of(code) == Some(key) && state.contains(KeyCode(code)))
}

impl Stick for Joystick {
    fn describe(&self) -> String {
        shown_path(&self.path)
    }

    fn read(&mut self) -> Result<Vec<StickEvent>> {
        let mut changes = Vec::new();
        loop {
            let events: Vec<(u16, u16, i32)> = match self.device.fetch_events() {
                Ok(events) => events.map(|e| (e.event_type().0, e.code(), e.value())).collect(),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(source) => {
                    let what = shown_path(&self.path);
                    return Err(Error::Lost { device: Device::Joystick, what, source });
                }
            };
            for (kind, code, value) in events {
                if let Some(change) = change_of(kind, code, value) {
                    self.note(change, &mut changes);
                }
            }
        }
        self.let_go_of_released(&mut changes);
        Ok(changes)
    }
}

impl AsFd for Joystick {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.device.as_fd()
    }
}

/// Whether `path` is a joystick [`Joystick::open`] would take (nothing is
/// grabbed, so a program using it is not disturbed).
pub fn check(path: &Path) -> Result<()> {
    open_checked(path).map(drop)
}

/// `path` opened, once it is known to be an input device with the five keys.
///
/// Opened here rather than by `evdev::Device::open`, which opens read-write
/// and blocking: a FIFO named as the joystick would hang it, and a terminal
/// could become the daemon's controlling terminal. The crate takes the
/// descriptor from there.
fn open_checked(path: &Path) -> Result<evdev::Device> {
    let device = Device::Joystick;
    let open_error = |source| Error::Open { device, path: path.to_path_buf(), source };
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOCTTY)
        .open(path)
        .map_err(open_error)?;
    if !file.metadata().map_err(open_error)?.file_type().is_char_device() {
        return Err(Error::NotCharDevice { device, path: path.to_path_buf() });
    }
    let evdev = evdev::Device::from_fd(file.into()).map_err(|source| Error::NotThatDevice {
        device,
        path: path.to_path_buf(),
        source,
    })?;
    let five = |codes: &[u16; 5]| {
        evdev.supported_keys().is_some_and(|keys| codes.iter().all(|&code| keys.contains(KeyCode(code))))
    };
    if !five(&PI_KEYS) && !five(&MAINLINE_KEYS) {
        return Err(Error::MissingKeys { path: path.to_path_buf(), name: evdev.name().map(str::to_string) });
    }
    Ok(evdev)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stick::record::{EV_KEY, KEY_UP, encode};

    #[test]
    fn a_regular_file_or_a_character_device_of_another_kind_is_no_joystick() {
        let dir = std::env::temp_dir().join(format!("sense-hat-js-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("file"), encode(EV_KEY, KEY_UP, 1)).unwrap();
        let err = Joystick::open(&dir.join("file")).map(|_| ()).unwrap_err();
        assert!(matches!(err, Error::NotCharDevice { .. }), "{err}");
        assert!(err.to_string().contains("file is not an input device"), "{err}");
        let err = Joystick::open(Path::new("/dev/zero")).map(|_| ()).unwrap_err();
        assert!(matches!(err, Error::NotThatDevice { .. }), "{err}");
        assert!(err.to_string().contains("/dev/zero is not an input device"), "{err}");
        let err = check(&dir.join("absent")).unwrap_err();
        assert!(matches!(err, Error::Open { .. }) && !err.permission_denied(), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
