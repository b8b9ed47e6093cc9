//! The terminal backend: the matrix drawn in a terminal, keys from its
//! keyboard. For a desktop or an SSH session without a Sense HAT.
//!
//! Idle, it blocks in poll(2) on three descriptors: standard input, a
//! self-pipe for SIGWINCH (a resize redraws) and the daemon's shutdown pipe
//! (SIGTERM, SIGHUP: the game ends through [`Next::Quit`]). The only short
//! wait is while an escape sequence is unfinished (see [`keys`]).

pub mod keys;
mod raw;
pub mod render;

use super::clock::MonotonicClock;
use super::{Display, Input, Next, wait};
use crate::daemon::{self, signals::Shutdown};
use crate::game::{Engine, Frame, Millis};
use anyhow::Context;
use keys::{Action, ESC_WAIT_MS, KeyDecoder};
use render::Colours;
use std::collections::VecDeque;
use std::io::{self, IsTerminal, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;

/// Plays `engine` in the terminal on standard input and output until the
/// player quits or a signal ends it; the terminal is restored either way.
pub fn play(engine: &mut Engine, save: impl FnMut(&Engine)) -> anyhow::Result<()> {
    let mut terminal = Terminal::open()?;
    daemon::run_saving(engine, &mut terminal, save)
}

pub struct Terminal {
    clock: MonotonicClock,
    decoder: KeyDecoder,
    actions: VecDeque<Action>,
    /// When the decoder's unfinished sequence last got a byte.
    pending_since: Millis,
    colours: Colours,
    shown: Option<Frame>,
    /// Set once the game is ending: a terminal that went away is no error then.
    quitting: bool,
    shutdown: Shutdown,
    resized: UnixStream,
    resize_hook: signal_hook::SigId,
    // Last, so it is dropped after everything above.
    _raw: raw::RawMode,
}

impl Terminal {
    /// Raw mode and the alternate screen on standard input and output.
    pub fn open() -> anyhow::Result<Terminal> {
        if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
            anyhow::bail!("the terminal backend needs a terminal on standard input and output");
        }
        let shutdown = Shutdown::install().context("installing signal handlers")?;
        let (resized, resize_write) = UnixStream::pair()?;
        resized.set_nonblocking(true)?;
        resize_write.set_nonblocking(true)?;
        let resize_hook = signal_hook::low_level::pipe::register(libc::SIGWINCH, resize_write)?;
        let colours = Colours::from_colorterm(std::env::var("COLORTERM").ok().as_deref());
        let raw = raw::RawMode::enter().context("putting the terminal in raw mode")?;
        Ok(Terminal {
            clock: MonotonicClock::default(),
            decoder: KeyDecoder::new(),
            actions: VecDeque::new(),
            pending_since: 0,
            colours,
            shown: None,
            quitting: false,
            shutdown,
            resized,
            resize_hook,
            _raw: raw,
        })
    }

    fn draw(&mut self, whole: bool) -> io::Result<()> {
        let Some(frame) = &self.shown else { return Ok(()) };
        let size = raw::size();
        let text = match whole {
            true => render::screen(frame, size, self.colours),
            false => render::board(frame, size, self.colours),
        };
        match raw::write_all(text.as_bytes()) {
            Err(_) if self.quitting => Ok(()),
            other => other,
        }
    }

    /// Reads what the keyboard sent. `false` when the terminal has gone.
    fn read_keys(&mut self) -> io::Result<bool> {
        let mut buf = [0u8; 256];
        // SAFETY: a valid buffer of `buf.len()` bytes.
        let n = unsafe { libc::read(raw::INPUT, buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            let err = io::Error::last_os_error();
            return match err.kind() {
                io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock => Ok(true),
                // EIO: the terminal hung up.
                _ if err.raw_os_error() == Some(libc::EIO) => Ok(false),
                _ => Err(err),
            };
        }
        if n == 0 {
            return Ok(false);
        }
        let mut out = Vec::new();
        self.decoder.feed(&buf[..n as usize], &mut out);
        self.actions.extend(out);
        self.pending_since = self.clock.now();
        Ok(true)
    }

    fn quit(&mut self) -> Next {
        self.quitting = true;
        Next::Quit
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.resize_hook);
    }
}

impl Display for Terminal {
    fn show(&mut self, frame: &Frame) -> anyhow::Result<()> {
        // The whole screen at first, and when the board's size changes (the menu chose another).
        let whole = self.shown.is_none_or(|shown| shown.side() != frame.side());
        self.shown = Some(*frame);
        self.draw(whole)?;
        Ok(())
    }
}

impl Input for Terminal {
    fn now(&self) -> Millis {
        self.clock.now()
    }

    fn next(&mut self, deadline: Option<Millis>) -> anyhow::Result<Next> {
        loop {
            match self.actions.pop_front() {
                Some(Action::Game(event)) => return Ok(Next::Event(event)),
                Some(Action::Quit) => return Ok(self.quit()),
                None => {}
            }
            let now = self.clock.now();
            let esc_deadline = self.decoder.is_pending().then_some(self.pending_since + ESC_WAIT_MS);
            if esc_deadline.is_some_and(|d| now >= d) {
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
            let fds: [BorrowedFd<'_>; 3] = [stdin.as_fd(), self.resized.as_fd(), self.shutdown.fd()];
            match wait::readable(&fds, self.clock.until(wake))? {
                Some(0) if !self.read_keys()? => return Ok(self.quit()),
                Some(0) => {}
                Some(1) => {
                    // Drain the pipe: several resizes need one redraw.
                    let mut sink = [0u8; 64];
                    while matches!((&self.resized).read(&mut sink), Ok(n) if n > 0) {}
                    self.draw(true)?;
                }
                Some(_) => return Ok(self.quit()),
                None => {}
            }
        }
    }
}
