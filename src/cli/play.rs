//! `queens play`: the game, on whichever backend fits.

use super::hat_args::HatArgs;
use super::usage::UsageError;
use crate::backend::clock::{MonotonicClock, UtcCalendar};
use crate::backend::hat::HatSettings;
use crate::backend::{self, BackendKind};
use crate::daemon;
use crate::daemon::config::{self, Config};
use crate::daemon::saver::Stored;
use crate::daemon::state::StateFile;
use crate::game::{
    Asked, BoardSize, Configured, Engine, Frame, Host, MAX_SIDE, ModeKind, SIZES, Setup, SetupError, Unfit,
    largest_played,
};
use crate::regions::Puzzle;
use crate::regions::generate::{FIRST_DAY, date_said, date_string};
use crate::regions::share::Unplayable;
use crate::words::shown;
use log::{info, warn};
use sense_hat::Rotation;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Where to play (`auto` tries the Sense HAT, then the terminal, then the script backend, as its
    /// line below says).
    #[arg(long, value_name = "BACKEND", value_parser = backend_parser(), default_value = "auto")]
    backend: Wanted,

    /// The configuration file (default: /etc/queens/config.toml, if it exists).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,

    #[command(flatten)]
    hat: HatArgs,

    /// Script backend: also print every animation frame, after `@ MS`.
    #[arg(long)]
    trace: bool,

    /// The mode to start in (default: the config file's, else the one played last).
    #[arg(long, value_parser = ModeParser)]
    mode: Option<ModeKind>,

    // The help names each mode's sizes: `size_help`, from `ModeKind::sizes`. Read as every
    // mode's sizes allow; whether the mode and the backend take it, once they are known.
    #[arg(long, help = size_help(), value_parser = parse_size)]
    size: Option<BoardSize>,

    // The help names the modes whose instructions come first: `intro_help`, from `ModeKind::rules_first`.
    #[arg(long, help = intro_help())]
    intro: bool,

    /// Where progress and the last mode are kept, in a folder that exists (default:
    /// $STATE_DIRECTORY or the XDG state directory, created if missing; the script backend
    /// keeps none unless given one).
    #[arg(long, value_name = "PATH")]
    state: Option<PathBuf>,

    /// Play this regions puzzle: a file as `queens regions solve` reads (JSON, rows of region
    /// letters, or a link's `#p=...`), a link itself (the page's address or its `#p=...`), or
    /// `-` for standard input on the backends that do not read keys there (the Sense HAT's, the
    /// emulator). Implies --mode regions; refused unless it has exactly one solution and fits
    /// the display.
    #[arg(long, value_name = "FILE|LINK|-")]
    puzzle: Option<PathBuf>,

    // The help names the first day: `date_help`, from `FIRST_DAY`. A value starting with `-` is
    // a (wrong) date, not an option: it gets the date's message.
    #[arg(long, value_name = "YYYY-MM-DD", help = date_help(), value_parser = date_said, allow_hyphen_values = true)]
    date: Option<i64>,

    /// Terminal: write each regions square's letter on it (A, B, ... as the puzzle's text
    /// form has them), for players who cannot tell the colours apart; the config file's
    /// `letters = true` does the same.
    #[arg(long)]
    letters: bool,

    /// Regions: a queen placed marks the empty squares it rules out (its row, column, region
    /// and the eight around it), and takes those marks back with it; the config file's
    /// `auto_mark = true` and the menu's AUTO MARK do the same.
    #[arg(long)]
    auto_mark: bool,

    /// Tilt the HAT to move the cursor, beside the joystick: one square toward the low edge past
    /// the dead zone (10 degrees), one more every 300 ms while it stays tilted; the config file's
    /// `tilt = true` and the menu's TILT do the same (the Sense HAT, the emulator and scripts).
    #[arg(long)]
    tilt: bool,
}

fn parse_mode(s: &str) -> Result<ModeKind, String> {
    s.parse()
}

/// `--size`'s parser: the text read as a [`BoardSize`], once, its words
/// after clap's "cannot be 'N'".
fn parse_size(s: &str) -> Result<BoardSize, String> {
    s.parse().map_err(|e: crate::game::SizeError| e.why.to_string())
}

/// `--mode`'s parser: [`parse_mode`] (so a wrong name is refused in the
/// engine's words), with every [`ModeKind`]'s name and help line for
/// `--help`, the man page and the completions, so none lists modes by hand.
#[derive(Clone)]
struct ModeParser;

