//! Turning the bytes a terminal sends into game actions.
//!
//! Terminals report no key releases, so each key gives its event at once
//! (a direction or the middle's press). `m` stands for the long hold, which
//! opens the menu: it gives [`Event::Hold`], and the hold's
//! [`Event::Release`] follows just before the next key's event. (Sending
//! the release at once would cut short the menu's scrolling text, as
//! letting go of a real joystick would.) So the events always pair up as a
//! joystick's do: never a release without a hold before it.
//!
//! Escape sequences may arrive split across reads, so an unfinished one is
//! kept until the rest comes. A lone Esc looks like the start of a sequence:
//! the caller waits a moment ([`ESC_WAIT_MS`]) while one is pending, then
//! calls [`KeyDecoder::flush`], which takes it for the Esc key. Alt with a
//! key arrives as Esc and that key in one write: it means nothing here, so
//! a slip onto Alt never quits the game.

use crate::game::{Event, Millis};

/// How long an unfinished escape sequence may wait for its next byte before
/// its Esc counts as the Esc key. Terminals send a sequence in one write, so
/// a short pause is enough even over SSH.
pub const ESC_WAIT_MS: Millis = 50;

/// The longest escape sequence looked at: anything longer is not a key we know.
const MAX_SEQUENCE: usize = 32;

const ESC: u8 = 0x1b;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    Game(Event),
    Quit,
    /// Ctrl-Z: stop the game with the terminal given back, until the shell's `fg`.
    Suspend,
}

/// The keys, with the bytes still waiting to make a whole sequence.
#[derive(Debug, Default)]
pub struct KeyDecoder {
    pending: Vec<u8>,
    /// `m` gave a hold whose release has not been sent yet.
    holding: bool,
}

impl KeyDecoder {
    pub fn new() -> Self {
        KeyDecoder::default()
    }

    /// Whether an unfinished escape sequence (or a lone Esc) is waiting.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Decodes `bytes` (after anything pending), appending the actions to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<KeyAction>) {
        self.pending.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.pending.len() {
            match decode_one(&self.pending[at..]) {
                Decoded::Key(used, key) => {
                    if let Some(key) = key {
                        self.push(key, out);
                    }
                    at += used;
                }
                Decoded::Incomplete => break,
            }
        }
        self.pending.drain(..at);
    }

    /// No more bytes came: a pending lone Esc is the Esc key; an unfinished
    /// sequence (Alt with `[` or `O`, or a sequence cut short) is dropped.
    pub fn flush(&mut self, out: &mut Vec<KeyAction>) {
        if self.pending == [ESC] {
            self.push(Key::Quit, out);
        }
        self.pending.clear();
    }

    fn push(&mut self, key: Key, out: &mut Vec<KeyAction>) {
        if !matches!(key, Key::Quit | Key::Suspend) && std::mem::take(&mut self.holding) {
            out.push(KeyAction::Game(Event::Release));
        }
        out.push(match key {
            Key::Up => KeyAction::Game(Event::Up),
            Key::Down => KeyAction::Game(Event::Down),
            Key::Left => KeyAction::Game(Event::Left),
            Key::Right => KeyAction::Game(Event::Right),
            Key::Middle => KeyAction::Game(Event::Press),
            Key::Hold => {
                self.holding = true;
                KeyAction::Game(Event::Hold)
            }
            Key::Quit => KeyAction::Quit,
            Key::Suspend => KeyAction::Suspend,
        });
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Up,
    Down,
    Left,
    Right,
    Middle,
    Hold,
    Quit,
    Suspend,
}

enum Decoded {
    /// This many bytes made one key, or none we use.
    Key(usize, Option<Key>),
    /// An escape sequence that has not ended yet.
    Incomplete,
}

