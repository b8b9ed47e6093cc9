//! The motion sensor read for tilt to play: the accelerometer's reading of
//! gravity, through the `sense-hat` crate's [`Sensors`] (the HAT's, by
//! whichever path it offers, or the emulator's IMU file), as the engine's
//! [`Event::Tilt`]. Only read while tilt is on
//! ([`super::traits::Input::sample_tilt`]).
//!
//! The pitch and roll come from gravity alone ([`tilt::from_accel`]), not
//! from the crate's fused orientation (its `orientation` feature): a tilt
//! needs no yaw, gravity does not drift, and the game's binary stays
//! without `nalgebra` (smaller on a Pi Zero, quicker to build).

use crate::game::{Event, tilt};
use log::{info, warn};
use sense_hat::sensors::Sensors;

/// A motion sensor read for its tilt; a reading that fails is said once,
/// until one succeeds again.
pub(crate) struct TiltSensor {
    sensors: Sensors,
    failing: bool,
}

impl TiltSensor {
    pub(crate) fn new(sensors: Sensors) -> TiltSensor {
        TiltSensor { sensors, failing: false }
    }

    /// One reading, as a tilt; `None` if the sensor cannot be read now.
    pub(crate) fn read(&mut self) -> Option<Event> {
        match self.sensors.accel() {
            Ok(g) => {
                if std::mem::take(&mut self.failing) {
                    info!("the motion sensor reads again: tilt plays");
                }
                tilt::from_accel(g.x, g.y, g.z)
            }
            Err(e) => {
                if !std::mem::replace(&mut self.failing, true) {
                    warn!("{e}; tilt does nothing until it can be read (the joystick still plays)");
                }
                None
            }
        }
    }
}
