//! `queens regions`: the coloured-regions puzzle's generator and solver.

use super::output::{Format, bad_input, emit, no_answer, print_json, say};
use super::progress::{self, Reporter, interrupted, say_stopped, seconds};
use crate::backend::wait;
use crate::daemon::small_file;
use crate::game::MAX_SIDE;
use crate::regions::deduce::{self, Difficulty};
use crate::regions::generate::{self, Generated, date_said, date_string};
use crate::regions::json::PuzzleJson;
use crate::regions::{Puzzle, letter, share, solve};
use crate::solver::notation::square_name;
use crate::words::shown;
use serde::Serialize;
use std::io::{self, IsTerminal, Read};
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The most a puzzle file is read: a 16x16 grid in JSON is under 2 KiB.
const MAX_INPUT: u64 = 64 * 1024;

/// How far `solve` counts the solutions of a puzzle that has several.
const SOLVE_COUNT_LIMIT: u64 = 1000;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens regions generate                          a new 8x8 puzzle, as a grid of region letters
  queens regions generate --size 6 --seed 7        the same puzzle every time for this seed
  queens regions generate --difficulty hard --format json
  queens regions daily                             today's puzzle (UTC), the one the game plays
  queens regions daily --date 2026-11-28           another day's (from 2026-11-26, the first)
  queens regions generate | queens regions solve   its one solution, and the rules it needs
  queens regions solve puzzle.txt --count          how many solutions a grid of your own has
  queens regions daily --link                      today's puzzle as a link's #p=... for the web page
  queens regions share puzzle.txt                  a puzzle of your own as a link (regions solve reads it back)
  queens regions share puzzle.txt --format json    {\"n\":8,\"link\":\"#p=...\"}
  queens play --puzzle puzzle.txt                  play a grid of your own (or a link's #p=...)

One queen in every row, every column and every region, and no two queens touching, diagonally
included. Every generated puzzle has exactly one solution, and the deduction rules alone solve
it: easy needs only a line or region with one square left and a region confined to one line;
medium also rules out a square whose queen would leave a line or region no square; hard also
uses groups of regions confined to as many lines.

solve --count reports its progress on standard error once it has run a second; Ctrl-C stops it.

Exit status: 0 with a puzzle or a solution, 1 when a puzzle has none, 2 for bad input, 130 when stopped.")]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// A new puzzle with exactly one solution.
    Generate {
        /// The puzzle is N x N, with N regions (5 to 12).
        #[arg(long, default_value_t = 8, value_name = "N")]
        size: usize,
        /// The same seed gives the same puzzle, on every machine; a random one if not given.
        #[arg(long)]
        seed: Option<u64>,
        /// The hardest deduction rule the puzzle needs (any if not given).
        #[arg(long, value_parser = parse_difficulty)]
        difficulty: Option<Difficulty>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Print only the puzzle's link fragment (`#p=...`): the web page's address with it
        /// opens the puzzle.
        #[arg(long, conflicts_with = "format")]
        link: bool,
    },
    /// The puzzle of the day: 8x8, medium, the same everywhere for a date.
    Daily {
        /// The day, as YYYY-MM-DD (UTC); today if not given.
        // A value starting with `-` is a (wrong) date, not an option: it gets the date's message.
        #[arg(long, value_parser = date_said, allow_hyphen_values = true)]
        date: Option<i64>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Print only the puzzle's link fragment (`#p=...`), as `generate --link` does.
        #[arg(long, conflicts_with = "format")]
        link: bool,
    },
    /// Prints a puzzle's link fragment (`#p=...`) for the web page: a puzzle in any form `solve`
    /// reads, refused unless the page can play it (exactly one solution, 5x5 to 12x12).
    Share {
        /// The puzzle's file, or a link; standard input if not given or `-`.
        file: Option<PathBuf>,
        /// JSON is `{"n": N, "link": "#p=..."}`.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Solves a puzzle: JSON as `generate --format json` prints it, rows of region letters, or a
    /// link's `#p=...`.
    Solve {
        /// The puzzle's file, or a link (the page's address or its `#p=...`); standard input if
        /// not given or `-`.
        file: Option<PathBuf>,
        /// Count the solutions instead of showing one.
        #[arg(long)]
        count: bool,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    text.parse()
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Generate { size, seed, difficulty, format, link } => {
            let seed = seed.unwrap_or_else(random_seed);
            match generate_with_progress(size, seed, difficulty)? {
                Ok(None) => Ok(interrupted()),
                Ok(Some(made)) if link => print_link(&made),
                Ok(Some(made)) => print_puzzle(&made, Some(seed), None, format),
                Err(why) => Ok(bad_input(why)),
            }
        }
        Command::Daily { date, format, link } => {
            let today = crate::backend::clock::UtcCalendar::today();
            let Some(day) = date.or(today) else {
                return Ok(bad_input("the system clock is before 1970: give --date"));
            };
            // The days `play --date` and the page play, no other (a stranger's find: any date
            // was printed as that day's puzzle, a future day's and one before the first too).
            if let Err(why) = generate::check_past_day(day, today) {
                return Ok(bad_input(why));
            }
            match link {
                true => print_link(&generate::daily(day)),
                false => print_puzzle(&generate::daily(day), None, Some(day), format),
            }
        }
        Command::Share { file, format } => match read_input(file).and_then(|text| parse_puzzle(&text)) {
            Ok((puzzle, _)) => share_puzzle(&puzzle, format),
            Err(why) => Ok(bad_input(why)),
        },
        Command::Solve { file, count, format } => match read_input(file).and_then(|text| parse_puzzle(&text))
        {
            Ok((puzzle, given)) => solve_puzzle(&puzzle, given, count, format),
            Err(why) => Ok(bad_input(why)),
        },
    }
}

/// `regions share --format json`'s answer.
#[derive(Serialize)]
struct Shared {
    n: usize,
    link: String,
}

/// The puzzle's link fragment, if the web page can play it (it shows up to
/// 16x16): a link the page would refuse is refused here, in its words.
fn share_puzzle(puzzle: &Puzzle, format: Format) -> anyhow::Result<ExitCode> {
    if let Err(why) = share::check_playable(puzzle, MAX_SIDE) {
        return Ok(bad_input(format!("{why}; the web page would refuse its link")));
    }
    match format {
        Format::Json => print_json(&Shared { n: puzzle.n(), link: share::fragment(puzzle) })?,
        Format::Human => say!("{}", share::fragment(puzzle))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A generated puzzle, with progress once the search has run a second (most
/// take milliseconds, but an easy 12x12 can take thousands of candidates,
/// seconds, and how many cannot be foretold); `Ok(None)` when Ctrl-C
/// stopped it.
fn generate_with_progress(
    size: usize,
    seed: u64,
    difficulty: Option<Difficulty>,
) -> anyhow::Result<Result<Option<Generated>, String>> {
    let mut reporter = Reporter::start()?;
    let wanted = difficulty.map_or(String::new(), |d| format!("{d} "));
    let made = generate::generate_watched(size, seed, difficulty, &mut |candidates| {
        reporter.check(|elapsed| {
            format!(
                "{}: {wanted}{size}x{size}: {candidates} candidates of at most {}, {}",
                super::program::name(),
                generate::MAX_ATTEMPTS,
                seconds(elapsed)
            )
        })
    });
    let took = reporter.finish();
    if matches!(made, Ok(None)) {
        say_stopped(took, "no puzzle printed");
    }
    Ok(made)
}

/// A seed nobody chose: the clock's nanoseconds and the process id.
fn random_seed() -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut rng = generate::Rng::new(nanos as u64 ^ (u64::from(std::process::id()) << 40));
    // Below 2^53, so that the seed in `--format json` survives JavaScript's numbers.
    rng.next_u64() >> 11
}

/// The puzzle's link fragment, `#p=...`, a line of its own.
fn print_link(made: &Generated) -> anyhow::Result<ExitCode> {
    say!("{}", share::fragment(&made.puzzle))?;
    Ok(ExitCode::SUCCESS)
}

fn print_puzzle(
    made: &Generated,
    seed: Option<u64>,
    day: Option<i64>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let n = made.puzzle.n();
    match format {
        Format::Json => say!(
            "{}",
            PuzzleJson {
                solution: Some(made.solution.columns().map(|r| r.map_or(0, usize::from)).collect()),
                difficulty: Some(made.difficulty.name().to_string()),
                seed,
                date: day.map(date_string),
                ..PuzzleJson::of(&made.puzzle)
            }
            .to_json()
        )?,
        Format::Human => {
            let from = match (seed, day) {
                (_, Some(day)) => format!("the puzzle of {}", date_string(day)),
                (Some(seed), None) => format!("seed {seed}"),
                (None, None) => String::new(),
            };
            say!(
                "# {n}x{n}, {}, {from}; one queen in every row, column and region, none touching",
                made.difficulty
            )?;
            emit(&made.puzzle.letters())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The puzzle's text, from a file, a pipe (`<(queens regions generate)`) or
/// standard input, at most [`MAX_INPUT`] bytes; or the argument itself
/// where it holds a link (the page's address, its `#p=...`, or a text with
/// one, as a solve's lines to share: [`share::holds_link`]) and no file of
/// that name exists.
pub(super) fn read_input(file: Option<PathBuf>) -> Result<String, String> {
    if let Some(link) = file.as_ref().and_then(|f| f.to_str()).filter(|f| share::holds_link(f))
        && !Path::new(link).exists()
    {
        return Ok(link.to_string());
    }
    let bytes = match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => match small_file::read_input(&path, MAX_INPUT) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Err(format!("{}: no such file", shown(&path.to_string_lossy()))),
            Err(why) => return Err(format!("{} {why}", shown(&path.to_string_lossy()))),
        },
        None if io::stdin().is_terminal() => read_terminal()?,
        None => small_file::read_stdin(MAX_INPUT).map_err(|why| format!("standard input {why}"))?,
    };
    String::from_utf8(bytes).map_err(|_| "the puzzle is not UTF-8 text".to_string())
}

/// The puzzle typed or pasted at the terminal, to Ctrl-D: what is read is
/// said first, where the command waited in silence (issue 50), and Ctrl-C
/// while it waits ends the command with one line and status 130, as every
/// long command ends (it died of the signal, saying nothing). Nothing is
/// open or half done then, so the process ends there.
fn read_terminal() -> Result<Vec<u8>, String> {
    let name = super::program::name();
    // Ctrl-C is taken over before the line that invites the typing.
    let (interrupt, write) = UnixStream::pair().map_err(|e| format!("standard input: {e}"))?;
    let hook = signal_hook::low_level::pipe::register(libc::SIGINT, write)
        .map_err(|e| format!("standard input: {e}"))?;
    crate::eprintln_lossy!(
        "{name}: reading the puzzle from the terminal: type or paste it, then Ctrl-D (or give a FILE or a link: see '{name} --help')"
    );
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    let read = loop {
        let stdin = io::stdin();
        match wait::readable(&[stdin.as_fd(), interrupt.as_fd()], None) {
            Ok(Some(1)) => {
                crate::eprintln_lossy!("\n{name}: stopped; no puzzle read");
                std::process::exit(i32::from(progress::EXIT_INTERRUPTED));
            }
            Ok(_) => {}
            Err(e) => break Err(format!("standard input cannot be read ({e})")),
        }
        match stdin.lock().read(&mut chunk) {
            Ok(0) => break Ok(bytes),
            Ok(n) if bytes.len() + n > MAX_INPUT as usize => {
                break Err(format!("standard input is larger than {} KiB", MAX_INPUT / 1024));
            }
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => break Err(format!("standard input cannot be read ({e})")),
        }
    };
    signal_hook::low_level::unregister(hook);
    read
}

/// The puzzle in `text`, in any form [`share::read`] reads (JSON, a link,
/// rows of letters), and whether its JSON gave a `"solution"` (checked: a
/// wrong one is refused, as a wrong `"difficulty"` or `"date"` is).
/// `queens play --puzzle` reads the same.
pub(super) fn parse_puzzle(text: &str) -> Result<(Puzzle, bool), String> {
    share::read_pasted(text).map(|pasted| (pasted.puzzle, pasted.with_solution)).map_err(|e| e.to_string())
}

#[derive(Serialize)]
struct Solved {
    n: usize,
    /// How many solutions, counted up to the limit; `more` says it was reached.
    solutions: u64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    more: bool,
    /// The first solution: the row of the queen in each column.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<usize>>,
    /// The hardest deduction rule it needs, or null when the rules alone cannot solve it.
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<Option<&'static str>>,
}

/// What a human reads after the answer when the puzzle came with its
/// `"solution"` and it was right (a wrong one is refused before).
const GIVEN_SOLUTION_RIGHT: &str = "the puzzle's own \"solution\" is right";

fn solve_puzzle(puzzle: &Puzzle, given: bool, count_all: bool, format: Format) -> anyhow::Result<ExitCode> {
    let n = puzzle.n();
    let limit = if count_all { u64::MAX } else { SOLVE_COUNT_LIMIT };
    let Some(solutions) = count_with_progress(puzzle, limit)? else { return Ok(interrupted()) };
    let first = solve::solutions(puzzle, 1).into_iter().next();
    let difficulty = (solutions == 1).then(|| deduce::difficulty(puzzle).map(Difficulty::name));
    match format {
        Format::Json => print_json(&Solved {
            n,
            solutions,
            more: solutions == limit && !count_all,
            solution: first
                .filter(|_| !count_all)
                .map(|s| s.columns().map(|r| r.map_or(0, usize::from)).collect()),
            difficulty: difficulty.filter(|_| !count_all),
        })?,
        Format::Human if count_all => {
            say!("{}", solutions_words(solutions, false))?;
            if given {
                say!("{GIVEN_SOLUTION_RIGHT}")?;
            }
        }
        Format::Human => {
            match (&first, solutions) {
                (None, _) => say!(
                    "no solution: no placement has one queen in every row, column and region, none touching"
                )?,
                (Some(_), 1) => say!("one solution:")?,
                (Some(_), k) => say!("{}; the first:", solutions_words(k, k == limit))?,
            }
            if let Some(solution) = &first {
                let queen_at = |col: usize, row: usize| solution.get(col) == Some(row as u8);
                let mut text = String::new();
                for row in 0..n {
                    let cells: Vec<String> = (0..n)
                        .map(|col| match queen_at(col, row) {
                            true => "Q".to_string(),
                            false => letter(puzzle.region_at(col, row)).to_ascii_lowercase().to_string(),
                        })
                        .collect();
                    text += &cells.join(" ");
                    text.push('\n');
                }
                emit(&text)?;
                let squares: Vec<String> = solution.queens().map(|q| square_name(q, n)).collect();
                say!("queens: {}", squares.join(" "))?;
                match difficulty {
                    Some(Some(d)) => say!("the deduction rules solve it: {d}")?,
                    Some(None) => say!("the deduction rules alone do not solve it: it needs a guess")?,
                    None => {}
                }
                if given {
                    say!("{GIVEN_SOLUTION_RIGHT}")?;
                }
            }
        }
    }
    // A count is an answer, 0 too; a solution asked for and not found is none.
    Ok(if solutions == 0 && !count_all { no_answer() } else { ExitCode::SUCCESS })
}

/// The count, with progress on standard error once it has run a second (a
/// grid with many solutions, or one the region check prunes little, can take
/// minutes: 16 rows of one region each has 16 queens' solutions with no two
/// touching); `None` when Ctrl-C stopped it.
fn count_with_progress(puzzle: &Puzzle, limit: u64) -> anyhow::Result<Option<u64>> {
    let mut reporter = Reporter::start()?;
    let counted = solve::count_watched(puzzle, limit, &mut |p| {
        reporter.check(|elapsed| {
            format!(
                "{}: counting: {} solutions so far, {} of the search tree, {}",
                super::program::name(),
                p.found,
                progress::tree_percent(p.done),
                seconds(elapsed)
            )
        })
    });
    let took = reporter.finish();
    if counted.is_none() {
        say_stopped(took, "no count printed");
    }
    Ok(counted)
}

fn solutions_words(k: u64, more: bool) -> String {
    match (k, more) {
        (_, true) => format!("at least {k} solutions"),
        (0, _) => "0 solutions".to_string(),
        (1, _) => "1 solution".to_string(),
        (k, _) => format!("{k} solutions"),
    }
}
