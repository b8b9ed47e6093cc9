//! The terminal backend: the matrix drawn in a terminal, keys from its
//! keyboard, clicks from its mouse where it reports them (a click on a
//! square points there and presses: [`keys`]). For a desktop or an SSH
//! session without a Sense HAT.
//!
//! Under the board, a status line says in words what the board shows (the
//! mode and size, the open menu with its selected item, a message in full,
//! a log line) and a help line says what the keys do. While the menu is
//! open or a message plays, the board shows the game under them: their
//! scrolling text would add nothing to the words.
//!
//! Idle, it blocks in poll(2) on four descriptors: standard input, a
//! self-pipe for SIGWINCH (a resize redraws), the shutdown pipe
//! ([`super::signals`]: SIGTERM, SIGHUP; the game ends through
//! [`Next::Quit`]) and a self-pipe
//! for SIGTSTP (a suspend from outside, as Ctrl-Z is from the keyboard: the
//! terminal is given back before the process stops, and taken again and
//! redrawn when it continues; the time stopped is told to the game loop,
//! [`Next::Stopped`], so regions' clock stands meanwhile). The only short wait is while an escape
//! sequence is unfinished (see [`keys`]).
//!
//! After the first draw, a frame sends only the cells that changed
//! (`screen.rs`); a resize, Ctrl-L, a continue after a suspend and a write
//! that failed send the whole screen again.

pub mod keys;
mod raw;
pub mod render;
mod screen;
#[cfg(test)]
mod sent_screens;
#[allow(unsafe_code)]
mod sys;