fn decode_one(bytes: &[u8]) -> Decoded {
    let plain = |key| Decoded::Key(1, key);
    match bytes[0] {
        ESC => decode_escape(bytes),
        b'\r' | b'\n' | b' ' => plain(Some(Key::Middle)),
        // Ctrl-C and Ctrl-D: raw mode delivers them as bytes, not signals.
        b'q' | b'Q' | 0x03 | 0x04 => plain(Some(Key::Quit)),
        // Ctrl-Z: raw mode turns off the terminal's SIGTSTP, so the game suspends itself.
        0x1a => plain(Some(Key::Suspend)),
        b'm' | b'M' => plain(Some(Key::Hold)),
        b'w' | b'W' | b'k' | b'K' => plain(Some(Key::Up)),
        b's' | b'S' | b'j' | b'J' => plain(Some(Key::Down)),
        b'a' | b'A' | b'h' | b'H' => plain(Some(Key::Left)),
        b'd' | b'D' | b'l' | b'L' => plain(Some(Key::Right)),
        _ => plain(None),
    }
}

/// `bytes` starts with Esc: an arrow (`CSI A`..`D`, or `SS3` in application
/// mode), keypad Enter (`SS3 M`), some other sequence (ignored), Esc twice
/// (the first is the Esc key), or Alt with an ordinary key (ignored).
fn decode_escape(bytes: &[u8]) -> Decoded {
    let arrow = |b: u8| match b {
        b'A' => Some(Key::Up),
        b'B' => Some(Key::Down),
        b'C' => Some(Key::Right),
        b'D' => Some(Key::Left),
        _ => None,
    };
    match bytes.get(1) {
        None => Decoded::Incomplete,
        Some(b'[') => {
            // CSI: parameter and intermediate bytes (0x20..=0x3f), then a final
            // byte. Only the first MAX_SEQUENCE bytes are looked at, so how
            // the bytes were split across reads never changes the keys.
            let window = &bytes[2..bytes.len().min(MAX_SEQUENCE)];
            match window.iter().position(|b| !(0x20..=0x3f).contains(b)) {
                Some(i) => {
                    let end = 2 + i;
                    let key = if (0x40..=0x7e).contains(&bytes[end]) { arrow(bytes[end]) } else { None };
                    Decoded::Key(end + 1, key)
                }
                // Too long to be a key: skipped.
                None if bytes.len() >= MAX_SEQUENCE => Decoded::Key(MAX_SEQUENCE, None),
                None => Decoded::Incomplete,
            }
        }
        Some(b'O') => match bytes.get(2) {
            None => Decoded::Incomplete,
            Some(b'M') => Decoded::Key(3, Some(Key::Middle)),
            Some(&b) => Decoded::Key(3, arrow(b)),
        },
        // Esc, then Esc: the first is the Esc key (the second may start a sequence).
        Some(&ESC) => Decoded::Key(1, Some(Key::Quit)),
        // Alt with a key: terminals send both bytes at once. Not a game key.
        Some(_) => Decoded::Key(2, None),
    }
}

