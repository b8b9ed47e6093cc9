//! `queens solve N [--place SQUARES]`: one solution, or a completion.

use super::output::{Format, bad_input, emit, no_answer, print_json, queens_grid, say};
use super::progress::{Reporter, interrupted, seconds};
use crate::solver::complete::{MAX_COMPLETE_N, Refusal, complete_rows};
use crate::solver::first::Tick;
use crate::solver::notation::{format_square_list, parse_square_list, square_name};
use crate::solver::validate::{is_solution, keeps_queens};
use crate::solver::{Method, SEARCH_MAX_N, Solved, solve_watched};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Duration;

/// The largest N `solve` builds: ten million and then some, within a few hundred MB.
pub(crate) const MAX_SOLVE_N: usize = 20_000_000;

/// Boards up to this size are drawn as grids; larger ones are listed.
const GRID_MAX_N: usize = 26;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens solve 8                        the first solution, as the MATLAB program prints it
  queens solve 40                       a constructed one: the first takes too long to find
  queens solve 40 --backtrack           the first however long it takes (Ctrl-C stops it)
  queens solve 10000000 --format json   ten million queens, by explicit construction
  queens solve 8 --place a8,c1          complete a board, keeping the queens on a8 and c1
  queens solve 8 --place a1,c2          no solution has both: says so, exit status 1
  queens solve 100 --place a1,b3,e2     completion on a 100x100 board (files run a..z, aa, ab, ...)

The first solution by backtracking (the MATLAB program's: column by column, each queen on
the topmost row no earlier queen attacks) is given wherever the search finds it within
150,000,000 placements (about a second; N up to 33 here); otherwise a solution by explicit
construction, and the output says which. --backtrack searches on. Either search shows its
progress on standard error after a second; Ctrl-C stops it (exit status 130).

Exit status: 0 with a solution, 1 when there is none, 2 for bad input, 130 when stopped.")]
pub(crate) struct Args {
    /// The board size: N queens on an N x N board (1 to 20000000; with --place, up to 128).
    n: usize,

    /// Queens that must stay, as chess squares separated by commas (a1 = bottom-left).
    #[arg(long, value_name = "SQUARES")]
    place: Option<String>,

    /// The first solution by backtracking however long the search takes, never the construction.
    #[arg(long, conflicts_with = "place")]
    backtrack: bool,

    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct Answer<'a> {
    n: usize,
    rows: Option<&'a [u32]>,
    /// "first" (by backtracking), "constructed" or "completion" (--place); absent with no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if n < 1 {
        return Ok(bad_input("N must be at least 1"));
    }
    match &args.place {
        None => {
            if n > MAX_SOLVE_N {
                return Ok(bad_input(format!("N must be at most {MAX_SOLVE_N}, not {n}")));
            }
            // The search within its budget (about a second here, more on a small Pi), or
            // however long with --backtrack, shows progress and stops on Ctrl-C (a stranger's
            // find: `solve 36` took 2.4 s saying nothing, and Ctrl-C left no line).
            let Some(found) = search_first(n, args.backtrack)? else {
                return Ok(interrupted());
            };
            if let Some((rows, ..)) = &found {
                anyhow::ensure!(is_solution(rows), "internal error: the solution for {n} failed validation");
            }
            let found =
                found.as_ref().map(|(rows, method, placements)| (rows.as_slice(), *method, *placements));
            report(n, found, None, args.format)
        }
        Some(text) => {
            if n > MAX_COMPLETE_N {
                return Ok(bad_input(format!("--place takes boards up to {MAX_COMPLETE_N}, not {n}")));
            }
            let given = match parse_square_list(text, n, n) {
                Ok(given) => given,
                Err(e) => return Ok(bad_input(e)),
            };
            let rows = match complete_rows(n, &given) {
                Ok(rows) => rows,
                Err(Refusal::Attacking(a, b)) => {
                    let (a, b) = (square_name(a, n), square_name(b, n));
                    return Ok(bad_input(format!("the queens on {a} and {b} attack each other")));
                }
                Err(Refusal::TooLarge(_)) => unreachable!("checked above"),
            };
            if let Some(rows) = &rows {
                let mut fixed = vec![None; n];
                for sq in &given {
                    fixed[sq.col as usize] = Some(sq.row as u32);
                }
                anyhow::ensure!(
                    is_solution(rows) && keeps_queens(&fixed, rows),
                    "internal error: the completion failed validation"
                );
            }
            let given_text = format_square_list(&given, n);
            report(n, rows.as_deref().map(|r| (r, Method::First, 0)), Some(&given_text), args.format)
        }
    }
}

