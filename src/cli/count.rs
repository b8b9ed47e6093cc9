//! `queens count N [--unique] [--threads K]`: how many solutions there are.

use super::output::{Format, bad_input, print_json, say};
use crate::solver::count::{MAX_COUNT_N, Progress, count};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Seconds one core of the CI machine needs for N = 16 (see docs/PERFORMANCE.md);
/// each further queen costs about 6.9 times as much.
const SECONDS_AT_16: f64 = 2.1;
const GROWTH: f64 = 6.9;
/// Estimates above this are refused rather than started.
pub(super) const REFUSE_ABOVE: Duration = Duration::from_secs(2 * 3600);
/// Estimates above this are announced on standard error before starting.
pub(super) const WARN_ABOVE: Duration = Duration::from_secs(2);

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens count 8                  92 solutions
  queens count 8 --unique         92 solutions, 12 up to rotation and reflection
  queens count 16 --threads 2     14772512, using two threads
  queens count 12 --format json   {\"n\":12,\"count\":14200}

Large N cost about seven times more per queen; the expected time is printed on
standard error before a long count starts, and counts that would take hours are refused.")]
pub struct Args {
    /// The board size: N queens on an N x N board.
    n: usize,

    /// Also count the solutions that differ up to rotation and reflection.
    #[arg(long)]
    unique: bool,

    /// Threads to count on (default: every core).
    #[arg(long, value_name = "K")]
    threads: Option<usize>,

    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct Answer {
    n: usize,
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
}

/// The expected wall time for `n` on `threads` threads.
pub fn estimate(n: usize, threads: usize) -> Duration {
    let secs = SECONDS_AT_16 * GROWTH.powi(n as i32 - 16) / threads as f64;
    Duration::from_secs_f64(secs.min(1e12))
}

/// "1 solution", "92 solutions".
fn plural(count: u64, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

pub(super) fn human(d: Duration) -> String {
    let s = d.as_secs_f64();
    match s {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 5400.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.0} hours", s / 3600.0),
        s => format!("{:.0} days", s / 86400.0),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Ok(bad_input(format!("count takes N from 1 to {MAX_COUNT_N}, not {n}")));
    }
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = args.threads.unwrap_or(cores);
    if threads == 0 {
        return Ok(bad_input("--threads must be at least 1"));
    }
    let cost = estimate(n, threads.min(cores));
    if cost > REFUSE_ABOVE {
        return Ok(bad_input(format!(
            "counting {n} queens would take about {} on {}; refusing (N up to about 20 is practical)",
            human(cost),
            plural(threads as u64, "thread")
        )));
    }
    let long = cost > WARN_ABOVE;
    if long {
        eprintln!(
            "queens: counting {n} queens takes about {} on {}",
            human(cost),
            plural(threads as u64, "thread")
        );
    }
    let terminal = std::io::stderr().is_terminal();
    let mut report = |p: Progress| {
        if terminal {
            eprint!("\rqueens: {}% done after {} ", p.done * 100 / p.of.max(1), human(p.elapsed));
            let _ = std::io::stderr().flush();
        }
    };
    let progress: Option<&mut dyn FnMut(Progress)> = if long { Some(&mut report) } else { None };
    let counts = count(n, args.unique, threads, progress);
    if long && terminal {
        eprintln!();
    }
    match args.format {
        Format::Json => print_json(&Answer { n, count: counts.total, unique: counts.unique })?,
        Format::Human => match counts.unique {
            None => say!("{} for {}", plural(counts.total, "solution"), plural(n as u64, "queen"))?,
            Some(u) => say!(
                "{} for {}, {u} of them distinct up to rotation and reflection",
                plural(counts.total, "solution"),
                plural(n as u64, "queen")
            )?,
        },
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_counts_are_announced_and_counts_of_hours_refused() {
        assert!(estimate(16, 2) < WARN_ABOVE, "16 answers at once");
        assert!(estimate(17, 2) > WARN_ABOVE, "17 is announced");
        assert!(estimate(20, 2) < REFUSE_ABOVE, "20 runs, for most of an hour");
        assert!(estimate(21, 2) > REFUSE_ABOVE, "21 is refused on two cores");
        assert_eq!(human(Duration::from_secs(45)), "45 s");
        assert_eq!(human(Duration::from_secs(40 * 60)), "40 minutes");
        assert_eq!(human(Duration::from_secs(5 * 3600)), "5 hours");
    }
}
