//! The joystick's events as raw `struct input_event` records, read where
//! the kernel is not the source: the Sense HAT emulator's socket sends the
//! same records, and so does the `mock` feature's stick. (The kernel's
//! joystick is read through the `evdev` crate: `super::evdev`.)
//!
//! Two kernels, two code sets: the Raspberry Pi kernel's driver sends
//! `KEY_UP`..`KEY_ENTER`, mainline Linux's `sensehat-joystick` sends
//! `BTN_DPAD_UP`..`BTN_SELECT`. Both are read.

use super::events::{Direction, StickEvent};
use crate::sys;
use std::io;

// <linux/input-event-codes.h>'s numbers (checked in the tests below, and
// against the kernel's devices in the VM test).
/// The event types read: `EV_SYN` ends a packet, `EV_KEY` is a key.
pub const EV_SYN: u16 = 0x00;
/// A key's event type (see [`EV_SYN`]).
pub const EV_KEY: u16 = 0x01;
/// The Raspberry Pi kernel's five codes: the middle, up, left, right, down.
pub const KEY_ENTER: u16 = 28;
/// See [`KEY_ENTER`].
pub const KEY_UP: u16 = 103;
/// See [`KEY_ENTER`].
pub const KEY_LEFT: u16 = 105;
/// See [`KEY_ENTER`].
pub const KEY_RIGHT: u16 = 106;
/// See [`KEY_ENTER`].
pub const KEY_DOWN: u16 = 108;
/// Mainline Linux's five codes: the middle, up, down, left, right.
pub const BTN_SELECT: u16 = 0x13a;
/// See [`BTN_SELECT`].
pub const BTN_DPAD_UP: u16 = 0x220;
/// See [`BTN_SELECT`].
pub const BTN_DPAD_DOWN: u16 = 0x221;
/// See [`BTN_SELECT`].
pub const BTN_DPAD_LEFT: u16 = 0x222;
/// See [`BTN_SELECT`].
pub const BTN_DPAD_RIGHT: u16 = 0x223;
/// `EV_SYN`'s codes: the end of a packet of events, and the kernel's word
/// that its buffer overflowed and events were lost.
pub const SYN_REPORT: u16 = 0;
/// See [`SYN_REPORT`].
pub const SYN_DROPPED: u16 = 3;

/// The five keys in the Raspberry Pi kernel's codes, and in mainline's.
pub const PI_KEYS: [u16; 5] = [KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_ENTER];
/// See [`PI_KEYS`].
pub const MAINLINE_KEYS: [u16; 5] = [BTN_DPAD_UP, BTN_DPAD_DOWN, BTN_DPAD_LEFT, BTN_DPAD_RIGHT, BTN_SELECT];

/// The size of `struct input_event`: 24 bytes on 64-bit kernels, 16 on
/// 32-bit ones.
pub const RECORD: usize = std::mem::size_of::<sys::InputEvent>();

/// The key a code names, in either code set.
pub fn direction_of(code: u16) -> Option<Direction> {
    match code {
        KEY_UP | BTN_DPAD_UP => Some(Direction::Up),
        KEY_DOWN | BTN_DPAD_DOWN => Some(Direction::Down),
        KEY_LEFT | BTN_DPAD_LEFT => Some(Direction::Left),
        KEY_RIGHT | BTN_DPAD_RIGHT => Some(Direction::Right),
        KEY_ENTER | BTN_SELECT => Some(Direction::Middle),
        _ => None,
    }
}

/// The change a key event makes. Synchronisation reports, other keys and
/// the kernel's auto-repeat (value 2) give nothing: repeats are timed by
/// the program, the same on every device.
pub fn change_of(kind: u16, code: u16, value: i32) -> Option<StickEvent> {
    if kind != EV_KEY {
        return None;
    }
    let key = direction_of(code)?;
    match value {
        1 => Some(StickEvent::Pressed(key)),
        0 => Some(StickEvent::Released(key)),
        _ => None,
    }
}

