//! What the solver commands share: `--format`, boards drawn as text, JSON on
//! standard output, and the exit codes (0 answer, 1 none, 2 bad input).

use crate::backend;
use crate::solver::notation::file_name;
use clap::ValueEnum;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// How answers are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Format {
    /// Boards as grids and sentences, for people.
    #[default]
    Human,
    /// One JSON object on one line, for scripts.
    Json,
}

/// Exit status 1: the question has no answer.
pub(crate) fn no_answer() -> ExitCode {
    ExitCode::from(1)
}

/// Exit status 2 after one line on standard error: the input was wrong. The
/// line has the form of every usage error (see [`super::usage::line`]).
pub(crate) fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    crate::eprintln_lossy!("{}", super::usage::line(super::program::name(), &message.to_string()));
    ExitCode::from(super::usage::EXIT_USAGE)
}

/// Writes `value` as one line of JSON on standard output (buffered: the rows
/// of a ten-million-queen board are written as they are encoded).
pub(crate) fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    serde_json::to_writer(&mut out, value).map_err(|e| anyhow::Error::new(e).context(CANNOT_WRITE))?;
    writeln!(out).and_then(|()| out.flush()).map_err(stdout_failed)
}

/// What a failed write to standard output says, before the system's reason.
const CANNOT_WRITE: &str = "cannot write to standard output";

/// A failed write to standard output as an error for `cli::main`, which
/// prints it as one line and exits 1 (or, for a closed pipe, ends quietly).
pub(crate) fn stdout_failed(error: io::Error) -> anyhow::Error {
    anyhow::Error::new(error).context(CANNOT_WRITE)
}

/// Writes `text` to standard output now. Unlike `print!`, which panics, a
/// failed write (a closed pipe, a full disk) comes back as an error.
pub(crate) fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(stdout_failed)
}

/// `println!` for answers, returning [`emit`]'s result instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use say;

/// Whether the error is a reader that stopped early (`queens solve 8 | head -1`):
/// not an error worth a message, as ripgrep has it, the output simply ends
/// and the program exits 0.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    let broken = |io: &io::Error| io.kind() == io::ErrorKind::BrokenPipe;
    error.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().is_some_and(broken)
            // The script backend's frames on standard output (`queens play | head`).
            || cause.downcast_ref::<backend::Error>().and_then(backend::Error::io).is_some_and(broken)
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// A board as text, top row first: `Q` for a queen (or the symbol `mark`
/// returns), `.` for an empty square, ranks on the left and files below.
pub(crate) fn grid(width: usize, height: usize, mark: impl Fn(usize, usize) -> Option<char>) -> String {
    let label = height.to_string().len();
    let mut text = String::new();
    for row in 0..height {
        text.push_str(&format!("{:>label$} ", height - row));
        let cells: Vec<String> = (0..width).map(|col| mark(col, row).unwrap_or('.').to_string()).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.push_str(&" ".repeat(label + 1));
    let files: Vec<String> = (0..width).map(file_name).collect();
    text.push_str(&files.join(" "));
    text.push('\n');
    text
}

/// The grid of a queens placement given as `rows[c]` (`None` = empty column).
pub(crate) fn queens_grid(rows: &[Option<u32>]) -> String {
    let n = rows.len();
    grid(n, n, |col, row| (rows[col] == Some(row as u32)).then_some('Q'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_put_rank_one_at_the_bottom() {
        let text = queens_grid(&[Some(0), None, Some(2)]);
        assert_eq!(text, "3 Q . .\n2 . . .\n1 . . Q\n  a b c\n");
    }
}
