//! The sensors of the Sense HAT emulator (PyPI's `sense-emu`, 1.2): its
//! GUI's sliders write the humidity, pressure and IMU state into three
//! files, `rpi-sense-emu-humidity`, `-pressure` and `-imu`, in `/dev/shm`
//! (else `/tmp`), and its own `sense_emu.RTIMU` reads them back. Their
//! layouts are `sense_emu.humidity.HUMIDITY_DATA`, `.pressure.PRESSURE_DATA`
//! and `.imu.IMU_DATA`: Python `struct`s in native order and alignment,
//! read here as that module reads them, so a program gets the numbers
//! python-sense-hat gets from the emulator, with one change: the
//! emulator's gyroscope counts degrees a second (its sliders' rate), given
//! here in radians a second as the HAT's. The emulator has no colour sensor.

use super::kinds::{
    ColourSensor, Humidity, HumiditySensor, Motion, MotionSensor, Orientation, Pressure, PressureSensor,
    SensorSource, Vector,
};
use crate::error::{Device, Error, Result, shown_path};
use std::ffi::c_long;
use std::fs;
use std::path::{Path, PathBuf};

/// The humidity file's name.
pub const HUMIDITY_FILE: &str = "rpi-sense-emu-humidity";
/// The pressure file's name.
pub const PRESSURE_FILE: &str = "rpi-sense-emu-pressure";
/// The IMU file's name.
pub const IMU_FILE: &str = "rpi-sense-emu-imu";

// sense_emu.imu's factors: counts per g, per degree a second, per gauss,
// per radian.
const ACCEL_FACTOR: f64 = 4081.6327;
const GYRO_FACTOR: f64 = 57.142857;
const COMPASS_FACTOR: f64 = 7142.8571;
const ORIENT_FACTOR: f64 = 5214.1892;
// sense_emu.pressure's.
const PRESSURE_FACTOR: f64 = 4096.0;
const TEMP_FACTOR: f64 = 480.0;
const TEMP_OFFSET: f64 = 37.0;

/// The emulator's files in one directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emulator {
    dir: PathBuf,
}

impl Default for Emulator {
    fn default() -> Self {
        Emulator::new()
    }
}

impl Emulator {
    /// Where sense-emu keeps them: `/dev/shm` if there is one, else `/tmp`.
    pub fn new() -> Emulator {
        let shm = Path::new("/dev/shm");
        Emulator::at(if shm.is_dir() { shm } else { Path::new("/tmp") })
    }

    /// In `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Emulator {
        Emulator { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, device: Device, name: &str) -> Result<EmuFile> {
        let path = self.dir.join(name);
        // What is there in its place, if anything: a directory or a FIFO is not "not there".
        let what = match fs::metadata(&path) {
            Ok(found) if found.is_file() => None,
            Ok(found) if found.is_dir() => Some("is a directory, not the emulator's file"),
            Ok(_) => Some("is not a regular file (a FIFO, a socket or a device), not the emulator's file"),
            Err(_) => Some("is not there (is the emulator, sense_emu_gui, running?)"),
        };
        if let Some(what) = what {
            let explanation = format!("no emulated {}: {} {what}", device.noun(), shown_path(&path));
            return Err(Error::NotFound { device, explanation });
        }
        Ok(EmuFile { path, device })
    }
}

/// One of the emulator's files.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EmuFile {
    path: PathBuf,
    device: Device,
}

impl EmuFile {
    /// Its bytes, at least `size` of them, its first the sensor type
    /// sense-emu writes (`kind`).
    fn read(&self, size: usize, kind: u8) -> Result<Vec<u8>> {
        let device = self.device;
        let bytes =
            fs::read(&self.path).map_err(|source| Error::Open { device, path: self.path.clone(), source })?;
        let bad = |reason: String| Error::BadReading { device, what: shown_path(&self.path), reason };
        if bytes.len() < size {
            return Err(bad(format!("{} bytes, not the emulator's {size}", bytes.len())));
        }
        if bytes[0] != kind {
            return Err(bad(format!(
                "sensor type {}, not the emulator's {kind} (is it starting?)",
                bytes[0]
            )));
        }
        Ok(bytes)
    }
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_ne_bytes([bytes[at], bytes[at + 1]])
}

fn i16_at(bytes: &[u8], at: usize) -> f64 {
    f64::from(i16::from_ne_bytes([bytes[at], bytes[at + 1]]))
}

fn long_at(bytes: &[u8], at: usize) -> f64 {
    const LONG: usize = size_of::<c_long>();
    let mut word = [0u8; LONG];
    word.copy_from_slice(&bytes[at..at + LONG]);
    c_long::from_ne_bytes(word) as f64
}

