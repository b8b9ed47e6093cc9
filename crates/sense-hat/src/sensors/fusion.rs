//! Orientation fused from the motion sensor's three readings (the
//! `orientation` feature), through the `ahrs` crate's Madgwick filter:
//! the gyroscope turns the estimate between readings, the accelerometer
//! and the magnetometer pull it towards down and north. The first reading
//! sets it straight from those two, so it is right at once when the HAT
//! is still. Angles as python-sense-hat's: roll about x, pitch about y,
//! yaw about z, each turning the HAT's frame from the Earth's (north,
//! west, up) in that order, as the emulator's sliders set them.
//!
//! The magnetometer reads the Earth's field plus the board's own (its
//! hard iron): [`MagnetCalibration`] finds that offset from readings taken
//! while the HAT is turned every way, and keeps it in a file.

use super::kinds::{Motion, Orientation, Vector};
use crate::error::{Device, Error, Result, shown_path};
use ahrs::{Ahrs, Madgwick};
use nalgebra::{UnitQuaternion, Vector3};
use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

/// How hard the accelerometer and magnetometer pull (Madgwick's beta; his
/// paper's 0.1 for a MARG sensor).
pub const BETA: f64 = 0.1;

/// The longest step the gyroscope is trusted over: after a longer gap
/// (the program stopped reading), the pose is set again from down and north.
const LONGEST_STEP: Duration = Duration::from_secs(1);

fn vector3(v: Vector) -> Vector3<f64> {
    Vector3::new(v.x, v.y, v.z)
}

/// The orientation down (the accelerometer, at rest) and north (the
/// magnetometer) say, with no gyroscope: roll and pitch from gravity, yaw
/// from the field turned level.
pub fn measured(accel: Vector, magnet: Vector) -> Orientation {
    let roll = accel.y.atan2(accel.z);
    let pitch = (-accel.x).atan2(accel.y.hypot(accel.z));
    let (sr, cr) = roll.sin_cos();
    let (sp, cp) = pitch.sin_cos();
    let north = magnet.x * cp + (magnet.y * sr + magnet.z * cr) * sp;
    let west = magnet.y * cr - magnet.z * sr;
    Orientation { roll, pitch, yaw: (-west).atan2(north) }
}

/// The fusion's state between readings.
#[derive(Clone)]
pub struct Fusion {
    filter: Madgwick<f64>,
    last: Option<Instant>,
    calibration: MagnetCalibration,
}

impl fmt::Debug for Fusion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fusion").field("last", &self.last).field("calibration", &self.calibration).finish()
    }
}

impl Default for Fusion {
    fn default() -> Self {
        Fusion::new()
    }
}

impl Fusion {
    /// No reading yet, no calibration.
    pub fn new() -> Fusion {
        Fusion { filter: Madgwick::new(0.01, BETA), last: None, calibration: MagnetCalibration::default() }
    }

    /// The hard-iron offsets to take from every magnetometer reading.
    pub fn set_calibration(&mut self, calibration: MagnetCalibration) {
        self.calibration = calibration;
    }

    /// The calibration in use.
    pub fn calibration(&self) -> MagnetCalibration {
        self.calibration
    }

    /// The orientation after `motion`, read at `at`.
    pub fn update(&mut self, motion: &Motion, at: Instant) -> Orientation {
        let magnet = self.calibration.corrected(motion.magnet);
        let step = self.last.map(|last| at.saturating_duration_since(last));
        self.last = Some(at);
        match step {
            Some(step) if step <= LONGEST_STEP && !step.is_zero() => {
                *self.filter.sample_period_mut() = step.as_secs_f64();
                let gyro = vector3(motion.gyro);
                // A zero field or no gravity (free fall) leaves the gyroscope alone.
                if self.filter.update(&gyro, &vector3(motion.accel), &vector3(magnet)).is_err()
                    && self.filter.update_imu(&gyro, &vector3(motion.accel)).is_err()
                {
                    self.filter.update_gyro(&gyro);
                }
            }
            Some(step) if step.is_zero() => {}
            _ => {
                let pose = measured(motion.accel, magnet);
                *self.filter.quat_mut() = UnitQuaternion::from_euler_angles(pose.roll, pose.pitch, pose.yaw);
            }
        }
        let (roll, pitch, yaw) = self.filter.quat().euler_angles();
        Orientation { roll, pitch, yaw }
    }
}

