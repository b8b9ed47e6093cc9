//! The logger behind the `log` facade: lines on standard error, in the
//! form journald reads well.
//!
//! The library logs through `log::error!`, `warn!`, `info!` and `debug!`;
//! [`init`] installs this logger. Under systemd (standard error is the
//! journal's stream, as `$JOURNAL_STREAM` says), each line starts with its
//! syslog priority, `<4>`, which journald turns into the entry's level; on
//! a terminal it reads `queens: warning: ...`.
//!
//! What is shown follows `RUST_LOG` as `env_logger` reads it, without its
//! regular expressions: directives separated by commas, each a level for
//! every target (`error`, `warn`, `info`, `debug`, `trace`, `off`), a
//! target with a level (`queens=debug`, `queens::backend::stick=debug`:
//! that module and those under it), or a bare target (all its lines); the
//! longest matching target wins. A target no directive names gets the
//! level given for every target, or without one (and without `RUST_LOG`)
//! info lines, debug lines too with `-v`: unlike `env_logger`, which shows
//! nothing for it, since a directive for another program's crate in a
//! shared `RUST_LOG` must not hide our warnings.
//!
//! While the terminal backend draws, standard error is its screen in raw
//! mode: a line written there would land in the board. The game loop
//! ([`super::play`]) [`capture`]s the lines instead while such a backend is
//! open ([`crate::backend::Backend::holds_log_lines`]), hands each to it to
//! show under the board, and writes them all to standard error once the
//! terminal is given back.

use log::{Level, LevelFilter, Log, Metadata, Record};
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::sync::{Mutex, OnceLock};

/// Installs the logger: `RUST_LOG` decides what is shown if it is set,
/// `-v` (`verbose` > 0) otherwise. A directive of `RUST_LOG` that cannot be
/// read is ignored with a warning: the variable is shared with every other
/// Rust program in the environment, so it is no reason to stop.
pub(crate) fn init(verbose: u8) {
    let default = if verbose > 0 { LevelFilter::Debug } else { LevelFilter::Info };
    let spec = std::env::var("RUST_LOG").unwrap_or_default();
    let (filter, ignored) = Filter::parse(&spec, default);
    let to_journal = stderr_is_journal(std::env::var("JOURNAL_STREAM").ok().as_deref());
    let logger = LOGGER.get_or_init(|| Logger { filter, to_journal });
    // Only the first call installs it; a second (none today) keeps the first.
    if log::set_logger(logger).is_ok() {
        log::set_max_level(logger.filter.most_shown());
    }
    for problem in ignored {
        emit(logger.to_journal, Level::Warn, format_args!("RUST_LOG: {problem}; ignored"));
    }
}

static LOGGER: OnceLock<Logger> = OnceLock::new();

struct Logger {
    filter: Filter,
    to_journal: bool,
}

impl Log for Logger {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.level() <= self.filter.level_for(metadata.target())
    }

    fn log(&self, record: &Record<'_>) {
        if self.enabled(record.metadata()) {
            emit(self.to_journal, record.level(), *record.args());
        }
    }

    fn flush(&self) {}
}

/// What `RUST_LOG` asks for: a level for every target, and levels for some.
#[derive(Debug, PartialEq)]
struct Filter {
    default: LevelFilter,
    /// Targets (module paths) and their levels, as given.
    targets: Vec<(String, LevelFilter)>,
}

impl Filter {
    fn everything_at(level: LevelFilter) -> Filter {
        Filter { default: level, targets: vec![] }
    }

    /// The filter `spec` describes, and what it ignored, in words. A level
    /// given for every target more than once: the last one counts, as in
    /// `env_logger`; with none, `default`.
    fn parse(spec: &str, default: LevelFilter) -> (Filter, Vec<String>) {
        let mut filter = Filter::everything_at(default);
        let mut ignored = vec![];
        // `env_logger` filters messages with a regular expression after a
        // slash; not here, and saying so beats showing what was not asked for.
        let (directives, regex) = match spec.split_once('/') {
            Some((directives, regex)) => (directives, Some(regex)),
            None => (spec, None),
        };
        if let Some(regex) = regex {
            ignored.push(format!("`/{regex}`: filtering lines by a pattern is not supported"));
        }
        for directive in directives.split(',').map(str::trim).filter(|d| !d.is_empty()) {
            match directive.split_once('=') {
                None => match level_named(directive) {
                    Some(level) => filter.default = level,
                    // A bare name is a target shown in full.
                    None => filter.targets.push((directive.to_owned(), LevelFilter::Trace)),
                },
                Some((target, level)) => match level_named(level.trim()) {
                    Some(level) if !target.trim().is_empty() => {
                        filter.targets.push((target.trim().to_owned(), level))
                    }
                    _ => ignored.push(format!("`{directive}`: not a target with a level")),
                },
            }
        }
        (filter, ignored)
    }

