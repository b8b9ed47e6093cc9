//! The game loop: one engine, one backend, until the input ends; and what
//! the loop keeps across runs (the config file, logging, saved state, and
//! when it is saved).

mod atomic_file;
pub mod config;
pub(crate) mod log;
pub mod saver;
pub(crate) mod small_file;
pub mod state;
pub mod state_toml;

use crate::backend::{Backend, BackendKind, Error, Next};
use crate::game::{Engine, Frame, OnShow};
use saver::Saver;

/// How a game played by [`play`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    /// Lines of input the backend refused ([`Backend::refused`]).
    pub refused: usize,
    /// The signal that ended the game, if one did ([`Backend::ended_by`]).
    pub signal: Option<i32>,
}

/// The one way a game is played, on whichever backend: ready for systemd
/// if the backend is the service, log lines held back while the backend
/// draws where they would go, the loop (saving through `saver` the game
/// started on if it is due, then whenever the mode, size or progress
/// changed) until the input ends, and the backend closed (the
/// terminal given back, say) before the lines held back are written out.
pub fn play(
    engine: &mut Engine,
    backend: Box<dyn Backend>,
    kind: BackendKind,
    saver: &mut Saver,
) -> Result<Ended, Error> {
    let held = backend.holds_log_lines().then(log::capture);
    // Declared after `held`, so dropped before it on every way out.
    let mut backend = backend;
    if kind.is_service() {
        notify_ready();
    }
    saver.save(engine);
    run_loop(engine, &mut *backend, |engine| saver.save(engine), held.as_ref())?;
    if kind.is_service() {
        ::log::info!("stopped; the LEDs are dark");
    }
    Ok(Ended { refused: backend.refused(), signal: backend.ended_by() })
}

/// Tells systemd the game is up (`Type=notify`); nothing outside systemd.
fn notify_ready() {
    if let Err(e) = sd_notify::notify(false, &[sd_notify::NotifyState::Ready]) {
        ::log::warn!("cannot tell systemd the game is ready: {e}");
    }
}

/// The loop itself: plays `engine` on `io` until the input says
/// [`Next::Quit`], then leaves the display dark. Between events it sleeps
/// inside [`crate::backend::Input::next`]: with no animation playing there
/// is no deadline, so an idle game is blocked, not polling. The latest line
/// `held` holds back, if any, is handed to the backend before each wait.
fn run_loop(
    engine: &mut Engine,
    io: &mut (impl Backend + ?Sized),
    mut save: impl FnMut(&mut Engine),
    held: Option<&log::Capture>,
) -> Result<(), Error> {
    let mut shown: Option<Frame> = None;
    let mut described: Option<OnShow> = None;
    loop {
        if let Some(room) = io.room() {
            engine.set_room(room);
        }
        engine.tick(io.now());
        let on_show = engine.on_show();
        if described.as_ref() != Some(&on_show) {
            io.describe(&on_show)?;
            described = Some(on_show);
        }
        if shown.as_ref() != Some(engine.frame()) {
            io.show(engine.frame())?;
            shown = Some(*engine.frame());
        }
        io.repeat_held_directions(engine.repeats_held_directions());
        io.sample_tilt(engine.tilt_sampling());
        if let Some(line) = held.and_then(|held| held.unseen().pop()) {
            io.show_log_line(line);
        }
        // A clock on show wakes the loop once a second while it runs, and only then.
        let clock = engine.clock_deadline().filter(|_| io.shows_clock());
        let deadline = [engine.next_deadline(), clock].into_iter().flatten().min();
        match io.next(deadline)? {
            Next::Event(event) => {
                engine.handle(event, io.now());
                save(engine);
            }
            Next::Timeout => {}
            // Regions' clock stands while the game is stopped, as while the page is hidden.
            Next::Stopped { from, to } => {
                engine.pause(true, from);
                engine.pause(false, to);
            }
            Next::Quit => return io.show(&Frame::dark(engine.frame().side())),
        }
    }
}