/// [`solve_watched`]: the answer `solve` gives, or with `insist` (`--backtrack`) the first
/// solution however long it takes, with progress on standard error once it has run a second
/// and Ctrl-C honoured. `None` when Ctrl-C stopped it.
fn search_first(n: usize, insist: bool) -> anyhow::Result<Option<Option<Solved>>> {
    let mut reporter = Reporter::start()?;
    // The search stops at a tick: the last one's placements are the search's.
    let mut placements = 0;
    let mut check = |tick: Tick| {
        placements = tick.placements;
        reporter.check_fitted(|elapsed| progress_lines(n, tick, elapsed))
    };
    let found = solve_watched(n, insist, &mut check);
    let took = reporter.finish();
    if found.is_none() {
        crate::eprintln_lossy!(
            "{}: stopped after {placements} placements in {}; no solution printed",
            super::program::name(),
            super::progress::ran_for(took)
        );
    }
    Ok(found)
}

/// The progress line, fullest first: each wording drops the least important
/// part of the one before, so a narrow terminal still gets the placements,
/// and every one says the search goes on (a shortened line must not read as
/// a solution found).
fn progress_lines(n: usize, tick: Tick, elapsed: Duration) -> Vec<String> {
    let (name, placements, time, deepest) =
        (super::program::name(), tick.placements, seconds(elapsed), tick.deepest);
    vec![
        format!(
            "{name}: searching for the first solution for {n} queens: {placements} placements in {time}, \
             {deepest} of {n} columns reached"
        ),
        format!(
            "{name}: searching for {n} queens: {placements} placements in {time}, {deepest} of {n} columns"
        ),
        format!("{name}: searching: {placements} placements in {time}, {deepest} of {n} columns"),
        format!("searching: {placements} placements in {time}, {deepest} of {n} columns"),
        format!("searching: {placements} placements in {time}"),
        format!("searching: {placements} placements"),
        "searching".to_string(),
    ]
}

/// Prints the answer (or its absence) and picks the exit status.
fn report(
    n: usize,
    found: Option<(&[u32], Method, u64)>,
    given: Option<&str>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    if format == Format::Json {
        let method = found.map(|(_, method, _)| match (given, method) {
            (Some(_), _) => "completion",
            (None, Method::First) => "first",
            (None, Method::Construction) => "constructed",
        });
        print_json(&Answer { n, rows: found.map(|(rows, ..)| rows), method })?;
        return Ok(if found.is_some() { ExitCode::SUCCESS } else { no_answer() });
    }
    let Some((rows, method, placements)) = found else {
        match given {
            Some(given) if !given.is_empty() => {
                say!("no solution: the queens on {given} cannot be completed")?
            }
            _ => say!("no solution: {n} queens cannot stand on the {n}x{n} board without attacking")?,
        }
        return Ok(no_answer());
    };
    let how = match (given, method) {
        (Some(_), _) => "a completion".to_string(),
        (None, Method::First) => format!(
            "the first solution by backtracking, as the MATLAB program finds it ({})",
            placements_word(placements)
        ),
        (None, Method::Construction) if n > SEARCH_MAX_N => format!(
            "a solution by explicit construction (the first by backtracking is searched for only up to \
             {SEARCH_MAX_N} queens without --backtrack)"
        ),
        (None, Method::Construction) => format!(
            "a solution by explicit construction (backtracking had not found the first after {}; \
             --backtrack searches on)",
            placements_word(placements)
        ),
    };
    say!("{} {how}", queens_word(n))?;
    if n <= GRID_MAX_N {
        let cells: Vec<Option<u32>> = rows.iter().map(|&r| Some(r)).collect();
        emit(&queens_grid(&cells))?;
    } else {
        say!("rows from the top (0-based), column by column:")?;
        say!("{}", summary(rows))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// "1 queen:", "8 queens:".
fn queens_word(n: usize) -> String {
    if n == 1 { "1 queen:".to_string() } else { format!("{n} queens:") }
}

/// "1 placement", "876 placements".
fn placements_word(p: u64) -> String {
    if p == 1 { "1 placement".to_string() } else { format!("{p} placements") }
}

/// All rows for a board up to a thousand; the first and last ten above.
fn summary(rows: &[u32]) -> String {
    let join = |rows: &[u32]| rows.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    if rows.len() <= 1000 {
        return join(rows);
    }
    let n = rows.len();
    format!("{} ... {}  ({n} rows; --format json prints them all)", join(&rows[..10]), join(&rows[n - 10..]))
}
