//! The desktop backends' per-frame and per-key work: drawing a frame as
//! ANSI text, encoding it for the Sense HAT emulator, decoding keys, and
//! one tilt sample read from the emulator's IMU file and played.
//!
//! Run with `cargo bench --bench desktop`; figures are in docs/PERFORMANCE.md.

use divan::black_box;
use queens::backend::sense_emu::screen;
use queens::backend::terminal::keys::decode_all;
use queens::backend::terminal::render::{self, Colours, Size};
use queens::game::{Classic, Engine, Event, Frame, ModeKind, Setup, TiltSettings, tilt};
use sense_hat::sensors::{Sensors, emu::Emulator};

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

/// One step of tilt to play, as the sense-emu backend and the game loop take
/// it every 100 ms while tilt is on: the emulator's IMU file read (opened,
/// read, closed, as sense-emu 1.2 lays it out: a HAT held level), gravity
/// made a pitch and roll, and the sample given to the engine.
#[divan::bench]
fn tilt_sample_read_and_played(bencher: divan::Bencher) {
    let dir = std::env::temp_dir().join(format!("queens-bench-tilt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // IMU_DATA: the type (6) and its name, a timestamp at 24, then from 32 the
    // accelerometer's counts (1 g is 4081.6327), gyroscope, compass, orientation.
    let mut imu = vec![0u8; 56];
    imu[0] = 6;
    imu[1] = 7;
    imu[2..9].copy_from_slice(b"LSM9DS1");
    imu[36..38].copy_from_slice(&4082i16.to_ne_bytes());
    std::fs::write(dir.join("rpi-sense-emu-imu"), imu).unwrap();
    let mut sensors = Sensors::new(Emulator::at(&dir));
    let mut e = Engine::fresh(Setup::of(ModeKind::Classic, 8).tilt(TiltSettings::default()).setup());
    let mut now = 0;
    bencher.bench_local(|| {
        let g = sensors.accel().unwrap();
        let sample = tilt::from_accel(g.x, g.y, g.z).unwrap();
        now += 100;
        e.handle(black_box(sample), now);
    });
    std::fs::remove_dir_all(&dir).unwrap();
}
