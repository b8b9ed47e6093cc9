//! `queens pieces --board WxH --queens A ...`: mixed pieces, none attacking another.

use super::count::{REFUSE_ABOVE, WARN_ABOVE, about, capped, cores, count_plan, estimate};
use super::output::{Format, bad_input, emit, grid, no_answer, print_json, say, stdout_failed};
use super::progress::{Reporter, interrupted, say_stopped, seconds, tree_percent};
use crate::solver::bounds::impossible;
use crate::solver::count::{Part, Plan};
use crate::solver::notation::parse_board_size;
use crate::solver::piece::Piece;
use crate::solver::pieces::{MAX_SIDE, Placed, Problem, Solver, parse_pieces};
use crate::solver::rows::RowCount;
use crate::solver::validate::pieces_at_peace;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Nanoseconds the counting search spends per estimated node that scans the
/// board, and per square of it, and per node the room check ends at once
/// (it scans no square, but its parent tried its square, and it was
/// visited): fitted to two runs of the eight searches of
/// `benches/pieces_estimates.rs` (release build, load averages 3 and 6,
/// docs/PERFORMANCE.md, issue 50), whose 16 times they give within 2x
/// either way; so the time is said as good to 2x. Above 256 squares, whose
/// masks are four times as wide: 2.5 to 7.5 per square measured on 17x17 to
/// 32x32 (issue 15).
const NANOS_PER_NODE_SQUARE: f64 = 2.7;
const NANOS_PER_NODE_SQUARE_LARGE: f64 = 5.0;
const NANOS_PER_ENDED_NODE: f64 = 16.0;
/// Nanoseconds per addition of the row-by-row count of kings
/// ([`crate::solver::rows::RowCount::work`]): 0.5 to 1.2 on the table of
/// docs/PERFORMANCE.md on a quiet machine (cache effects), 2.5 under load.
const NANOS_PER_ROW_ADDITION: f64 = 0.8;
/// The same for knights, square by square: their states are far more
/// (42,081 on a row of 10) and outgrow the caches, 1.35 to 1.8 ns at a load
/// average of 3 (kings then 0.9 to 1.1), 2.8 to 6.5 at 5 (kings 2.5 to
/// 2.7; issue 50): the more pieces, the wider each state's counts and the
/// more the misses.
const NANOS_PER_KNIGHT_ADDITION: f64 = 2.0;
/// What the pieces search's time estimate is good to, said with it: within
/// 2x on the runs of docs/PERFORMANCE.md. Random paths, before issue 50,
/// missed the heaviest branches of dense searches (45 knights on 10x10:
/// "about 5 s", hours).
const SEARCH_ESTIMATE_RANGE: &str = " (the estimate samples the search: from half that to twice)";

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens pieces --board 8x8 --queens 8 --count              92
  queens pieces --board 5x5 --knights 1 --bishops 1 --rooks 1 --queens 1 --amazons 1 --count
                                                            96, as the Prolog paper reports
  queens pieces --board 7x7 --kings 2 --queens 2 --bishops 2 --knights 1 --count
  queens pieces --board 6x4 --rooks 3 --place Qa1           three rooks beside a queen on a1
  queens pieces --board 8x8 --queens 8 --place Qa4          eight queens, one of them on a4
  queens pieces --board 4x4 --queens 4 --all --format json
  queens pieces --board 8x8 --queens 8 --first              a4 b2 c7 d3 e6 f8 g5 h1, the Prolog paper's
  queens pieces --board 8x8 --kings 17                      no: at most 16 kings fit, said at once

