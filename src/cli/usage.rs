//! A wrong command line: one line of plain words on standard error and exit
//! status 2, whether clap found the mistake or a command did.
//!
//! clap's own errors take three to seven lines (usage, tips, "For more
//! information") and some speak Rust ("invalid digit found in string").
//! [`report`] keeps `--help` and `--version` as clap prints them and says
//! everything else in one line of its own, built from the error's kind and
//! context: which argument, which value, what was expected.

use crate::words::{escaped, quoted};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::fmt;
use std::num::{IntErrorKind, ParseIntError};
use std::process::ExitCode;

/// Exit status for a wrong command line (as clap and the BSDs' `EX_USAGE` convention of 2).
pub(crate) const EXIT_USAGE: u8 = 2;

/// A mistake on the command line found after parsing (a size the backend
/// cannot show, say): `main` prints it as one line and exits with [`EXIT_USAGE`].
#[derive(Debug)]
pub(crate) struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// What clap's error `e` asks for: help and version printed as clap prints
/// them (exit 0), anything else one line and [`EXIT_USAGE`].
pub(crate) fn report(e: clap::Error, cli: &clap::Command) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match e.print() {
            // A reader that went away (`queens --help | head -1`) is no error; a full disk is.
            Err(failed) if failed.kind() != std::io::ErrorKind::BrokenPipe => {
                crate::eprintln_lossy!("{}: cannot write to standard output: {failed}", command(&e, cli));
                ExitCode::from(1)
            }
            _ => ExitCode::SUCCESS,
        },
        _ => {
            crate::eprintln_lossy!("{}", one_line(&e, cli));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// The error as one line: `queens solve: <what is wrong> (see 'queens solve --help')`.
fn one_line(e: &clap::Error, cli: &clap::Command) -> String {
    let command = command(e, cli);
    // clap takes `-1` for an option: said as the value's own parser says it, naming N or the option.
    if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && e.kind() == ErrorKind::UnknownArgument
        && arg.parse::<i64>().is_ok_and(|n| n < 0)
        && let Some(refused) = negative_value(cli, &command, arg)
    {
        return one_line(&refused, cli);
    }
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        Some(ContextValue::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg).map(|a| argument(&a)).unwrap_or_else(|| "an argument".into());
    // A bare `queens` plays, and runs as `queens play`: a mistake in one of play's options is play's.
    let command =
        if command == "queens" && is_play_option(cli, &arg) { "queens play".to_string() } else { command };
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    let expected = match e.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(v)) if !v.is_empty() => format!(": expected {}", one_of(v)),
        _ => String::new(),
    };
    let suggestion = |kind| text(kind).map(|s| format!("; did you mean {}?", quoted(&s))).unwrap_or_default();
    let what = match e.kind() {
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg} needs a value{expected}"),
        ErrorKind::InvalidValue => format!("{arg} cannot be {}{expected}", quoted(&value)),
        ErrorKind::ValueValidation => match reason(e) {
            // Our own parsers' messages quote the value already.
            why if why.contains(&quoted(&value)) => format!("{arg}: {why}"),
            why => format!("{arg} cannot be {}: {why}", quoted(&value)),
        },
        // clap takes `-1` for an option: say what it is.
        ErrorKind::UnknownArgument if arg.parse::<i64>().is_ok_and(|n| n < 0) => {
            format!("{}: negative numbers are not allowed here", quoted(&arg))
        }
        // `-` alone is standard input, not an option: one argument too many.
        ErrorKind::UnknownArgument if arg == "-" => match std::env::args().filter(|a| a == "-").count() {
            1 => "unexpected argument '-' (standard input): one too many".to_string(),
            _ => "'-' (standard input) is given twice: it is read once".to_string(),
        },
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            format!("unknown option {}{}", quoted(&arg), suggestion(ContextKind::SuggestedArg))
        }
        ErrorKind::UnknownArgument => format!("unexpected argument {}", quoted(&arg)),
        ErrorKind::InvalidSubcommand => {
            let name = text(ContextKind::InvalidSubcommand).unwrap_or_default();
            // `queens version` (or `verison`) means `--version`, not clap's nearest name, `regions`.
            let hint = match nearest(cli, &name, &command) {
                names if names.is_empty() => String::new(),
                names => format!("; did you mean {}?", quoted_one_of(&names)),
            };
            format!("unknown command {}{hint}", quoted(&name))
        }
        ErrorKind::MissingRequiredArgument => format!("{arg} is required"),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "a command is required".into()
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg).map(|p| argument(&p)) {
            Some(prior) if prior == arg => format!("{arg} is given twice"),
            Some(prior) => format!("{arg} and {prior} cannot be used together"),
            None => format!("{arg} cannot be used here"),
        },
        // `--backtrack=1`: clap's word for a value given to a flag.
        ErrorKind::TooManyValues if takes_no_value(cli, &command, &arg) => format!("{arg} takes no value"),
        ErrorKind::TooManyValues => format!("{arg} takes one value, not also {}", quoted(&value)),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("{arg} has the wrong number of values")
        }
        ErrorKind::NoEquals => format!("{arg} needs its value after '='"),
        ErrorKind::InvalidUtf8 => "an argument is not valid UTF-8".into(),
        _ => clap_first_line(e),
    };
    line(&command, &what)
}

