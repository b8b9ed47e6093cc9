//! The HAT's sensors (the `sensors` feature), one trait per kind, the same
//! for every path, in the units python-sense-hat gives:
//!
//! | trait | reading | chip |
//! |---|---|---|
//! | [`HumiditySensor`] | [`Humidity`]: per cent, degrees Celsius | HTS221 |
//! | [`PressureSensor`] | [`Pressure`]: millibars, degrees Celsius | LPS25H |
//! | [`MotionSensor`] | [`Motion`]: g, radians a second, microtesla | LSM9DS1 |
//! | [`ColourSensor`] | [`Colour`]: raw counts of red, green, blue, clear | TCS3400, TCS34725 |
//!
//! The paths, each a [`SensorSource`] that opens them:
//! - [`board::Board`], a Pi's: for each chip the kernel's IIO driver when
//!   one is bound (found by name, [`iio`]), else the chip straight over
//!   I2C ([`chip`], over any embedded-hal 1.0 bus); a driver holding the
//!   address (EBUSY) is read through its IIO device, said once;
//! - [`emu::Emulator`], the files the Sense HAT emulator (sense-emu) keeps;
//! - the `mock` feature's `mock::MockSensors`, readings a test sets.
//!
//! [`Sensors`] opens each sensor when it is first read, and keeps it: a
//! sensor that is missing is its own error, one line with the fix, and
//! the others still read.

pub mod board;
pub mod chip;
pub mod emu;
#[cfg(feature = "orientation")]
pub mod fusion;
pub mod iio;
pub mod kinds;

use crate::error::Result;
pub use kinds::{
    Colour, ColourSensor, Humidity, HumiditySensor, Motion, MotionSensor, Orientation, Pressure,
    PressureSensor, SensorSource, Vector,
};
use std::fmt;

/// The sensors of one path, each opened when first read and kept (until a
/// reading fails: then opened again at the next): the readings as
/// python-sense-hat's calls give them.
pub struct Sensors {
    source: Box<dyn SensorSource>,
    humidity: Option<Box<dyn HumiditySensor>>,
    pressure: Option<Box<dyn PressureSensor>>,
    motion: Option<Box<dyn MotionSensor>>,
    colour: Option<Box<dyn ColourSensor>>,
    #[cfg(feature = "orientation")]
    fusion: fusion::Fusion,
}

impl fmt::Debug for Sensors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sensors").field("source", &self.source.describe()).finish_non_exhaustive()
    }
}

/// What `reading` reads from the sensor in `slot` (opened by `open` if it
/// is not yet). A sensor that fails is dropped, to be opened again by the
/// path's rule at the next read: a driver reloaded under another device
/// number, or bound while the chip was read over I2C, is found again.
fn read<T: ?Sized, R>(
    slot: &mut Option<Box<T>>,
    open: impl FnOnce() -> Result<Box<T>>,
    reading: impl FnOnce(&mut T) -> Result<R>,
) -> Result<R> {
    let result = reading(opened(slot, open)?.as_mut());
    if result.is_err() {
        *slot = None;
    }
    result
}

/// The sensor in `slot`, opened by `open` if it is not yet.
fn opened<T: ?Sized>(
    slot: &mut Option<Box<T>>,
    open: impl FnOnce() -> Result<Box<T>>,
) -> Result<&mut Box<T>> {
    if slot.is_none() {
        *slot = Some(open()?);
    }
    Ok(slot.as_mut().expect("just opened"))
}

impl Sensors {
    /// The sensors `source` opens; none is opened yet.
    pub fn new(source: impl SensorSource + 'static) -> Sensors {
        Sensors::boxed(Box::new(source))
    }

    /// The sensors a boxed `source` opens.
    pub fn boxed(source: Box<dyn SensorSource>) -> Sensors {
        Sensors {
            source,
            humidity: None,
            pressure: None,
            motion: None,
            colour: None,
            #[cfg(feature = "orientation")]
            fusion: fusion::Fusion::new(),
        }
    }

    /// A Pi's sensors ([`board::Board`]: IIO drivers, else the chips on `/dev/i2c-1`).
    pub fn open() -> Sensors {
        Sensors::new(board::Board::new())
    }

    /// By which path, in words.
    pub fn describe(&self) -> String {
        self.source.describe()
    }

    /// The humidity sensor, opened if it is not yet.
    pub fn humidity_sensor(&mut self) -> Result<&mut dyn HumiditySensor> {
        let source = &mut self.source;
        let sensor: &mut Box<dyn HumiditySensor> = opened(&mut self.humidity, || source.humidity())?;
        Ok(sensor.as_mut())
    }

    /// The pressure sensor, opened if it is not yet.
    pub fn pressure_sensor(&mut self) -> Result<&mut dyn PressureSensor> {
        let source = &mut self.source;
        let sensor: &mut Box<dyn PressureSensor> = opened(&mut self.pressure, || source.pressure())?;
        Ok(sensor.as_mut())
    }

