//! The script (mock) backend: events as lines of text in, frames as text out.
//!
//! Input, one per line: `up`, `down`, `left`, `right`, `press`, `hold`,
//! `release`, `at X Y` (pointing at the LED in column X, row Y, from 0 at
//! the top left, as a tap on the page or a click in the terminal does
//! before its press), `tilt PITCH ROLL` (the HAT tilted so, in whole
//! degrees: what its motion sensor reads while tilt is on), or `wait MS`
//! to move the clock on (a tilt held repeats its moves as the clock passes
//! their times). Blank lines and lines
//! starting with `#` are skipped. Output: the first frame, then after each
//! line the settled frame (once no animation is pending), as 8 lines of 8
//! `RRGGBB` colours and an empty line. With `trace`, every animation frame
//! is printed too, after a line `@ MS` giving its time on the clock.
//!
//! A line longer than `MAX_LINE` bytes, or not UTF-8, or not one of the
//! above is refused: one line on standard error quoting at most its first
//! [`QUOTED`] characters (as every message quotes its input), and the run goes on; [`Backend::refused`] counts
//! them, and `play` exits 1 when any was.
//!
//! Time here is virtual: waiting for an animation's deadline jumps the clock
//! to it at once, so a whole game runs in microseconds.

use super::error::{Doing, Error};
use super::traits::{Backend, Display, Input, Next};

/// What a failed write of the frames says, as every command's failed output does.
const CANNOT_WRITE: &str = "cannot write to standard output";
use crate::game::{Checkerboard, Event, Frame, Millis, OnShow};
use crate::words::{QUOTED, quoted, quoted_bytes};
use std::io::{BufRead, Write};

/// The longest line read, in bytes; the rest of a longer one is skipped
/// unread into memory (a line that never ends must not fill it).
pub(crate) const MAX_LINE: usize = 4096;

pub struct Script<R, W> {
    lines: R,
    out: W,
    trace: bool,
    clock: Millis,
    line_no: usize,
    shown: Option<Frame>,
    refused: usize,
    /// What a refused line's message starts with (`queens play`).
    program: String,
    /// The board on show, once told ([`Display::describe`]): an `at` line
    /// off it is refused, as the page and the terminal send no press there.
    board: Option<Checkerboard>,
}

impl<R: BufRead, W: Write> Script<R, W> {
    /// Events from `lines`, frames to `out` (every animation frame with
    /// `trace`); a refused line is said on standard error after `program`.
    pub fn new(lines: R, out: W, trace: bool, program: &str) -> Self {
        let program = program.to_string();
        Script { lines, out, trace, clock: 0, line_no: 0, shown: None, refused: 0, program, board: None }
    }

    /// The next line, at most [`MAX_LINE`] bytes of it; `None` at the end
    /// of the input. A longer line is read to its end but not kept.
    fn read_line(&mut self) -> std::io::Result<Option<Result<String, String>>> {
        let mut line = Vec::new();
        let mut too_long = false;
        loop {
            let buf = match self.lines.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if line.is_empty() && !too_long {
                    return Ok(None);
                }
                break;
            }
            let (take, ended) = match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buf.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(line.len());
            line.extend_from_slice(&buf[..take.min(room)]);
            self.lines.consume(take);
            if line.len() > MAX_LINE {
                too_long = true;
                line.truncate(QUOTED * 4);
            }
            if ended {
                break;
            }
        }
        let bytes = line.strip_suffix(b"\n").unwrap_or(&line);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if too_long {
            return Ok(Some(Err(format!("{}: longer than {MAX_LINE} bytes", quoted_bytes(bytes)))));
        }
        match std::str::from_utf8(&line) {
            Ok(text) => Ok(Some(Ok(text.to_string()))),
            // Its bytes, escaped: replacement characters would say nothing of them.
            Err(_) => Ok(Some(Err(format!("{}: not UTF-8 text", quoted_bytes(bytes))))),
        }
    }

    fn print_shown(&mut self) -> Result<(), Error> {
        if let Some(frame) = &self.shown {
            writeln!(self.out, "{frame}").and_then(|()| self.out.flush()).doing(|| CANNOT_WRITE)?;
        }
        Ok(())
    }
}

/// What one line of a script asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptLine {
    Event(Event),
    Wait(Millis),
    Nothing,
}

/// The longest `wait`, a day: longer says nothing more of the game, and
/// a tilt held through it moves the cursor at every repeat, one by one (a
/// `wait` of 2^64 ms held a core for ever).
pub const MAX_WAIT_MS: Millis = 24 * 60 * 60 * 1000;

/// Reads one script line.
pub fn parse_line(line: &str) -> Result<ScriptLine, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(ScriptLine::Nothing);
    }
    let unknown = || {
        format!(
            "unknown event {}: expected up, down, left, right, press, hold, release, undo, at X Y, mark X Y, tilt PITCH ROLL or wait MS",
            quoted(line)
        )
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["wait", ..] => {
            let ms = match words[1..] {
                [ms] => ms.parse().ok().filter(|&ms| ms <= MAX_WAIT_MS),
                _ => None,
            };
            ms.map(ScriptLine::Wait).ok_or_else(|| {
                format!(
                    "{}: wait takes a whole number of milliseconds up to a day ({MAX_WAIT_MS}), like 'wait 250'",
                    quoted(line)
                )
            })
        }
        ["at" | "mark" | "tilt", ..] => line.parse().map(ScriptLine::Event),
        [word] => word.parse().map(ScriptLine::Event).map_err(|_| unknown()),
        _ => Err(unknown()),
    }
}