/// The one form of a usage error: `queens solve: <what is wrong> (see 'queens solve --help')`,
/// its control characters escaped (input it quotes is cut already: [`quoted`]).
pub(crate) fn line(command: &str, what: &str) -> String {
    escaped(&format!("{command}: {what} (see '{command} --help')"))
}

/// `queens --mode strict solve 8`: play's options stand without a command
/// or after `play`, not before another command. One line and [`EXIT_USAGE`].
pub(crate) fn play_option_before_command(option: &str, command: &str) -> ExitCode {
    crate::eprintln_lossy!(
        "{}",
        escaped(&format!(
            "queens {command}: {option} is play's option: give it alone or after 'queens play', not before '{command}' (see 'queens --help')"
        ))
    );
    ExitCode::from(EXIT_USAGE)
}

/// The command `path` names (`queens regions`), as clap defines it.
fn command_at(cli: &clap::Command, path: &str) -> clap::Command {
    let mut current = cli.clone();
    for word in path.split_whitespace().skip(1) {
        match current.find_subcommand(word) {
            Some(sub) => current = sub.clone(),
            None => break,
        }
    }
    current
}

/// `-1` on the command line of the command at `path`, parsed as the value it
/// stands for (`--seed=-1` for the option before it, else after `--`, the
/// command's positional argument): the error that gives, if it is the value's.
fn negative_value(cli: &clap::Command, path: &str, value: &str) -> Option<clap::Error> {
    let command = command_at(cli, path);
    let mut args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == value)?;
    let takes_value = |word: &str| {
        word.strip_prefix("--").is_some_and(|long| {
            command.get_arguments().any(|a| a.get_long() == Some(long) && a.get_action().takes_values())
        })
    };
    match at.checked_sub(1) {
        Some(before) if takes_value(&args[before]) => {
            let joined = format!("{}={value}", args[before]);
            args.splice(before..=at, [joined]);
        }
        _ => args.insert(at, "--".into()),
    }
    let e = cli.clone().try_get_matches_from(args).err()?;
    let about_it = matches!(e.get(ContextKind::InvalidValue), Some(ContextValue::String(v)) if v == value);
    (about_it && matches!(e.kind(), ErrorKind::ValueValidation | ErrorKind::InvalidValue)).then_some(e)
}

/// Whether `name` (`--size`) is one of `queens play`'s options.
fn is_play_option(cli: &clap::Command, name: &str) -> bool {
    let play = command_at(cli, "queens play");
    name.strip_prefix("--").is_some_and(|long| play.get_arguments().any(|a| a.get_long() == Some(long)))
}

/// Whether `--name` of the command at `path` is a flag (`--backtrack`), not an option that takes a value.
fn takes_no_value(cli: &clap::Command, path: &str, name: &str) -> bool {
    let Some(long) = name.strip_prefix("--") else { return false };
    let command = command_at(cli, path);
    let arg = command.get_arguments().find(|a| a.get_long() == Some(long));
    arg.is_some_and(|a| !a.get_action().takes_values())
}

