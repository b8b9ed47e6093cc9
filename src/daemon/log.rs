//! Log lines on standard error, in the form journald reads well.
//!
//! Under systemd (standard error is the journal's stream, as
//! `$JOURNAL_STREAM` says), each line starts with its syslog priority,
//! `<4>`, which journald turns into the entry's level; on a terminal it
//! reads `queens: warning: ...`. `-v` (or `RUST_LOG=debug`) shows more.
//!
//! While the terminal backend draws, standard error is its screen in raw
//! mode: a line written there would land in the board. It [`capture`]s the
//! lines instead, shows each under the board, and writes them all to
//! standard error once the terminal is given back.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// How much a line matters, as syslog numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Error = 3,
    Warn = 4,
    Info = 6,
    Debug = 7,
}

static SHOWN: AtomicU8 = AtomicU8::new(Level::Info as u8);
static TO_JOURNAL: AtomicBool = AtomicBool::new(false);

/// Sets what is shown: `-v` counts up from the default (info), and
/// `RUST_LOG` (`error`, `warn`, `info`, `debug`, or `queens=debug`) wins.
pub fn init(verbose: u8) {
    let from_env = std::env::var("RUST_LOG").ok().and_then(|v| level_named(&v));
    let level = from_env.unwrap_or(if verbose > 0 { Level::Debug } else { Level::Info });
    SHOWN.store(level as u8, Ordering::Relaxed);
    TO_JOURNAL.store(stderr_is_journal(), Ordering::Relaxed);
}

fn level_named(spec: &str) -> Option<Level> {
    // `queens=debug,other=info`: our own entry, or a bare level.
    let ours = spec.split(',').find_map(|part| match part.split_once('=') {
        Some((target, level)) if target.trim() == "queens" => Some(level),
        None => Some(part),
        _ => None,
    })?;
    match ours.trim().to_ascii_lowercase().as_str() {
        "error" => Some(Level::Error),
        "warn" => Some(Level::Warn),
        "info" => Some(Level::Info),
        "debug" | "trace" => Some(Level::Debug),
        _ => None,
    }
}

/// Whether standard error is the stream systemd connected to the journal.
fn stderr_is_journal() -> bool {
    let Ok(stream) = std::env::var("JOURNAL_STREAM") else { return false };
    let Some((dev, ino)) = stream.split_once(':') else { return false };
    // SAFETY: stat is plain data, valid all zeros.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: fstat writes into the struct we own.
    if unsafe { libc::fstat(2, &mut st) } != 0 {
        return false;
    }
    dev.parse() == Ok(st.st_dev as u64) && ino.parse() == Ok(st.st_ino as u64)
}

/// Whether lines at `level` are shown.
pub fn enabled(level: Level) -> bool {
    level as u8 <= SHOWN.load(Ordering::Relaxed)
}

/// The lines held back while captured: every one (written out at the end),
/// and how many of them the terminal has not shown yet.
struct Held {
    lines: Vec<String>,
    unseen: usize,
}

static CAPTURED: Mutex<Option<Held>> = Mutex::new(None);

/// Holds log lines back from standard error while it lives; dropped, it
/// writes them there.
pub struct Capture(());

/// Starts holding log lines back (see the module's notes).
pub fn capture() -> Capture {
    *CAPTURED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Held { lines: vec![], unseen: 0 });
    Capture(())
}

impl Capture {
    /// The lines logged since the last call (without the `queens: ` prefix).
    pub fn unseen(&self) -> Vec<String> {
        let mut held = CAPTURED.lock().unwrap_or_else(|e| e.into_inner());
        match held.as_mut() {
            Some(held) => {
                let from = held.lines.len() - std::mem::take(&mut held.unseen);
                held.lines[from..].to_vec()
            }
            None => vec![],
        }
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        let held = CAPTURED.lock().unwrap_or_else(|e| e.into_inner()).take();
        for line in held.map(|h| h.lines).unwrap_or_default() {
            eprintln!("queens: {line}");
        }
    }
}

pub fn write(level: Level, message: fmt::Arguments<'_>) {
    if !enabled(level) {
        return;
    }
    if let Some(held) = CAPTURED.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        held.lines.push(format!("{}{message}", label(level)));
        held.unseen += 1;
        return;
    }
    if TO_JOURNAL.load(Ordering::Relaxed) {
        eprintln!("<{}>{message}", level as u8);
    } else {
        eprintln!("queens: {}{message}", label(level));
    }
}

fn label(level: Level) -> &'static str {
    match level {
        Level::Error => "error: ",
        Level::Warn => "warning: ",
        Level::Info => "",
        Level::Debug => "debug: ",
    }
}

macro_rules! warning {
    ($($arg:tt)*) => { $crate::daemon::log::write($crate::daemon::log::Level::Warn, format_args!($($arg)*)) };
}
macro_rules! info {
    ($($arg:tt)*) => { $crate::daemon::log::write($crate::daemon::log::Level::Info, format_args!($($arg)*)) };
}
macro_rules! debug {
    ($($arg:tt)*) => { $crate::daemon::log::write($crate::daemon::log::Level::Debug, format_args!($($arg)*)) };
}
#[allow(unused_imports)]
pub(crate) use {debug, info, warning};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_log_names_a_level_for_us_or_for_everyone() {
        assert_eq!(level_named("debug"), Some(Level::Debug));
        assert_eq!(level_named("queens=warn,hyper=debug"), Some(Level::Warn));
        assert_eq!(level_named("hyper=debug"), None);
        assert_eq!(level_named("loud"), None);
    }

    #[test]
    fn captured_lines_are_held_and_handed_over_once() {
        let capture = capture();
        write(Level::Warn, format_args!("disk full"));
        write(Level::Error, format_args!("gone"));
        assert_eq!(capture.unseen(), ["warning: disk full", "error: gone"]);
        assert_eq!(capture.unseen(), Vec::<String>::new());
        write(Level::Warn, format_args!("again"));
        assert_eq!(capture.unseen(), ["warning: again"]);
        drop(capture);
        assert!(CAPTURED.lock().unwrap().is_none(), "released: lines go to standard error again");
    }
}
