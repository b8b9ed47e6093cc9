//! `queens cover N [--queens K] [--count | --all] [--independent]`: the Delphi program's puzzle.

use super::output::{Format, bad_input, emit, grid, no_answer, print_json, say, stdout_failed};
use crate::puzzle::Square;
use crate::solver::cover::{CoverBoard, MAX_COVER_N};
use crate::solver::cover_walk::CoverWalk;
use crate::solver::notation::square_name;
use crate::solver::validate::queens_cover;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens cover 8                         5 queens cover the 8x8 board; one way, drawn
  queens cover 8 --count                 there are 4860 such covers
  queens cover 8 --independent           the Delphi program's first cover: a8 c7 e6 b5 d4
  queens cover 8 --independent --count   its Go finds 728 covers with 5 queens
  queens cover 8 --independent --queens 6 --all
                                         every cover its Go finds with 6 queens allowed, in order
  queens cover 8 --queens 6 --format json

A queen covers its own square and every square it attacks.
--independent is the Delphi program's search (seed 001): squares are counted from the top
left (a8 on the 8x8) along the row, then row by row, and each queen goes on the next square
that no queen covers yet, so no queen attacks another. K is the most queens it may use (a cover reached with
fewer counts too), and --all lists the covers in the order its Go button shows them.
Without --independent queens may attack each other, K is exact, and --count and --all
take the fewest queens (--all in the same field order).
Exit status: 0 with an answer (or a count), 1 when there is none, 2 for bad input.")]
pub(crate) struct Args {
    /// The board size: N x N, 1 to 11.
    n: usize,

    /// K queens, 1 to N (default: the fewest that can cover); with --independent, at most K.
    #[arg(long, value_name = "K")]
    queens: Option<usize>,

    /// Count the covers instead of showing one.
    #[arg(long)]
    count: bool,

    /// List every cover, one a line, in the Delphi program's order.
    #[arg(long)]
    all: bool,

