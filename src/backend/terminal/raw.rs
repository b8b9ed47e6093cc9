//! Raw mode and the alternate screen, always undone: by the guard's drop,
//! and by a panic hook, which runs before the process unwinds or aborts
//! (release builds use `panic = "abort"`, so no drop would run there).

use std::io;
use std::sync::Once;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

pub const INPUT: libc::c_int = libc::STDIN_FILENO;
pub const OUTPUT: libc::c_int = libc::STDOUT_FILENO;

/// Alternate screen on, cursor hidden, screen cleared.
const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[0m\x1b[2J";
/// Colours reset, cursor shown, back to the normal screen.
const LEAVE: &[u8] = b"\x1b[0m\x1b[?25h\x1b[?1049l";

/// The terminal's settings before raw mode, kept for the panic hook.
static SAVED: OnceLock<libc::termios> = OnceLock::new();
/// Whether raw mode is on and still to be undone.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();
/// The descriptors [`restore`] undoes raw mode on (standard input and
/// output, except in tests).
static RESTORE_INPUT: AtomicI32 = AtomicI32::new(INPUT);
static RESTORE_OUTPUT: AtomicI32 = AtomicI32::new(OUTPUT);

/// Raw mode on standard input and the alternate screen on standard output
/// while it lives.
pub struct RawMode(());

impl RawMode {
    pub fn enter() -> io::Result<RawMode> {
        enter_on(INPUT, OUTPUT)
    }
}

/// [`RawMode::enter`] on any pair of descriptors (tests give a pty and a
/// device whose writes fail).
fn enter_on(input: libc::c_int, output: libc::c_int) -> io::Result<RawMode> {
    // SAFETY: termios is plain data; tcgetattr fills it or fails.
    let mut saved: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: `saved` is a termios we own, for tcgetattr to fill.
    if unsafe { libc::tcgetattr(input, &mut saved) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // A second game in one process keeps the first settings: the real ones.
    let saved = *SAVED.get_or_init(|| saved);
    let mut raw = saved;
    // SAFETY: a valid termios we own.
    unsafe { libc::cfmakeraw(&mut raw) };
    // Blocking reads of at least a byte: poll(2) decides when to read.
    raw.c_cc[libc::VMIN] = 1;
    raw.c_cc[libc::VTIME] = 0;
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
    RESTORE_INPUT.store(input, Ordering::SeqCst);
    RESTORE_OUTPUT.store(output, Ordering::SeqCst);
    // TCSANOW, not TCSAFLUSH: keys typed while starting up are kept.
    // SAFETY: `raw` is a valid termios we own; tcsetattr only reads it.
    if unsafe { libc::tcsetattr(input, libc::TCSANOW, &raw) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // The guard exists from the moment raw mode is on: if anything after
    // this fails (entering the alternate screen), its drop undoes it.
    ACTIVE.store(true, Ordering::SeqCst);
    let guard = RawMode(());
    write_to(output, ENTER)?;
    Ok(guard)
}

impl Drop for RawMode {
    fn drop(&mut self) {
        restore();
    }
}

/// Undoes raw mode and the alternate screen, once; safe to call from a
/// panic hook (no locks, no allocation).
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    // Errors are ignored: the terminal may be gone (a hang-up).
    let _ = write_to(RESTORE_OUTPUT.load(Ordering::SeqCst), LEAVE);
    if let Some(saved) = SAVED.get() {
        // SAFETY: a valid termios saved by `enter`.
        unsafe { libc::tcsetattr(RESTORE_INPUT.load(Ordering::SeqCst), libc::TCSANOW, saved) };
    }
}

/// Writes all of `bytes` to standard output, unbuffered.
pub fn write_all(bytes: &[u8]) -> io::Result<()> {
    write_to(OUTPUT, bytes)
}

fn write_to(output: libc::c_int, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        // SAFETY: a valid buffer of `bytes.len()` bytes.
        let n = unsafe { libc::write(output, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        bytes = &bytes[n as usize..];
    }
    Ok(())
}

/// The terminal's size, or 80x24 if it cannot tell.
pub fn size() -> super::render::Size {
    // SAFETY: winsize is plain data that TIOCGWINSZ fills.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ writes one winsize, into `ws`, which we own.
    let ok = unsafe { libc::ioctl(OUTPUT, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 && ws.ws_row > 0 {
        super::render::Size { cols: ws.ws_col, rows: ws.ws_row }
    } else {
        super::render::Size { cols: 80, rows: 24 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::{File, OpenOptions};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

    /// A new pseudo-terminal: its controlling side and its terminal side.
    fn pty() -> (OwnedFd, File) {
        // SAFETY: plain libc calls; each result is checked before use, and
        // ptsname's static buffer is copied out at once.
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(master >= 0, "posix_openpt: {}", io::Error::last_os_error());
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let name = std::ffi::CStr::from_ptr(libc::ptsname(master)).to_str().unwrap().to_owned();
            let terminal = OpenOptions::new().read(true).write(true).open(name).unwrap();
            (OwnedFd::from_raw_fd(master), terminal)
        }
    }

    fn settings(fd: libc::c_int) -> libc::termios {
        // SAFETY: termios is plain data that tcgetattr fills.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: `t` is a termios we own, for tcgetattr to fill.
        assert_eq!(unsafe { libc::tcgetattr(fd, &mut t) }, 0);
        t
    }

    #[test]
    fn raw_mode_is_undone_when_the_alternate_screen_cannot_be_entered() {
        let (_master, terminal) = pty();
        let before = settings(terminal.as_raw_fd());
        assert_ne!(before.c_lflag & libc::ICANON, 0, "a new pty starts in canonical mode");
        // Every write to /dev/full fails (ENOSPC): the escape that enters
        // the alternate screen cannot be written.
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let entered = enter_on(terminal.as_raw_fd(), full.as_raw_fd());
        assert!(entered.is_err(), "the write to /dev/full failed");
        let after = settings(terminal.as_raw_fd());
        assert_ne!(after.c_lflag & libc::ICANON, 0, "raw mode was left on");
        assert_eq!(after.c_lflag, before.c_lflag);
        assert_eq!(after.c_oflag, before.c_oflag);
        assert!(!ACTIVE.load(Ordering::SeqCst));
    }
}
