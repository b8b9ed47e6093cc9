//! What can go wrong while a backend shows frames and waits for events, as
//! a type: the game loop and the command line see a [`Error`], never text.
//!
//! Opening the Sense HAT has its own errors ([`sense_hat::Error`]): once
//! open, its backend survives a part that goes away, so what is left to fail is the system itself (a
//! poll, a write to standard output, the emulator's files and socket).

use std::fmt;
use std::io;
use std::path::Path;

/// A path as a message shows it: cut and escaped as every echoed input is
/// ([`crate::words::shown`]), so a path of 100 KB is not a line of 100 KB,
/// nor one holding a terminal's escapes a recoloured terminal. The
/// `sense-hat` crate's messages show theirs by the same rule
/// ([`sense_hat::error::shown_path`]; the tests hold the two together).
pub(crate) fn shown_path(path: impl AsRef<Path>) -> String {
    crate::words::shown(&path.as_ref().to_string_lossy())
}

/// Why a backend cannot go on.
#[derive(Debug)]
pub enum Error {
    /// The terminal backend was asked for without a terminal.
    NoTerminal,
    /// The terminal backend was asked for where it may not draw in colour,
    /// the only way it shows the board.
    NoColour(NoColour),
    /// A system call failed; `doing` says what was being done, where the
    /// message names it (else the system's reason is the whole message).
    Io { doing: Option<String>, source: io::Error },
}

impl Error {
    /// `source`, failed while `doing` something.
    pub(crate) fn doing(doing: impl Into<String>, source: io::Error) -> Error {
        Error::Io { doing: Some(doing.into()), source }
    }

    /// The system's error, if a system call failed: the command line ends
    /// quietly when it is a reader that stopped early (a broken pipe).
    pub(crate) fn io(&self) -> Option<&io::Error> {
        match self {
            Error::NoTerminal | Error::NoColour(_) => None,
            Error::Io { source, .. } => Some(source),
        }
    }
}

/// Why the terminal may not have colours: the conventions a user sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoColour {
    /// `TERM=dumb`: a terminal that understands no escape sequence.
    DumbTerminal,
    /// No `TERM` at all: nothing says the terminal understands escapes.
    NoTerm,
    /// `NO_COLOR` set and not empty (no-color.org): the user wants no colour.
    NoColorSet,
}

impl From<io::Error> for Error {
    fn from(source: io::Error) -> Error {
        Error::Io { doing: None, source }
    }
}

/// Names what was being done when an I/O call failed, as `anyhow`'s
/// `context` does: `screen.show(frame).doing(|| "writing the screen")`.
pub trait Doing<T> {
    /// The error, if any, as an [`Error::Io`] that says what was being done.
    fn doing<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T, Error>;
}

impl<T> Doing<T> for io::Result<T> {
    fn doing<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T, Error> {
        self.map_err(|source| Error::doing(what(), source))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoTerminal => {
                write!(f, "the terminal backend needs a terminal on standard input and output")
            }
            Error::NoColour(NoColour::DumbTerminal) => write!(
                f,
                "the terminal backend draws the board with colour escapes, which a dumb terminal \
                 (TERM=dumb) cannot show: play in a terminal with colours, or use --backend script"
            ),
            Error::NoColour(NoColour::NoTerm) => write!(
                f,
                "the terminal backend draws the board with colour escapes, and TERM is not set to say \
                 this terminal shows them: set it (TERM=xterm-256color, say), or use --backend script"
            ),
            Error::NoColour(NoColour::NoColorSet) => write!(
                f,
                "NO_COLOR is set, and the terminal backend shows the board only in colour (regions, \
                 hints and clashes have no other sign): unset it for the game (NO_COLOR= queens), \
                 or use --backend script"
            ),
            Error::Io { doing: Some(doing), .. } => write!(f, "{doing}"),
            Error::Io { doing: None, source } => write!(f, "{source}"),
        }
    }
}

// The chain is the one `anyhow`'s context made before this type existed:
// what was being done, then the system's reason, so `{:#}` prints
// "doing: reason" and a plain I/O error prints as itself.
impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::NoTerminal | Error::NoColour(_) => None,
            Error::Io { doing: Some(_), source } => Some(source),
            Error::Io { doing: None, source } => source.source(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_prints_what_was_being_done_then_why_once() {
        let refused = || io::Error::from_raw_os_error(libc::ECONNREFUSED);
        let greeting: Result<(), Error> = Err(refused()).doing(|| "greeting the emulator's joystick");
        let chained = format!("{:#}", anyhow::Error::new(greeting.unwrap_err()));
        assert_eq!(chained, format!("greeting the emulator's joystick: {}", refused()));
        let plain = format!("{:#}", anyhow::Error::new(Error::from(refused())));
        assert_eq!(plain, refused().to_string());
        let pipe = Error::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(pipe.io().map(io::Error::kind), Some(io::ErrorKind::BrokenPipe));
        assert!(Error::NoTerminal.io().is_none());
    }

    #[test]
    fn paths_are_shown_by_the_rule_the_sense_hat_crate_shows_them_by() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let hostile = [
            "/dev/input/event3".to_string(),
            "a\u{1b}[31mRED".to_string(),
            "x".repeat(3000),
            "é".repeat(81),
            "\u{feff}\u{202e}\u{a0}\t\r\u{7f} x".to_string(),
            "ﾟ\u{200b}".repeat(50),
        ];
        for text in &hostile {
            let path = Path::new(text);
            assert_eq!(shown_path(path), sense_hat::error::shown_path(path), "{text:?}");
        }
        let bytes = Path::new(OsStr::from_bytes(b"/dev/\xff\xfe\x1b"));
        assert_eq!(shown_path(bytes), sense_hat::error::shown_path(bytes));
    }
}
