//! One step of the orientation's fusion (the `orientation` feature): a
//! motion reading given to the Madgwick filter, as `Sensors::orientation`
//! does at each call, beside the orientation from gravity and the field
//! alone (`fusion::measured`, no gyroscope).
//!
//! Run with `cargo bench -p sense-hat --features orientation --bench fusion`;
//! figures are in the root's docs/PERFORMANCE.md.

use divan::black_box;
use sense_hat::sensors::fusion::{Fusion, measured};
use sense_hat::sensors::{Motion, Vector};
use std::time::{Duration, Instant};

fn main() {
    divan::main();
}

/// A HAT tilted 20 degrees, turning slowly, in a field like the Earth's.
fn reading() -> Motion {
    let (s, c) = 20f64.to_radians().sin_cos();
    Motion {
        accel: Vector::new(0.0, s, c),
        gyro: Vector::new(0.0, 0.0, 0.1),
        magnet: Vector::new(20.0, 0.0, -40.0),
    }
}

#[divan::bench]
fn fusion_step(bencher: divan::Bencher) {
    let motion = reading();
    let mut fusion = Fusion::new();
    let mut at = Instant::now();
    fusion.update(&motion, at);
    bencher.bench_local(|| {
        // Ten readings a second, as a game sampling every 100 ms takes them.
        at += Duration::from_millis(100);
        fusion.update(black_box(&motion), at)
    });
}

#[divan::bench]
fn orientation_from_gravity_and_field() -> f64 {
    let motion = reading();
    measured(black_box(motion.accel), black_box(motion.magnet)).yaw
}
