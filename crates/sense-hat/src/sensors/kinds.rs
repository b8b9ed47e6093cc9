//! One trait per kind of sensor, the same for every path, and what each
//! reads, in python-sense-hat's units; [`SensorSource`], what opens a
//! path's sensors.

use crate::error::Result;

/// Three axes, in the HAT's frame as python-sense-hat gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vector {
    /// The x axis.
    pub x: f64,
    /// The y axis.
    pub y: f64,
    /// The z axis.
    pub z: f64,
}

impl Vector {
    /// The vector of these axes.
    pub const fn new(x: f64, y: f64, z: f64) -> Vector {
        Vector { x, y, z }
    }

    /// Each axis times `factor`.
    pub fn scaled(self, factor: f64) -> Vector {
        Vector::new(self.x * factor, self.y * factor, self.z * factor)
    }
}

/// What the humidity sensor reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Humidity {
    /// Relative humidity, per cent (`get_humidity()`).
    pub percent: f64,
    /// Its temperature, degrees Celsius (`get_temperature_from_humidity()`).
    pub celsius: f64,
}

/// What the pressure sensor reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pressure {
    /// Pressure, millibars (hectopascals) (`get_pressure()`).
    pub millibars: f64,
    /// Its temperature, degrees Celsius (`get_temperature_from_pressure()`).
    pub celsius: f64,
}

/// What the motion sensor reads, in the HAT's axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    /// Acceleration, g (`get_accelerometer_raw()`).
    pub accel: Vector,
    /// Rotation rate, radians a second (`get_gyroscope_raw()`).
    pub gyro: Vector,
    /// Magnetic field, microtesla (`get_compass_raw()`).
    pub magnet: Vector,
}

/// Which way the HAT faces, radians, as python-sense-hat's
/// `get_orientation_radians()` gives it (aircraft axes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Orientation {
    /// About the x axis.
    pub roll: f64,
    /// About the y axis.
    pub pitch: f64,
    /// About the z axis: the compass heading.
    pub yaw: f64,
}

impl Orientation {
    /// Each angle in degrees, 0 to 360, as `get_orientation_degrees()` gives them.
    pub fn degrees(&self) -> Orientation {
        let degrees = |radians: f64| radians.to_degrees().rem_euclid(360.0);
        Orientation { roll: degrees(self.roll), pitch: degrees(self.pitch), yaw: degrees(self.yaw) }
    }
}

/// What the colour sensor reads: each channel's count, as the chip gives
/// it (`colour_raw`), and the largest count its integration time allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Red.
    pub red: u16,
    /// Green.
    pub green: u16,
    /// Blue.
    pub blue: u16,
    /// Clear: all light, the brightness (`clear_raw`).
    pub clear: u16,
    /// The largest count at the sensor's integration time (`max_raw`).
    pub max_raw: u16,
}

impl Colour {
    /// The largest count for `cycles` integration cycles, as python-sense-hat
    /// counts it: 1024 a cycle up to 65535.
    pub fn max_for(cycles: u16) -> u16 {
        if cycles >= 64 { u16::MAX } else { 1024 * cycles }
    }

    /// Red, green, blue and clear scaled to 0..=255 (python-sense-hat's
    /// `colour`: each count divided by `max_raw / 256`).
    pub fn scaled(&self) -> [u8; 4] {
        let step = (self.max_raw / 256).max(1);
        [self.red, self.green, self.blue, self.clear].map(|count| (count / step).min(255) as u8)
    }

    /// Red, green and blue scaled to 0..=255 (`rgb`).
    pub fn rgb(&self) -> [u8; 3] {
        let [r, g, b, _] = self.scaled();
        [r, g, b]
    }

    /// The clear channel scaled to 0..=255 (`clear`, the brightness).
    pub fn brightness(&self) -> u8 {
        self.scaled()[3]
    }
}

/// The humidity and temperature sensor, by any path.
pub trait HumiditySensor: Send {
    /// Where it is read, for messages: `HTS221 at 0x5F on /dev/i2c-1`.
    fn describe(&self) -> String;
    /// One reading.
    fn read(&mut self) -> Result<Humidity>;
}

/// The pressure and temperature sensor, by any path.
pub trait PressureSensor: Send {
    /// Where it is read.
    fn describe(&self) -> String;
    /// One reading.
    fn read(&mut self) -> Result<Pressure>;
}

/// The accelerometer, gyroscope and magnetometer, by any path.
pub trait MotionSensor: Send {
    /// Where it is read.
    fn describe(&self) -> String;
    /// One reading of all three.
    fn read(&mut self) -> Result<Motion>;

    /// The orientation where the path knows it itself (the emulator's
    /// sliders); `None` where it is fused from the readings.
    fn pose(&mut self) -> Result<Option<Orientation>> {
        Ok(None)
    }
}

/// The colour and brightness sensor, by any path.
pub trait ColourSensor: Send {
    /// Where it is read.
    fn describe(&self) -> String;
    /// One reading.
    fn read(&mut self) -> Result<Colour>;
}

/// Opens a path's sensors, each on its own, as often as asked.
pub trait SensorSource: Send {
    /// The path in words: `the Pi's sensors`, `the emulator's files in /dev/shm`.
    fn describe(&self) -> String;
    /// Opens the humidity sensor.
    fn humidity(&mut self) -> Result<Box<dyn HumiditySensor>>;
    /// Opens the pressure sensor.
    fn pressure(&mut self) -> Result<Box<dyn PressureSensor>>;
    /// Opens the motion sensor.
    fn motion(&mut self) -> Result<Box<dyn MotionSensor>>;
    /// Opens the colour sensor.
    fn colour(&mut self) -> Result<Box<dyn ColourSensor>>;
}