use super::clock::MonotonicClock;
use super::error::{Doing, Error, NoColour};
use super::signals::Shutdown;
use super::traits::{Backend, Display, Input, Next};
use super::wait;
use crate::game::{Checkerboard, Event, Frame, Millis, OnShow};
use keys::{ESC_WAIT_MS, KeyAction, KeyDecoder};
use render::{Colours, Size, Squares};
use screen::Screen;
use std::collections::VecDeque;
use std::io::{self, IsTerminal, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;

/// Why this terminal may not be drawn on in colour, from `TERM` and
/// `NO_COLOR`, if it may not. The board is shown only by colour (the
/// regions, the hint's yellow, a clash's red), so the backend refuses to
/// start rather than show a board that says nothing: a dumb terminal or none
/// named gets no escapes, and `NO_COLOR` set and not empty means no colour
/// (no-color.org).
pub(crate) fn no_colour(term: Option<&str>, no_color: Option<&str>) -> Option<NoColour> {
    match (term, no_color) {
        (_, Some(set)) if !set.is_empty() => Some(NoColour::NoColorSet),
        (None | Some(""), _) => Some(NoColour::NoTerm),
        (Some("dumb"), _) => Some(NoColour::DumbTerminal),
        _ => None,
    }
}

/// The width in columns of the terminal `fd` is open on, when it is one and
/// knows its size (for progress lines fitted to it).
pub(crate) fn columns(fd: impl AsFd) -> Option<usize> {
    sys::window_size(fd).ok().map(|size| usize::from(size.ws_col)).filter(|&c| c > 0)
}

/// The largest board the terminal `fd` is open on has room for now
/// ([`render::room`]), when it is one and knows its size: at start, the
/// size played last is fitted to it.
pub(crate) fn room(fd: impl AsFd) -> Option<usize> {
    let size = sys::window_size(fd).ok().filter(|size| size.ws_col > 0 && size.ws_row > 0)?;
    Some(render::room(Size { cols: size.ws_col, rows: size.ws_row }))
}

/// A board's picture and the pixel whose cell is outlined as the cursor.
type Picture = (Frame, Option<(usize, usize)>);

pub struct Terminal {
    clock: MonotonicClock,
    decoder: KeyDecoder,
    actions: VecDeque<KeyAction>,
    /// When the decoder's unfinished sequence last got a byte.
    pending_since: Millis,
    colours: Colours,
    /// Regions' squares show their region's letter.
    letters: bool,
    shown: Option<Frame>,
    on_show: Option<OnShow>,
    /// The last log line, shown until the next key.
    log_line: Option<String>,
    /// What the terminal shows, as last sent: the next frame sends only
    /// what differs. `None` when not known (nothing sent yet, a write
    /// failed): the next frame is sent whole.
    sent: Option<Screen>,
    /// Set once the game is ending: a terminal that went away is no error then.
    quitting: bool,
    /// Ctrl-C ended the game ([`Backend::ended_by`]).
    interrupted: bool,
    shutdown: Shutdown,
    resized: UnixStream,
    resize_hook: signal_hook::SigId,
    /// Readable after SIGTSTP.
    stopped: UnixStream,
    stop_hook: signal_hook::SigId,
    // Dropped after everything above: the terminal is given back (on every
    // way out, a panic too). The game loop writes the log lines it held
    // back ([`Backend::holds_log_lines`]) only after this is dropped.
    _raw: raw::RawMode,
}

impl Terminal {
    /// Raw mode and the alternate screen on standard input and output; the
    /// game ends when `shutdown`'s signals come (SIGTERM, SIGHUP, SIGINT).
    pub fn open(shutdown: Shutdown) -> Result<Terminal, Error> {
        if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
            return Err(Error::NoTerminal);
        }
        let env = |name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        if let Some(why) = no_colour(env("TERM").as_deref(), env("NO_COLOR").as_deref()) {
            return Err(Error::NoColour(why));
        }
        let (resized, resize_write) = UnixStream::pair()?;
        resized.set_nonblocking(true)?;
        resize_write.set_nonblocking(true)?;
        let resize_hook = signal_hook::low_level::pipe::register(libc::SIGWINCH, resize_write)?;
        let (stopped, stop_write) = UnixStream::pair()?;
        stopped.set_nonblocking(true)?;
        stop_write.set_nonblocking(true)?;
        let stop_hook = signal_hook::low_level::pipe::register(libc::SIGTSTP, stop_write)?;
        let colours = Colours::from_colorterm(std::env::var("COLORTERM").ok().as_deref());
        let raw = raw::RawMode::enter().doing(|| "putting the terminal in raw mode")?;
        Ok(Terminal {
            clock: MonotonicClock::default(),
            decoder: KeyDecoder::new(),
            actions: VecDeque::new(),
            pending_since: 0,
            colours,
            letters: false,
            shown: None,
            on_show: None,
            log_line: None,
            sent: None,
            quitting: false,
            interrupted: false,
            shutdown,
            resized,
            resize_hook,
            stopped,
            stop_hook,
            _raw: raw,
        })
    }

    /// With `letters`, regions' squares show their region's letter.
    pub fn with_letters(mut self, letters: bool) -> Terminal {
        self.letters = letters;
        self
    }

    /// Whether the terminal is too small for the board on show.
    fn too_small(&self) -> bool {
        self.shown
            .is_some_and(|frame| !render::fits(raw::size(), picture(self.on_show.as_ref(), frame).0.side()))
    }

    /// Whether `event` is one the "too small" screen takes: the menu's key
    /// (a hold, and its release), and every key while the menu is open.
    fn takes_on_too_small(&self, event: Event) -> bool {
        let menu_open = self.on_show.as_ref().is_some_and(|on| on.menu.is_some());
        menu_open || matches!(event, Event::Hold | Event::Release)
    }

    /// Sends what changed on the screen since the last draw, or the whole
    /// screen if `whole` or the terminal's size changed.
    fn draw(&mut self, whole: bool) -> io::Result<()> {
        let Some(frame) = self.shown else { return Ok(()) };
        let size = raw::size();
        let picture = picture(self.on_show.as_ref(), frame);
        // Clicks point at the squares drawn now (none while the terminal is too small).
        let drawn_board = self.on_show.as_ref().map(|on| Checkerboard::new(on.size));
        let squares =
            drawn_board.filter(|b| b.side() == picture.0.side()).and_then(|b| Squares::new(size, b));
        let drags = self.on_show.as_ref().is_some_and(|on| on.mode.drags_to_mark());
        self.decoder.point_on(squares, drags);
        // Letters on the game's own picture only (it has the cursor), not on a flash or a scroll.
        let letters = match &self.on_show {
            Some(on) if self.letters && picture.1.is_some() => on.letters.as_slice(),
            _ => &[],
        };
        let text = whole_screen(
            picture,
            letters,
            self.on_show.as_ref(),
            self.log_line.as_deref(),
            size,
            self.colours,
        );
        // Taken until the write succeeds: after a failed one the screen is not known.
        let sent = self.sent.take().filter(|_| !whole);
        let (text, drawn) = screen::to_send(sent, text, size);
        if !text.is_empty() {
            match raw::write_all(text.as_bytes()) {
                Err(_) if self.quitting => return Ok(()),
                other => other?,
            }
        }
        self.sent = Some(drawn);
        Ok(())
    }

    /// Reads what the keyboard sent. `false` when the terminal has gone.
    fn read_keys(&mut self) -> io::Result<bool> {
        let mut buf = [0u8; 256];
        let n = match raw::read_input(&mut buf) {
            Ok(n) => n,
            Err(e) if matches!(e.kind(), io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock) => {
                return Ok(true);
            }
            // EIO: the terminal hung up.
            Err(e) if e.raw_os_error() == Some(libc::EIO) => return Ok(false),
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(false);
        }
        let mut out = Vec::new();
        self.decoder.feed(&buf[..n], &mut out);
        self.actions.extend(out);
        // A key has been pressed since the log line appeared: it has been seen.
        if self.log_line.take().is_some() {
            self.draw(false)?;
        }
        self.pending_since = self.clock.now();
        Ok(true)
    }

    /// Stops the game with the terminal given back until it is continued,
    /// then redraws the whole screen: when it stopped and when it went on.
    fn suspend(&mut self) -> Result<Next, Error> {
        let from = self.clock.now();
        raw::suspend().doing(|| "suspending the game")?;
        let to = self.clock.now();
        self.draw(true)?;
        Ok(Next::Stopped { from, to })
    }

    fn quit(&mut self) -> Next {
        self.quitting = true;
        Next::Quit
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.resize_hook);
        signal_hook::low_level::unregister(self.stop_hook);
    }
}