    /// The level shown for `target`: that of the longest target given that
    /// is `target` or a module above it, or the default.
    fn level_for(&self, target: &str) -> LevelFilter {
        self.targets
            .iter()
            .filter(|(given, _)| {
                target
                    .strip_prefix(given.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
            })
            .max_by_key(|(given, _)| given.len())
            .map_or(self.default, |&(_, level)| level)
    }

    /// The most detailed level any target shows, for the facade's quick check.
    fn most_shown(&self) -> LevelFilter {
        self.targets.iter().map(|&(_, level)| level).fold(self.default, Ord::max)
    }
}

fn level_named(name: &str) -> Option<LevelFilter> {
    name.parse().ok()
}

/// Whether standard error is the stream systemd connected to the journal:
/// `$JOURNAL_STREAM` (given here as `stream`) names its device and inode.
fn stderr_is_journal(stream: Option<&str>) -> bool {
    let Some(stream) = stream else { return false };
    let Some((dev, ino)) = stream.split_once(':') else { return false };
    // A duplicate of descriptor 2, as a file: its metadata is fstat(2)'s.
    let Ok(stderr) = std::io::stderr().as_fd().try_clone_to_owned() else { return false };
    let Ok(meta) = std::fs::File::from(stderr).metadata() else { return false };
    dev.parse() == Ok(meta.dev()) && ino.parse() == Ok(meta.ino())
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
pub(crate) struct Capture(());

/// Starts holding log lines back (see the module's notes).
pub(crate) fn capture() -> Capture {
    *CAPTURED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Held { lines: vec![], unseen: 0 });
    Capture(())
}

impl Capture {
    /// The lines logged since the last call (without the `queens: ` prefix).
    pub(crate) fn unseen(&self) -> Vec<String> {
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
            crate::eprintln_lossy!("queens: {line}");
        }
    }
}

/// Writes one line that passed the filter: held back while captured, else
/// to standard error with the journal's priority or the plain label.
fn emit(to_journal: bool, level: Level, message: std::fmt::Arguments<'_>) {
    if let Some(held) = CAPTURED.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        held.lines.push(format!("{}{message}", label(level)));
        held.unseen += 1;
        return;
    }
    if to_journal {
        crate::eprintln_lossy!("<{}>{message}", syslog_priority(level));
    } else {
        crate::eprintln_lossy!("queens: {}{message}", label(level));
    }
}

/// The priority journald reads from a line's `<N>` prefix (sd-daemon(3)).
fn syslog_priority(level: Level) -> u8 {
    match level {
        Level::Error => 3,
        Level::Warn => 4,
        Level::Info => 6,
        Level::Debug | Level::Trace => 7,
    }
}

