//! The command line: one module per subcommand, parsed with clap.

mod doctor;
mod play;

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
}

/// Parses the arguments, runs the command, and turns any error into one
/// line on standard error and a non-zero exit: [`EXIT_CONFIG`] for a bad
/// configuration file, 1 otherwise (clap's own usage errors exit 2).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    log::init(cli.verbose);
    let result = match cli.command {
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Doctor(args)) => doctor::run(args),
        None => play::run(play::Args::default()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("queens: {e:#}");
            if e.downcast_ref::<ConfigError>().is_some() {
                ExitCode::from(EXIT_CONFIG)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