/// The emulator's humidity sensor (`HUMIDITY_DATA`: type, name, H0, H1,
/// T0, T1, H0_OUT, H1_OUT, T0_OUT, T1_OUT, H_OUT, T_OUT, valid flags).
#[derive(Debug)]
pub struct EmuHumidity(EmuFile);

impl HumiditySensor for EmuHumidity {
    fn describe(&self) -> String {
        format!("the emulator's {}", shown_path(&self.0.path))
    }

    /// As `sense_emu.RTIMU.RTHumidity` reads it: two lines through the
    /// calibration points the file holds.
    fn read(&mut self) -> Result<Humidity> {
        let b = self.0.read(28, 2)?;
        let line = |v0: f64, v1: f64, o0: f64, o1: f64, out: f64| v0 + (v1 - v0) * (out - o0) / (o1 - o0);
        let (h0, h1) = (f64::from(b[7]), f64::from(b[8]));
        let (t0, t1) = (f64::from(u16_at(&b, 10)), f64::from(u16_at(&b, 12)));
        let (h0_out, h1_out, t0_out, t1_out) =
            (i16_at(&b, 14), i16_at(&b, 16), i16_at(&b, 18), i16_at(&b, 20));
        Ok(Humidity {
            percent: line(h0, h1, h0_out, h1_out, i16_at(&b, 22)),
            celsius: line(t0, t1, t0_out, t1_out, i16_at(&b, 24)),
        })
    }
}

/// The emulator's pressure sensor (`PRESSURE_DATA`: type, name, P_REF and
/// P_OUT as C longs, T_OUT, valid flags).
#[derive(Debug)]
pub struct EmuPressure(EmuFile);

impl PressureSensor for EmuPressure {
    fn describe(&self) -> String {
        format!("the emulator's {}", shown_path(&self.0.path))
    }

    fn read(&mut self) -> Result<Pressure> {
        const LONG: usize = size_of::<c_long>();
        // After the type and the 6-byte name, the first long is aligned at 8.
        let p_out = 8 + LONG;
        let t_out = p_out + LONG;
        let b = self.0.read(t_out + 4, 3)?;
        Ok(Pressure {
            millibars: long_at(&b, p_out) / PRESSURE_FACTOR,
            celsius: i16_at(&b, t_out) / TEMP_FACTOR + TEMP_OFFSET,
        })
    }
}

/// The emulator's IMU (`IMU_DATA`: type, a 20-byte name, a timestamp at
/// 24, then accelerometer, gyroscope, compass and orientation, three
/// 16-bit counts each, from 32).
#[derive(Debug)]
pub struct EmuMotion(EmuFile);

impl EmuMotion {
    fn counts(&self) -> Result<[Vector; 4]> {
        let b = self.0.read(56, 6)?;
        let vector = |at: usize| Vector::new(i16_at(&b, at), i16_at(&b, at + 2), i16_at(&b, at + 4));
        Ok([vector(32), vector(38), vector(44), vector(50)])
    }
}

impl MotionSensor for EmuMotion {
    fn describe(&self) -> String {
        format!("the emulator's {}", shown_path(&self.0.path))
    }

    fn read(&mut self) -> Result<Motion> {
        let [accel, gyro, compass, _] = self.counts()?;
        Ok(Motion {
            accel: accel.scaled(1.0 / ACCEL_FACTOR),
            gyro: gyro.scaled(1.0 / GYRO_FACTOR).scaled(std::f64::consts::PI / 180.0),
            magnet: compass.scaled(100.0 / COMPASS_FACTOR),
        })
    }

    /// The orientation the emulator's sliders set (`fusionPose`: roll,
    /// pitch and yaw, radians).
    fn pose(&mut self) -> Result<Option<Orientation>> {
        let [.., orientation] = self.counts()?;
        let Vector { x, y, z } = orientation.scaled(1.0 / ORIENT_FACTOR);
        Ok(Some(Orientation { roll: x, pitch: y, yaw: z }))
    }
}

impl SensorSource for Emulator {
    fn describe(&self) -> String {
        format!("the emulator's files in {}", shown_path(&self.dir))
    }

    fn humidity(&mut self) -> Result<Box<dyn HumiditySensor>> {
        Ok(Box::new(EmuHumidity(self.file(Device::HumiditySensor, HUMIDITY_FILE)?)))
    }

    fn pressure(&mut self) -> Result<Box<dyn PressureSensor>> {
        Ok(Box::new(EmuPressure(self.file(Device::PressureSensor, PRESSURE_FILE)?)))
    }

    fn motion(&mut self) -> Result<Box<dyn MotionSensor>> {
        Ok(Box::new(EmuMotion(self.file(Device::MotionSensor, IMU_FILE)?)))
    }