/// The magnetometer's hard-iron offsets, microtesla: what the board adds
/// to the Earth's field in every direction, taken from each reading.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MagnetCalibration {
    /// The offset of each axis.
    pub offset: Vector,
}

impl MagnetCalibration {
    /// A reading with the offsets taken away.
    pub fn corrected(&self, magnet: Vector) -> Vector {
        Vector::new(magnet.x - self.offset.x, magnet.y - self.offset.y, magnet.z - self.offset.z)
    }

    /// Reads a calibration kept by [`MagnetCalibration::save`]: one line,
    /// `x y z` in microtesla.
    pub fn load(path: &Path) -> Result<MagnetCalibration> {
        let device = Device::MotionSensor;
        let text = std::fs::read_to_string(path).map_err(|source| Error::Open {
            device,
            path: path.to_path_buf(),
            source,
        })?;
        let numbers: Vec<f64> = text.split_whitespace().filter_map(|n| n.parse().ok()).collect();
        match numbers[..] {
            [x, y, z] if text.split_whitespace().count() == 3 => {
                Ok(MagnetCalibration { offset: Vector::new(x, y, z) })
            }
            _ => Err(Error::BadReading {
                device,
                what: format!("magnetometer calibration {}", shown_path(path)),
                reason: "it is not three numbers, x y z in microtesla".to_string(),
            }),
        }
    }

