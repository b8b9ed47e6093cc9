//! `queens cover N [--queens K] [--count] [--independent]`: the Delphi program's puzzle.

use super::output::{Format, bad_input, grid, no_answer, print_json};
use crate::solver::cover::{Board, MAX_COVER_N};
use crate::solver::notation::square_name;
use crate::solver::validate::queens_cover;
use serde::Serialize;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens cover 8                    5 queens cover the 8x8 board; one way, drawn
  queens cover 8 --count            there are 4860 such covers
  queens cover 8 --independent      5 queens, none attacking another
  queens cover 8 --queens 6 --format json

A queen covers its own square and every square it attacks.
Exit status: 0 with an answer, 1 when there is none (too few queens), 2 for bad input.")]
pub struct Args {
    /// The board size: N x N, 1 to 11.
    n: usize,

    /// Use exactly K queens (default: the fewest that can cover).
    #[arg(long, value_name = "K")]
    queens: Option<usize>,

    /// Count the covers with the fewest queens instead of showing one.
    #[arg(long, conflicts_with = "queens")]
    count: bool,

    /// No queen may attack another.
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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if !(1..=MAX_COVER_N).contains(&n) {
        return Ok(bad_input(format!("cover takes N from 1 to {MAX_COVER_N}, not {n}")));
    }
    let board = Board::new(n, args.independent);
    let kind = if args.independent { "independent " } else { "" };
    if args.count {
        let (queens, count) = (board.minimum(), board.count_minimum());
        match args.format {
            Format::Json => print_json(&CountAnswer { n, queens, count })?,
            Format::Human => {
                println!("{count} {kind}covers of the {n}x{n} board with {queens} queens, the fewest")
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let queens = match args.queens {
        Some(0) => return Ok(bad_input("--queens must be at least 1")),
        Some(k) => k,
        None => board.minimum(),
    };
    let cover = board.covers(queens);
    if let Some(squares) = &cover {
        let cells: Vec<(usize, usize)> = squares.iter().map(|s| (s.col as usize, s.row as usize)).collect();
        anyhow::ensure!(
            queens_cover(n, &cells, args.independent),
            "internal error: a cover failed validation"
        );
    }
    match args.format {
        Format::Json => {
            let squares = cover.as_ref().map(|c| c.iter().map(|&s| square_name(s, n)).collect());
            print_json(&CoverAnswer { n, queens, squares })?;
        }
        Format::Human => match &cover {
            Some(squares) => {
                let names: Vec<String> = squares.iter().map(|&s| square_name(s, n)).collect();
                println!("{queens} {kind}queens cover the {n}x{n} board: {}", names.join(" "));
                // Several queens may share a column, so draw square by square.
                print!(
                    "{}",
                    grid(n, n, |c, r| squares
                        .iter()
                        .any(|s| (s.col as usize, s.row as usize) == (c, r))
                        .then_some('Q'))
                );
            }
            None if queens < board.minimum() => println!(
                "no solution: {queens} {kind}queens cannot cover the {n}x{n} board (the fewest is {})",
                board.minimum()
            ),
            None => println!("no solution: no {queens} {kind}queens cover the {n}x{n} board"),
        },
    }
    Ok(if cover.is_some() { ExitCode::SUCCESS } else { no_answer() })
}