Pieces: A amazon (queen + knight), Q queen, R rook, B bishop, K king, N knight.
Identical pieces are interchangeable: swapping two queens is not a new solution.
--first and --all follow the Prolog program (seed 004): squares in the order a1, a2, ..., b1, ...;
knights, kings, bishops, rooks, queens, amazons, the first kind varying slowest; within a kind the
piece on the last square chosen first. Requests beyond simple bounds (more kings than fit, ...)
are answered at once. Kings alone (a shorter side up to 16) or knights alone (up to 10) are
counted row by row, at once; other long counts are announced, counts of hours refused. A search that runs over a second reports its
progress on standard error; Ctrl-C stops it (exit status 130).
Exit status: 0 with an answer (or a count), 1 when there is none, 2 for bad input, 130 when stopped.")]
pub(crate) struct Args {
    /// The board, WIDTHxHEIGHT, each side 1 to 32.
    #[arg(long, value_name = "WxH")]
    board: String,
    /// Queens on the board in all, those --place puts there included (as N in `solve N --place`).
    #[arg(long, value_name = "N")]
    queens: Option<usize>,
    /// Rooks on the board in all, --place's included.
    #[arg(long, value_name = "N")]
    rooks: Option<usize>,
    /// Bishops on the board in all, --place's included.
    #[arg(long, value_name = "N")]
    bishops: Option<usize>,
    /// Knights on the board in all, --place's included.
    #[arg(long, value_name = "N")]
    knights: Option<usize>,
    /// Kings on the board in all, --place's included.
    #[arg(long, value_name = "N")]
    kings: Option<usize>,
    /// Amazons (they move as a queen and a knight) on the board in all, --place's included.
    #[arg(long, value_name = "N")]
    amazons: Option<usize>,
    /// Pieces already on the board, which stay (letter and square: Qa1,Nb3); each counts in its
    /// kind's total (a kind not given has just its placed pieces).
    #[arg(long, value_name = "PIECES")]
    place: Option<String>,
    /// Print how many solutions there are.
    #[arg(long, group = "what")]
    count: bool,
    /// Print every solution.
    #[arg(long, group = "what")]
    all: bool,
    /// Print the first solution (the default).
    #[arg(long, group = "what")]
    first: bool,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct JsonPiece {
    piece: &'static str,
    col: u8,
    row: u8,
}

fn json_pieces(solution: &[Placed]) -> Vec<JsonPiece> {
    solution
        .iter()
        .map(|p| JsonPiece { piece: p.piece.name(), col: p.square.col, row: p.square.row })
        .collect()
}

#[derive(Serialize)]
struct CountAnswer {
    width: usize,
    height: usize,
    count: u64,
}

#[derive(Serialize)]
struct FirstAnswer {
    width: usize,
    height: usize,
    solutions: Vec<Vec<JsonPiece>>,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (width, height) = match parse_board_size(&args.board, MAX_SIDE) {
        Ok(size) => size,
        Err(e) => return Ok(bad_input(e)),
    };
    let fixed = match args.place.as_deref().map(|text| parse_pieces(text, width, height)) {
        None => Vec::new(),
        Some(Ok(fixed)) => fixed,
        Some(Err(e)) => return Ok(bad_input(e)),
    };
    let mut problem = Problem::new(width, height);
    for (piece, total) in [
        (Piece::Queen, args.queens),
        (Piece::Rook, args.rooks),
        (Piece::Bishop, args.bishops),
        (Piece::Knight, args.knights),
        (Piece::King, args.kings),
        (Piece::Amazon, args.amazons),
    ] {
        // --queens N is the queens on the board, as `solve N --place` has it: the placed ones count.
        let placed = fixed.iter().filter(|p| p.piece == piece).count();
        let total = total.unwrap_or(placed);
        if total < placed {
            let kind = format!("{}s", piece.name());
            let (what, them) = if placed == 1 { (piece.name(), "it") } else { (kind.as_str(), "them") };
            return Ok(bad_input(format!(
                "--{kind} {total} is too few: --place puts {placed} {what} on the board, and --{kind} counts {them} too"
            )));
        }
        problem = problem.with(piece, total - placed);
    }
    problem.fixed = fixed;
    // Requests that simple bounds rule out are answered at once: a search
    // would have to try every placement to say no. More pieces than squares
    // is one of them, answered before the solver, which holds a place for
    // every piece, is built.
    let ruled_out = impossible(&problem);
    let total = problem.counts.iter().sum::<usize>() + problem.fixed.len();
    if let Some(reason) = ruled_out.as_deref().filter(|_| total > width * height) {
        return no_solution(width, height, args.count, args.format, reason);
    }
    let solver = match Solver::new(&problem) {
        Ok(solver) => solver,
        Err(e) => return Ok(bad_input(e)),
    };
    if let Some(reason) = &ruled_out {
        return no_solution(width, height, args.count, args.format, reason);
    }
    if args.count {
        let count = match count_with_estimate(&solver)? {
            Ok(count) => count,
            Err(refused) => return Ok(refused),
        };
        match args.format {
            Format::Json => print_json(&CountAnswer { width, height, count })?,
            Format::Human => say!("{} on the {width}x{height} board", solutions_word(count))?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.all {
        return print_all(&solver, args.format);
    }
    let Some(first) = first_with_progress(&solver)? else { return Ok(interrupted()) };
    if let Some(solution) = &first {
        anyhow::ensure!(
            pieces_at_peace(width, height, solution),
            "internal error: a solution failed validation"
        );
    }
    match args.format {
        Format::Json => {
            let solutions = first.iter().map(|s| json_pieces(s)).collect();
            print_json(&FirstAnswer { width, height, solutions })?;
        }
        Format::Human => match &first {
            Some(solution) => emit(&draw(width, height, solution))?,
            None => say!("no solution: these pieces cannot share the {width}x{height} board in peace")?,
        },
    }
    Ok(if first.is_some() { ExitCode::SUCCESS } else { no_answer() })
}

/// The answer when bounds show there is none, in the form the question asked for.
fn no_solution(
    width: usize,
    height: usize,
    count: bool,
    format: Format,
    reason: &str,
) -> anyhow::Result<ExitCode> {
    match (format, count) {
        (Format::Json, true) => print_json(&CountAnswer { width, height, count: 0 })?,
        (Format::Json, false) => print_json(&FirstAnswer { width, height, solutions: Vec::new() })?,
        (Format::Human, true) => say!("0 solutions on the {width}x{height} board: {reason}")?,
        (Format::Human, false) => say!("no solution: {reason}")?,
    }
    Ok(if count { ExitCode::SUCCESS } else { no_answer() })
}

/// "1 solution", "92 solutions".
fn solutions_word(count: u64) -> String {
    if count == 1 { "1 solution".to_string() } else { format!("{count} solutions") }
}

/// How `pieces --count` counts a problem.
pub enum CountMethod {
    /// Queens alone on a square board, as many as its side: the n-queens counter.
    Queens(usize),
    /// Kings or knights alone on an empty board: row by row.
    Rows(RowCount),
    /// Anything else: the pieces search.
    Search,
}

impl CountMethod {
    /// The way to count what `solver` was made for.
    pub fn of(solver: &Solver) -> CountMethod {
        let counts = solver.counts();
        let n = counts[Piece::ALL.iter().position(|&p| p == Piece::Queen).expect("a queen kind")];
        let (w, h) = (solver.width(), solver.height());
        if solver.fixed().is_empty() && counts.iter().sum::<usize>() == n && w == h && n == w {
            CountMethod::Queens(n)
        } else if let Some(rows) = solver.row_count() {
            CountMethod::Rows(rows)
        } else {
            CountMethod::Search
        }
    }

    /// The time the count expects to take on `threads` threads: the n-queens
    /// counter's estimate, the row-by-row count's fixed work, or the search's
    /// estimated nodes (docs/PERFORMANCE.md says how good each is).
    pub fn cost(&self, solver: &Solver, threads: usize) -> Duration {
        match self {
            CountMethod::Queens(n) => estimate(*n, threads),
            CountMethod::Rows(rows) => {
                let per_addition = match rows.piece() {
                    Piece::Knight => NANOS_PER_KNIGHT_ADDITION,
                    _ => NANOS_PER_ROW_ADDITION,
                };
                capped(rows.work() * per_addition / 1e9)
            }
            CountMethod::Search => search_cost(solver),
        }
    }
}

/// Counts, after an estimate of the time (see [`CountMethod`]); the search
/// with progress and Ctrl-C. A count of hours is refused (`Err` holds the
/// exit status); one of more than a few seconds is announced on standard
/// error first, as `queens count` does.
fn count_with_estimate(solver: &Solver) -> anyhow::Result<Result<u64, ExitCode>> {
    let (w, h) = (solver.width(), solver.height());
    let threads = cores();
    let method = CountMethod::of(solver);
    let cost = method.cost(solver, threads);
    if cost > REFUSE_ABOVE {
        return Ok(Err(bad_input(format!(
            "counting these pieces on the {w}x{h} board would take {}; refusing",
            about(cost)
        ))));
    }
    // Ctrl-C is taken over before the announcement, which a script may wait for.
    let mut reporter = Reporter::start()?;
    let long = cost > WARN_ABOVE;
    if long {
        // The search's estimate is a random sample of its tree: said as a range.
        let range = if matches!(method, CountMethod::Search) { SEARCH_ESTIMATE_RANGE } else { "" };
        crate::eprintln_lossy!(
            "{}: counting these pieces on the {w}x{h} board takes {}{range}",
            super::program::name(),
            about(cost)
        );
    }
    match method {
        CountMethod::Queens(n) => {
            let counted = count_plan(&Plan::new(n, Part::WHOLE), threads, long, reporter);
            Ok(counted.map(|counts| counts.total).ok_or_else(interrupted))
        }
        CountMethod::Rows(rows) => Ok(rows.count().map_err(|_| {
            bad_input(format!(
                "there are more ways to place these pieces on the {w}x{h} board than 64 bits hold"
            ))
        })),
        CountMethod::Search => {
            let counted = solver.count_watched(&mut |p| {
                reporter.check(|elapsed| {
                    format!(
                        "{}: counting: {} found, {} of the search tree, {}",
                        super::program::name(),
                        p.found,
                        tree_percent(p.done),
                        seconds(elapsed)
                    )
                })
            });
            let took = reporter.finish();
            Ok(counted.ok_or_else(|| {
                say_stopped(took, "no count printed");
                interrupted()
            }))
        }
    }
}

/// The time the pieces search takes to count, from its estimated nodes.
fn search_cost(solver: &Solver) -> Duration {
    let (w, h) = (solver.width(), solver.height());
    let per_square = if solver.large() { NANOS_PER_NODE_SQUARE_LARGE } else { NANOS_PER_NODE_SQUARE };
    let nodes = solver.estimate_count_work();
    let nanos = nodes.scanned * (w * h) as f64 * per_square + nodes.ended * NANOS_PER_ENDED_NODE;
    capped(nanos / 1e9)
}

/// The first solution in the Prolog order, with progress once the search
/// has run a second (its time cannot be foretold: the first solution can lie
/// anywhere in the order); `None` when Ctrl-C stopped it.
fn first_with_progress(solver: &Solver) -> anyhow::Result<Option<Option<Vec<Placed>>>> {
    let pieces: usize = solver.counts().iter().sum();
    let mut reporter = Reporter::start()?;
    let first = solver.first_watched(&mut |p| {
        reporter.check(|elapsed| {
            format!(
                "{}: searching: {} nodes, {} of {pieces} pieces placed at most, {}",
                super::program::name(),
                p.nodes,
                p.deepest,
                seconds(elapsed)
            )
        })
    });
    let took = reporter.finish();
    if first.is_none() {
        say_stopped(took, "no solution printed");
    }
    Ok(first)
}

fn draw(width: usize, height: usize, solution: &[Placed]) -> String {
    grid(width, height, |col, row| {
        solution
            .iter()
            .find(|p| (p.square.col as usize, p.square.row as usize) == (col, row))
            .map(|p| p.piece.letter())
    })
}

/// Streams every solution: one line each (`Qa1 Nb3 ...`), or one JSON object
/// whose `solutions` array is written as the search finds them.
fn print_all(solver: &Solver, format: Format) -> anyhow::Result<ExitCode> {
    let mut found = 0u64;
    if !write_all(solver, format, &mut found)? {
        return Ok(interrupted());
    }
    Ok(if found > 0 { ExitCode::SUCCESS } else { no_answer() })
}

/// False when Ctrl-C stopped the search.
fn write_all(solver: &Solver, format: Format, found: &mut u64) -> anyhow::Result<bool> {
    let (width, height) = (solver.width(), solver.height());
    let mut out = BufWriter::new(io::stdout().lock());
    let mut result = Ok(());
    if format == Format::Json {
        write!(out, "{{\"width\":{width},\"height\":{height},\"solutions\":[").map_err(stdout_failed)?;
    }
    let mut reporter = Reporter::start()?;
    let finished = solver.for_each_watched(
        |solution| {
            let valid = pieces_at_peace(width, height, solution);
            result = if !valid {
                Err(anyhow::anyhow!("internal error: a solution failed validation"))
            } else if format == Format::Json {
                let comma = if *found > 0 { "," } else { "" };
                write!(out, "{comma}").map_err(stdout_failed).and_then(|_| {
                    serde_json::to_writer(&mut out, &json_pieces(solution))
                        .map_err(|e| stdout_failed(e.into()))
                })
            } else {
                let names: Vec<String> = solution.iter().map(|p| p.name(height)).collect();
                writeln!(out, "{}", names.join(" ")).map_err(stdout_failed)
            };
            *found += 1;
            result.is_ok()
        },
        &mut |p| {
            reporter.check(|elapsed| {
                format!(
                    "{}: listing: {} found, {} of the search tree, {}",
                    super::program::name(),
                    p.found,
                    tree_percent(p.done),
                    seconds(elapsed)
                )
            })
        },
    );
    let took = reporter.finish();
    result?;
    if !finished {
        // What was found is printed; the JSON array is left open, as a cut stream is.
        out.flush().map_err(stdout_failed)?;
        crate::eprintln_lossy!(
            "{}: stopped after {}, with {} printed",
            super::program::name(),
            super::progress::ran_for(took),
            solutions_word(*found)
        );
        return Ok(false);
    }
    if format == Format::Json {
        writeln!(out, "]}}").map_err(stdout_failed)?;
    } else if *found == 0 {
        writeln!(out, "no solution: these pieces cannot share the {width}x{height} board in peace")
            .map_err(stdout_failed)?;
    }
    out.flush().map_err(stdout_failed)?;
    Ok(true)
}
