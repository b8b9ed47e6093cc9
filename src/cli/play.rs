//! `queens play`: the game, on whichever backend fits.

use crate::backend::script::Script;
use crate::backend::{sense_emu, terminal};
use crate::daemon::state::{State, StateFile};
use crate::daemon::{self};
use crate::game::{Engine, ModeKind, SIZES, Setup};
use clap::ValueEnum;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Where to play. `auto` picks the terminal when standard input and output are one, else the script backend.
    #[arg(long, value_enum, default_value_t)]
    backend: BackendChoice,

    /// Script backend: also print every animation frame, after `@ MS`.
    #[arg(long)]
    trace: bool,

    /// The mode to start in (default: the one played last).
    #[arg(long, value_parser = parse_mode)]
    mode: Option<ModeKind>,

    /// The board size, 4 to 8 on the LED matrix (default: the one played last, or 8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(*SIZES.start() as i64..=*SIZES.end() as i64))]
    size: Option<u8>,

    /// Scroll the title and the controls at start (the script backend shows it only when asked).
    #[arg(long)]
    intro: bool,

    /// Where progress and the last mode are kept (default: $STATE_DIRECTORY or
    /// the XDG state directory; the script backend keeps none unless given one).
    #[arg(long, value_name = "PATH")]
    state: Option<PathBuf>,
}

fn parse_mode(s: &str) -> Result<ModeKind, String> {
    s.parse()
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum BackendChoice {
    #[default]
    Auto,
    /// Events as lines on standard input, frames as text on standard output.
    Script,
    /// Square colour cells in this terminal, keys from its keyboard.
    Terminal,
    /// The Sense HAT emulator (`sense_emu_gui`): its screen file and joystick socket.
    SenseEmu,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let backend = match args.backend {
        BackendChoice::Auto if io::stdin().is_terminal() && io::stdout().is_terminal() => {
            BackendChoice::Terminal
        }
        BackendChoice::Auto => BackendChoice::Script,
        chosen => chosen,
    };
    let state_file = args.state.clone().map(StateFile::new).or_else(|| match backend {
        BackendChoice::Script => None,
        _ => StateFile::default_location(),
    });
    let saved = load_state(state_file.as_ref());
    let setup = Setup {
        mode: args.mode.unwrap_or(saved.mode),
        size: args.size.map_or(saved.size, usize::from),
        intro: args.intro,
        ..Setup::default()
    };
    let mut engine = Engine::start(setup, saved.progress);
    let save = |engine: &Engine| save_state(state_file.as_ref(), engine);
    match backend {
        BackendChoice::Terminal => terminal::play(&mut engine, save)?,
        BackendChoice::SenseEmu => sense_emu::play(&mut engine, save)?,
        _ => {
            let mut script = Script::new(io::stdin().lock(), io::stdout().lock(), args.trace);
            daemon::run_saving(&mut engine, &mut script, save)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The saved state, or the defaults; a corrupt file is reported and set aside.
fn load_state(file: Option<&StateFile>) -> State {
    let Some(file) = file else { return State::default() };
    let loaded = file.load();
    if let Some(warning) = loaded.warning {
        eprintln!("queens: warning: {warning}");
    }
    loaded.state.unwrap_or_default()
}

/// Saves the engine's mode, size and progress; a failure is a warning and the game goes on.
fn save_state(file: Option<&StateFile>, engine: &Engine) {
    let Some(file) = file else { return };
    let setup = engine.setup();
    let state = State { mode: setup.mode, size: setup.size, progress: *engine.progress() };
    if let Err(e) = file.save(&state) {
        eprintln!("queens: warning: {e:#}; progress is kept in memory only");
    }
}
