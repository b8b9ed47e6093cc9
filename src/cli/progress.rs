//! Progress on standard error, as every long command shows it: on a
//! terminal one line rewritten in place (`\r`, the line, erase to the end of
//! the screen, and `\r` again, so that the cursor waits at the start of the
//! line), fitted to the terminal's width (a line wider than the terminal
//! wraps, and each rewrite would leave its first rows behind); elsewhere (a log, or `TERM=dumb`, which may not know the erase) whole
//! lines. And, for the searches of `pieces` and `regions solve --count`,
//! their reports and Ctrl-C: nothing in the first second, then a line every
//! second on a terminal and every ten elsewhere; Ctrl-C stops the search at
//! its next check, and the command says so in one line and exits with
//! status 130.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The width assumed when neither the terminal nor `COLUMNS` says.
const DEFAULT_COLUMNS: usize = 80;

/// One command's progress line.
pub(crate) struct ProgressLine {
    /// Standard error is a terminal that can rewrite a line in place.
    terminal: bool,
    /// The wordings of the line on the terminal now, if one is (it must be
    /// ended before what follows).
    shown: Option<Vec<String>>,
}

impl ProgressLine {
    /// ProgressLine on this process's standard error.
    pub(crate) fn on_stderr() -> ProgressLine {
        let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
        ProgressLine { terminal: std::io::stderr().is_terminal() && !dumb, shown: None }
    }

    /// Whether standard error is a terminal the line is rewritten in place on.
    pub(crate) fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Shows `variants`, the line from its fullest wording to its shortest
    /// (each drops the least important part the one before it has): on a
    /// terminal the fullest that fits, over the last one; elsewhere the
    /// fullest, as a line of its own. A line that cannot be written is no
    /// reason to stop the work.
    pub(crate) fn show(&mut self, variants: &[String]) {
        let mut err = std::io::stderr().lock();
        if !self.terminal {
            let _ = writeln!(err, "{}", variants.first().map_or("", String::as_str));
            return;
        }
        // Asked each time: the terminal may have been resized since.
        let asked = crate::backend::terminal::columns(std::io::stderr());
        let line = fit(variants, columns(asked, std::env::var("COLUMNS").ok().as_deref()));
        // Erasing, not padding by the last line's width: padding wraps once
        // the terminal has been narrowed. A terminal that reflows its lines
        // when narrowed (tmux, VTE, kitty) splits the last line over two rows
        // or more, and keeps the cursor where it was in the line: left at the
        // line's start, it is on the first of them, and the erase to the end of
        // the screen takes the others (left at its end, the rewrite went on
        // the last of them and the first stayed, stale). One that cuts the
        // line instead (xterm) leaves one row, the cursor at its start too.
        let _ = write!(err, "\r{line}\x1b[J\r");
        let _ = err.flush();
        self.shown = Some(variants.to_vec());
    }

    /// Takes the line away on a terminal, if one is shown, so that what follows
    /// is written where it was (a log keeps its lines).
    pub(crate) fn clear(&mut self) {
        if self.shown.take().is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[J");
            let _ = err.flush();
        }
    }

    /// Ends the line on a terminal, so what follows starts on a row of its
    /// own: written once more first, over the `^C` a terminal echoes where
    /// the cursor waits.
    pub(crate) fn finish(&mut self) {
        if let Some(variants) = self.shown.take() {
            self.show(&variants);
            self.shown = None;
            crate::eprintln_lossy!();
        }
    }
}

/// The terminal's width: what the terminal says (`asked`), else `COLUMNS`,
/// else 80.
fn columns(asked: Option<usize>, env: Option<&str>) -> usize {
    asked
        .filter(|&c| c > 0)
        .or_else(|| env.and_then(|c| c.trim().parse().ok()).filter(|&c: &usize| c > 0))
        .unwrap_or(DEFAULT_COLUMNS)
}

/// The fullest of `variants` that fits a terminal `columns` wide, leaving
/// its last column free (a character there makes some terminals wrap at
/// once); the shortest cut to fit, at a word's end where it has one, if
/// none does. Never wider.
pub(crate) fn fit(variants: &[String], columns: usize) -> String {
    let room = columns.saturating_sub(1).max(1);
    match variants.iter().find(|v| v.chars().count() <= room) {
        Some(line) => line.clone(),
        None => {
            let cut: String = variants.last().map_or(String::new(), |v| v.chars().take(room + 1).collect());
            match cut.rfind(' ') {
                Some(end) if end > 0 => cut[..end].trim_end_matches([',', ':']).to_string(),
                _ => cut.chars().take(room).collect(),
            }
        }
    }
}

/// The exit status after Ctrl-C, as a shell reports a process that SIGINT ended.
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// The exit status after Ctrl-C.
pub(crate) fn interrupted() -> ExitCode {
    ExitCode::from(EXIT_INTERRUPTED)
}

/// A search's progress reports and its Ctrl-C.
pub(crate) struct Reporter {
    start: Instant,
    line: ProgressLine,
    every: Duration,
    next_report: Duration,
    stop: Arc<AtomicBool>,
}

