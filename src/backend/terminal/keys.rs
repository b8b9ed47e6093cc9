//! Turning the bytes a terminal sends into game actions: the game's keys
//! are the engine's table ([`crate::game::keys`]), which the page reads
//! too; this decodes bytes into its keystrokes, and adds the terminal's own
//! keys (quit, suspend, redraw) and clicks.
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
//! the caller waits a moment (`ESC_WAIT_MS`) while one is pending, then
//! calls `KeyDecoder::flush`, which takes it for the Esc key. Alt with a
//! key arrives as Esc and that key in one write: it means nothing here, so
//! a slip onto Alt never quits the game.
//!
//! The left mouse button on the board, reported in xterm's SGR form
//! (`ESC [ < 0 ; column ; row M` pressed, `... m` released, button 32 for
//! motion while it is held: modes 1002 and 1006) or the older X10 form
//! (`ESC [ M` and three bytes, what a terminal without mode 1006 sends; 35
//! the release), plays as a tap on the page does: going down on a square
//! points there ([`Event::At`] on the pixel drawn there; where that is,
//! `Squares` says: the terminal sets it with `KeyDecoder::point_on` as it
//! draws) and coming up presses ([`Event::Press`]), so a plain click
//! cycles the square. Moving onto another square while it is down is a
//! drag to mark, in a mode that drags to mark
//! ([`ModeKind::drags_to_mark`](crate::game::ModeKind::drags_to_mark)):
//! [`Event::Mark`] on the square it went down on, then on each square it
//! crosses (the engine dots the empty ones, once), and no press when it
//! comes up. A terminal that reports no motion (mode 1000 only) clicks.
//! Other buttons, the wheel and clicks off the board do nothing, and a
//! report's bytes are never taken for keys (an X10 click in column 81
//! would otherwise be a `q`).

use super::render::Squares;
use crate::game::keys::{Keystroke, event_of};
use crate::game::{Event, Millis};

/// How long an unfinished escape sequence may wait for its next byte before
/// its Esc counts as the Esc key. Terminals send a sequence in one write, so
/// a short pause is enough even over SSH.
pub(crate) const ESC_WAIT_MS: Millis = 50;

/// The longest escape sequence looked at: anything longer is not a key we know.
const MAX_SEQUENCE: usize = 32;

const ESC: u8 = 0x1b;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    Game(Event),
    Quit,
    /// Ctrl-C: quit as a SIGINT would end the game (exit status 130).
    Interrupt,
    /// Ctrl-Z: stop the game with the terminal given back, until the shell's `fg`.
    Suspend,
    /// Ctrl-L: the whole screen drawn again, as shells and editors do (after
    /// something else wrote on it).
    Redraw,
}

/// The keys, with the bytes still waiting to make a whole sequence.
#[derive(Debug, Default)]
pub struct KeyDecoder {
    pending: Vec<u8>,
    /// `m` gave a hold whose release has not been sent yet.
    holding: bool,
    /// Where the board's squares are on the screen, while it shows one.
    squares: Option<Squares>,
    /// Whether the mode played drags to mark.
    drags: bool,
    /// The left button is down: where, and whether it has dragged since.
    button: Option<Down>,
    /// Inside an escape sequence too long to be a key or a click: the rest
    /// of it is skipped to its final byte, so that none of it is a key.
    skipping: bool,
}

impl KeyDecoder {
    pub fn new() -> Self {
        KeyDecoder::default()
    }

    /// Clicks from now on point at the squares where they are drawn now;
    /// `None` while no board is drawn (clicks do nothing then). A drag
    /// marks where the mode `drags` to mark.
    pub fn point_on(&mut self, squares: Option<Squares>, drags: bool) {
        self.squares = squares;
        self.drags = drags;
    }

