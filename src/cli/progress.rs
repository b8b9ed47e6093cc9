//! Progress of a long search on standard error, and Ctrl-C, for `pieces`
//! and `regions solve --count` (as `solve --backtrack` does it): nothing in
//! the first second; then on a terminal one line rewritten every second,
//! elsewhere (a log) a line every ten. Ctrl-C stops the search at its next
//! check, and the command says so in one line and exits with status 130.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The exit status after Ctrl-C, as a shell reports a process that SIGINT ended.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The exit status after Ctrl-C.
pub fn interrupted() -> ExitCode {
    ExitCode::from(EXIT_INTERRUPTED)
}

/// A search's progress reports and its Ctrl-C.
pub struct Reporter {
    start: Instant,
    terminal: bool,
    every: Duration,
    next_report: Duration,
    reported: bool,
    stop: Arc<AtomicBool>,
}

impl Reporter {
    /// Starts the clock and takes over Ctrl-C (SIGINT) for the search.
    pub fn start() -> anyhow::Result<Reporter> {
        let stop = Arc::new(AtomicBool::new(false));
        signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop))?;
        let terminal = std::io::stderr().is_terminal();
        Ok(Reporter {
            start: Instant::now(),
            terminal,
            every: if terminal { Duration::from_secs(1) } else { Duration::from_secs(10) },
            next_report: Duration::from_secs(1),
            reported: false,
            stop,
        })
    }

    /// Called from the search's check: writes `line(elapsed)` when a report
    /// is due; false once Ctrl-C asked the search to stop.
    pub fn check(&mut self, line: impl FnOnce(Duration) -> String) -> bool {
        let elapsed = self.start.elapsed();
        if elapsed >= self.next_report {
            self.next_report = elapsed + self.every;
            self.reported = true;
            let line = line(elapsed);
            let mut err = std::io::stderr().lock();
            // A progress line that cannot be written is no reason to stop the search.
            let _ = if self.terminal { write!(err, "\r{line} ") } else { writeln!(err, "{line}") };
            let _ = err.flush();
        }
        !self.stop.load(Ordering::Relaxed)
    }

    /// Ends the rewritten line, if there was one, so that what follows starts
    /// on a line of its own; returns the time the search took.
    pub fn finish(&self) -> Duration {
        if self.reported && self.terminal {
            crate::eprintln_lossy!();
        }
        self.start.elapsed()
    }
}

/// "12 s": whole seconds, for progress lines.
pub fn seconds(d: Duration) -> String {
    format!("{:.0} s", d.as_secs_f64())
}
