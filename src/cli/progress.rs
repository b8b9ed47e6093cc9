//! Progress on standard error, as every long command shows it: on a
//! terminal one line rewritten in place (`\r`, the line, then erase to the
//! end of the row), fitted to the terminal's width (a line wider than the
//! terminal wraps, and each rewrite would leave its first rows behind);
//! elsewhere (a log, or `TERM=dumb`, which may not know the erase) whole lines.

use std::io::{IsTerminal, Write};

/// The width assumed when neither the terminal nor `COLUMNS` says.
const DEFAULT_COLUMNS: usize = 80;

/// One command's progress line.
pub struct ProgressLine {
    /// Standard error is a terminal that can rewrite a line in place.
    terminal: bool,
    /// A line is on the terminal now (and must be ended before what follows).
    shown: bool,
}

impl ProgressLine {
    /// ProgressLine on this process's standard error.
    pub fn on_stderr() -> ProgressLine {
        let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
        ProgressLine { terminal: std::io::stderr().is_terminal() && !dumb, shown: false }
    }

    /// Whether standard error is a terminal the line is rewritten in place on.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Shows `variants`, the line from its fullest wording to its shortest
    /// (each drops the least important part the one before it has): on a
    /// terminal the fullest that fits, over the last one; elsewhere the
    /// fullest, as a line of its own. A line that cannot be written is no
    /// reason to stop the work.
    pub fn show(&mut self, variants: &[String]) {
        let mut err = std::io::stderr().lock();
        if !self.terminal {
            let _ = writeln!(err, "{}", variants.first().map_or("", String::as_str));
            return;
        }
        // Asked each time: the terminal may have been resized since.
        let asked = crate::backend::terminal::columns(std::io::stderr());
        let line = fit(variants, columns(asked, std::env::var("COLUMNS").ok().as_deref()));
        // Erasing to the end of the row, not padding by the last line's
        // width: padding wraps once the terminal has been narrowed.
        let _ = write!(err, "\r{line}\x1b[K");
        let _ = err.flush();
        self.shown = true;
    }

    /// Ends the line on a terminal, so what follows starts on a row of its own.
    pub fn finish(&mut self) {
        if self.terminal && std::mem::take(&mut self.shown) {
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
pub fn fit(variants: &[String], columns: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_width_is_the_terminals_else_columns_else_80() {
        assert_eq!(columns(Some(132), Some("60")), 132);
        assert_eq!(columns(None, Some("60")), 60);
        assert_eq!(columns(Some(0), Some(" 60 ")), 60, "a terminal that says 0 does not know");
        assert_eq!(columns(None, Some("wide")), 80);
        assert_eq!(columns(None, Some("0")), 80);
        assert_eq!(columns(None, None), 80);
    }
}