impl Reporter {
    /// Starts the clock and takes over Ctrl-C (SIGINT) for the search.
    pub(crate) fn start() -> anyhow::Result<Reporter> {
        let stop = Arc::new(AtomicBool::new(false));
        signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop))?;
        let line = ProgressLine::on_stderr();
        let terminal = line.is_terminal();
        Ok(Reporter {
            start: Instant::now(),
            line,
            every: if terminal { Duration::from_secs(1) } else { Duration::from_secs(10) },
            next_report: Duration::from_secs(1),
            stop,
        })
    }

    /// Called from the search's check: writes `line(elapsed)` when a report
    /// is due; false once Ctrl-C asked the search to stop.
    pub(crate) fn check(&mut self, line: impl FnOnce(Duration) -> String) -> bool {
        self.check_fitted(|elapsed| vec![line(elapsed)])
    }

    /// [`Reporter::check`] with the line's wordings from the fullest to the
    /// shortest, of which a terminal gets the fullest that fits
    /// ([`ProgressLine::show`]).
    pub(crate) fn check_fitted(&mut self, lines: impl FnOnce(Duration) -> Vec<String>) -> bool {
        let elapsed = self.start.elapsed();
        if elapsed >= self.next_report {
            self.next_report = elapsed + self.every;
            self.line.show(&lines(elapsed));
        }
        self.going_on()
    }

    /// The check of a search that shows no progress: false once Ctrl-C asked it to stop.
    pub(crate) fn going_on(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    /// Takes the rewritten line away, if there is one (one stage of the work is
    /// over, and what it says next goes where the line was); the reports go on.
    pub(crate) fn clear_line(&mut self) {
        self.line.clear();
    }

    /// Ends the rewritten line, if there was one, so that what follows starts
    /// on a line of its own; returns the time the search took.
    pub(crate) fn finish(&mut self) -> Duration {
        self.line.finish();
        self.start.elapsed()
    }
}

/// Says that Ctrl-C stopped a search after `took`, and what is therefore
/// not printed (`no count printed`): one line, in one wording for every command.
pub(crate) fn say_stopped(took: Duration, not_printed: &str) {
    crate::eprintln_lossy!("{}: stopped after {}; {not_printed}", super::program::name(), ran_for(took));
}

/// "0.5 s", "9.9 s", "12 s": how long a search ran before it stopped, in
/// tenths of a second under ten, so that half a second is said as it was
/// (whole seconds made it "1 s"); whole seconds after.
pub(crate) fn ran_for(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s < 9.95 => format!("{s:.1} s"),
        s => format!("{s:.0} s"),
    }
}

/// How far through a search tree a search is (`done`, 0 to 1), as a percentage for its
/// progress line: whole from 10%, to a tenth from 1%, and to two figures below (a search of
/// days moves a tenth of a percent in hours: "0.0%" for hours said nothing). Rounded down, so
/// that it never says 100% before the end.
pub(crate) fn tree_percent(done: f64) -> String {
    let share = (done * 100.0).clamp(0.0, 100.0);
    let decimals = match share {
        10.0.. => 0,
        1.0.. => 1,
        0.0 => 1,
        // Two figures: 0.37 has one zero after the point, 0.0037 three.
        _ => (1 - share.log10().floor() as i32).min(6) as usize,
    };
    let scale = 10f64.powi(decimals as i32);
    format!("{:.*}%", decimals, (share * scale).floor() / scale)
}

/// "12 s": whole seconds, for progress lines.
pub(crate) fn seconds(d: Duration) -> String {
    format!("{:.0} s", d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trees_share_is_shown_to_two_figures_below_one_percent_and_never_rounded_up() {
        let shown = [0.0, 0.000_037, 0.0037, 0.0099, 0.0123, 0.0999, 0.5, 0.99999, 1.0].map(tree_percent);
        assert_eq!(shown, ["0.0%", "0.0037%", "0.37%", "0.99%", "1.2%", "9.9%", "50%", "99%", "100%"]);
    }

    #[test]
    fn the_fullest_wording_that_fits_is_chosen_and_nothing_is_ever_wider() {
        let variants: Vec<String> =
            ["queens solve: 123 placements in 4 s, 5 of 8 columns", "123 placements in 4 s", "123"]
                .map(String::from)
                .to_vec();
        assert_eq!(fit(&variants, 80), variants[0]);
        assert_eq!(fit(&variants, 52), variants[0], "51 characters and a free column");
        assert_eq!(fit(&variants, 51), variants[1]);
        assert_eq!(fit(&variants, 5), "123");
        assert_eq!(fit(&variants, 3), "12", "cut, never wrapped");
        let placements = ["queens solve: 123 placements".to_string(), "123 placements in 4 s".to_string()];
        assert_eq!(fit(&placements, 12), "123", "cut at a word's end, not mid-word");
        assert_eq!(fit(&placements, 5), "123", "a word that just fits is kept");
        assert_eq!(fit(&["searching: 1234 placements".to_string()], 14), "searching", "no dangling colon");
        for columns in 1..=100 {
            assert!(fit(&variants, columns).chars().count() < columns.max(2), "{columns}");
        }
    }

    #[test]
    fn a_time_stopped_at_is_said_in_tenths_under_ten_seconds() {
        let said = |ms| ran_for(Duration::from_millis(ms));
        assert_eq!([said(0), said(500), said(1_040), said(9_940)], ["0.0 s", "0.5 s", "1.0 s", "9.9 s"]);
        assert_eq!([said(9_950), said(12_400), said(90_600)], ["10 s", "12 s", "91 s"]);
    }

    #[test]
    fn the_width_is_the_terminals_else_columns_else_80() {
        assert_eq!(columns(Some(132), Some("60")), 132);
        assert_eq!(columns(None, Some("60")), 60);
        assert_eq!(columns(Some(0), Some(" 60 ")), 60, "a terminal that says 0 does not know");
        assert_eq!(columns(None, Some("wide")), 80);
        assert_eq!(columns(None, Some("0")), 80);
        assert_eq!(columns(None, None), 80);
    }
}
