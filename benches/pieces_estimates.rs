//! Issue 26's table of counts and how long `pieces --count` says each takes:
//! the estimate against the time the count takes here (the row-by-row count
//! and the search; queens alone go to `count`'s counter, measured with it).
//! `cargo bench --bench pieces_estimates` prints the table (figures in
//! docs/PERFORMANCE.md) and exits non-zero where an estimate is off: the
//! row-by-row count's and the search's must be within 2x of the time, as the
//! command says of the search's; estimates and times both under a second
//! need only be within half a
//! second (the machine's other work dominates there). A benchmark, not a
//! test: run on an idle machine in the release profile the estimates were
//! calibrated in, never under a test runner's load.

use queens::cli::CountMethod;
use queens::solver::piece::Piece;
use queens::solver::pieces::{Problem, Solver, parse_pieces};
use std::time::Instant;

fn main() {
    let cases: Vec<(&str, Problem)> = vec![
        ("8x8 kings 14", Problem::new(8, 8).with(Piece::King, 14)),
        ("8x8 kings 16", Problem::new(8, 8).with(Piece::King, 16)),
        ("8x8 knights 20", Problem::new(8, 8).with(Piece::Knight, 20)),
        ("9x9 kings 25", Problem::new(9, 9).with(Piece::King, 25)),
        ("16x16 kings 64", Problem::new(16, 16).with(Piece::King, 64)),
        ("32x16 kings 128", Problem::new(32, 16).with(Piece::King, 128)),
        ("8x32 knights 128", Problem::new(8, 32).with(Piece::Knight, 128)),
        ("7x7 kings 2 queens 2 bishops 2 knight", {
            Problem::new(7, 7)
                .with(Piece::King, 2)
                .with(Piece::Queen, 2)
                .with(Piece::Bishop, 2)
                .with(Piece::Knight, 1)
        }),
        ("8x8 kings 5 knights 2", Problem::new(8, 8).with(Piece::King, 5).with(Piece::Knight, 2)),
        ("6x6 knights 6 kings 2", Problem::new(6, 6).with(Piece::Knight, 6).with(Piece::King, 2)),
        ("9x9 bishops 5 rooks 2", Problem::new(9, 9).with(Piece::Bishop, 5).with(Piece::Rook, 2)),
        ("10x10 queens 8", Problem::new(10, 10).with(Piece::Queen, 8)),
        ("10x10 rooks 8", Problem::new(10, 10).with(Piece::Rook, 8)),
        // Dense knights, where random paths missed the heavy branches (issue 50):
        // knights alone go row by row, so beside a knight that stays, by the search.
        ("10x10 knights 45", Problem::new(10, 10).with(Piece::Knight, 45)),
        ("9x10 knights 35", Problem::new(9, 10).with(Piece::Knight, 35)),
        ("8x8 knights 27 beside Na1", beside(Problem::new(8, 8).with(Piece::Knight, 27), "Na1")),
        ("7x7 knights 17 beside Nd4", beside(Problem::new(7, 7).with(Piece::Knight, 17), "Nd4")),
    ];
    let mut bad = Vec::new();
    println!("| request | count | estimate | time | ratio |");
    for (name, problem) in cases {
        let solver = Solver::new(&problem).unwrap();
        let method = CountMethod::of(&solver);
        let estimate = method.cost(&solver, 1).as_secs_f64();
        let start = Instant::now();
        let count = match &method {
            CountMethod::Rows(rows) => rows.count().map_or("over 64 bits".to_string(), |c| c.to_string()),
            _ => solver.count().to_string(),
        };
        let took = start.elapsed().as_secs_f64();
        let ratio = estimate / took;
        println!("| {name} | {count} | {estimate:.3} s | {took:.3} s | {ratio:.2} |");
        let within = 0.5..=2.0;
        let good =
            if estimate.max(took) < 1.0 { (estimate - took).abs() < 0.5 } else { within.contains(&ratio) };
        if !good {
            bad.push(format!("{name}: estimated {estimate:.2} s, took {took:.2} s"));
        }
    }
    if !bad.is_empty() {
        eprintln!("estimates off by more than 2x:\n{}", bad.join("\n"));
        std::process::exit(1);
    }
}

/// `problem` with `placed` on the board too.
fn beside(mut problem: Problem, placed: &str) -> Problem {
    problem.fixed = parse_pieces(placed, problem.width, problem.height).unwrap();
    problem
}