impl clap::builder::TypedValueParser for ModeParser {
    type Value = ModeKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<ModeKind, clap::Error> {
        let parse: fn(&str) -> Result<ModeKind, String> = parse_mode;
        clap::builder::TypedValueParser::parse_ref(&parse, cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let mode = |m: ModeKind| clap::builder::PossibleValue::new(m.name()).help(m.summary());
        Some(Box::new(ModeKind::ALL.into_iter().map(mode)))
    }
}

/// `--size`'s help: the sizes on the LED matrix and in the terminal, and
/// the modes that play fewer ([`ModeKind::sizes`]), so a new mode's sizes
/// are said without an edit here.
fn size_help() -> String {
    let (smallest, led) = (*SIZES.start(), Frame::LED_SIDE);
    let on_led = |m: ModeKind| (*m.sizes().start(), led.min(*m.sizes().end()));
    let led_others: Vec<String> = ModeKind::ALL
        .into_iter()
        .filter(|&m| on_led(m) != (smallest, led))
        .map(|m| format!("{m} {} to {}", on_led(m).0, on_led(m).1))
        .collect();
    let led_others = match led_others.is_empty() {
        true => String::new(),
        false => format!(" ({})", led_others.join(", ")),
    };
    // The modes by the largest board the terminal shows them on, in the menu's order.
    let mut largest: Vec<(usize, Vec<&str>)> = Vec::new();
    for m in ModeKind::ALL {
        let end = MAX_SIDE.min(*m.sizes().end());
        match largest.iter_mut().find(|(n, _)| *n == end) {
            Some((_, names)) => names.push(m.name()),
            None => largest.push((end, vec![m.name()])),
        }
    }
    let terminal: Vec<String> =
        largest.iter().map(|(n, names)| format!("up to {n} in {}", and_list(names))).collect();
    format!(
        "The board size: {smallest} to {led} on the LED matrix{led_others}; in the terminal {} \
         (default: the config file's, else the last one)",
        terminal.join(", ")
    )
}

/// `--intro`'s help: the start-up messages, naming the modes whose
/// instructions scroll before their first game ([`ModeKind::rules_first`]).
fn intro_help() -> String {
    let first: Vec<&str> =
        ModeKind::ALL.into_iter().filter(|m| m.rules_first()).map(ModeKind::name).collect();
    let instructions = match first.is_empty() {
        true => String::new(),
        false => format!(", and {}'s instructions before its first game", and_list(&first)),
    };
    format!(
        "Scroll the title and the controls at start{instructions} (by default only the Sense HAT does; the \
         config file's `intro` key says otherwise)"
    )
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `--backend`: one backend by name, or `None` for `auto`. (An alias, not
/// `Option<...>` written out, so that clap takes `auto` as a value.)
type Wanted = Option<BackendKind>;

/// `--backend`'s parser: `auto`, or each [`BackendKind`]'s name and help
/// line, so that none is listed by hand.
fn backend_parser() -> impl clap::builder::TypedValueParser<Value = Wanted> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let auto = PossibleValue::new("auto").help(BackendKind::auto_summary());
    let each = BackendKind::ALL.into_iter().map(|kind| PossibleValue::new(kind.name()).help(kind.summary()));
    PossibleValuesParser::new(std::iter::once(auto).chain(each)).map(|name| BackendKind::from_name(&name))
}

/// `queens play`: flags, then the config file, then the saved state, then
/// the starting game worked out once (by the backend's facts, known before
/// it opens), then the backend opened, then the game played. Whatever is
/// refused is refused before anything opens, and nothing is saved before
/// the game plays.
pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (config_path, required) = config::path(args.config.as_deref());
    let config = Config::load(&config_path, required)?;
    let hat = hat_settings(&args, &config);
    let kind = backend_kind(&args, &hat)?;
    let asked = asked(&args, kind)?;
    // Read (a corrupt file set aside) before the backend opens: a warning then is not
    // written over the terminal's picture. Nothing is saved yet.
    let stored = Stored::load(state_file(&args, kind)).map_err(anyhow::Error::msg)?;
    let chosen = asked.chooses();
    let configured = Configured {
        mode: config.mode,
        size: config.size,
        intro: config.intro,
        style: config.style,
        auto_mark: config.auto_mark,
        tilt: config.tilt,
        // The HAT turns a tilt as it turns its joystick; the emulator and scripts turn neither.
        tilt_settings: config.tilt_settings(if kind.is_service() { config.rotation } else { Rotation::R0 }),
    };
    let host = Host {
        largest_board: kind.largest_board(),
        intro_by_default: kind.is_service(),
        today: UtcCalendar::today(),
        seed: fresh_seed(),
        senses_tilt: kind.senses_tilt(),
    };
    let mut setup = Setup::choose(asked, &configured, &stored.state, host)
        .map_err(|why| refused(why, &args, host.largest_board))?;
    // A terminal too small for the size played last (or the config file's) plays the largest
    // that fits, and says so once under the board; the size stays saved for a larger one.
    // A size asked for is played as asked: the terminal says it is too small, and its menu opens.
    let kept = kind.room_now().filter(|_| args.size.is_none()).and_then(|room| setup.fit_room(room));
    let options = backend::Options {
        hat,
        trace: args.trace,
        program: super::program::name().to_string(),
        letters: args.letters || config.letters,
    };
    // Nothing is saved before the game plays: a backend that does not open leaves the game
    // played last.
    let mut backend = backend::open(kind, &options)?;
    if let Some(size) = kept {
        backend.show_log_line(backend::terminal::render::kept_for_larger(size.get()));
    }
    // Every backend, the script's too, times searches on the real clock (a figure shown to
    // the player is measured), and reads the date for regions mode's puzzle of the day.
    let mut engine =
        Engine::start(setup, &stored.state, Box::new(MonotonicClock::default()), Box::new(UtcCalendar));
    // A mode or size chosen on the command line (a puzzle's too) is the one played last from
    // now on, as the menu's are.
    let mut saver = stored.saver(&engine, chosen);
    if args.backend.is_none() && kind == BackendKind::Script {
        info!(
            "no Sense HAT and standard input is not a terminal: playing the script backend (events on standard input, frames as text on standard output)"
        );
    }
    let ended = daemon::play(&mut engine, backend, kind, &mut saver)?;
    if ended.refused > 0 {
        let lines = if ended.refused == 1 { "line was" } else { "lines were" };
        crate::eprintln_lossy!("{}: {} script {lines} refused", super::program::name(), ended.refused);
        return Ok(ExitCode::FAILURE);
    }
    // Ended by a signal (Ctrl-C, systemd's stop), as a shell reports a process the signal ended:
    // 130, 143, as the solver commands exit; `q` is a game played to its end, 0.
    Ok(ended.signal.map_or(ExitCode::SUCCESS, |sig| ExitCode::from(128 + sig as u8)))
}

/// Where the Sense HAT is looked for (the HAT's flags), and how it draws (the config file).
fn hat_settings(args: &Args, config: &Config) -> HatSettings {
    HatSettings {
        lookup: args.hat.lookup(),
        rotation: config.rotation,
        brightness: config.brightness,
        low_light: config.low_light,
        timing: config.timing,
    }
}

/// The backend `--backend` names, or the one `auto` finds.
fn backend_kind(args: &Args, hat: &HatSettings) -> anyhow::Result<BackendKind> {
    Ok(match args.backend.or_else(|| BackendKind::found(hat)) {
        Some(kind) => kind,
        None if io::stdin().is_terminal() && io::stdout().is_terminal() => BackendKind::Terminal,
        // Keys come from a terminal but the frames would go elsewhere (`queens > file`): the
        // script backend would wait on the keyboard with nothing shown, so say why and stop.
        None if io::stdin().is_terminal() => {
            anyhow::bail!(
                "standard output is not a terminal: the game draws there (play without redirecting it, or choose --backend script)"
            )
        }
        // Said once the game is sure to start: a refused --puzzle plays nothing.
        None => BackendKind::Script,
    })
}

/// The state file: `--state`, else the default place, where the backend keeps state unasked
/// (all but the script backend, which is for tests and pipes).
fn state_file(args: &Args, kind: BackendKind) -> Option<StateFile> {
    match &args.state {
        Some(path) => Some(StateFile::new(path.clone())),
        // Said once, before the backend draws: the game plays on without saving.
        None if kind.keeps_state() => StateFile::default_location().map_err(|why| warn!("{why}")).ok(),
        None => None,
    }
}

/// What the player asked for on the command line, the puzzle read: a file, a link, or standard
/// input where the backend's keys do not come from there.
fn asked(args: &Args, kind: BackendKind) -> anyhow::Result<Asked> {
    let puzzle = match args.puzzle.as_deref() {
        None => None,
        Some(path) if path.as_os_str() == "-" => {
            if let Some(backend) = kind.keys_from_stdin() {
                return Err(usage(format!(
                    "--puzzle -: {backend} reads its keys from standard input; give the puzzle as --puzzle FILE, or its link as --puzzle LINK"
                )));
            }
            Some(read_puzzle(path)?)
        }
        Some(path) => Some(read_puzzle(path)?),
    };
    if args.tilt && !kind.senses_tilt() {
        return Err(usage(format!(
            "--tilt: the {} backend has no motion sensor; tilt plays on the Sense HAT, the emulator (--backend sense-emu) and in scripts",
            kind.name()
        )));
    }
    Ok(Asked {
        mode: args.mode,
        size: args.size,
        intro: args.intro,
        puzzle,
        date: args.date,
        auto_mark: args.auto_mark,
        tilt: args.tilt,
    })
}

/// `--date`'s help, naming the first day with a puzzle of the day.
fn date_help() -> String {
    format!(
        "Play the puzzle of the day of this date, from {} to today, as `queens regions daily --date` prints it. Implies --mode regions; an earlier day's solve does not count in the daily streak, which counts a day solved on its day",
        date_string(FIRST_DAY)
    )
}

/// A mistake on the command line, said in one line.
fn usage(why: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(why))
}

