//! Raw mode and the alternate screen, always undone: by the guard's drop,
//! and by a panic hook, which runs before the process unwinds or aborts
//! (release builds use `panic = "abort"`, so no drop would run there).

use std::io;
use std::sync::Once;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Raw mode on standard input and the alternate screen on standard output
/// while it lives.
pub struct RawMode(());

impl RawMode {
    pub fn enter() -> io::Result<RawMode> {
        // SAFETY: termios is plain data; tcgetattr fills it or fails.
        let mut saved: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(INPUT, &mut saved) } != 0 {
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
        // TCSANOW, not TCSAFLUSH: keys typed while starting up are kept.
        if unsafe { libc::tcsetattr(INPUT, libc::TCSANOW, &raw) } != 0 {
            return Err(io::Error::last_os_error());
        }
        ACTIVE.store(true, Ordering::SeqCst);
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        write_all(ENTER)?;
        Ok(RawMode(()))
    }
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
    let _ = write_all(LEAVE);
    if let Some(saved) = SAVED.get() {
        // SAFETY: a valid termios saved by `enter`.
        unsafe { libc::tcsetattr(INPUT, libc::TCSANOW, saved) };
    }
}

/// Writes all of `bytes` to standard output, unbuffered.
pub fn write_all(mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        // SAFETY: a valid buffer of `bytes.len()` bytes.
        let n = unsafe { libc::write(OUTPUT, bytes.as_ptr().cast(), bytes.len()) };
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
    let ok = unsafe { libc::ioctl(OUTPUT, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 && ws.ws_row > 0 {
        super::render::Size { cols: ws.ws_col, rows: ws.ws_row }
    } else {
        super::render::Size { cols: 80, rows: 24 }
    }
}
