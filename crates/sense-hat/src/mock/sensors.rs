//! [`MockSensors`]: the sensors with readings a test sets (the `mock` and
//! `sensors` features).

use crate::error::{Device, Error, Result};
use crate::sensors::kinds::{
    Colour, ColourSensor, Humidity, HumiditySensor, Motion, MotionSensor, Orientation, Pressure,
    PressureSensor, SensorSource, Vector,
};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Debug)]
struct Readings {
    humidity: Option<Humidity>,
    pressure: Option<Pressure>,
    motion: Option<Motion>,
    pose: Option<Orientation>,
    colour: Option<Colour>,
    reads: usize,
}

/// Sensors whose readings a test sets, each kind there (`Some`) or not;
/// an open sensor reads what is set at each read. Clones share them. At
/// first: a HAT lying flat and still in a room (45 %, 24 °C, 1013.25 mbar,
/// 1 g down its z axis, the Earth's field), lit by white light.
#[derive(Clone, Debug)]
pub struct MockSensors {
    readings: Arc<Mutex<Readings>>,
}

impl Default for MockSensors {
    fn default() -> Self {
        MockSensors::new()
    }
}

fn lock(readings: &Mutex<Readings>) -> MutexGuard<'_, Readings> {
    readings.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl MockSensors {
    /// Every sensor there, at the readings above.
    pub fn new() -> MockSensors {
        let readings = Readings {
            humidity: Some(Humidity { percent: 45.0, celsius: 24.0 }),
            pressure: Some(Pressure { millibars: 1013.25, celsius: 24.0 }),
            motion: Some(Motion {
                accel: Vector::new(0.0, 0.0, 1.0),
                gyro: Vector::default(),
                magnet: Vector::new(20.0, 0.0, -40.0),
            }),
            pose: None,
            colour: Some(Colour { red: 300, green: 300, blue: 300, clear: 900, max_raw: 1024 }),
            reads: 0,
        };
        MockSensors { readings: Arc::new(Mutex::new(readings)) }
    }

    /// The humidity sensor's reading, or none there.
    pub fn set_humidity(&self, reading: Option<Humidity>) {
        lock(&self.readings).humidity = reading;
    }

    /// The pressure sensor's.
    pub fn set_pressure(&self, reading: Option<Pressure>) {
        lock(&self.readings).pressure = reading;
    }

    /// The motion sensor's.
    pub fn set_motion(&self, reading: Option<Motion>) {
        lock(&self.readings).motion = reading;
    }

    /// The orientation the motion sensor knows itself, as the emulator's
    /// does (`None`: fused, as on a HAT).
    pub fn set_pose(&self, pose: Option<Orientation>) {
        lock(&self.readings).pose = pose;
    }

    /// The colour sensor's.
    pub fn set_colour(&self, reading: Option<Colour>) {
        lock(&self.readings).colour = reading;
    }

    /// How many readings were taken, of every sensor.
    pub fn reads(&self) -> usize {
        lock(&self.readings).reads
    }

    /// The reading `pick` takes, counted, or the sensor is not there.
    fn read<T>(&self, device: Device, pick: impl FnOnce(&Readings) -> Option<T>) -> Result<T> {
        let mut readings = lock(&self.readings);
        readings.reads += 1;
        pick(&readings).ok_or_else(|| Error::NotFound {
            device,
            explanation: format!("the mock {} is not there", device.noun()),
        })
    }

    fn opened(&self, device: Device, there: impl FnOnce(&Readings) -> bool) -> Result<Box<MockSensors>> {
        match there(&lock(&self.readings)) {
            true => Ok(Box::new(self.clone())),
            false => Err(Error::NotFound {
                device,
                explanation: format!("the mock {} is not there", device.noun()),
            }),
        }
    }
}

impl HumiditySensor for MockSensors {
    fn describe(&self) -> String {
        "the mock humidity sensor".to_string()
    }
    fn read(&mut self) -> Result<Humidity> {
        MockSensors::read(self, Device::HumiditySensor, |r| r.humidity)
    }
}

impl PressureSensor for MockSensors {
    fn describe(&self) -> String {
        "the mock pressure sensor".to_string()
    }
    fn read(&mut self) -> Result<Pressure> {
        MockSensors::read(self, Device::PressureSensor, |r| r.pressure)
    }
}

impl MotionSensor for MockSensors {
    fn describe(&self) -> String {
        "the mock motion sensor".to_string()
    }
    fn read(&mut self) -> Result<Motion> {
        MockSensors::read(self, Device::MotionSensor, |r| r.motion)
    }
    fn pose(&mut self) -> Result<Option<Orientation>> {
        Ok(lock(&self.readings).pose)
    }
}

impl ColourSensor for MockSensors {
    fn describe(&self) -> String {
        "the mock colour sensor".to_string()
    }
    fn read(&mut self) -> Result<Colour> {
        MockSensors::read(self, Device::ColourSensor, |r| r.colour)
    }
}

impl SensorSource for MockSensors {
    fn describe(&self) -> String {
        "the mock sensors".to_string()
    }
    fn humidity(&mut self) -> Result<Box<dyn HumiditySensor>> {
        Ok(self.opened(Device::HumiditySensor, |r| r.humidity.is_some())?)
    }
    fn pressure(&mut self) -> Result<Box<dyn PressureSensor>> {
        Ok(self.opened(Device::PressureSensor, |r| r.pressure.is_some())?)
    }
    fn motion(&mut self) -> Result<Box<dyn MotionSensor>> {
        Ok(self.opened(Device::MotionSensor, |r| r.motion.is_some())?)
    }
    fn colour(&mut self) -> Result<Box<dyn ColourSensor>> {
        Ok(self.opened(Device::ColourSensor, |r| r.colour.is_some())?)
    }
}

#[cfg(test)]
mod tests {
    use crate::mock;
    use crate::sensors::{Humidity, Vector};

    #[test]
    fn the_hat_reads_its_sensors_and_a_missing_one_leaves_the_rest() {
        let (mut hat, devices) = mock::sense_hat();
        let sensors = devices.sensors();
        assert_eq!((hat.humidity().unwrap(), hat.temperature().unwrap()), (45.0, 24.0));
        assert_eq!(hat.pressure().unwrap(), 1013.25);
        assert_eq!(hat.accel().unwrap(), Vector::new(0.0, 0.0, 1.0));
        assert_eq!(hat.colour().unwrap().rgb(), [75, 75, 75]);
        sensors.set_humidity(Some(Humidity { percent: 60.0, celsius: 30.0 }));
        assert_eq!(hat.humidity().unwrap(), 60.0, "an open sensor reads what is set now");
        sensors.set_pressure(None);
        let err = hat.pressure().unwrap_err().to_string();
        assert_eq!(err, "the mock pressure sensor is not there");
        assert_eq!(hat.gyro().unwrap(), Vector::default(), "the others still read");
        assert_eq!(sensors.reads(), 8);
    }
}