/// The puzzle `--puzzle` gives, read as `queens regions solve` reads one.
fn read_puzzle(path: &Path) -> anyhow::Result<Puzzle> {
    let text = super::regions::read_input(Some(path.to_path_buf()))
        .map_err(|why| usage(format!("--puzzle: {why}")))?;
    let path = shown(&path.to_string_lossy());
    let (puzzle, _) =
        super::regions::parse_puzzle(&text).map_err(|why| usage(format!("--puzzle {path}: {why}")))?;
    Ok(puzzle)
}

/// Why the game asked for cannot start, in the terms of the command line;
/// `largest` is the largest board the backend opened shows.
fn refused(why: SetupError, args: &Args, largest: usize) -> anyhow::Error {
    let puzzle = || shown(&args.puzzle.as_deref().unwrap_or(Path::new("-")).to_string_lossy());
    match why {
        SetupError::Size(e) => match e.why {
            // Where the backend has no room for it, the terminal may: its largest in this mode.
            Unfit::NoRoom(_, mode) => {
                let terminal = largest_played(mode, BackendKind::Terminal.largest_board());
                usage(format!("--size {e}; the terminal's up to {terminal}x{terminal}"))
            }
            _ => usage(format!("--size {e}")),
        },
        SetupError::PuzzleMode(mode) => {
            usage(format!("--puzzle: only regions mode plays a given puzzle, not {mode}"))
        }
        SetupError::PuzzleSize(size, n) => usage(format!("--size {size}: the puzzle given is {n}x{n}")),
        SetupError::DateMode(mode) => {
            usage(format!("--date: only regions mode plays a puzzle of the day, not {mode}"))
        }
        SetupError::DateSize(size) => usage(format!("--size {size}: the puzzle of the day is 8x8")),
        SetupError::DateAndPuzzle => usage("--date and --puzzle: give one or the other".to_string()),
        SetupError::Date(why) => usage(format!("--date: {why}")),
        SetupError::Puzzle(why) => {
            // The largest board the terminal shows in regions mode.
            let terminal = largest_played(Some(ModeKind::Regions), BackendKind::Terminal.largest_board());
            match why {
                Unplayable::Larger(..) if largest < terminal => {
                    usage(format!("--puzzle {}: {why}; the terminal's up to {terminal}x{terminal}", puzzle()))
                }
                why => usage(format!("--puzzle {}: {why}", puzzle())),
            }
        }
    }
}

