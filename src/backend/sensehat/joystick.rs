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
use anyhow::{Context, bail};
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

/// `EV_SYN`'s codes: the end of a packet of events, and the kernel's word
/// that its buffer overflowed and events were lost.
pub const EV_SYN: u16 = 0x00;
pub const SYN_REPORT: u16 = 0;
pub const SYN_DROPPED: u16 = 3;

/// Bytes in a bitmask of every key code (`KEY_MAX` is 0x2ff).
pub const KEY_BYTES: usize = 0x300 / 8;

/// One bit per key code, as `EVIOCGBIT(EV_KEY)` and `EVIOCGKEY` fill it.
pub type KeyBits = [u8; KEY_BYTES];

/// Whether `code`'s bit is set.
pub fn has(bits: &KeyBits, code: u16) -> bool {
    bits.get(usize::from(code) / 8).is_some_and(|byte| byte & (1 << (code % 8)) != 0)
}

/// `_IOR('E', nr, KeyBits)`, for the `nr` of `EVIOCGBIT(EV_KEY)` (0x21)
/// and `EVIOCGKEY` (0x18).
const fn read_key_bits(nr: libc::c_ulong) -> libc::c_ulong {
    (2 << 30) | ((KEY_BYTES as libc::c_ulong) << 16) | ((b'E' as libc::c_ulong) << 8) | nr
}
pub const EVIOCGBIT_KEY: libc::c_ulong = read_key_bits(0x20 + EV_KEY as libc::c_ulong);
pub const EVIOCGKEY: libc::c_ulong = read_key_bits(0x18);

/// The five keys in the Raspberry Pi kernel's codes, and in mainline's.
pub const PI_KEYS: [u16; 5] = [KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_ENTER];
pub const MAINLINE_KEYS: [u16; 5] = [BTN_DPAD_UP, BTN_DPAD_DOWN, BTN_DPAD_LEFT, BTN_DPAD_RIGHT, BTN_SELECT];

