//! The command line: one module per subcommand, parsed with clap.

mod count;
mod cover;
mod doctor;
mod hat_args;
mod output;
mod pieces;
mod play;
mod program;
mod progress;
mod regions;
mod solve;
mod usage;

pub use pieces::CountMethod;
use usage::UsageError;

use crate::daemon::config::{ConfigError, EXIT_CONFIG};
use crate::daemon::log;
use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "queens",
    version,
    about = "The eight queens puzzle: a Sense HAT game, and its relatives",
    // Play's options go without a command (`queens --mode strict`) or after `play`, never before
    // another command: clap's own usage line would say `[OPTIONS] [COMMAND]`.
    override_usage = "queens [-v] [PLAY OPTIONS]\n       queens [-v] <COMMAND> [ARGS]",
    after_help = PLAY_EXIT_STATUS
)]
pub struct Cli {
    /// Log more (debug lines); RUST_LOG=debug does the same.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,

    // Without a command, `queens` plays: these are `queens play`'s options, parsed from the
    // same definition, so a bare `queens --mode strict` is exactly `queens play --mode strict`.
    #[command(flatten, next_help_heading = "Play (without a command, or after `play`)")]
    play: play::Args,

    #[command(subcommand)]
    command: Option<Command>,
}

/// How the game ends, for `queens --help` and `queens play --help`.
const PLAY_EXIT_STATUS: &str =
    "Exit status of the game: 0 when it ends from its input (q, Esc, Ctrl-D, the end of a
script), 1 when it cannot start or a script line was refused, 2 for a wrong command line, 78 for a
bad config file; ended by a signal, 128 and its number, as a shell reports it and as the solver
commands exit: 130 for Ctrl-C (the terminal's key too), 143 for SIGTERM (systemctl stop), 129 for
SIGHUP (a closed terminal), 131 for SIGQUIT (Ctrl-\\), and so for SIGUSR1, SIGUSR2 and SIGALRM.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Play the game (the default): on the Sense HAT if there is one.
    #[command(after_help = PLAY_EXIT_STATUS)]
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
/// line on standard error and a non-zero exit: `EXIT_USAGE` (2) for a wrong
/// command line (clap's errors too, rewritten as one line of plain words),
/// `EXIT_CONFIG` (78) for a bad configuration file, 1 otherwise.
pub fn main() -> ExitCode {
    let args = help_flag_after_help(std::env::args_os().collect());
    let matches = match Cli::command().color(help_colour()).try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(e) => return usage::report(e, &Cli::command()),
    };
    // Every line the command writes on standard error starts with its name.
    program::set(command_name(&matches));
    if let Some(command) = matches.subcommand_name()
        && let Some(option) = play_option_given(&matches)
    {
        return usage::play_option_before_command(&option, command);
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return usage::report(e, &Cli::command()),
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
        None => play::run(cli.play),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped early is no error: quietly, status 0, as ripgrep does.
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if e.downcast_ref::<UsageError>().is_some() => output::bad_input(e),
        Err(e) => {
            crate::eprintln_lossy!("{}: {e:#}", program::name());
            if e.downcast_ref::<ConfigError>().is_some() {
                ExitCode::from(EXIT_CONFIG)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// The arguments with a `--help` or `-h` after the `help` command taken as
/// help asked of it, as `git help --help` is: clap's `help` takes only
/// commands' names, and said "unknown command '--help'; did you mean
/// '--help'?". `queens help --help` is `queens help help`, and `queens help
/// count -h` is `queens help count`. Only where `help` is the command: the
/// first argument after the global `-v`s.
fn help_flag_after_help(mut args: Vec<OsString>) -> Vec<OsString> {
    let verbose = |a: &OsString| {
        a == "--verbose"
            || a.to_str()
                .is_some_and(|a| a.len() > 1 && a[1..].bytes().all(|b| b == b'v') && a.starts_with('-'))
    };
    let Some(at) = args.iter().skip(1).position(|a| !verbose(a)).map(|at| at + 1) else { return args };
    if args[at] != "help" {
        return args;
    }
    let asked = |a: &OsString| a == "--help" || a == "-h";
    if args[at + 1..].iter().any(asked) {
        let mut kept = args.split_off(at + 1);
        kept.retain(|a| !asked(a));
        if kept.is_empty() {
            kept.push("help".into());
        }
        args.extend(kept);
    }
    args
}

/// Whether help is written in colour. clap's own choice (anstream's) has
/// NO_COLOR and CLICOLOR right but colours a dumb terminal when `CI` is set,
/// and a dumb terminal shows escapes as garbage wherever it runs (unless
/// the user forces colour with CLICOLOR_FORCE, which clap then obeys).
fn help_colour() -> clap::ColorChoice {
    let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
    let forced = std::env::var_os("CLICOLOR_FORCE").is_some_and(|force| !force.is_empty() && force != "0");
    if dumb && !forced { clap::ColorChoice::Never } else { clap::ColorChoice::Auto }
}

/// The first of play's options given on the command line before a command
/// (`--mode` in `queens --mode strict solve 8`), as typed. clap's
/// `args_conflicts_with_subcommands` would refuse `queens -v solve 8` too,
/// `--verbose` being an argument of the top level, so this is checked here.
fn play_option_given(matches: &clap::ArgMatches) -> Option<String> {
    use clap::Args as _;
    let play = play::Args::augment_args(clap::Command::new("play"));
    let given = play
        .get_arguments()
        .find(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))?;
    Some(given.get_long().map_or_else(|| given.get_id().to_string(), |long| format!("--{long}")))
}

/// `queens` and the subcommands `matches` holds, one within the other.
fn command_name(matches: &clap::ArgMatches) -> String {
    let mut name = String::from("queens");
    let mut matches = matches;
    let mut any = false;
    while let Some((sub, inner)) = matches.subcommand() {
        name = format!("{name} {sub}");
        matches = inner;
        any = true;
    }
    if !any {
        name.push_str(" play");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_asked_of_the_help_command_is_its_help() {
        let args = |line: &str| line.split(' ').map(OsString::from).collect::<Vec<_>>();
        let rewritten = |line: &str| help_flag_after_help(args(line));
        assert_eq!(rewritten("queens help --help"), args("queens help help"));
        assert_eq!(rewritten("queens -vv help -h"), args("queens -vv help help"));
        assert_eq!(rewritten("queens help count -h"), args("queens help count"));
        for kept in ["queens help count", "queens --help", "queens play --state help -h", "queens count -h"] {
            assert_eq!(rewritten(kept), args(kept), "{kept}");
        }
    }
}