/// Every action `bytes` gives, flushing a pending Esc at the end: what a
/// terminal's keys mean when no more bytes follow.
pub fn decode_all(bytes: &[u8]) -> Vec<KeyAction> {
    let mut decoder = KeyDecoder::new();
    let mut out = Vec::new();
    decoder.feed(bytes, &mut out);
    decoder.flush(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Event::*;
    use KeyAction::*;

    #[test]
    fn letters_arrows_and_vi_keys_move() {
        let moves = [Game(Up), Game(Left), Game(Down), Game(Right)];
        assert_eq!(decode_all(b"wasd"), moves);
        assert_eq!(decode_all(b"khjl"), moves);
        assert_eq!(decode_all(b"WASD"), moves);
        assert_eq!(decode_all(b"\x1b[A\x1b[D\x1b[B\x1b[C"), moves);
        assert_eq!(decode_all(b"\x1bOA\x1bOD\x1bOB\x1bOC"), moves, "application cursor mode");
        assert_eq!(decode_all(b"\x1b[1;2A"), [Game(Up)], "shift-up is still up");
    }

    #[test]
    fn enter_and_space_press_and_m_holds_until_the_next_key() {
        assert_eq!(decode_all(b"\r \n\x1bOM"), [Game(Press); 4]);
        assert_eq!(decode_all(b"m"), [Game(Hold)]);
        assert_eq!(decode_all(b"md"), [Game(Hold), Game(Release), Game(Right)]);
        assert_eq!(decode_all(b"mm"), [Game(Hold), Game(Release), Game(Hold)]);
        assert_eq!(decode_all(b"mxq"), [Game(Hold), Quit], "unknown keys and quitting need no release");
        assert_eq!(decode_all(b"mqd"), [Game(Hold), Quit, Game(Release), Game(Right)]);
    }

    #[test]
    fn q_ctrl_c_and_a_lone_esc_quit() {
        assert_eq!(decode_all(b"q"), [Quit]);
        assert_eq!(decode_all(b"\x03"), [Quit]);
        assert_eq!(decode_all(b"\x1b"), [Quit]);
        assert_eq!(decode_all(b"\x1b\x1b[A"), [Quit, Game(Up)], "Esc, then an arrow");
    }

    #[test]
    fn ctrl_z_suspends_and_a_held_m_is_released_after_it() {
        assert_eq!(decode_all(b"\x1a"), [Suspend]);
        assert_eq!(decode_all(b"m\x1ad"), [Game(Hold), Suspend, Game(Release), Game(Right)]);
    }

    #[test]
    fn alt_with_a_key_does_not_quit() {
        for alt in [b"\x1bq".as_slice(), b"\x1bx", b"\x1bd", b"\x1b\r", b"\x1b[", b"\x1bO", b"\x1b\x04"] {
            assert_eq!(decode_all(alt), [], "{alt:?}");
        }
        assert_eq!(decode_all(b"\x1bqd"), [Game(Right)], "the next key counts");
    }

    #[test]
    fn a_sequence_split_across_reads_waits_for_its_end() {
        let mut d = KeyDecoder::new();
        let mut out = Vec::new();
        d.feed(b"w\x1b", &mut out);
        assert_eq!(out, [Game(Up)]);
        assert!(d.is_pending());
        d.feed(b"[", &mut out);
        assert_eq!(out, [Game(Up)]);
        d.feed(b"1;5", &mut out);
        assert!(d.is_pending());
        d.feed(b"Cd", &mut out);
        assert_eq!(out, [Game(Up), Game(Right), Game(Right)]);
        assert!(!d.is_pending());
    }

    #[test]
    fn unknown_sequences_and_bytes_are_ignored() {
        assert_eq!(decode_all(b"\x1b[2~\x1b[200~x\xc3\xa9\x1b[Z"), []);
        assert_eq!(decode_all(b"\x1bOP"), [], "F1");
        let mut d = KeyDecoder::new();
        let mut out = Vec::new();
        d.feed(&[b"\x1b[".as_slice(), &[b'1'; 100]].concat(), &mut out);
        assert!(out.is_empty());
        assert!(!d.is_pending(), "an endless sequence is not kept");
    }

    #[test]
    fn how_the_bytes_are_split_never_changes_the_keys() {
        let long = [b"w\x1b[".as_slice(), &[b'1'; 40], b"A\x1bOBm\x1b[Cq"].concat();
        let whole = decode_all(&long);
        for split in 0..long.len() {
            let mut d = KeyDecoder::new();
            let mut out = Vec::new();
            d.feed(&long[..split], &mut out);
            d.feed(&long[split..], &mut out);
            d.flush(&mut out);
            assert_eq!(out, whole, "split at {split}");
        }
    }

    #[test]
    fn flushing_a_lone_esc_quits_and_an_unfinished_sequence_is_dropped() {
        let mut d = KeyDecoder::new();
        let mut out = Vec::new();
        d.feed(b"\x1b[1;", &mut out);
        d.flush(&mut out);
        assert_eq!(out, []);
        assert!(!d.is_pending());
        d.feed(b"\x1b", &mut out);
        d.flush(&mut out);
        assert_eq!(out, [Quit]);
    }
}