    /// Whether an unfinished escape sequence (or a lone Esc) is waiting.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty() || self.skipping
    }

    /// Decodes `bytes` (after anything pending), appending the actions to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<KeyAction>) {
        self.pending.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.pending.len() {
            if self.skipping {
                // Parameter bytes, then the final byte that ends the sequence; anything
                // else ends it too, and is read as itself.
                let byte = self.pending[at];
                self.skipping = (0x20..=0x3f).contains(&byte);
                if self.skipping || (0x40..=0x7e).contains(&byte) {
                    at += 1;
                }
                continue;
            }
            match decode_one(&self.pending[at..]) {
                Decoded::Key(used, key) => {
                    if let Some(key) = key {
                        self.push(key, out);
                    }
                    at += used;
                }
                Decoded::TooLong(used) => {
                    self.skipping = true;
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
        self.skipping = false;
    }

    fn push(&mut self, key: Key, out: &mut Vec<KeyAction>) {
        match key {
            Key::Game(stroke) => {
                if let Some(event) = event_of(stroke) {
                    self.game(event, out);
                }
            }
            Key::Mouse { button, col, row } => self.mouse(button, col, row, out),
            Key::Quit => out.push(KeyAction::Quit),
            Key::Interrupt => out.push(KeyAction::Interrupt),
            Key::Suspend => out.push(KeyAction::Suspend),
            Key::Redraw => out.push(KeyAction::Redraw),
        }
    }

    /// The left button `button` on the cell at `col`, `row`: see the module's description.
    fn mouse(&mut self, button: Button, col: usize, row: usize, out: &mut Vec<KeyAction>) {
        let pixel = self.squares.and_then(|squares| squares.pixel_at(col, row));
        match (button, pixel, self.button) {
            (Button::Down, Some((x, y)), _) => {
                self.button = Some(Down { from: (x, y), crossed: (x, y), dragged: false });
                self.game(Event::At { x, y }, out);
            }
            (Button::Down, None, _) => self.button = None,
            (Button::Moved, Some(to), Some(down)) if self.drags && to != down.crossed => {
                if !down.dragged {
                    self.game(Event::Mark { x: down.from.0, y: down.from.1 }, out);
                }
                self.game(Event::Mark { x: to.0, y: to.1 }, out);
                self.button = Some(Down { crossed: to, dragged: true, ..down });
            }
            (Button::Moved, ..) => {}
            // A click, not a drag: the press.
            (Button::Up, ..) => {
                if self.button.take().is_some_and(|down| !down.dragged) {
                    self.game(Event::Press, out);
                }
            }
        }
    }

    /// `event`, after the release of a hold still down.
    fn game(&mut self, event: Event, out: &mut Vec<KeyAction>) {
        if std::mem::take(&mut self.holding) {
            out.push(KeyAction::Game(Event::Release));
        }
        self.holding = event == Event::Hold;
        out.push(KeyAction::Game(event));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    /// A key the game's table may have (an arrow, Enter, Space, a letter).
    Game(Keystroke),
    /// The left button down, moved while down, or up, on the character
    /// cell at this column and row, counted from 0 at the top left.
    Mouse {
        button: Button,
        col: usize,
        row: usize,
    },
    Quit,
    Interrupt,
    Suspend,
    Redraw,
}

/// The left mouse button down on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Down {
    /// The pixel it went down on.
    from: (u8, u8),
    /// The last pixel it crossed.
    crossed: (u8, u8),
    /// Whether it has moved onto another square: a drag, which presses
    /// nothing, even if it comes back to where it began.
    dragged: bool,
}

/// What the left mouse button did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Button {
    Down,
    /// Moved while down (reported where the terminal reports motion).
    Moved,
    Up,
}

enum Decoded {
    /// This many bytes made one key, or none we use.
    Key(usize, Option<Key>),
    /// An escape sequence that has not ended yet.
    Incomplete,
    /// The start (this many bytes) of an escape sequence too long to be a
    /// key or a click: the rest of it is skipped too.
    TooLong(usize),
}

fn decode_one(bytes: &[u8]) -> Decoded {
    let plain = |key| Decoded::Key(1, key);
    match bytes[0] {
        ESC => decode_escape(bytes),
        b'\r' | b'\n' => plain(Some(Key::Game(Keystroke::Enter))),
        b' ' => plain(Some(Key::Game(Keystroke::Space))),
        // Ctrl-C and Ctrl-D: raw mode delivers them as bytes, not signals;
        // Ctrl-C quits as the signal would have.
        b'q' | b'Q' | 0x04 => plain(Some(Key::Quit)),
        0x03 => plain(Some(Key::Interrupt)),
        // Ctrl-Z: raw mode turns off the terminal's SIGTSTP, so the game suspends itself.
        0x1a => plain(Some(Key::Suspend)),
        0x0c => plain(Some(Key::Redraw)),
        letter if letter.is_ascii_alphabetic() => plain(Some(Key::Game(Keystroke::letter(letter as char)))),
        _ => plain(None),
    }
}