/// A record's type, code and value (the time before them is not used).
fn fields(record: &[u8; RECORD]) -> (u16, u16, i32) {
    let at = RECORD - 8;
    let kind = u16::from_ne_bytes([record[at], record[at + 1]]);
    let code = u16::from_ne_bytes([record[at + 2], record[at + 3]]);
    let value = i32::from_ne_bytes([record[at + 4], record[at + 5], record[at + 6], record[at + 7]]);
    (kind, code, value)
}

/// Decodes one `input_event` record.
pub fn decode(record: &[u8; RECORD]) -> Option<StickEvent> {
    let (kind, code, value) = fields(record);
    change_of(kind, code, value)
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

/// Bytes in a bitmask of every key code (`KEY_MAX` is 0x2ff).
pub const KEY_BYTES: usize = 0x300 / 8;

/// One bit per key code, as `EVIOCGKEY` fills it.
pub type KeyBits = [u8; KEY_BYTES];

/// Whether `code`'s bit is set.
pub fn has(bits: &KeyBits, code: u16) -> bool {
    bits.get(usize::from(code) / 8).is_some_and(|byte| byte & (1 << (code % 8)) != 0)
}

/// Turns the bytes of records into key changes. On `SYN_DROPPED` the
/// events up to the next `SYN_REPORT` are discarded (the packet is
/// incomplete), then every key held here that the device reports up is let
/// go: a lost release must not leave a key held and repeating. (The same
/// resynchronisation the `evdev` crate does for the kernel's device.)
#[derive(Debug, Default)]
pub struct Decoder {
    /// A record split across reads (a FIFO can do that; the kernel hands
    /// out whole records).
    partial: Vec<u8>,
    dropping: bool,
    held: Vec<Direction>,
}

impl Decoder {
    /// The key changes in `bytes`, the next bytes read (a record may be
    /// split across reads); `key_state` asks the device which keys are down,
    /// after events were dropped.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        key_state: &mut dyn FnMut() -> io::Result<KeyBits>,
    ) -> Vec<StickEvent> {
        let mut changes = Vec::new();
        self.partial.extend_from_slice(bytes);
        let whole = self.partial.len() / RECORD * RECORD;
        let records: Vec<[u8; RECORD]> = self.partial[..whole]
            .chunks_exact(RECORD)
            .filter_map(|r| <[u8; RECORD]>::try_from(r).ok())
            .collect();
        self.partial.drain(..whole);
        for record in &records {
            let (kind, code, value) = fields(record);
            match (kind, code) {
                (EV_SYN, SYN_DROPPED) => self.dropping = true,
                (EV_SYN, SYN_REPORT) if self.dropping => {
                    self.dropping = false;
                    changes.extend(self.resync(key_state()));
                }
                _ if self.dropping => {}
                _ => {
                    if let Some(change) = change_of(kind, code, value) {
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
    fn resync(&mut self, state: io::Result<KeyBits>) -> Vec<StickEvent> {
        let down = |key: Direction, bits: &KeyBits| {
            PI_KEYS
                .iter()
                .chain(&MAINLINE_KEYS)
                .any(|&code| direction_of(code) == Some(key) && has(bits, code))
        };
        let released: Vec<Direction> = match &state {
            Ok(bits) => self.held.iter().copied().filter(|&key| !down(key, bits)).collect(),
            Err(_) => self.held.clone(),
        };
        self.held.retain(|key| !released.contains(key));
        released.into_iter().map(StickEvent::Released).collect()
    }

    fn note(&mut self, change: StickEvent) {
        match change {
            StickEvent::Pressed(key) if !self.held.contains(&key) => self.held.push(key),
            StickEvent::Pressed(_) => {}
            StickEvent::Released(key) => self.held.retain(|&k| k != key),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_code_sets_decode_to_the_same_keys() {
        let pairs = [
            (KEY_UP, BTN_DPAD_UP, Direction::Up),
            (KEY_DOWN, BTN_DPAD_DOWN, Direction::Down),
            (KEY_LEFT, BTN_DPAD_LEFT, Direction::Left),
            (KEY_RIGHT, BTN_DPAD_RIGHT, Direction::Right),
            (KEY_ENTER, BTN_SELECT, Direction::Middle),
        ];
        for (pi, mainline, key) in pairs {
            for code in [pi, mainline] {
                assert_eq!(decode(&encode(EV_KEY, code, 1)), Some(StickEvent::Pressed(key)));
                assert_eq!(decode(&encode(EV_KEY, code, 0)), Some(StickEvent::Released(key)));
                assert_eq!(decode(&encode(EV_KEY, code, 2)), None, "auto-repeat is timed by us");
            }
        }
    }

    #[cfg(feature = "kernel")]
    #[test]
    fn the_codes_are_the_evdev_crates() {
        use evdev::{EventType, KeyCode, SynchronizationCode};
        assert_eq!((EV_SYN, EV_KEY), (EventType::SYNCHRONIZATION.0, EventType::KEY.0));
        assert_eq!(
            (SYN_REPORT, SYN_DROPPED),
            (SynchronizationCode::SYN_REPORT.0, SynchronizationCode::SYN_DROPPED.0)
        );
        let codes = |keys: [KeyCode; 5]| keys.map(|k| k.0);
        use KeyCode as K;
        assert_eq!(PI_KEYS, codes([K::KEY_UP, K::KEY_DOWN, K::KEY_LEFT, K::KEY_RIGHT, K::KEY_ENTER]));
        assert_eq!(
            MAINLINE_KEYS,
            codes([K::BTN_DPAD_UP, K::BTN_DPAD_DOWN, K::BTN_DPAD_LEFT, K::BTN_DPAD_RIGHT, K::BTN_SELECT])
        );
    }

    #[test]
    fn the_codes_are_the_kernels() {
        // <linux/input-event-codes.h>, written out here against the crate's constants.
        assert_eq!((EV_SYN, EV_KEY, SYN_REPORT, SYN_DROPPED), (0, 1, 0, 3));
        assert_eq!(PI_KEYS, [103, 108, 105, 106, 28]);
        assert_eq!(MAINLINE_KEYS, [0x220, 0x221, 0x222, 0x223, 0x13a]);
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
        assert_eq!(decoder.feed(&pressed, &mut all_up), [StickEvent::Pressed(Direction::Right)]);
        // The release was lost with others; what came between the drop and
        // the next report is discarded, however it reads.
        let dropped = bytes(&[
            (EV_SYN, SYN_DROPPED, 0),
            (EV_KEY, KEY_UP, 1),
            (EV_KEY, KEY_LEFT, 0),
            (EV_SYN, SYN_REPORT, 0),
        ]);
        assert_eq!(decoder.feed(&dropped, &mut all_up), [StickEvent::Released(Direction::Right)]);
        // After the report, events count again.
        let next = bytes(&[(EV_KEY, KEY_UP, 1), (EV_SYN, SYN_REPORT, 0)]);
        assert_eq!(decoder.feed(&next, &mut all_up), [StickEvent::Pressed(Direction::Up)]);
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
        assert_eq!(
            changes,
            [
                StickEvent::Pressed(Direction::Up),
                StickEvent::Pressed(Direction::Middle),
                StickEvent::Released(Direction::Middle)
            ]
        );
        // A device that cannot say lets go of every key held.
        let mut broken = || Err(io::Error::from(io::ErrorKind::Other));
        let again = bytes(&[(EV_SYN, SYN_DROPPED, 0), (EV_SYN, SYN_REPORT, 0)]);
        assert_eq!(decoder.feed(&again, &mut broken), [StickEvent::Released(Direction::Up)]);
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