    /// The motion sensor, opened if it is not yet.
    pub fn motion_sensor(&mut self) -> Result<&mut dyn MotionSensor> {
        let source = &mut self.source;
        let sensor: &mut Box<dyn MotionSensor> = opened(&mut self.motion, || source.motion())?;
        Ok(sensor.as_mut())
    }

    /// The colour sensor, opened if it is not yet.
    pub fn colour_sensor(&mut self) -> Result<&mut dyn ColourSensor> {
        let source = &mut self.source;
        let sensor: &mut Box<dyn ColourSensor> = opened(&mut self.colour, || source.colour())?;
        Ok(sensor.as_mut())
    }

    /// Relative humidity, per cent (`get_humidity()`).
    pub fn humidity(&mut self) -> Result<f64> {
        Ok(self.humidity_reading()?.percent)
    }

    /// The temperature, degrees Celsius, from the humidity sensor, as
    /// python-sense-hat's `get_temperature()` takes it.
    pub fn temperature(&mut self) -> Result<f64> {
        Ok(self.humidity_reading()?.celsius)
    }

    /// The temperature from the pressure sensor (`get_temperature_from_pressure()`).
    pub fn temperature_from_pressure(&mut self) -> Result<f64> {
        Ok(self.pressure_reading()?.celsius)
    }

    /// Pressure, millibars (`get_pressure()`).
    pub fn pressure(&mut self) -> Result<f64> {
        Ok(self.pressure_reading()?.millibars)
    }

    /// Acceleration, gyroscope and magnetometer in one reading.
    pub fn motion(&mut self) -> Result<Motion> {
        let source = &mut self.source;
        read(&mut self.motion, || source.motion(), |sensor| sensor.read())
    }

    /// Acceleration, g (`get_accelerometer_raw()`).
    pub fn accel(&mut self) -> Result<Vector> {
        Ok(self.motion()?.accel)
    }

    /// Rotation rate, radians a second (`get_gyroscope_raw()`).
    pub fn gyro(&mut self) -> Result<Vector> {
        Ok(self.motion()?.gyro)
    }

    /// Magnetic field, microtesla (`get_compass_raw()`).
    pub fn magnet(&mut self) -> Result<Vector> {
        Ok(self.motion()?.magnet)
    }

    /// Colour and brightness (`colour.colour_raw`; [`Colour::rgb`] is `colour.rgb`).
    pub fn colour(&mut self) -> Result<Colour> {
        let source = &mut self.source;
        read(&mut self.colour, || source.colour(), |sensor| sensor.read())
    }

    fn humidity_reading(&mut self) -> Result<Humidity> {
        let source = &mut self.source;
        read(&mut self.humidity, || source.humidity(), |sensor| sensor.read())
    }

    fn pressure_reading(&mut self) -> Result<Pressure> {
        let source = &mut self.source;
        read(&mut self.pressure, || source.pressure(), |sensor| sensor.read())
    }

    /// The orientation, radians (`get_orientation_radians()`; `.degrees()`
    /// is `get_orientation_degrees()`): the emulator's own where it is read,
    /// else fused from a new reading of the motion sensor (the `orientation`
    /// feature). Fusion follows the HAT best read often (python-sense-hat's
    /// RTIMULib reads every few milliseconds).
    #[cfg(feature = "orientation")]
    pub fn orientation(&mut self) -> Result<Orientation> {
        /// What the motion sensor gives: its own pose, or a reading to fuse.
        enum Read {
            Pose(Orientation),
            Motion(Motion, std::time::Instant),
        }
        let source = &mut self.source;
        let read = read(
            &mut self.motion,
            || source.motion(),
            |sensor| match sensor.pose()? {
                Some(pose) => Ok(Read::Pose(pose)),
                None => Ok(Read::Motion(sensor.read()?, std::time::Instant::now())),
            },
        )?;
        Ok(match read {
            Read::Pose(pose) => pose,
            Read::Motion(motion, at) => self.fusion.update(&motion, at),
        })
    }

    /// The compass heading, degrees from north, 0 to 360 (`get_compass()`:
    /// the orientation's yaw).
    #[cfg(feature = "orientation")]
    pub fn compass(&mut self) -> Result<f64> {
        Ok(self.orientation()?.degrees().yaw)
    }

    /// The magnetometer's hard-iron offsets, taken from every reading the
    /// orientation is fused from (`fusion::MagnetCalibration::load` reads
    /// one kept).
    #[cfg(feature = "orientation")]
    pub fn set_magnet_calibration(&mut self, calibration: fusion::MagnetCalibration) {
        self.fusion.set_calibration(calibration);
    }
}
