//! The command line: one module per subcommand, parsed with clap.

mod count;
mod cover;
mod doctor;
mod output;
mod pieces;
mod play;
mod progress;
mod regions;
mod solve;
mod usage;

pub use pieces::CountMethod;
pub use usage::{EXIT_USAGE, UsageError};

use crate::daemon::config::{ConfigError, EXIT_CONFIG};
use crate::daemon::log;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "queens", version, about = "The eight queens puzzle: a Sense HAT game, and its relatives")]
pub struct Cli {
    /// Log more (debug lines); RUST_LOG=debug does the same.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play the game (the default): on the Sense HAT if there is one.
    Play(play::Args),
    /// Report what the Sense HAT backend finds and what is wrong.
    Doctor(doctor::Args),
    /// One solution for N queens, or the completion of a partial board.
    Solve(solve::Args),
    /// How many solutions N queens have (and how many up to symmetry).
    Count(count::Args),
    /// Mixed pieces on a rectangular board, none attacking another.
    Pieces(pieces::Args),
    /// The fewest queens that attack or occupy every square.
    Cover(cover::Args),
    /// The coloured-regions puzzle: generate, solve, the puzzle of the day.
    Regions(regions::Args),
}

/// Parses the arguments, runs the command, and turns any error into one
/// line on standard error and a non-zero exit: [`EXIT_USAGE`] for a wrong
/// command line (clap's errors too, rewritten as one line of plain words),
/// [`EXIT_CONFIG`] for a bad configuration file, 1 otherwise.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage::report(e),
    };
    log::init(cli.verbose);
    let result = match cli.command {
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Doctor(args)) => doctor::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Count(args)) => count::run(args),
        Some(Command::Pieces(args)) => pieces::run(args),
        Some(Command::Cover(args)) => cover::run(args),
        Some(Command::Regions(args)) => regions::run(args),
        None => play::run(play::Args::default()),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped early is no error: quietly, status 0, as ripgrep does.
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            crate::eprintln_lossy!("queens: {e:#}");
            if e.downcast_ref::<ConfigError>().is_some() {
                ExitCode::from(EXIT_CONFIG)
            } else if e.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