/// `bytes` starts with Esc: an arrow (`CSI A`..`D`, or `SS3` in application
/// mode), keypad Enter (`SS3 M`), some other sequence (ignored), Esc twice
/// (the first is the Esc key), or Alt with an ordinary key (ignored).
fn decode_escape(bytes: &[u8]) -> Decoded {
    let arrow = |b: u8| match b {
        b'A' => Some(Key::Game(Keystroke::Up)),
        b'B' => Some(Key::Game(Keystroke::Down)),
        b'C' => Some(Key::Game(Keystroke::Right)),
        b'D' => Some(Key::Game(Keystroke::Left)),
        _ => None,
    };
    match bytes.get(1) {
        None => Decoded::Incomplete,
        // An X10 mouse report: its three bytes are 32 more than the button,
        // the column and the row (from 1), whatever bytes they are.
        Some(b'[') if bytes.get(2) == Some(&b'M') => match bytes.get(3..6) {
            Some(&[button, col, row]) => Decoded::Key(6, x10_click(button, col, row)),
            _ => Decoded::Incomplete,
        },
        Some(b'[') => {
            // CSI: parameter and intermediate bytes (0x20..=0x3f), then a final
            // byte. Only the first MAX_SEQUENCE bytes are looked at, so how
            // the bytes were split across reads never changes the keys.
            let window = &bytes[2..bytes.len().min(MAX_SEQUENCE)];
            match window.iter().position(|b| !(0x20..=0x3f).contains(b)) {
                Some(i) => {
                    let end = 2 + i;
                    let key = match bytes[end] {
                        // An SGR mouse report, `ESC [ < button ; column ; row`, then
                        // `M` for a press, `m` for a release.
                        last @ (b'M' | b'm') if bytes[2] == b'<' => sgr_click(&bytes[3..end], last == b'M'),
                        last @ 0x40..=0x7e => arrow(last),
                        _ => None,
                    };
                    Decoded::Key(end + 1, key)
                }
                // Too long to be a key: skipped, to its end.
                None if bytes.len() >= MAX_SEQUENCE => Decoded::TooLong(MAX_SEQUENCE),
                None => Decoded::Incomplete,
            }
        }
        Some(b'O') => match bytes.get(2) {
            None => Decoded::Incomplete,
            Some(b'M') => Decoded::Key(3, Some(Key::Game(Keystroke::Enter))),
            Some(&b) => Decoded::Key(3, arrow(b)),
        },
        // Esc, then Esc: the first is the Esc key (the second may start a sequence).
        Some(&ESC) => Decoded::Key(1, Some(Key::Quit)),
        // Alt with a key: terminals send both bytes at once. Not a game key.
        Some(_) => Decoded::Key(2, None),
    }
}

/// An SGR mouse report's parameters, `button;column;row`: a click, if it
/// is one (see [`click`]).
fn sgr_click(params: &[u8], pressed: bool) -> Option<Key> {
    let numbers: Vec<usize> =
        std::str::from_utf8(params).ok()?.split(';').map(|n| n.parse().ok()).collect::<Option<_>>()?;
    match numbers[..] {
        [button, col, row] => click(pressed, button, col, row),
        _ => None,
    }
}

/// An X10 mouse report's three bytes: the left button's, if it is (see
/// [`click`]); X10 says a release as button 3, whichever button it was.
fn x10_click(button: u8, col: u8, row: u8) -> Option<Key> {
    let less_32 = |b: u8| b.checked_sub(32).map(usize::from);
    let button = less_32(button)?;
    match button & !MODIFIERS {
        3 => click(false, button & MODIFIERS, less_32(col)?, less_32(row)?),
        _ => click(true, button, less_32(col)?, less_32(row)?),
    }
}

/// Shift, Alt and Ctrl in a mouse report's button (bits 4, 8 and 16).
const MODIFIERS: usize = 4 | 8 | 16;