    /// Keeps it in `path`, as one line, `x y z` in microtesla.
    pub fn save(&self, path: &Path) -> Result<()> {
        let Vector { x, y, z } = self.offset;
        std::fs::write(path, format!("{x} {y} {z}\n")).map_err(|source| Error::Open {
            device: Device::MotionSensor,
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Finds the hard-iron offsets from readings taken while the HAT is
/// turned every way: the middle of the smallest and the largest each axis
/// read.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MagnetCalibrator {
    least: Option<Vector>,
    most: Option<Vector>,
    readings: usize,
}

impl MagnetCalibrator {
    /// No reading yet.
    pub fn new() -> MagnetCalibrator {
        MagnetCalibrator::default()
    }

    /// Takes one magnetometer reading.
    pub fn add(&mut self, magnet: Vector) {
        let pick =
            |a: Vector, b: Vector, f: fn(f64, f64) -> f64| Vector::new(f(a.x, b.x), f(a.y, b.y), f(a.z, b.z));
        self.least = Some(self.least.map_or(magnet, |least| pick(least, magnet, f64::min)));
        self.most = Some(self.most.map_or(magnet, |most| pick(most, magnet, f64::max)));
        self.readings += 1;
    }

    /// How many readings it took.
    pub fn readings(&self) -> usize {
        self.readings
    }

    /// How far each axis's readings spread, microtesla: each near twice
    /// the field's strength (50 to 130 uT) once the HAT was turned every way.
    pub fn spread(&self) -> Vector {
        match (self.least, self.most) {
            (Some(l), Some(m)) => Vector::new(m.x - l.x, m.y - l.y, m.z - l.z),
            _ => Vector::default(),
        }
    }

    /// The offsets, if it took a reading.
    pub fn calibration(&self) -> Option<MagnetCalibration> {
        let (least, most) = (self.least?, self.most?);
        let middle = |a: f64, b: f64| (a + b) / 2.0;
        Some(MagnetCalibration {
            offset: Vector::new(middle(least.x, most.x), middle(least.y, most.y), middle(least.z, most.z)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The readings a HAT at rest in `pose` gives, as the emulator computes
    /// them (`sense_emu.imu.IMUServer._world_state`): gravity and a north
    /// field turned into the HAT's frame (R transposed, R = Rz Ry Rx), plus
    /// `iron`.
    fn at_rest(pose: Orientation, iron: Vector) -> Motion {
        let r = UnitQuaternion::from_euler_angles(pose.roll, pose.pitch, pose.yaw);
        let down = r.inverse() * Vector3::new(0.0, 0.0, 1.0);
        let north = r.inverse() * Vector3::new(33.0, 0.0, -20.0);
        Motion {
            accel: Vector::new(down.x, down.y, down.z),
            gyro: Vector::default(),
            magnet: Vector::new(north.x + iron.x, north.y + iron.y, north.z + iron.z),
        }
    }

    fn degrees(roll: f64, pitch: f64, yaw: f64) -> Orientation {
        Orientation { roll: roll.to_radians(), pitch: pitch.to_radians(), yaw: yaw.to_radians() }
    }

    fn near(a: Orientation, b: Orientation, within_degrees: f64) -> bool {
        let close = |x: f64, y: f64| {
            let d = (x - y).to_degrees().rem_euclid(360.0);
            d.min(360.0 - d) <= within_degrees
        };
        close(a.roll, b.roll) && close(a.pitch, b.pitch) && close(a.yaw, b.yaw)
    }

    #[test]
    fn at_rest_the_first_reading_is_the_pose() {
        for pose in [
            degrees(0.0, 0.0, 0.0),
            degrees(10.0, 20.0, 30.0),
            degrees(-30.0, 15.0, 90.0),
            degrees(5.0, -40.0, 200.0),
        ] {
            let motion = at_rest(pose, Vector::default());
            assert!(near(measured(motion.accel, motion.magnet), pose, 1e-6), "{pose:?}");
            let fused = Fusion::new().update(&motion, Instant::now());
            assert!(near(fused, pose, 1e-6), "{fused:?} for {pose:?}");
        }
    }

    #[test]
    fn the_gyroscope_turns_it_and_down_and_north_hold_it() {
        let mut fusion = Fusion::new();
        let start = Instant::now();
        let still = at_rest(degrees(0.0, 0.0, 0.0), Vector::default());
        fusion.update(&still, start);
        // Turning about z at 90 degrees a second for half a second, read at 100 Hz.
        let rate = 90f64.to_radians();
        let mut pose = Orientation::default();
        for step in 1..=50u32 {
            pose = degrees(0.0, 0.0, 90.0 * f64::from(step) / 100.0);
            let mut motion = at_rest(pose, Vector::default());
            motion.gyro = Vector::new(0.0, 0.0, rate);
            let fused = fusion.update(&motion, start + Duration::from_millis(10 * u64::from(step)));
            assert!(near(fused, pose, 1.0), "step {step}: {fused:?} for {pose:?}");
        }
        // Still again, with a gyroscope that drifts: the magnetometer holds the yaw.
        let mut drifting = at_rest(pose, Vector::default());
        drifting.gyro = Vector::new(0.0, 0.0, 0.02);
        let mut fused = Orientation::default();
        for step in 51..=550u64 {
            fused = fusion.update(&drifting, start + Duration::from_millis(10 * step));
        }
        assert!(near(fused, pose, 2.0), "five seconds of drift: {fused:?} for {pose:?}");
    }

    #[test]
    fn hard_iron_is_found_by_turning_the_hat_every_way_and_kept() {
        let iron = Vector::new(25.0, 10.0, -8.0);
        let mut calibrator = MagnetCalibrator::new();
        for roll in (0..360).step_by(30) {
            for pitch in (-90..=90).step_by(30) {
                for yaw in (0..360).step_by(30) {
                    calibrator.add(
                        at_rest(degrees(f64::from(roll), f64::from(pitch), f64::from(yaw)), iron).magnet,
                    );
                }
            }
        }
        let calibration = calibrator.calibration().unwrap();
        let off = calibration.offset;
        assert!(
            (off.x - 25.0).abs() < 1.0 && (off.y - 10.0).abs() < 1.0 && (off.z + 8.0).abs() < 1.0,
            "{off:?}"
        );
        let pose = degrees(0.0, 0.0, 60.0);
        let motion = at_rest(pose, iron);
        assert!(
            !near(Fusion::new().update(&motion, Instant::now()), pose, 5.0),
            "the iron turns the heading"
        );
        let mut calibrated = Fusion::new();
        calibrated.set_calibration(calibration);
        assert!(near(calibrated.update(&motion, Instant::now()), pose, 1.0));

        let path = std::env::temp_dir().join(format!("sense-hat-magnet-{}", std::process::id()));
        calibration.save(&path).unwrap();
        assert_eq!(MagnetCalibration::load(&path).unwrap(), calibration);
        std::fs::write(&path, "12 -30\n").unwrap();
        let err = MagnetCalibration::load(&path).unwrap_err().to_string();
        assert!(err.contains("not three numbers"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }
}