impl<R: BufRead, W: Write> Display for Script<R, W> {
    /// Keeps the frame; [`Input::next`] prints it once it knows whether the
    /// picture has settled.
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
        self.shown = Some(*frame);
        Ok(())
    }

    fn describe(&mut self, on_show: &OnShow) -> Result<(), Error> {
        self.board = Some(Checkerboard::new(on_show.size));
        Ok(())
    }
}

/// Why `at X Y` points at no square of `board`, if it does not: a typo
/// there would leave the `press` after it to act on the cursor's square.
fn off_board(board: Checkerboard, event: Event) -> Option<String> {
    let (Event::At { x, y } | Event::Mark { x, y }) = event else { return None };
    if board.square_at(x.into(), y.into()).is_some() {
        return None;
    }
    // The pixels with a square, across (the same down): the middle of the frame.
    let across: Vec<usize> = (0..board.side()).filter(|&v| board.square_at(v, v).is_some()).collect();
    let (first, last, n) = (across[0], across[across.len() - 1], board.n());
    Some(format!("'{event}': no square there: the {n}x{n} board's columns and rows are {first} to {last}"))
}

impl<R: BufRead, W: Write> Backend for Script<R, W> {
    /// How many lines were refused so far.
    fn refused(&self) -> usize {
        self.refused
    }
}

impl<R: BufRead, W: Write> Input for Script<R, W> {
    fn now(&self) -> Millis {
        self.clock
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        if let Some(deadline) = deadline {
            // An animation is playing: what is on show is one of its frames.
            if self.trace {
                writeln!(self.out, "@ {}", self.clock).doing(|| CANNOT_WRITE)?;
                self.print_shown()?;
            }
            self.clock = self.clock.max(deadline);
            return Ok(Next::Timeout);
        }
        self.print_shown()?;
        loop {
            let Some(read) = self.read_line()? else { return Ok(Next::Quit) };
            self.line_no += 1;
            let parsed = read.and_then(|text| parse_line(&text)).and_then(|line| match (line, self.board) {
                (ScriptLine::Event(event @ (Event::At { .. } | Event::Mark { .. })), Some(board)) => {
                    off_board(board, event).map_or(Ok(line), Err)
                }
                _ => Ok(line),
            });
            match parsed {
                Ok(ScriptLine::Event(event)) => return Ok(Next::Event(event)),
                Ok(ScriptLine::Wait(ms)) => {
                    self.clock += ms;
                    return Ok(Next::Timeout);
                }
                Ok(ScriptLine::Nothing) => {}
                Err(e) => {
                    self.refused += 1;
                    crate::eprintln_lossy!("{}: script line {}: {e}", self.program, self.line_no);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_to_events_waits_and_errors() {
        assert_eq!(parse_line("press\n"), Ok(ScriptLine::Event(Event::Press)));
        assert_eq!(parse_line("  left "), Ok(ScriptLine::Event(Event::Left)));
        assert_eq!(parse_line("wait 250"), Ok(ScriptLine::Wait(250)));
        assert_eq!(parse_line("wait 86400000"), Ok(ScriptLine::Wait(MAX_WAIT_MS)), "a day");
        assert_eq!(parse_line(" at  3 4"), Ok(ScriptLine::Event(Event::At { x: 3, y: 4 })));
        assert_eq!(parse_line("tilt -20 5"), Ok(ScriptLine::Event(Event::Tilt { pitch: -20, roll: 5 })));
        assert_eq!(
            parse_line("tilt 100 0"),
            Err("'tilt 100 0': tilt takes the pitch and the roll in whole degrees from -90 to 90, like 'tilt 15 -3'"
                .into())
        );
        assert_eq!(
            parse_line("at 3"),
            Err("'at 3': at takes a column and a row counted from 0, like 'at 3 4'".into())
        );
        assert_eq!(parse_line("# a comment"), Ok(ScriptLine::Nothing));
        assert_eq!(parse_line(""), Ok(ScriptLine::Nothing));
        for bad in [
            "jump",
            "wait",
            "wait -1",
            "wait 1.5",
            "wait250",
            "waiting 3",
            "wait 86400001",
            "wait 18446744073709551615",
            "wait 1 2",
            "PRESS",
            "at",
            "at 1 2 3",
            "at -1 0",
            "at 3 4x",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_refused_line_reaches_the_terminal_with_its_control_characters_escaped() {
        let err = parse_line("\u{1b}[31mdown\u{0}").unwrap_err();
        assert_eq!(
            err,
            "unknown event '\\u{1b}[31mdown\\u{0}': expected up, down, left, right, press, hold, release, undo, at X Y, mark X Y, tilt PITCH ROLL or wait MS"
        );
        assert!(!err.chars().any(char::is_control), "{err:?}");
    }

    #[test]
    fn a_refused_line_is_quoted_to_80_characters_and_counted() {
        let long = "é".repeat(100);
        let err = parse_line(&long).unwrap_err();
        assert!(err.starts_with(&format!("unknown event '{}...'", "é".repeat(80))), "{err}");
        let mut bytes = format!("{long}\nup\n{}\n", "x".repeat(MAX_LINE + 10)).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\npress\n");
        let mut script = Script::new(&bytes[..], Vec::new(), false, "queens play");
        let mut events = Vec::new();
        while let Next::Event(event) = script.next(None).unwrap() {
            events.push(event);
        }
        assert_eq!(events, [Event::Up, Event::Press]);
        assert_eq!(script.refused(), 3);
    }
}
