//! `queens solve N [--place SQUARES]`: one solution, or a completion.

use super::output::{Format, bad_input, emit, no_answer, print_json, queens_grid, say};
use crate::solver::complete::{MAX_COMPLETE_N, Refusal, complete_rows};
use crate::solver::notation::{format_square_list, parse_square_list, square_name};
use crate::solver::validate::{is_solution, keeps_queens};
use crate::solver::{Method, solve};
use serde::Serialize;
use std::process::ExitCode;

/// The largest N `solve` builds: ten million and then some, within a few hundred MB.
pub const MAX_SOLVE_N: usize = 20_000_000;

/// Boards up to this size are drawn as grids; larger ones are listed.
const GRID_MAX_N: usize = 26;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens solve 8                        the first solution, as the MATLAB program prints it
  queens solve 10000000 --format json   ten million queens, by explicit construction
  queens solve 8 --place a8,c1          complete a board, keeping the queens on a8 and c1
  queens solve 8 --place a1,c2          no solution has both: says so, exit status 1
  queens solve 100 --place a1,b3,e2     completion on a 100x100 board (files run a..z, aa, ab, ...)

Exit status: 0 with a solution, 1 when there is none, 2 for bad input.")]
pub struct Args {
    /// The board size: N queens on an N x N board (1 to 20000000; with --place, up to 128).
    n: usize,

    /// Queens that must stay, as chess squares separated by commas (a1 = bottom-left).
    #[arg(long, value_name = "SQUARES")]
    place: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct Answer<'a> {
    n: usize,
    rows: Option<&'a [u32]>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if n < 1 {
        return Ok(bad_input("N must be at least 1"));
    }
    match &args.place {
        None => {
            if n > MAX_SOLVE_N {
                return Ok(bad_input(format!("solve takes N up to {MAX_SOLVE_N}, not {n}")));
            }
            let found = solve(n);
            if let Some((rows, _)) = &found {
                anyhow::ensure!(is_solution(rows), "internal error: the solution for {n} failed validation");
            }
            report(n, found.as_ref().map(|(rows, method)| (rows.as_slice(), *method)), None, args.format)
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
            report(n, rows.as_deref().map(|r| (r, Method::First)), Some(&given_text), args.format)
        }
    }
}

/// Prints the answer (or its absence) and picks the exit status.
fn report(
    n: usize,
    found: Option<(&[u32], Method)>,
    given: Option<&str>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    if format == Format::Json {
        print_json(&Answer { n, rows: found.map(|(rows, _)| rows) })?;
        return Ok(if found.is_some() { ExitCode::SUCCESS } else { no_answer() });
    }
    let Some((rows, method)) = found else {
        match given {
            Some(given) if !given.is_empty() => {
                say!("no solution: the queens on {given} cannot be completed")?
            }
            _ => say!("no solution: {n} queens cannot stand on a {n}x{n} board without attacking")?,
        }
        return Ok(no_answer());
    };
    let how = match (given, method) {
        (Some(_), _) => "a completion",
        (None, Method::First) => "the first solution",
        (None, Method::Construction) => "a solution by explicit construction",
    };
    say!("{n} queens: {how}")?;
    if n <= GRID_MAX_N {
        let cells: Vec<Option<u32>> = rows.iter().map(|&r| Some(r)).collect();
        emit(&queens_grid(&cells))?;
    } else {
        say!("rows from the top (0-based), column by column:")?;
        say!("{}", summary(rows))?;
    }
    Ok(ExitCode::SUCCESS)
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
