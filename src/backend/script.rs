//! The script (mock) backend: events as lines of text in, frames as text out.
//!
//! Input, one per line: `up`, `down`, `left`, `right`, `press`, `hold`,
//! `release`, or `wait MS` to move the clock on. Blank lines and lines
//! starting with `#` are skipped. Output: the first frame, then after each
//! line the settled frame (once no animation is pending), as 8 lines of 8
//! `RRGGBB` colours and an empty line. With `trace`, every animation frame
//! is printed too, after a line `@ MS` giving its time on the clock.
//!
//! Time here is virtual: waiting for an animation's deadline jumps the clock
//! to it at once, so a whole game runs in microseconds.

use super::{Display, Input, Next};
use crate::game::{Event, Frame, Millis};
use std::io::{BufRead, Write};

pub struct Script<R, W> {
    lines: R,
    out: W,
    trace: bool,
    clock: Millis,
    line_no: usize,
    shown: Option<Frame>,
}

impl<R: BufRead, W: Write> Script<R, W> {
    pub fn new(lines: R, out: W, trace: bool) -> Self {
        Script { lines, out, trace, clock: 0, line_no: 0, shown: None }
    }

    fn print_shown(&mut self) -> std::io::Result<()> {
        if let Some(frame) = &self.shown {
            writeln!(self.out, "{frame}")?;
            self.out.flush()?;
        }
        Ok(())
    }
}

/// What one line of a script asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Event(Event),
    Wait(Millis),
    Nothing,
}

/// Reads one script line.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Line::Nothing);
    }
    let unknown =
        || format!("unknown event '{line}': expected up, down, left, right, press, hold, release or wait MS");
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["wait", ms] => ms
            .parse()
            .map(Line::Wait)
            .map_err(|_| format!("'{line}': wait takes a whole number of milliseconds, like 'wait 250'")),
        [word] => word.parse().map(Line::Event).map_err(|_| unknown()),
        _ => Err(unknown()),
    }
}

impl<R: BufRead, W: Write> Display for Script<R, W> {
    /// Keeps the frame; [`Input::next`] prints it once it knows whether the
    /// picture has settled.
    fn show(&mut self, frame: &Frame) -> anyhow::Result<()> {
        self.shown = Some(*frame);
        Ok(())
    }
}

impl<R: BufRead, W: Write> Input for Script<R, W> {
    fn now(&self) -> Millis {
        self.clock
    }

    fn next(&mut self, deadline: Option<Millis>) -> anyhow::Result<Next> {
        if let Some(deadline) = deadline {
            // An animation is playing: what is on show is one of its frames.
            if self.trace {
                writeln!(self.out, "@ {}", self.clock)?;
                self.print_shown()?;
            }
            self.clock = self.clock.max(deadline);
            return Ok(Next::Timeout);
        }
        self.print_shown()?;
        let mut text = String::new();
        loop {
            text.clear();
            if self.lines.read_line(&mut text)? == 0 {
                return Ok(Next::Quit);
            }
            self.line_no += 1;
            match parse_line(&text) {
                Ok(Line::Event(event)) => return Ok(Next::Event(event)),
                Ok(Line::Wait(ms)) => {
                    self.clock += ms;
                    return Ok(Next::Timeout);
                }
                Ok(Line::Nothing) => {}
                Err(e) => eprintln!("queens: script line {}: {e}", self.line_no),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_to_events_waits_and_errors() {
        assert_eq!(parse_line("press\n"), Ok(Line::Event(Event::Press)));
        assert_eq!(parse_line("  left "), Ok(Line::Event(Event::Left)));
        assert_eq!(parse_line("wait 250"), Ok(Line::Wait(250)));
        assert_eq!(parse_line("# a comment"), Ok(Line::Nothing));
        assert_eq!(parse_line(""), Ok(Line::Nothing));
        for bad in ["jump", "wait", "wait -1", "wait 1.5", "wait250", "waiting 3", "PRESS"] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
