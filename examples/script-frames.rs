//! The script backend with room for the terminal's boards, up to 16x16: reads
//! script lines on standard input (as `queens play --backend script`) and
//! prints the settled frames, for a game that starts as the web page's does
//! (classic on the 8x8, the title scrolled first, today's date in UTC, and
//! regions mode's other puzzles from the seed given, as the page's address
//! gives one with `?seed=`). `scripts/web-test` compares the page with it;
//! `queens play` itself offers the script backend only the LED matrix's 8x8.
//!
//! `cargo run --example script-frames [SEED [DATE]] < events.txt` (SEED: 1 to
//! 16 hex digits, without one 0; DATE: YYYY-MM-DD, the day the game is played
//! on, without one today in UTC). The web test gives the date it pinned the
//! page's clock to, so that a run across midnight compares one day's puzzle.

use queens::backend::BackendKind;
use queens::backend::clock::UtcCalendar;
use queens::backend::script::Script;
use queens::daemon::{self, saver::Stored};
use queens::game::{Calendar, Engine, FixedDay, MAX_SIDE, ModeKind, SavedState, Setup, StoppedWatch};
use queens::regions::generate::parse_date;
use std::io;

fn main() {
    let seed = match std::env::args().nth(1) {
        None => 0,
        Some(hex) => match u64::from_str_radix(&hex, 16) {
            Ok(seed) if hex.len() <= 16 => seed,
            _ => {
                queens::eprintln_lossy!("script-frames: the seed {hex:?} is not 1 to 16 hex digits");
                std::process::exit(2);
            }
        },
    };
    // The date as the page has it, for regions mode's puzzle of the day.
    let calendar: Box<dyn Calendar> = match std::env::args().nth(2) {
        None => Box::new(UtcCalendar),
        Some(date) => match parse_date(&date) {
            Some(day) => Box::new(FixedDay(Some(day))),
            None => {
                queens::eprintln_lossy!("script-frames: the date {date:?} is not YYYY-MM-DD");
                std::process::exit(2);
            }
        },
    };
    let setup = Setup::of(ModeKind::Classic, 8).largest(MAX_SIDE).intro(true).seed(seed).setup();
    let nothing = SavedState::default();
    let mut engine = Engine::start(setup, &nothing, Box::new(StoppedWatch), calendar);
    // Nothing is saved: no state file.
    let mut saver = Stored::load(None).expect("no file to read").saver(&engine, false);
    let script = Script::new(io::stdin().lock(), io::stdout().lock(), false, "script-frames");
    match daemon::play(&mut engine, Box::new(script), BackendKind::Script, &mut saver) {
        Ok(ended) if ended.refused > 0 => std::process::exit(1),
        Ok(_) => {}
        Err(e) => {
            queens::eprintln_lossy!("script-frames: {e}");
            std::process::exit(1);
        }
    }
}
