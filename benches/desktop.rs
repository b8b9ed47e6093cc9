//! The desktop backends' per-frame and per-key work: drawing a frame as
//! ANSI text, encoding it for the Sense HAT emulator, and decoding keys.
//!
//! Run with `cargo bench --bench desktop`; figures are in docs/PERFORMANCE.md.

use divan::black_box;
use queens::backend::sense_emu::screen;
use queens::backend::terminal::keys::decode_all;
use queens::backend::terminal::render::{self, Colours, Size};
use queens::game::{Classic, Engine, Event, Frame, ModeKind, Setup};

fn main() {
    divan::main();
}

/// The answer's frame: the most colours a board shows at once.
fn answer() -> Frame {
    let mut e = Engine::new(Box::new(Classic::eight()));
    for event in [Event::Press, Event::Press] {
        e.handle(event, 0);
    }
    *e.frame()
}

const SIZE: Size = Size { cols: 80, rows: 24 };

#[divan::bench]
fn terminal_frame_truecolour(bencher: divan::Bencher) {
    let frame = answer();
    bencher.bench_local(|| render::board(black_box(&frame), Some((3, 4)), SIZE, Colours::TrueColour));
}

#[divan::bench]
fn terminal_frame_256_colours(bencher: divan::Bencher) {
    let frame = answer();
    bencher.bench_local(|| render::board(black_box(&frame), Some((3, 4)), SIZE, Colours::Palette256));
}

/// The lines under the board with strict's menu open (the longest status
/// line the game writes, wrapped onto two rows), and the help line.
#[divan::bench]
fn terminal_lines_under_the_board(bencher: divan::Bencher) {
    let mut e = Engine::fresh(Setup::of(ModeKind::Strict, 8).setup());
    e.handle(Event::Hold, 0);
    let on_show = e.on_show();
    bencher.bench_local(|| render::under(black_box(&on_show), None, SIZE, 8));
}

#[divan::bench]
fn sense_emu_frame_encoding(bencher: divan::Bencher) {
    let frame = answer();
    bencher.bench_local(|| screen::encode(black_box(&frame)).unwrap());
}

#[divan::bench]
fn terminal_keys_decoding() -> usize {
    // A burst of arrows, letters and a menu hold, as a fast typist sends them.
    decode_all(black_box(b"\x1b[A\x1b[B\x1b[C\x1b[Dwasdhjkl\r m\x1bOA")).len()
}
