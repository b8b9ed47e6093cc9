//! The LSM9DS1, two chips in one package: the accelerometer and gyroscope
//! at 0x6A, the magnetometer at 0x1C (datasheet, sections 7 and 8; the
//! kernel's `st_lsm6dsx` and `st_magn`). Set as RTIMULib sets them for
//! the Sense HAT: ±8 g, 500 degrees a second, ±4 gauss, 119 Hz.
//!
//! The chip's axes are not the HAT's: RTIMULib, and so python-sense-hat,
//! turns them ([`hat_axes`]), and so does every path of this crate, the
//! kernel's IIO devices too.

use super::{At, identify, read_i16, write};
use crate::error::{Device, Result};
use crate::sensors::kinds::{Motion, MotionSensor, Vector};
use embedded_hal::i2c::I2c;
use std::fmt::{self, Display};

/// The accelerometer and gyroscope's address.
pub const ADDRESS: u8 = 0x6A;
/// The magnetometer's address.
pub const MAGNET_ADDRESS: u8 = 0x1C;
/// "Who am I", at both.
pub const WHO_AM_I: u8 = 0x0F;
/// What the accelerometer and gyroscope answer.
pub const ID: u8 = 0x68;
/// What the magnetometer answers.
pub const MAGNET_ID: u8 = 0x3D;

const CTRL_REG1_G: u8 = 0x10;
const OUT_X_G: u8 = 0x18;
const CTRL_REG6_XL: u8 = 0x20;
const CTRL_REG8: u8 = 0x22;
const OUT_X_XL: u8 = 0x28;
const CTRL_REG1_M: u8 = 0x20;
const CTRL_REG2_M: u8 = 0x21;
const CTRL_REG3_M: u8 = 0x22;
const CTRL_REG4_M: u8 = 0x23;
const OUT_X_M: u8 = 0x28;

/// g per count at ±8 g (0.244 mg).
pub const ACCEL_SCALE: f64 = 0.000_244;
/// Radians a second per count at 500 degrees a second (17.5 mdps).
pub const GYRO_SCALE: f64 = 0.0175 * std::f64::consts::PI / 180.0;
/// Microtesla per count at ±4 gauss (0.14 mgauss).
pub const MAGNET_SCALE: f64 = 0.014;

const AT: At = At { device: Device::MotionSensor, chip: "LSM9DS1", address: ADDRESS };
const MAGNET_AT: At =
    At { device: Device::MotionSensor, chip: "LSM9DS1 magnetometer", address: MAGNET_ADDRESS };

/// A reading in the chip's axes turned into the HAT's, as RTIMULib turns
/// them: the gyroscope's z, the accelerometer's x and y and the
/// magnetometer's x and z change sign.
pub fn hat_axes(chip: Motion) -> Motion {
    let Motion { accel, gyro, magnet } = chip;
    Motion {
        accel: Vector::new(-accel.x, -accel.y, accel.z),
        gyro: Vector::new(gyro.x, gyro.y, -gyro.z),
        magnet: Vector::new(-magnet.x, magnet.y, -magnet.z),
    }
}

/// The LSM9DS1's two chips on one bus, measuring continuously.
pub struct Lsm9ds1<B> {
    bus: B,
}

impl<B> fmt::Debug for Lsm9ds1<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lsm9ds1").finish_non_exhaustive()
    }
}

impl<B: I2c> Lsm9ds1<B>
where
    B::Error: Display,
{
    /// Checks both chips are there and are the LSM9DS1's, and starts them.
    pub fn new(mut bus: B) -> Result<Lsm9ds1<B>> {
        identify(&mut bus, AT, WHO_AM_I, ID)?;
        identify(&mut bus, MAGNET_AT, WHO_AM_I, MAGNET_ID)?;
        // Block data update, register addresses incremented.
        write(&mut bus, AT, CTRL_REG8, 0x44)?;
        // 119 Hz; 500 dps.
        write(&mut bus, AT, CTRL_REG1_G, 0x68)?;
        // 119 Hz; ±8 g.
        write(&mut bus, AT, CTRL_REG6_XL, 0x78)?;
        // x and y ultra-high performance, 80 Hz; ±4 gauss; continuous; z ultra-high performance.
        write(&mut bus, MAGNET_AT, CTRL_REG1_M, 0x7C)?;
        write(&mut bus, MAGNET_AT, CTRL_REG2_M, 0x00)?;
        write(&mut bus, MAGNET_AT, CTRL_REG3_M, 0x00)?;
        write(&mut bus, MAGNET_AT, CTRL_REG4_M, 0x0C)?;
        Ok(Lsm9ds1 { bus })
    }

    fn axes(&mut self, at: At, first: u8, scale: f64) -> Result<Vector> {
        let x = read_i16(&mut self.bus, at, first)?;
        let y = read_i16(&mut self.bus, at, first + 2)?;
        let z = read_i16(&mut self.bus, at, first + 4)?;
        Ok(Vector::new(f64::from(x), f64::from(y), f64::from(z)).scaled(scale))
    }
}