/// Asks a device for a key bitmask (`EVIOCGBIT` or `EVIOCGKEY`).
fn ask_key_bits(file: &File, request: libc::c_ulong) -> io::Result<KeyBits> {
    let mut bits = [0u8; KEY_BYTES];
    // SAFETY: the request's size field is KEY_BYTES, the buffer's size.
    if unsafe { libc::ioctl(file.as_raw_fd(), request as _, bits.as_mut_ptr()) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(bits)
}

/// Where the keys' real state comes from after the kernel dropped events:
/// the device (`EVIOCGKEY`), or, for a stand-in, whatever the test says.
pub type KeyState = Box<dyn FnMut() -> io::Result<KeyBits> + Send>;

/// Turns the bytes read from the device into key changes. On
/// `SYN_DROPPED` the events up to the next `SYN_REPORT` are discarded (the
/// packet is incomplete), then every key held here that the device reports
/// up is let go: a lost release must not leave a key held and repeating.
#[derive(Debug, Default)]
pub struct Decoder {
    /// A record split across reads (only a FIFO standing in for the device
    /// can do that; the kernel hands out whole records).
    partial: Vec<u8>,
    dropping: bool,
    held: Vec<Key>,
}

impl Decoder {
    pub fn feed(&mut self, bytes: &[u8], key_state: &mut dyn FnMut() -> io::Result<KeyBits>) -> Vec<Change> {
        let mut changes = Vec::new();
        self.partial.extend_from_slice(bytes);
        let whole = self.partial.len() / RECORD * RECORD;
        let records: Vec<[u8; RECORD]> =
            self.partial[..whole].chunks_exact(RECORD).map(|r| r.try_into().unwrap()).collect();
        self.partial.drain(..whole);
        for record in &records {
            let (kind, code) = kind_and_code(record);
            match (kind, code) {
                (EV_SYN, SYN_DROPPED) => self.dropping = true,
                (EV_SYN, SYN_REPORT) if self.dropping => {
                    self.dropping = false;
                    changes.extend(self.resync(key_state()));
                }
                _ if self.dropping => {}
                _ => {
                    if let Some(change) = decode(record) {
                        self.note(change);
                        changes.push(change);
                    }
                }
            }
        }
        changes
    }

    /// The releases of keys held here but up on the device (all of them if
    /// it cannot tell).
    fn resync(&mut self, state: io::Result<KeyBits>) -> Vec<Change> {
        let down = |key: Key, bits: &KeyBits| {
            PI_KEYS.iter().chain(&MAINLINE_KEYS).any(|&code| key_of(code) == Some(key) && has(bits, code))
        };
        let released: Vec<Key> = match &state {
            Ok(bits) => self.held.iter().copied().filter(|&key| !down(key, bits)).collect(),
            Err(_) => self.held.clone(),
        };
        self.held.retain(|key| !released.contains(key));
        released.into_iter().map(Change::Up).collect()
    }

    fn note(&mut self, change: Change) {
        match change {
            Change::Down(key) if !self.held.contains(&key) => self.held.push(key),
            Change::Down(_) => {}
            Change::Up(key) => self.held.retain(|&k| k != key),
        }
    }
}

fn kind_and_code(record: &[u8; RECORD]) -> (u16, u16) {
    let at = RECORD - 8;
    (u16::from_ne_bytes([record[at], record[at + 1]]), u16::from_ne_bytes([record[at + 2], record[at + 3]]))
}

/// The joystick, open and grabbed.
pub struct Joystick {
    file: File,
    path: PathBuf,
    decoder: Decoder,
    key_state: Option<KeyState>,
}

/// What a read found.
pub enum Reading {
    Changes(Vec<Change>),
    /// The device went away (unplugged, driver unloaded).
    Gone(io::Error),
}

impl Joystick {
    /// Opens `path` without blocking, checks that it is an input device with
    /// the Sense HAT's five keys (in either kernel's codes), and grabs it.
    pub fn open(path: &Path) -> anyhow::Result<Joystick> {
        let file = open_checked(path)?;
        // SAFETY: EVIOCGRAB takes an int by value.
        if unsafe { libc::ioctl(file.as_raw_fd(), EVIOCGRAB as _, 1 as libc::c_int) } < 0 {
            let e = io::Error::last_os_error();
            return Err(e).with_context(|| {
                format!("cannot grab the joystick {} (is another program using it?)", path.display())
            });
        }
        Ok(Joystick { file, path: path.to_path_buf(), decoder: Decoder::default(), key_state: None })
    }

    /// A stand-in for tests: whatever `path` is (a FIFO carrying records),
    /// unchecked and ungrabbed, with the keys' state after a `SYN_DROPPED`
    /// told by `key_state`. Reached only through [`super::testing`].
    pub(super) fn stand_in(path: &Path, key_state: KeyState) -> anyhow::Result<Joystick> {
        let file = open_nonblocking(path)?;
        Ok(Joystick {
            file,
            path: path.to_path_buf(),
            decoder: Decoder::default(),
            key_state: Some(key_state),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads what is waiting, without blocking.
    pub fn read(&mut self) -> Reading {
        let mut changes = Vec::new();
        let mut buf = [0u8; RECORD * 32];
        loop {
            match (&self.file).read(&mut buf) {
                // End of file: only a stand-in FIFO whose writer left.
                Ok(0) => return Reading::Gone(io::Error::from(io::ErrorKind::UnexpectedEof)),
                Ok(n) => {
                    let (file, given) = (&self.file, &mut self.key_state);
                    let mut kernel = || ask_key_bits(file, EVIOCGKEY);
                    let key_state: &mut dyn FnMut() -> io::Result<KeyBits> = match given {
                        Some(given) => given,
                        None => &mut kernel,
                    };
                    changes.extend(self.decoder.feed(&buf[..n], key_state));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Reading::Changes(changes),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Reading::Gone(e),
            }
        }
    }
}

/// Whether `path` is a joystick the game would take (what `doctor` asks;
/// nothing is grabbed, so a running game is not disturbed).
pub fn check(path: &Path) -> anyhow::Result<()> {
    open_checked(path).map(drop)
}

/// `path` opened, once it is known to be an input device with the five keys.
fn open_checked(path: &Path) -> anyhow::Result<File> {
    let file = open_nonblocking(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_char_device() {
        bail!("{} is not an input device (it is not a character device)", path.display());
    }
    let keys = ask_key_bits(&file, EVIOCGBIT_KEY)
        .with_context(|| format!("{} is not an input device", path.display()))?;
    let five = |codes: &[u16; 5]| codes.iter().all(|&code| has(&keys, code));
    if !five(&PI_KEYS) && !five(&MAINLINE_KEYS) {
        bail!("{} has not the joystick's five keys (up, down, left, right, enter)", path.display());
    }
    Ok(file)
}

fn open_nonblocking(path: &Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .with_context(|| format!("cannot open the joystick {}", path.display()))
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

    fn bytes(records: &[(u16, u16, i32)]) -> Vec<u8> {
        records.iter().flat_map(|&(kind, code, value)| encode(kind, code, value)).collect()
    }

    fn all_up() -> io::Result<KeyBits> {
        Ok([0; KEY_BYTES])
    }

    #[test]
    fn after_syn_dropped_a_key_the_device_reports_up_is_let_go() {
        let mut decoder = Decoder::default();
        let pressed = bytes(&[(EV_KEY, KEY_RIGHT, 1), (EV_SYN, SYN_REPORT, 0)]);
        assert_eq!(decoder.feed(&pressed, &mut all_up), [Change::Down(Key::Right)]);
        // The release was lost with others; what came between the drop and
        // the next report is discarded, however it reads.
        let dropped = bytes(&[
            (EV_SYN, SYN_DROPPED, 0),
            (EV_KEY, KEY_UP, 1),
            (EV_KEY, KEY_LEFT, 0),
            (EV_SYN, SYN_REPORT, 0),
        ]);
        assert_eq!(decoder.feed(&dropped, &mut all_up), [Change::Up(Key::Right)]);
        // After the report, events count again.
        let next = bytes(&[(EV_KEY, KEY_UP, 1), (EV_SYN, SYN_REPORT, 0)]);
        assert_eq!(decoder.feed(&next, &mut all_up), [Change::Down(Key::Up)]);
    }

    #[test]
    fn after_syn_dropped_a_key_still_down_stays_held() {
        let mut decoder = Decoder::default();
        let mut up_down = || {
            let mut bits = [0u8; KEY_BYTES];
            bits[usize::from(BTN_DPAD_UP) / 8] |= 1 << (BTN_DPAD_UP % 8);
            Ok(bits)
        };
        let records = bytes(&[
            (EV_KEY, BTN_DPAD_UP, 1),
            (EV_KEY, BTN_SELECT, 1),
            (EV_SYN, SYN_DROPPED, 0),
            (EV_SYN, SYN_REPORT, 0),
        ]);
        // Split mid-record, as a FIFO may hand it out.
        let (first, rest) = records.split_at(RECORD + 5);
        let mut changes = decoder.feed(first, &mut up_down);
        changes.extend(decoder.feed(rest, &mut up_down));
        assert_eq!(changes, [Change::Down(Key::Up), Change::Down(Key::Middle), Change::Up(Key::Middle)]);
        // A device that cannot say lets go of every key held.
        let mut broken = || Err(io::Error::from(io::ErrorKind::Other));
        let again = bytes(&[(EV_SYN, SYN_DROPPED, 0), (EV_SYN, SYN_REPORT, 0)]);
        assert_eq!(decoder.feed(&again, &mut broken), [Change::Up(Key::Up)]);
    }

    #[test]
    fn the_ioctl_numbers_are_the_kernels() {
        // From <linux/input.h> with KEY_MAX 0x2ff: EVIOCGBIT(EV_KEY, 96), EVIOCGKEY(96).
        assert_eq!(EVIOCGBIT_KEY, 0x8060_4521);
        assert_eq!(EVIOCGKEY, 0x8060_4518);
    }

    #[test]
    fn a_regular_file_or_a_fifo_is_no_joystick() {
        let dir = std::env::temp_dir().join(format!("queens-js-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("file"), bytes(&[(EV_KEY, KEY_UP, 1)])).unwrap();
        let err = Joystick::open(&dir.join("file")).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains("is not an input device"), "{err}");
        let err = Joystick::open(Path::new("/dev/zero")).map(|_| ()).unwrap_err();
        assert!(format!("{err:#}").contains("/dev/zero is not an input device"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
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
