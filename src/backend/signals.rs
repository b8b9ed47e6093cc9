//! Signals that end the game: SIGTERM (systemd's stop), SIGINT (Ctrl-C),
//! SIGHUP (a closed terminal), SIGQUIT (Ctrl-\\ where the terminal is not
//! the game's, as with the emulator) and the others whose default is to end
//! a process and that a user sends by hand (SIGUSR1, SIGUSR2, SIGALRM): each
//! ends it as SIGTERM does, the display dark and the terminal given back.
//! Left as they are: the faults a program causes (SIGSEGV and the like),
//! which no handler makes safe to go on from, and SIGPIPE, which Rust
//! ignores so that a write to a closed pipe is an error the game handles.
//!
//! This lives in `backend`, not in `daemon` (where it was): a [`Shutdown`]
//! is one more descriptor a backend blocks on in `poll(2)`, beside its
//! joystick or keyboard (`super::wait`), so the backends need it and the
//! game loop never does. Here the backends use it without reaching up a
//! layer, and `super::factory::open` installs it for the backends that wait on it
//! (the script backend installs none: Ctrl-C ends it as any filter).
//!
//! A handler may do almost nothing safely, so each signal only writes a
//! byte to a socket (signal-hook's self-pipe). Backends add that socket to
//! the descriptors they block on, wake when it becomes readable, and end
//! the game through the one normal path, [`crate::backend::Next::Quit`],
//! after which the loop darkens the display. Which signal came is kept
//! too (an atomic the handler sets), for the exit status: 128 and its
//! number, as a shell reports a process a signal ended (130 for Ctrl-C,
//! 143 for systemd's stop), as every long command of queens exits.

use nix::sys::socket::{MsgFlags, recv};
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Shutdown {
    wake: UnixStream,
    /// The number of the last signal that came, 0 before any.
    which: Arc<AtomicUsize>,
}

/// The signals that end the game (issue 50's stranger: SIGQUIT and SIGUSR1 killed it with the
/// emulator's screen lit and the terminal's alternate screen and mouse reports left on).
pub(crate) const SIGNALS: [libc::c_int; 7] =
    [libc::SIGTERM, libc::SIGINT, libc::SIGHUP, libc::SIGQUIT, libc::SIGUSR1, libc::SIGUSR2, libc::SIGALRM];

impl Shutdown {
    /// Installs the handlers, for the life of the process.
    pub fn install() -> io::Result<Shutdown> {
        let (wake, write) = UnixStream::pair()?;
        wake.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        let which = Arc::new(AtomicUsize::new(0));
        for sig in SIGNALS {
            // The number first: the game wakes on the byte and reads it.
            signal_hook::flag::register_usize(sig, Arc::clone(&which), sig as usize)?;
            signal_hook::low_level::pipe::register(sig, write.try_clone()?)?;
        }
        Ok(Shutdown { wake, which })
    }

    /// One that no signal reaches, and the socket that ends it (write a
    /// byte): for tests, which share one process (a test that raises a
    /// signal must not end another test's game). Test support only: not in
    /// the binary (the `test-support` feature, which the tests turn on).
    #[cfg(any(test, feature = "test-support"))]
    pub fn detached() -> (Shutdown, UnixStream) {
        let (wake, write) = UnixStream::pair().unwrap();
        wake.set_nonblocking(true).unwrap();
        (Shutdown { wake, which: Arc::new(AtomicUsize::new(0)) }, write)
    }

    /// Readable from the first signal on (the byte is never consumed, so
    /// every later wait wakes at once too).
    pub(crate) fn fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    /// The signal that asked the game to end, if one did (none for a
    /// detached one, for tests, ended through its socket).
    pub fn signal(&self) -> Option<i32> {
        match self.which.load(Ordering::SeqCst) {
            0 => None,
            sig => Some(sig as i32),
        }
    }

    /// Whether a signal has arrived.
    pub fn requested(&self) -> bool {
        let mut byte = [0u8];
        // MSG_PEEK leaves the byte in place.
        let peeked = recv(self.wake.as_raw_fd(), &mut byte, MsgFlags::MSG_PEEK | MsgFlags::MSG_DONTWAIT);
        peeked.is_ok_and(|n| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::wait;
    use std::time::Duration;

    #[test]
    fn a_signal_wakes_every_waiter_from_then_on() {
        let shutdown = Shutdown::install().unwrap();
        assert!(!shutdown.requested());
        // SIGHUP: the test harness does not use it, and the handler now owns it.
        nix::sys::signal::raise(nix::sys::signal::Signal::SIGHUP).unwrap();
        assert!(shutdown.requested());
        assert_eq!(shutdown.signal(), Some(libc::SIGHUP), "which one, for the exit status");
        for _ in 0..2 {
            let woke = wait::readable(&[shutdown.fd()], Some(Duration::from_secs(5))).unwrap();
            assert_eq!(woke, Some(0));
        }
    }
}