/// Randomness for new regions puzzles: the clock's nanoseconds and the
/// process id, different at every start (the engine itself has none).
fn fresh_seed() -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ (u64::from(std::process::id()) << 32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn play_options_without_the_word_play_are_those_of_queens_play() {
        use crate::cli::{Cli, Command};
        let play_args = |words: &[&str]| {
            let cli = Cli::try_parse_from(words).unwrap();
            match cli.command {
                Some(Command::Play(args)) => args,
                None => cli.play,
                Some(other) => panic!("{words:?} parsed as {other:?}"),
            }
        };
        assert_eq!(format!("{:?}", play_args(&["queens"])), format!("{:?}", play_args(&["queens", "play"])));
        let bare = ["queens", "--mode", "strict", "--size", "6", "--backend", "script"];
        let explicit = ["queens", "play", "--mode", "strict", "--size", "6", "--backend", "script"];
        assert_eq!(format!("{:?}", play_args(&bare)), format!("{:?}", play_args(&explicit)));
        let defaults = play_args(&["queens"]);
        assert_eq!(defaults.hat.i2c_bus, PathBuf::from(sense_hat::i2c::devices::DEFAULT_BUS));
        assert_eq!(defaults.hat.gpio_line, sense_hat::i2c::devices::DEFAULT_LINE);
        assert_eq!(defaults.backend, None, "auto");
    }
}
