//! Raw mode, the alternate screen and mouse clicks, always undone: by the
//! guard's drop, and by a panic hook, which runs before the process unwinds
//! or aborts (release builds use `panic = "abort"`, so no drop would run
//! there).

use super::sys;
use nix::errno::Errno;
use nix::sys::termios::{self, SetArg, SpecialCharacterIndices, Termios};
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::sync::{Mutex, Once, OnceLock, TryLockError};

/// Alternate screen on, cursor hidden, the mouse reported (1000: a
/// button's press and release; then 1002, where the terminal has it: motion
/// too, only while a button is held, only onto another cell, for a drag to
/// mark; a terminal without 1002 keeps 1000) in SGR form (1006: any column,
/// and nothing a key could be taken for), screen cleared.
const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[0m\x1b[2J";
/// The mouse no longer reported, colours reset, cursor shown, back to the
/// normal screen.
const LEAVE: &[u8] = b"\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// The terminal's settings before the first raw mode: a second game in one
/// process keeps them, the real ones.
static FIRST_SETTINGS: OnceLock<libc::termios> = OnceLock::new();
/// What [`restore`] undoes while raw mode is on: kept here, not only in
/// the guard, for the panic hook.
static TO_RESTORE: Mutex<Option<Restore>> = Mutex::new(None);
static HOOK: Once = Once::new();

/// The descriptors raw mode and the alternate screen are on (duplicates of
/// standard input and output, except in tests) and the settings to put back.
struct Restore {
    input: OwnedFd,
    output: OwnedFd,
    settings: libc::termios,
}

/// Raw mode on standard input and the alternate screen on standard output
/// while it lives.
pub(crate) struct RawMode(());

impl RawMode {
    pub(crate) fn enter() -> io::Result<RawMode> {
        enter_on(io::stdin().as_fd(), io::stdout().as_fd())
    }
}

/// [`RawMode::enter`] on any pair of descriptors (tests give a pty and a
/// device whose writes fail).
fn enter_on(input: impl AsFd, output: impl AsFd) -> io::Result<RawMode> {
    let current = libc::termios::from(termios::tcgetattr(&input)?);
    let settings = *FIRST_SETTINGS.get_or_init(|| current);
    let raw = raw_settings(settings);
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
    let restore_on = Restore {
        input: input.as_fd().try_clone_to_owned()?,
        output: output.as_fd().try_clone_to_owned()?,
        settings,
    };
    // TCSANOW, not TCSAFLUSH: keys typed while starting up are kept.
    termios::tcsetattr(&input, SetArg::TCSANOW, &raw)?;
    // The guard exists from the moment raw mode is on: if anything after
    // this fails (entering the alternate screen), its drop undoes it.
    *TO_RESTORE.lock().unwrap_or_else(|e| e.into_inner()) = Some(restore_on);
    let guard = RawMode(());
    write_to(&output, ENTER)?;
    Ok(guard)
}

/// `settings` in raw mode: no line editing, echo or signal keys.
fn raw_settings(settings: libc::termios) -> Termios {
    let mut raw = Termios::from(settings);
    termios::cfmakeraw(&mut raw);
    // Blocking reads of at least a byte: poll(2) decides when to read.
    raw.control_chars[SpecialCharacterIndices::VMIN as usize] = 1;
    raw.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
    raw
}

/// Gives the terminal back as [`restore`] does, stops the process, and
/// once it is continued (the shell's `fg`: SIGCONT) takes the terminal
/// again: raw mode and the alternate screen, cleared for a redraw. The stop
/// is SIGSTOP, which cannot be caught: SIGTSTP, what the shell's Ctrl-Z
/// sends, is the game's own while it plays (it brings the game here).
pub(crate) fn suspend() -> io::Result<()> {
    // Errors are ignored, as in `restore`: a terminal gone is found by the next read.
    let _ = on_terminal(|r| {
        write_to(&r.output, LEAVE)?;
        Ok(termios::tcsetattr(&r.input, SetArg::TCSANOW, &Termios::from(r.settings))?)
    });
    signal_hook::low_level::raise(libc::SIGSTOP)?;
    // Continued. The shell may have changed the settings meanwhile: raw mode again.
    on_terminal(|r| {
        termios::tcsetattr(&r.input, SetArg::TCSANOW, &raw_settings(r.settings))?;
        write_to(&r.output, ENTER)
    })
}

/// `f` on the terminal raw mode is on, if it is.
fn on_terminal(f: impl FnOnce(&Restore) -> io::Result<()>) -> io::Result<()> {
    match &*TO_RESTORE.lock().unwrap_or_else(|e| e.into_inner()) {
        Some(restore) => f(restore),
        None => Ok(()),
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        restore();
    }
}

/// Undoes raw mode and the alternate screen, once; safe to call from a
/// panic hook (it never waits for the lock: a thread holding it is the one
/// restoring).
pub(crate) fn restore() {
    let taken = match TO_RESTORE.try_lock() {
        Ok(mut to_restore) => to_restore.take(),
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner().take(),
        Err(TryLockError::WouldBlock) => None,
    };
    let Some(Restore { input, output, settings }) = taken else { return };
    // Errors are ignored: the terminal may be gone (a hang-up).
    let _ = write_to(&output, LEAVE);
    let _ = termios::tcsetattr(&input, SetArg::TCSANOW, &Termios::from(settings));
}

/// Writes all of `bytes` to standard output, unbuffered.
pub(crate) fn write_all(bytes: &[u8]) -> io::Result<()> {
    write_to(io::stdout().as_fd(), bytes)
}

fn write_to(output: impl AsFd, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        match nix::unistd::write(&output, bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(Errno::EINTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Reads what the keyboard sent into `buf`: how many bytes (0 at the end).
pub(crate) fn read_input(buf: &mut [u8]) -> io::Result<usize> {
    Ok(nix::unistd::read(libc::STDIN_FILENO, buf)?)
}

/// The terminal's size, or 80x24 if it cannot tell.
pub(crate) fn size() -> super::render::Size {
    match sys::window_size(io::stdout().as_fd()) {
        Ok(ws) if ws.ws_col > 0 && ws.ws_row > 0 => super::render::Size { cols: ws.ws_col, rows: ws.ws_row },
        _ => super::render::Size { cols: 80, rows: 24 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nix::sys::termios::LocalFlags;
    use std::fs::OpenOptions;

    #[test]
    fn raw_mode_is_undone_when_the_alternate_screen_cannot_be_entered() {
        // A new pseudo-terminal: `slave` is the terminal side.
        let pty = nix::pty::openpty(None, None).unwrap();
        let before = termios::tcgetattr(&pty.slave).unwrap();
        assert!(before.local_flags.contains(LocalFlags::ICANON), "a new pty starts in canonical mode");
        // Every write to /dev/full fails (ENOSPC): the escape that enters
        // the alternate screen cannot be written.
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let entered = enter_on(&pty.slave, &full);
        assert!(entered.is_err(), "the write to /dev/full failed");
        let after = termios::tcgetattr(&pty.slave).unwrap();
        assert!(after.local_flags.contains(LocalFlags::ICANON), "raw mode was left on");
        assert_eq!(after.local_flags, before.local_flags);
        assert_eq!(after.output_flags, before.output_flags);
        assert!(TO_RESTORE.lock().unwrap().is_none(), "nothing left to restore");
    }
}