fn label(level: Level) -> &'static str {
    match level {
        Level::Error => "error: ",
        Level::Warn => "warning: ",
        Level::Info => "",
        Level::Debug => "debug: ",
        Level::Trace => "trace: ",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(spec: &str) -> Filter {
        let (filter, ignored) = Filter::parse(spec, LevelFilter::Info);
        assert!(ignored.is_empty(), "{spec}: ignored {ignored:?}");
        filter
    }

    #[test]
    fn a_bare_level_is_for_every_target() {
        for (spec, level) in [
            ("debug", LevelFilter::Debug),
            ("WARN", LevelFilter::Warn),
            ("trace", LevelFilter::Trace),
            ("off", LevelFilter::Off),
        ] {
            let filter = parsed(spec);
            assert_eq!(filter.level_for("queens::cli::play"), level, "{spec}");
            assert_eq!(filter.level_for("evdev"), level, "{spec}");
        }
    }

    #[test]
    fn the_longest_matching_target_wins_whatever_the_order() {
        for spec in
            ["info,queens=debug", "queens=debug,info", "queens::backend::stick=trace,queens=debug,info"]
        {
            let filter = parsed(spec);
            assert_eq!(filter.level_for("queens::cli::play"), LevelFilter::Debug, "{spec}");
            assert_eq!(filter.level_for("evdev::raw_stream"), LevelFilter::Info, "{spec}");
        }
        let filter = parsed("warn,queens::backend=debug,queens::backend::stick=off");
        assert_eq!(filter.level_for("queens::backend::sensehat"), LevelFilter::Debug);
        assert_eq!(filter.level_for("queens::backend::stick"), LevelFilter::Off);
        assert_eq!(filter.level_for("queens::cli"), LevelFilter::Warn);
        assert_eq!(filter.most_shown(), LevelFilter::Debug);
    }

    #[test]
    fn a_target_matches_whole_module_names_only() {
        let filter = parsed("queens=debug");
        assert_eq!(filter.level_for("queens"), LevelFilter::Debug);
        assert_eq!(
            filter.level_for("queens_engine::solver"),
            LevelFilter::Info,
            "another crate: the default"
        );
        assert_eq!(
            parsed("queens").level_for("queens::daemon"),
            LevelFilter::Trace,
            "a bare target: all of it"
        );
    }

    #[test]
    fn another_programs_directives_leave_ours_at_the_default() {
        let (filter, _) = Filter::parse("hyper=debug", LevelFilter::Debug);
        assert_eq!(filter.level_for("queens::cli"), LevelFilter::Debug, "-v");
        assert_eq!(filter.level_for("hyper::client"), LevelFilter::Debug);
        let filter = parsed("hyper=trace");
        assert_eq!(filter.level_for("queens::cli"), LevelFilter::Info);
        assert_eq!(parsed("").level_for("queens::cli"), LevelFilter::Info, "RUST_LOG unset or empty");
    }

    #[test]
    fn what_cannot_be_read_is_ignored_and_named() {
        let (filter, ignored) = Filter::parse("queens=loud,=debug,warn/needle", LevelFilter::Info);
        assert_eq!(
            ignored,
            [
                "`/needle`: filtering lines by a pattern is not supported",
                "`queens=loud`: not a target with a level",
                "`=debug`: not a target with a level",
            ]
        );
        assert_eq!(filter, Filter::everything_at(LevelFilter::Warn));
    }

    #[test]
    fn journal_priorities_are_syslogs() {
        let priorities =
            [Level::Error, Level::Warn, Level::Info, Level::Debug, Level::Trace].map(syslog_priority);
        assert_eq!(priorities, [3, 4, 6, 7, 7]);
    }

    #[test]
    fn standard_error_is_the_journal_only_when_its_device_and_inode_match() {
        // The test's standard error is whatever the harness gave it (a
        // pipe, a terminal); tests/logging.rs checks a real journal line.
        let meta =
            std::fs::File::from(std::io::stderr().as_fd().try_clone_to_owned().unwrap()).metadata().unwrap();
        let matching = format!("{}:{}", meta.dev(), meta.ino());
        let other_inode = format!("{}:{}", meta.dev(), meta.ino() + 1);
        let other_device = format!("{}:{}", meta.dev() + 1, meta.ino());
        assert!(stderr_is_journal(Some(&matching)));
        for stream in [other_inode.as_str(), &other_device, "nonsense", "1:", ""] {
            assert!(!stderr_is_journal(Some(stream)), "{stream}");
        }
        assert!(!stderr_is_journal(None));
    }

    #[test]
    fn captured_lines_are_held_and_handed_over_once() {
        let capture = capture();
        emit(false, Level::Warn, format_args!("disk full"));
        emit(true, Level::Error, format_args!("gone"));
        assert_eq!(capture.unseen(), ["warning: disk full", "error: gone"]);
        assert_eq!(capture.unseen(), Vec::<String>::new());
        emit(false, Level::Warn, format_args!("again"));
        assert_eq!(capture.unseen(), ["warning: again"]);
        drop(capture);
        assert!(CAPTURED.lock().unwrap().is_none(), "released: lines go to standard error again");
    }
}