/// A mouse report of `button` at `col`, `row` (from 1): the left button's
/// when it is the left button (0), `pressed` or not, or moved while down
/// (32), with Shift, Alt or Ctrl or without. The other bits say another
/// button (1, 2), motion with none held (35), the wheel (64) or more
/// buttons (128): nothing here.
fn click(pressed: bool, button: usize, col: usize, row: usize) -> Option<Key> {
    let button = match (button & !MODIFIERS, pressed) {
        (0, true) => Button::Down,
        (0, false) => Button::Up,
        (32, true) => Button::Moved,
        _ => return None,
    };
    Some(Key::Mouse { button, col: col.checked_sub(1)?, row: row.checked_sub(1)? })
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
    use crate::backend::terminal::render::Size;
    use crate::game::Checkerboard;
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
        assert_eq!(decode_all(b"\x03"), [Interrupt], "Ctrl-C, as SIGINT");
        assert_eq!(decode_all(b"\x04"), [Quit], "Ctrl-D");
        assert_eq!(decode_all(b"\x1b"), [Quit]);
        assert_eq!(decode_all(b"\x1b\x1b[A"), [Quit, Game(Up)], "Esc, then an arrow");
    }

    #[test]
    fn ctrl_z_suspends_and_a_held_m_is_released_after_it() {
        assert_eq!(decode_all(b"\x1a"), [Suspend]);
        assert_eq!(decode_all(b"\x0c"), [Redraw], "Ctrl-L");
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
        assert!(d.pending.is_empty(), "an endless sequence is not kept");
        d.feed(&[b'1'; 100], &mut out);
        d.feed(b"~w", &mut out);
        assert_eq!(out, [Game(Up)], "skipped to its end");
    }

    #[test]
    fn how_the_bytes_are_split_never_changes_the_keys() {
        let long = [b"w\x1b[".as_slice(), &[b'1'; 40], b"A\x1bOBm\x1b[Cq"].concat();
        let whole = decode_all(&long);
        for split in 0..long.len() {
            assert_eq!(decode_split(KeyDecoder::new(), &long, split), whole, "split at {split}");
        }
    }

    /// A decoder whose clicks point at an `n` x `n` board drawn in an
    /// 80x24 terminal: the 8x8 frame's top-left pixel is drawn in columns
    /// 33 and 34 of row 7 (counted from 1, as mouse reports count).
    fn on_board(n: usize) -> KeyDecoder {
        let mut decoder = KeyDecoder::new();
        decoder.point_on(Squares::new(Size { cols: 80, rows: 24 }, Checkerboard::new(n)), true);
        decoder
    }

    /// What `decoder` makes of `bytes`, a pending Esc flushed.
    fn decode(decoder: KeyDecoder, bytes: &[u8]) -> Vec<KeyAction> {
        decode_split(decoder, bytes, bytes.len())
    }

    /// What `decoder` makes of `bytes` in two reads, the first ending at
    /// `split`, a pending Esc flushed.
    fn decode_split(mut decoder: KeyDecoder, bytes: &[u8], split: usize) -> Vec<KeyAction> {
        let mut out = Vec::new();
        decoder.feed(&bytes[..split], &mut out);
        decoder.feed(&bytes[split..], &mut out);
        decoder.flush(&mut out);
        out
    }

    /// A left click's SGR reports on the cell at `col`, `row` (from 1): the press and the release.
    fn sgr_click(col: usize, row: usize) -> String {
        format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m")
    }

    #[test]
    fn a_left_click_on_a_square_points_at_it_going_down_and_presses_coming_up() {
        let at = |x, y| [Game(At { x, y }), Game(Press)];
        assert_eq!(decode(on_board(8), b"\x1b[<0;33;7M"), [Game(At { x: 0, y: 0 })], "down: pointing only");
        assert_eq!(decode(on_board(8), sgr_click(34, 7).as_bytes()), at(0, 0), "up: the press");
        assert_eq!(decode(on_board(8), sgr_click(48, 14).as_bytes()), at(7, 7), "the bottom-right square");
        assert_eq!(decode(on_board(8), sgr_click(40, 11).as_bytes()), at(3, 4));
        assert_eq!(decode(on_board(8), b"\x1b[<0;40;11M\x1b[<0;1;1m"), at(3, 4), "coming up off the board");
        for modifier in [4, 8, 16, 28] {
            let report = format!("\x1b[<{modifier};33;7M\x1b[<{modifier};33;7m");
            assert_eq!(decode(on_board(8), report.as_bytes()), at(0, 0), "Shift, Alt, Ctrl: {modifier}");
        }
        // X10: the button, column and row each plus 32; 3 (`#`) the release.
        assert_eq!(decode(on_board(8), b"\x1b[M A'\x1b[M#A'"), at(0, 0), "X10, and its release");
        // A 16x16 fills its frame: 32 columns from the 25th, 16 rows from the 3rd.
        let corners = sgr_click(25, 3) + &sgr_click(56, 18);
        assert_eq!(decode(on_board(16), corners.as_bytes()), [at(0, 0), at(15, 15)].concat());
        // A 6x6 is the middle of the 8x8 frame: its top-left square is pixel (1, 1).
        assert_eq!(decode(on_board(6), sgr_click(35, 8).as_bytes()), at(1, 1));
        let margin = sgr_click(33, 7) + &sgr_click(48, 14);
        assert_eq!(decode(on_board(6), margin.as_bytes()), [], "the margin is no square");
    }

    #[test]
    fn a_drag_marks_the_square_it_went_down_on_and_each_it_crosses_and_presses_nothing() {
        // Down on (0, 0), motion (button 32) within it, onto (1, 0), (2, 0), back onto (1, 0), up.
        let drag = b"\x1b[<0;33;7M\x1b[<32;34;7M\x1b[<32;35;7M\x1b[<32;36;7M\x1b[<32;37;7M\x1b[<32;35;7M\x1b[<0;35;7m";
        let mark = |x, y| Game(Mark { x, y });
        let marks = [Game(At { x: 0, y: 0 }), mark(0, 0), mark(1, 0), mark(2, 0), mark(1, 0)];
        assert_eq!(decode(on_board(8), drag), marks, "the engine dots each empty square once");
        for split in 0..drag.len() {
            assert_eq!(decode_split(on_board(8), drag, split), marks, "split at {split}");
        }
        // Off the board and back: only the squares count; a click after it clicks.
        let off = [
            b"\x1b[<0;33;7M\x1b[<32;20;7M\x1b[<32;36;7M\x1b[<0;36;7m".as_slice(),
            sgr_click(40, 11).as_bytes(),
        ]
        .concat();
        assert_eq!(
            decode(on_board(8), &off),
            [Game(At { x: 0, y: 0 }), mark(0, 0), mark(1, 0), Game(At { x: 3, y: 4 }), Game(Press)]
        );
        // In a mode that does not drag to mark, a click that slides is a click.
        let mut classic = on_board(8);
        classic.point_on(Squares::new(Size { cols: 80, rows: 24 }, Checkerboard::new(8)), false);
        assert_eq!(decode(classic, drag), [Game(At { x: 0, y: 0 }), Game(Press)]);
        // A drag back to the square it began on is still a drag: no press.
        let back = b"\x1b[<0;33;7M\x1b[<32;35;7M\x1b[<32;33;7M\x1b[<0;33;7m";
        assert_eq!(decode(on_board(8), back), [Game(At { x: 0, y: 0 }), mark(0, 0), mark(1, 0), mark(0, 0)]);
        // Motion with no button down, or before any press, is nothing.
        assert_eq!(decode(on_board(8), b"\x1b[<35;34;7M\x1b[<32;36;7M"), []);
    }

    #[test]
    fn other_buttons_the_wheel_drags_releases_and_clicks_off_the_board_do_nothing() {
        let nothing = [
            "\x1b[<1;33;7M",                      // the middle button
            "\x1b[<2;33;7M",                      // the right button
            "\x1b[<64;33;7M",                     // the wheel up
            "\x1b[<65;33;7M",                     // and down
            "\x1b[<32;33;7M",                     // a drag with the left button, not pressed first
            "\x1b[<35;33;7M",                     // motion, no button
            "\x1b[<128;33;7M",                    // button 8
            "\x1b[<0;33;7m",                      // the left button's release, not pressed first
            "\x1b[<0;32;7M",                      // left of the board
            "\x1b[<0;49;7M",                      // right of it
            "\x1b[<0;33;6M",                      // above
            "\x1b[<0;33;15M",                     // below: the blank row
            "\x1b[<0;40;17M",                     // the help line
            "\x1b[<0;0;0M",                       // no such cell
            "\x1b[<0;33M",                        // too few numbers
            "\x1b[<0;33;7;1M",                    // too many
            "\x1b[<;33;7M",                       // no button
            "\x1b[<0;99999999999999999999999;7M", // too large
            "\x1b[M!A'",                          // X10: the middle button
            "\x1b[M`A'",                          // X10: the wheel
            "\x1b[M\x10A'",                       // X10: no such button
        ];
        for report in nothing {
            assert_eq!(decode(on_board(8), report.as_bytes()), [], "{report:?}");
        }
        assert_eq!(decode_all(b"\x1b[<0;33;7M"), [], "no board drawn, nothing to click");
        let mut decoder = on_board(8);
        decoder.point_on(None, true);
        assert_eq!(decode(decoder, b"\x1b[<0;33;7M"), [], "the board no longer drawn");
    }

    #[test]
    fn a_mouse_reports_bytes_are_never_keys() {
        // An X10 click in column 81, row 81: `q` and `q`, which would quit.
        assert_eq!(decode(on_board(8), b"\x1b[M qq"), []);
        assert_eq!(decode(on_board(8), b"\x1b[M \x1b\x1b"), [], "an Esc in a report is no Esc key");
        let click_then_w = b"\x1b[<0;33;7M\x1b[<0;33;7mw";
        assert_eq!(decode(on_board(8), click_then_w), [Game(At { x: 0, y: 0 }), Game(Press), Game(Up)]);
    }

    #[test]
    fn a_sequence_too_long_to_be_a_key_is_skipped_to_its_end_however_split() {
        let padded_click = b"\x1b[<0;00000000000000000000000000033;7M";
        let long_q = [b"\x1b[".as_slice(), &b"1;".repeat(20), b"q"].concat();
        for long in [padded_click.as_slice(), &long_q] {
            let bytes = [long, b"w"].concat();
            for split in 0..bytes.len() {
                let out = decode_split(on_board(8), &bytes, split);
                assert_eq!(out, [Game(Up)], "{:?} split at {split}", String::from_utf8_lossy(long));
            }
        }
        // Cut short (no more bytes within the Esc wait): what comes after it is read.
        let mut d = KeyDecoder::new();
        let mut out = Vec::new();
        d.feed(&long_q[..40], &mut out);
        assert!(d.is_pending(), "the caller waits for the rest");
        d.flush(&mut out);
        d.feed(b"q", &mut out);
        assert_eq!(out, [Quit]);
    }

    #[test]
    fn a_click_releases_a_hold_first_and_nothing_else_does() {
        let click = sgr_click(33, 7);
        assert_eq!(
            decode(on_board(8), &[b"m".as_slice(), click.as_bytes()].concat()),
            [Game(Hold), Game(Release), Game(At { x: 0, y: 0 }), Game(Press)]
        );
        let no_click = b"\x1b[<0;33;7m\x1b[<2;33;7M\x1b[<0;1;1M";
        assert_eq!(decode(on_board(8), &[b"m".as_slice(), no_click].concat()), [Game(Hold)]);
    }

    #[test]
    fn how_a_mouse_report_is_split_never_changes_the_clicks() {
        let bytes =
            b"m\x1b[<0;33;7M\x1b[<0;33;7m\x1b[M A'\x1b[M#A'd\x1b[<64;40;11M\x1b[<0;40;11M\x1b[<0;40;11mq";
        let whole = decode(on_board(8), bytes);
        assert_eq!(whole.iter().filter(|&&a| a == Game(Press)).count(), 3, "{whole:?}");
        for split in 0..bytes.len() {
            assert_eq!(decode_split(on_board(8), bytes, split), whole, "split at {split}");
        }
    }

    #[test]
    fn flushing_a_lone_esc_quits_and_an_unfinished_sequence_is_dropped() {
        let mut d = KeyDecoder::new();
        let mut out = Vec::new();
        d.feed(b"\x1b[1;", &mut out);
        d.flush(&mut out);
        assert_eq!(out, []);
        d.feed(b"\x1b[M A", &mut out);
        d.flush(&mut out);
        assert_eq!(out, [], "an X10 report cut short");
        assert!(!d.is_pending());
        d.feed(b"\x1b", &mut out);
        d.flush(&mut out);
        assert_eq!(out, [Quit]);
    }
}