    fn colour(&mut self) -> Result<Box<dyn ColourSensor>> {
        Err(Error::NotFound {
            device: Device::ColourSensor,
            explanation: "the emulator has no colour sensor (sense-emu 1.2 emulates a v1 HAT)".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::Sensors;

    fn dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sense-hat-emu-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The files as sense-emu's servers first write them (their defaults
    /// and `set_values`), packed by hand in the layouts above.
    fn write_files(dir: &Path) {
        let mut humidity = vec![2u8, 6, b'H', b'T', b'S', b'2', b'2', 0, 100, 0];
        for v in [0i16, 100, 0, 25600, 0, 6400, (45.5 * 256.0) as i16, (21.25 * 64.0) as i16] {
            humidity.extend(v.to_ne_bytes());
        }
        humidity.extend([1, 1]);
        fs::write(dir.join(HUMIDITY_FILE), humidity).unwrap();
        let mut pressure = vec![3u8, 6, b'L', b'P', b'S', b'2', b'5', b'H'];
        pressure.extend((0 as c_long).to_ne_bytes());
        pressure.extend(((1013.5 * 4096.0) as c_long).to_ne_bytes());
        pressure.extend((((20.0 - 37.0) * 480.0) as i16).to_ne_bytes());
        pressure.extend([1, 1]);
        fs::write(dir.join(PRESSURE_FILE), pressure).unwrap();
        let mut imu = vec![6u8, 7];
        imu.extend(b"LSM9DS1");
        imu.resize(24, 0);
        imu.extend(12345u64.to_ne_bytes());
        let roll = (10f64.to_radians() * ORIENT_FACTOR) as i16;
        for v in [0, 0, 4081, 0, 0, 571, 2357, 0, 0, roll, 0, 0] {
            imu.extend(i16::to_ne_bytes(v));
        }
        fs::write(dir.join(IMU_FILE), imu).unwrap();
    }

    #[test]
    fn the_emulators_files_read_as_python_sense_hat_reads_them() {
        let dir = dir("read");
        write_files(&dir);
        let mut sensors = Sensors::new(Emulator::at(&dir));
        assert_eq!(sensors.humidity().unwrap(), 45.5);
        assert_eq!(sensors.temperature().unwrap(), 21.25);
        assert_eq!(sensors.pressure().unwrap(), 1013.5);
        assert_eq!(sensors.temperature_from_pressure().unwrap(), 20.0);
        let Motion { accel, gyro, magnet } = sensors.motion().unwrap();
        assert!((accel.z - 1.0).abs() < 0.001 && accel.x == 0.0, "{accel:?}");
        assert!((gyro.z - 10f64.to_radians()).abs() < 0.001, "10 degrees a second, in radians: {gyro:?}");
        assert!((magnet.x - 33.0).abs() < 0.01, "0.33 gauss as microtesla: {magnet:?}");
        let pose = sensors.motion_sensor().unwrap().pose().unwrap().unwrap();
        assert!((pose.roll - 10f64.to_radians()).abs() < 0.001 && pose.pitch == 0.0, "{pose:?}");
        let err = sensors.colour().unwrap_err().to_string();
        assert!(err.contains("no colour sensor"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_or_foreign_file_is_one_line() {
        let dir = dir("missing");
        let mut sensors = Sensors::new(Emulator::at(&dir));
        let err = sensors.humidity().unwrap_err().to_string();
        assert!(
            err.contains("rpi-sense-emu-humidity is not there") && err.contains("sense_emu_gui"),
            "{err}"
        );
        fs::write(dir.join(IMU_FILE), [0u8; 56]).unwrap();
        let err = sensors.accel().unwrap_err().to_string();
        assert!(err.contains("sensor type 0, not the emulator's 6"), "{err}");
        fs::write(dir.join(PRESSURE_FILE), [3u8; 4]).unwrap();
        let err = sensors.pressure().unwrap_err().to_string();
        assert!(err.contains("4 bytes"), "{err}");
        // Something else in a file's place is said as what it is, not as nothing there.
        fs::create_dir(dir.join(HUMIDITY_FILE)).unwrap();
        let err = sensors.humidity().unwrap_err().to_string();
        assert!(err.contains("rpi-sense-emu-humidity is a directory, not the emulator's file"), "{err}");
        let socket = std::os::unix::net::UnixListener::bind(dir.join("socket")).unwrap();
        fs::remove_file(dir.join(IMU_FILE)).unwrap();
        fs::rename(dir.join("socket"), dir.join(IMU_FILE)).unwrap();
        let err = sensors.accel().unwrap_err().to_string();
        assert!(err.contains("rpi-sense-emu-imu is not a regular file"), "{err}");
        drop(socket);
        fs::remove_dir_all(&dir).unwrap();
    }
}
