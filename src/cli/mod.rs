//! The command line: one module per subcommand, parsed with clap.

mod play;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "queens", version, about = "The eight queens puzzle: a Sense HAT game, and its relatives")]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play the game (the default): on the Sense HAT if there is one.
    Play(play::Args),
}

/// Parses the arguments, runs the command, and turns any error into one
/// line on standard error and a non-zero exit.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Play(args)) => play::run(args),
        None => play::run(play::Args::default()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("queens: {e:#}");
            ExitCode::FAILURE
        }
    }
}
