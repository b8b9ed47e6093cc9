//! `queens play`: the game, on whichever backend fits.

use crate::backend::script::Script;
use crate::daemon;
use crate::game::{Classic, Engine};
use clap::ValueEnum;
use std::io::{self, IsTerminal};
use std::process::ExitCode;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Where to play. `auto` picks the Sense HAT if one is found.
    #[arg(long, value_enum, default_value_t)]
    backend: BackendChoice,

    /// Script backend: also print every animation frame, after `@ MS`.
    #[arg(long)]
    trace: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum BackendChoice {
    #[default]
    Auto,
    /// Events as lines on standard input, frames as text on standard output.
    Script,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.backend == BackendChoice::Auto && io::stdin().is_terminal() {
        eprintln!(
            "queens: no Sense HAT backend in this build yet; playing the script backend.\n\
             queens: type up, down, left, right or press, one per line (Ctrl-D ends)."
        );
    }
    let mut engine = Engine::new(Box::new(Classic::eight()));
    let mut script = Script::new(io::stdin().lock(), io::stdout().lock(), args.trace);
    daemon::run(&mut engine, &mut script)?;
    Ok(ExitCode::SUCCESS)
}
