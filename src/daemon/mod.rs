//! The game loop: one engine, one backend, until the input ends; and what
//! the loop keeps across runs (signals, saved state).

pub mod config;
pub mod log;
pub mod signals;
pub mod small_file;
pub mod state;

use crate::backend::{Display, Error, Input, Next};
use crate::game::{Engine, Frame, OnShow};

/// Plays `engine` on `io` until the input says [`Next::Quit`], then leaves
/// the display dark. Between events the loop sleeps inside [`Input::next`]:
/// with no animation playing it has no deadline, so an idle game is
/// blocked, not polling.
pub fn run(engine: &mut Engine, io: &mut (impl Display + Input)) -> Result<(), Error> {
    run_saving(engine, io, |_| {})
}

/// [`run`], calling `save` whenever the mode, size or progress changed.
pub fn run_saving(
    engine: &mut Engine,
    io: &mut (impl Display + Input),
    mut save: impl FnMut(&Engine),
) -> Result<(), Error> {
    let mut shown: Option<Frame> = None;
    let mut described: Option<OnShow> = None;
    loop {
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
        match io.next(engine.next_deadline())? {
            Next::Event(event) => {
                engine.handle(event, io.now());
                if engine.take_changed() {
                    save(engine);
                }
            }
            Next::Timeout => {}
            Next::Quit => return io.show(&Frame::dark(engine.frame().side())),
        }
    }
}