impl<B: I2c + Send> MotionSensor for Lsm9ds1<B>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        format!("the LSM9DS1 over I2C at 0x{ADDRESS:02X} and 0x{MAGNET_ADDRESS:02X}")
    }

    fn read(&mut self) -> Result<Motion> {
        let accel = self.axes(AT, OUT_X_XL, ACCEL_SCALE)?;
        let gyro = self.axes(AT, OUT_X_G, GYRO_SCALE)?;
        let magnet = self.axes(MAGNET_AT, OUT_X_M, MAGNET_SCALE)?;
        Ok(hat_axes(Motion { accel, gyro, magnet }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::chip::tests::{byte, set, word};
    use embedded_hal_mock::eh1::i2c::Mock;

    #[test]
    fn flat_and_still_in_the_earths_field_as_python_sense_hat_reads_it() {
        let mut t = vec![
            byte(ADDRESS, WHO_AM_I, ID),
            byte(MAGNET_ADDRESS, WHO_AM_I, MAGNET_ID),
            set(ADDRESS, CTRL_REG8, 0x44),
            set(ADDRESS, CTRL_REG1_G, 0x68),
            set(ADDRESS, CTRL_REG6_XL, 0x78),
            set(MAGNET_ADDRESS, CTRL_REG1_M, 0x7C),
            set(MAGNET_ADDRESS, CTRL_REG2_M, 0x00),
            set(MAGNET_ADDRESS, CTRL_REG3_M, 0x00),
            set(MAGNET_ADDRESS, CTRL_REG4_M, 0x0C),
        ];
        // 1 g on the chip's z (4098 counts of 0.244 mg), 0.5 g on its x;
        // 1 rad/s about its z (3274 counts of 17.5 mdps); 20 uT on its x.
        for (at, first, [x, y, z]) in [
            (ADDRESS, OUT_X_XL, [2049, 0, 4098]),
            (ADDRESS, OUT_X_G, [0, -3274, 3274]),
            (MAGNET_ADDRESS, OUT_X_M, [1429, 0, -1000]),
        ] {
            t.extend(word(at, first, x));
            t.extend(word(at, first + 2, y));
            t.extend(word(at, first + 4, z));
        }
        let mut bus = Mock::new(&t);
        let motion = Lsm9ds1::new(bus.clone()).unwrap().read().unwrap();
        bus.done();
        let near = |a: f64, b: f64, within: f64| (a - b).abs() <= within;
        let Motion { accel, gyro, magnet } = motion;
        assert!(near(accel.x, -0.5, 0.001) && accel.y == 0.0 && near(accel.z, 1.0, 0.001), "{accel:?}");
        assert!(gyro.x == 0.0 && near(gyro.y, -1.0, 0.001) && near(gyro.z, -1.0, 0.001), "{gyro:?}");
        assert!(near(magnet.x, -20.0, 0.01) && near(magnet.z, 14.0, 0.01), "{magnet:?}");
    }

    #[test]
    fn a_missing_magnetometer_is_named() {
        let nack =
            embedded_hal::i2c::ErrorKind::NoAcknowledge(embedded_hal::i2c::NoAcknowledgeSource::Address);
        let mut bus =
            Mock::new(&[byte(ADDRESS, WHO_AM_I, ID), byte(MAGNET_ADDRESS, WHO_AM_I, 0).with_error(nack)]);
        let err = Lsm9ds1::new(bus.clone()).unwrap_err().to_string();
        assert!(err.starts_with("no motion sensor (LSM9DS1 magnetometer) answers at 0x1C"), "{err}");
        bus.done();
    }
}