impl Display for Terminal {
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
        self.shown = Some(*frame);
        self.draw(false)?;
        Ok(())
    }

    /// Kept for the frame that follows it, if one does: drawing the words
    /// with the frame before them would flash a stale picture. What no
    /// frame follows is drawn before waiting for the next key.
    fn describe(&mut self, on_show: &OnShow) -> Result<(), Error> {
        self.on_show = Some(on_show.clone());
        Ok(())
    }

    /// The status line shows regions' clock.
    fn shows_clock(&self) -> bool {
        true
    }

    /// The largest board that fits the window as it is now.
    fn room(&self) -> Option<usize> {
        Some(render::room(raw::size()))
    }
}

/// Standard error is this backend's screen: a log line written there would
/// land in the board, so the loop holds them back and the latest is shown
/// under the board until the next key.
impl Backend for Terminal {
    fn holds_log_lines(&self) -> bool {
        true
    }

    fn show_log_line(&mut self, line: String) {
        self.log_line = Some(line);
    }

    fn ended_by(&self) -> Option<i32> {
        self.shutdown.signal().or(self.interrupted.then_some(libc::SIGINT))
    }
}

impl Input for Terminal {
    fn now(&self) -> Millis {
        self.clock.now()
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        // Words described after the last frame (nothing is sent if nothing changed).
        self.draw(false)?;
        loop {
            match self.actions.pop_front() {
                // A terminal too small for the board shows a message instead: keys
                // would act on a board nobody can see. The menu's do not: it is
                // written out under the message, and offers the boards that fit.
                Some(KeyAction::Game(event)) if self.too_small() && !self.takes_on_too_small(event) => {
                    continue;
                }
                Some(KeyAction::Game(event)) => return Ok(Next::Event(event)),
                Some(KeyAction::Quit) => return Ok(self.quit()),
                Some(KeyAction::Interrupt) => {
                    self.interrupted = true;
                    return Ok(self.quit());
                }
                Some(KeyAction::Suspend) => return self.suspend(),
                Some(KeyAction::Redraw) => {
                    self.draw(true)?;
                    continue;
                }
                None => {}
            }
            let now = self.clock.now();
            let esc_deadline = self.decoder.is_pending().then_some(self.pending_since + ESC_WAIT_MS);
            if esc_deadline.is_some_and(|d| now >= d) {
                // The rest of the sequence may be waiting already, unread only because the game
                // was busy with the keys before it (a read of 256 bytes can end inside a mouse
                // report, and a drag sends many): read it before taking the Esc as a key.
                let stdin = io::stdin();
                if wait::readable(&[stdin.as_fd()], Some(std::time::Duration::ZERO))? == Some(0) {
                    if !self.read_keys()? {
                        return Ok(self.quit());
                    }
                    continue;
                }
                let mut out = Vec::new();
                self.decoder.flush(&mut out);
                self.actions.extend(out);
                continue;
            }
            if deadline.is_some_and(|d| now >= d) {
                return Ok(Next::Timeout);
            }
            let wake = match (deadline, esc_deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let stdin = io::stdin();
            let fds: [BorrowedFd<'_>; 4] =
                [stdin.as_fd(), self.resized.as_fd(), self.shutdown.fd(), self.stopped.as_fd()];
            match wait::readable(&fds, self.clock.until(wake))? {
                Some(0) if !self.read_keys()? => return Ok(self.quit()),
                Some(0) => {}
                Some(1) => {
                    // Drain the pipe: several resizes need one redraw.
                    drain(&self.resized);
                    // The log line goes, as at a key: one may speak of the window at start
                    // (a size kept for a larger one, and what it needs), which another window
                    // makes stale (a stranger's find: "needs 40x19" stayed in a window of
                    // 40x19). Every log line is written to standard error at the end anyway.
                    self.log_line = None;
                    self.draw(true)?;
                }
                Some(3) => {
                    drain(&self.stopped);
                    return self.suspend();
                }
                Some(_) => return Ok(self.quit()),
                None => {}
            }
        }
    }
}

/// The board's picture and where to outline the cursor: the game itself
/// under the menu and under a message; the frame as it is otherwise, with
/// the cursor only when the frame is the game's (not a flash, not asleep).
fn picture(on_show: Option<&OnShow>, frame: Frame) -> Picture {
    match on_show {
        Some(on) if on.menu.is_some() || on.message.is_some() => (on.board, on.cursor),
        Some(on) if on.board == frame => (frame, on.cursor),
        _ => (frame, None),
    }
}

/// The whole screen, cleared and drawn: the picture and, when the game has
/// described it, the lines under it.
fn whole_screen(
    (frame, cursor): Picture,
    letters: &[Option<char>],
    on_show: Option<&OnShow>,
    log_line: Option<&str>,
    size: Size,
    colours: Colours,
) -> String {
    let under = match on_show {
        Some(on) => render::under(on, log_line, size, frame.side()),
        None => String::new(),
    };
    render::screen(&frame, cursor, letters, &under, on_show, size, colours)
}

/// Empties a signal's self-pipe: several signals need one answer.
fn drain(pipe: &UnixStream) {
    let mut sink = [0u8; 64];
    while matches!({ pipe }.read(&mut sink), Ok(n) if n > 0) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dumb_terminal_none_named_and_no_color_are_refused() {
        assert_eq!(no_colour(Some("xterm-256color"), None), None);
        assert_eq!(no_colour(Some("xterm-256color"), Some("")), None, "NO_COLOR empty: colours");
        assert_eq!(no_colour(Some("xterm-256color"), Some("1")), Some(NoColour::NoColorSet));
        assert_eq!(no_colour(Some("dumb"), None), Some(NoColour::DumbTerminal));
        assert_eq!(no_colour(None, None), Some(NoColour::NoTerm));
        assert_eq!(no_colour(Some(""), None), Some(NoColour::NoTerm));
    }
}