    /// The Delphi program's covers: each queen on a square not yet covered, so none attacks another.
    #[arg(long)]
    independent: bool,

    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct CoverAnswer {
    n: usize,
    queens: usize,
    squares: Option<Vec<String>>,
}

#[derive(Serialize)]
struct CountAnswer {
    n: usize,
    queens: usize,
    count: u64,
}

/// "1 queen", "5 queens".
fn queens_word(k: usize) -> String {
    if k == 1 { "1 queen".to_string() } else { format!("{k} queens") }
}

/// "1 cover", "728 covers".
fn covers_word(count: u64) -> String {
    if count == 1 { "1 cover".to_string() } else { format!("{count} covers") }
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if !(1..=MAX_COVER_N).contains(&n) {
        return Ok(bad_input(format!("N must be from 1 to {MAX_COVER_N}, not {n}")));
    }
    if args.count && args.all {
        return Ok(bad_input("--count and --all: choose one"));
    }
    if let Some(k) = args.queens.filter(|k| !(1..=n).contains(k)) {
        return Ok(bad_input(format!("--queens takes K from 1 to the board's side, {n}, not {k}")));
    }
    let board = CoverBoard::new(n, args.independent);
    if args.independent {
        return delphi(&board, args.queens.unwrap_or_else(|| board.minimum()), &args);
    }
    let queens = args.queens.unwrap_or_else(|| board.minimum());
    if (args.count || args.all) && queens > board.minimum() {
        return Ok(bad_input(format!(
            "--count and --all take the fewest queens, {}, unless --independent (at most K, none attacking another)",
            board.minimum()
        )));
    }
    if args.count {
        let count = if queens < board.minimum() { 0 } else { board.count_minimum() };
        match args.format {
            Format::Json => print_json(&CountAnswer { n, queens, count })?,
            Format::Human if queens < board.minimum() => say!(
                "0 covers of the {n}x{n} board with {} (the fewest is {})",
                queens_word(queens),
                board.minimum()
            )?,
            Format::Human => {
                say!("{} of the {n}x{n} board with {}, the fewest", covers_word(count), queens_word(queens))?
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.all {
        let covers = if queens < board.minimum() { Vec::new() } else { board.minimum_covers_in_order() };
        let none = || format!("no solution: {} cannot cover the {n}x{n} board", queens_word(queens));
        return print_all(n, queens, false, covers.into_iter(), args.format, none);
    }
    let cover = board.covers(queens);
    show(n, queens, false, cover.as_deref(), args.format)?;
    if cover.is_none() {
        if args.format == Format::Human {
            say!(
                "no solution: {} cannot cover the {n}x{n} board (the fewest is {})",
                queens_word(queens),
                board.minimum()
            )?;
        }
        return Ok(no_answer());
    }
    Ok(ExitCode::SUCCESS)
}

/// The seed's sense: the covers its Go finds with at most `most` queens.
fn delphi(board: &CoverBoard, most: usize, args: &Args) -> anyhow::Result<ExitCode> {
    let n = board.n();
    let fewest = board.minimum();
    let walk = CoverWalk::new(board, most);
    let none = || {
        format!(
            "no solution: {} or fewer, none attacking another, cannot cover the {n}x{n} board (the fewest is {fewest})",
            queens_word(most)
        )
    };
    if args.count {
        let count = walk.count() as u64;
        match args.format {
            Format::Json => print_json(&CountAnswer { n, queens: most, count })?,
            Format::Human => say!(
                "{} of the {n}x{n} board with at most {}, none attacking another{}",
                covers_word(count),
                queens_word(most),
                if most == fewest { ", the fewest" } else { "" }
            )?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.all {
        return print_all(n, most, true, walk, args.format, none);
    }
    let cover = walk.into_iter().next();
    let queens = cover.as_ref().map_or(most, Vec::len);
    show(n, queens, true, cover.as_deref(), args.format)?;
    if cover.is_none() {
        if args.format == Format::Human {
            say!("{}", none())?;
        }
        return Ok(no_answer());
    }
    Ok(ExitCode::SUCCESS)
}

/// One cover, validated, as a sentence and a grid (or JSON, `null` for none).
fn show(
    n: usize,
    queens: usize,
    independent: bool,
    cover: Option<&[Square]>,
    format: Format,
) -> anyhow::Result<()> {
    if let Some(squares) = cover {
        anyhow::ensure!(valid(n, squares, independent), "internal error: a cover failed validation");
    }
    let names = cover.map(|c| c.iter().map(|&s| square_name(s, n)).collect::<Vec<_>>());
    match (format, cover) {
        (Format::Json, _) => print_json(&CoverAnswer { n, queens, squares: names })?,
        (Format::Human, Some(squares)) => {
            let kind = if independent { ", none attacking another," } else { "" };
            let verb = if queens == 1 { "covers" } else { "cover" };
            say!(
                "{}{kind} {verb} the {n}x{n} board: {}",
                queens_word(queens),
                names.unwrap_or_default().join(" ")
            )?;
            // Several queens may share a column, so draw square by square.
            emit(&grid(n, n, |c, r| {
                squares.iter().any(|s| (s.col as usize, s.row as usize) == (c, r)).then_some('Q')
            }))?;
        }
        (Format::Human, None) => {}
    }
    Ok(())
}

fn valid(n: usize, squares: &[Square], independent: bool) -> bool {
    let cells: Vec<(usize, usize)> = squares.iter().map(|s| (s.col as usize, s.row as usize)).collect();
    queens_cover(n, &cells, independent)
}

/// Streams every cover: one line each (`a8 c7 e6 b5 d4`), or one JSON object
/// whose `covers` array is written as the search finds them.
fn print_all(
    n: usize,
    queens: usize,
    independent: bool,
    covers: impl Iterator<Item = Vec<Square>>,
    format: Format,
    none: impl Fn() -> String,
) -> anyhow::Result<ExitCode> {
    let mut found = 0u64;
    let mut out = BufWriter::new(io::stdout().lock());
    if format == Format::Json {
        write!(out, "{{\"n\":{n},\"queens\":{queens},\"covers\":[").map_err(stdout_failed)?;
    }
    for cover in covers {
        anyhow::ensure!(valid(n, &cover, independent), "internal error: a cover failed validation");
        let names: Vec<String> = cover.iter().map(|&s| square_name(s, n)).collect();
        if format == Format::Json {
            write!(out, "{}", if found > 0 { "," } else { "" }).map_err(stdout_failed).and_then(|()| {
                serde_json::to_writer(&mut out, &names).map_err(|e| stdout_failed(e.into()))
            })?;
        } else {
            writeln!(out, "{}", names.join(" ")).map_err(stdout_failed)?;
        }
        found += 1;
    }
    if format == Format::Json {
        writeln!(out, "]}}").map_err(stdout_failed)?;
    } else if found == 0 {
        writeln!(out, "{}", none()).map_err(stdout_failed)?;
    }
    out.flush().map_err(stdout_failed)?;
    Ok(if found > 0 { ExitCode::SUCCESS } else { no_answer() })
}