/// The names nearest to `word` typed as a command of `path`: its commands,
/// and, for `queens`, its options as `--name` (`version` is `--version`).
/// Those at the least edit distance (case aside), if that is small enough
/// to be a typing slip.
fn nearest(cli: &clap::Command, word: &str, path: &str) -> Vec<String> {
    let command = command_at(cli, path);
    let mut names: Vec<String> =
        command.get_subcommands().filter(|c| !c.is_hide_set()).map(|c| c.get_name().to_string()).collect();
    if path == "queens" {
        let long = |arg: &clap::Arg| arg.get_long().map(|l| format!("--{l}"));
        names.extend(command.get_arguments().filter(|a| !a.is_hide_set()).filter_map(long));
        // --help and --version are clap's own, which `get_arguments` lists only once built.
        names.extend(["--help".to_string(), "--version".to_string()]);
    }
    let word = word.to_lowercase();
    let scored: Vec<(usize, String)> =
        names.into_iter().map(|n| (edit_distance(&word, n.trim_start_matches("--")), n)).collect();
    let Some(best) = scored.iter().map(|(d, _)| *d).min() else { return Vec::new() };
    if best > (word.chars().count() / 3).max(1) {
        return Vec::new();
    }
    let mut nearest: Vec<String> = scored.into_iter().filter(|(d, _)| *d == best).map(|(_, n)| n).collect();
    nearest.dedup();
    nearest
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: each name in its own quotes.
fn quoted_one_of(names: &[String]) -> String {
    one_of(&names.iter().map(|n| quoted(n)).collect::<Vec<_>>())
}

/// The command the error is about (`queens solve`): from its usage line,
/// or for errors in a value, which have none, the first subcommand named on
/// the command line.
fn command(e: &clap::Error, cli: &clap::Command) -> String {
    let usage = match e.get(ContextKind::Usage) {
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => return named_command(cli, std::env::args().skip(1)),
    };
    let words: Vec<&str> = usage
        .split_whitespace()
        .skip_while(|w| w.ends_with(':'))
        .take_while(|w| !w.starts_with(['[', '<', '-']))
        .collect();
    if words.is_empty() { "queens".into() } else { words.join(" ") }
}

/// The command `args` name (`queens regions daily` for `regions daily --date x`):
/// each word that is a subcommand of the command before it.
fn named_command(cli: &clap::Command, args: impl Iterator<Item = String>) -> String {
    let mut current = cli.clone();
    let mut name = String::from("queens");
    for arg in args {
        if let Some(sub) = current.find_subcommand(&arg).cloned() {
            name = format!("{name} {}", sub.get_name());
            current = sub;
        }
    }
    name
}

/// An argument as the user types it: `--size <SIZE>` is `--size`, `<N>` is `N`.
fn argument(spec: &str) -> String {
    match spec.split_whitespace().next() {
        Some(flag) if flag.starts_with('-') => flag.to_string(),
        _ => spec.trim_matches(['<', '>']).to_string(),
    }
}

fn one_of(values: &[String]) -> String {
    match values {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// Why a value was refused, in plain words: a number's parse error or a
/// range says what is wanted; a message of our own parsers is kept.
fn reason(e: &clap::Error) -> String {
    let Some(source) = std::error::Error::source(e) else { return "not a valid value".into() };
    if let Some(parse) = source.downcast_ref::<ParseIntError>() {
        let negative =
            |v: &ContextValue| matches!(v, ContextValue::String(v) if v.parse::<i64>().is_ok_and(|n| n < 0));
        if e.get(ContextKind::InvalidValue).is_some_and(negative) {
            return "it cannot be negative".into();
        }
        return match parse.kind() {
            IntErrorKind::Empty => "a number is needed",
            IntErrorKind::PosOverflow => "too large",
            IntErrorKind::NegOverflow => "too small",
            _ => "not a whole number",
        }
        .into();
    }
    let text = source.to_string();
    // clap's ranged parsers: "3 is not in 4..=16".
    if let Some((_, range)) = text.split_once(" is not in ")
        && let Some((low, high)) = range.split_once("..=")
    {
        return format!("it must be from {low} to {high}");
    }
    text
}

/// clap's message for kinds without a wording of ours: its first line,
/// without the `error: ` in front.
fn clap_first_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or("invalid arguments");
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_named_as_typed() {
        assert_eq!(argument("--size <SIZE>"), "--size");
        assert_eq!(argument("<N>"), "N");
        assert_eq!(argument("--trace"), "--trace");
        assert_eq!(one_of(&["a".into(), "b".into(), "c".into()]), "a, b or c");
    }
}
