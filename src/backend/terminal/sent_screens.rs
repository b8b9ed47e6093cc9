//! The screens sent while games are played, held to full redraws: each
//! frame's changes sent to one emulated terminal (`vt100`), the same frame
//! drawn whole on a blank one, every cell's text and attributes compared.

use super::screen::seen;
use super::*;
use crate::game::{Engine, Event, MAX_SIDE, ModeKind, Setup};

/// A game in the terminal: each frame sent as the backend sends it, to
/// an emulated terminal, and the same frame drawn whole on another.
struct Play {
    engine: Engine,
    now: Millis,
    size: Size,
    terminal: vt100::Parser,
    sent: Option<Screen>,
    colours: Colours,
    /// Regions' letters on their squares (`--letters`).
    letters: bool,
}

impl Play {
    fn start(mode: ModeKind, side: usize, size: Size, colours: Colours) -> Play {
        let engine = Play::game(mode, side);
        let mut play = Play {
            engine,
            now: 0,
            size,
            terminal: seen::terminal(size),
            sent: None,
            colours,
            letters: false,
        };
        play.send();
        play
    }

    fn game(mode: ModeKind, side: usize) -> Engine {
        let setup = Setup::of(mode, side).largest(MAX_SIDE).intro(true).setup();
        Engine::fresh(setup)
    }

    /// Another mode or size, as the menu chooses one: its screen sent
    /// as the changes from the last game's.
    fn switch(&mut self, mode: ModeKind, side: usize) {
        self.engine = Play::game(mode, side);
        self.send();
    }

    /// Sends the frame on show; the bytes sent. Fails if the terminal
    /// then shows anything but what the frame drawn whole shows.
    fn send(&mut self) -> usize {
        let on_show = self.engine.on_show();
        let frame = *self.engine.frame();
        let picture = picture(Some(&on_show), frame);
        // As the backend has it: letters on the game's own picture, the one with the cursor.
        let letters = if self.letters && picture.1.is_some() { on_show.letters.as_slice() } else { &[] };
        let whole = whole_screen(picture, letters, Some(&on_show), None, self.size, self.colours);
        let (text, screen) = screen::to_send(self.sent.take(), whole.clone(), self.size);
        self.sent = Some(screen);
        self.terminal.process(text.as_bytes());
        if let Some(difference) =
            seen::difference(self.terminal.screen(), seen::after(self.size, &whole).screen())
        {
            panic!("{on_show:?}: the changes sent left {difference} (a full redraw)");
        }
        text.len()
    }

    /// `event`, then the animation that follows played to its end: its
    /// first frames sent, and its last (a terminal too slow for every
    /// frame gets fewer, as a loaded machine's may); the bytes of the
    /// event's own frame.
    fn play(&mut self, event: Event) -> usize {
        self.now += 150;
        self.engine.handle(event, self.now);
        let bytes = self.send();
        let mut frames = 0;
        while let Some(deadline) = self.engine.next_deadline() {
            self.now = self.now.max(deadline);
            self.engine.tick(self.now);
            frames += 1;
            if frames <= 4 || self.engine.next_deadline().is_none() {
                self.send();
            }
        }
        bytes
    }

    /// The terminal resized: its screen cleared by the next frame, sent whole.
    fn resize(&mut self, size: Size) {
        self.size = size;
        let nz = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        self.terminal.set_size(nz(size.rows), nz(size.cols));
        self.sent = None;
        self.send();
    }
}

/// Each mode at 8x8 and at the largest size it plays, up to 16x16.
fn games() -> impl Iterator<Item = (ModeKind, usize)> {
    ModeKind::ALL.into_iter().flat_map(|mode| [(mode, 8), (mode, *mode.sizes().end().min(&MAX_SIDE))])
}

#[test]
fn the_screen_after_every_frame_sent_is_a_full_redraw_s_in_every_mode() {
    let moves = [Event::Right, Event::Down, Event::Down, Event::Left, Event::Up, Event::Right];
    let sizes = [Size { cols: 120, rows: 40 }, Size { cols: 60, rows: 30 }];
    for colours in [Colours::Palette256, Colours::TrueColour] {
        let mut play = Play::start(ModeKind::Classic, 4, sizes[0], colours);
        let mut seed = 1u64;
        for (game, (mode, side)) in games().enumerate() {
            // Regions' letters on in every other game.
            play.letters = game % 2 == 1;
            play.switch(mode, side);
            for step in 0..30 {
                if step == 15 {
                    play.resize(sizes[(game + 1) % 2]);
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Mostly moves, a press every so often, and the menu opened and worked now and then.
                let event = match (seed >> 33) % 16 {
                    0..=2 => Event::Press,
                    3 => Event::Hold,
                    n => moves[n as usize % moves.len()],
                };
                play.play(event);
                if event == Event::Hold {
                    play.play(Event::Release);
                }
            }
        }
    }
}

#[test]
fn a_cursor_move_sends_at_most_150_bytes_in_every_mode_on_8x8_and_its_largest_board() {
    for (mode, side) in games() {
        for colours in [Colours::Palette256, Colours::TrueColour] {
            let mut play = Play::start(mode, side, Size { cols: 120, rows: 40 }, colours);
            // The first key ends the start-up messages: more than the cursor changes.
            play.play(Event::Right);
            for event in std::iter::repeat_n(Event::Right, side).chain(std::iter::repeat_n(Event::Down, side))
            {
                let bytes = play.play(event);
                assert!(bytes <= 150, "{mode} {side}x{side}, {colours:?}: {bytes} bytes for a cursor move");
            }
        }
    }
}
