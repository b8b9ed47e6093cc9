//! The HTS221, humidity and temperature, at 0x5F. Each chip is calibrated
//! at the factory: registers 0x30..0x3F hold two humidities and two
//! temperatures with the outputs the chip gave at each, and a reading is
//! the straight line through them (datasheet, section 8; the kernel's
//! `hts221_core.c`; RTIMULib's `RTHumidityHTS221`).

use super::{At, identify, read, read_i16, wait_ready, write};
use crate::error::{Device, Error, Result};
use crate::sensors::kinds::{Humidity, HumiditySensor};
use embedded_hal::i2c::I2c;
use std::fmt::{self, Display};

/// The chip's address.
pub const ADDRESS: u8 = 0x5F;
/// "Who am I", and what the chip answers there.
pub const WHO_AM_I: u8 = 0x0F;
/// What the HTS221 answers at [`WHO_AM_I`].
pub const ID: u8 = 0xBC;
const AV_CONF: u8 = 0x10;
const CTRL_REG1: u8 = 0x20;
const STATUS: u8 = 0x27;
const HUMIDITY_OUT: u8 = 0x28;
const TEMP_OUT: u8 = 0x2A;
/// The first calibration register; there are 16.
pub const CALIBRATION: u8 = 0x30;

const AT: At = At { device: Device::HumiditySensor, chip: "HTS221", address: ADDRESS };

/// The factory calibration: two points of each line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Humidities, per cent, at the two points.
    pub h: [f64; 2],
    /// The humidity outputs there.
    pub h_out: [i16; 2],
    /// Temperatures, degrees Celsius, at the two points.
    pub t: [f64; 2],
    /// The temperature outputs there.
    pub t_out: [i16; 2],
}

impl Calibration {
    /// From registers 0x30..=0x3F as the chip holds them: H0_rH_x2,
    /// H1_rH_x2, T0_degC_x8, T1_degC_x8, (0x34), T1/T0 msb, H0_T0_OUT,
    /// (0x38, 0x39), H1_T0_OUT, T0_OUT, T1_OUT. `None` if the two points
    /// of a line are one (blank registers: not a calibrated chip).
    pub fn from_registers(r: &[u8; 16]) -> Option<Calibration> {
        let word = |at: usize| i16::from_le_bytes([r[at], r[at + 1]]);
        let msb = u16::from(r[5]);
        let t0_x8 = (msb & 0x03) << 8 | u16::from(r[2]);
        let t1_x8 = (msb & 0x0C) << 6 | u16::from(r[3]);
        let calibration = Calibration {
            h: [f64::from(r[0]) / 2.0, f64::from(r[1]) / 2.0],
            h_out: [word(6), word(10)],
            t: [f64::from(t0_x8) / 8.0, f64::from(t1_x8) / 8.0],
            t_out: [word(12), word(14)],
        };
        let distinct =
            calibration.h_out[0] != calibration.h_out[1] && calibration.t_out[0] != calibration.t_out[1];
        distinct.then_some(calibration)
    }

    /// Relative humidity, per cent, for the output `raw`.
    pub fn humidity(&self, raw: i16) -> f64 {
        line(self.h, self.h_out, raw)
    }

    /// Temperature, degrees Celsius, for the output `raw`.
    pub fn celsius(&self, raw: i16) -> f64 {
        line(self.t, self.t_out, raw)
    }
}

/// The value at `raw` on the line through (`outs[0]`, `values[0]`) and (`outs[1]`, `values[1]`).
fn line(values: [f64; 2], outs: [i16; 2], raw: i16) -> f64 {
    let [v0, v1] = values;
    let [o0, o1] = outs.map(f64::from);
    v0 + (v1 - v0) * (f64::from(raw) - o0) / (o1 - o0)
}

/// The HTS221 on a bus, measuring continuously.
pub struct Hts221<B> {
    bus: B,
    calibration: Calibration,
    sampled: bool,
}

impl<B> fmt::Debug for Hts221<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hts221").field("calibration", &self.calibration).finish_non_exhaustive()
    }
}

impl<B: I2c> Hts221<B>
where
    B::Error: Display,
{
    /// Checks the chip is there and is an HTS221, reads its calibration,
    /// and starts it: 16 humidity and 32 temperature samples averaged,
    /// 12.5 readings a second, block data update (as RTIMULib sets it).
    pub fn new(mut bus: B) -> Result<Hts221<B>> {
        identify(&mut bus, AT, WHO_AM_I, ID)?;
        let mut registers = [0u8; 16];
        for (register, value) in (CALIBRATION..).zip(registers.iter_mut()) {
            *value = read(&mut bus, AT, register)?;
        }
        let calibration = Calibration::from_registers(&registers).ok_or_else(|| Error::BadReading {
            device: Device::HumiditySensor,
            what: "HTS221's calibration registers (0x30..0x3F)".to_string(),
            reason: "they are blank: not a calibrated HTS221".to_string(),
        })?;
        write(&mut bus, AT, AV_CONF, 0x1B)?;
        write(&mut bus, AT, CTRL_REG1, 0x87)?;
        Ok(Hts221 { bus, calibration, sampled: false })
    }

    /// The factory calibration the chip holds.
    pub fn calibration(&self) -> Calibration {
        self.calibration
    }
}

impl<B: I2c + Send> HumiditySensor for Hts221<B>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        format!("the HTS221 over I2C at 0x{ADDRESS:02X}")
    }

    /// The latest sample; the first waits for the chip's first.
    fn read(&mut self) -> Result<Humidity> {
        if !self.sampled {
            wait_ready(&mut self.bus, AT, STATUS, 0b11)?;
            self.sampled = true;
        }
        let humidity = read_i16(&mut self.bus, AT, HUMIDITY_OUT)?;
        let temperature = read_i16(&mut self.bus, AT, TEMP_OUT)?;
        Ok(Humidity {
            percent: self.calibration.humidity(humidity),
            celsius: self.calibration.celsius(temperature),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::chip::tests::{byte, set, word};
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};

    /// A chip calibrated at 20 % (output 0) and 80 % (6000), 10 °C (100)
    /// and 40 °C (700): 40 °C times 8 is 320, over 8 bits, so T1's top
    /// bits are in 0x35.
    pub(crate) const REGISTERS: [u8; 16] =
        [40, 160, 80, 0x40, 0, 0b0100, 0, 0, 0, 0, 0x70, 0x17, 100, 0, 0xBC, 0x02];

    pub(crate) fn opening() -> Vec<Transaction> {
        let mut t = vec![byte(ADDRESS, WHO_AM_I, ID)];
        t.extend((CALIBRATION..).zip(REGISTERS).map(|(r, v)| byte(ADDRESS, r, v)));
        t.extend([set(ADDRESS, AV_CONF, 0x1B), set(ADDRESS, CTRL_REG1, 0x87)]);
        t
    }

    #[test]
    fn the_calibration_is_read_with_t1s_top_bits() {
        let c = Calibration::from_registers(&REGISTERS).unwrap();
        assert_eq!((c.h, c.h_out, c.t, c.t_out), ([20.0, 80.0], [0, 6000], [10.0, 40.0], [100, 700]));
        assert_eq!((c.humidity(3000), c.celsius(400)), (50.0, 25.0));
        assert_eq!(c.celsius(-100), 0.0, "below the first point, on the same line");
        assert_eq!(Calibration::from_registers(&[0; 16]), None);
    }

    #[test]
    fn a_reading_waits_for_the_first_sample_then_takes_the_latest() {
        let mut t = opening();
        t.extend([byte(ADDRESS, STATUS, 0b10), byte(ADDRESS, STATUS, 0b11)]);
        t.extend(word(ADDRESS, HUMIDITY_OUT, 4500));
        t.extend(word(ADDRESS, TEMP_OUT, 250));
        t.extend(word(ADDRESS, HUMIDITY_OUT, 1500));
        t.extend(word(ADDRESS, TEMP_OUT, -20));
        let mut bus = Mock::new(&t);
        let mut chip = Hts221::new(bus.clone()).unwrap();
        assert_eq!(chip.read().unwrap(), Humidity { percent: 65.0, celsius: 17.5 });
        assert_eq!(chip.read().unwrap(), Humidity { percent: 35.0, celsius: 4.0 });
        bus.done();
    }

    #[test]
    fn another_chip_or_none_is_one_line_with_the_fix() {
        let mut bus = Mock::new(&[byte(ADDRESS, WHO_AM_I, 0xBD)]);
        let err = Hts221::new(bus.clone()).unwrap_err().to_string();
        assert!(err.contains("answers 0xBD") && err.contains("not the HTS221's 0xBC"), "{err}");
        bus.done();
        let nack =
            embedded_hal::i2c::ErrorKind::NoAcknowledge(embedded_hal::i2c::NoAcknowledgeSource::Address);
        let mut bus = Mock::new(&[byte(ADDRESS, WHO_AM_I, 0).with_error(nack)]);
        let err = Hts221::new(bus.clone()).unwrap_err().to_string();
        assert!(
            err.starts_with("no humidity sensor (HTS221) answers at 0x5F") && err.contains("dtparam"),
            "{err}"
        );
        assert!(!err.contains('\n'));
        bus.done();
        let mut blank = vec![byte(ADDRESS, WHO_AM_I, ID)];
        blank.extend((CALIBRATION..0x40).map(|r| byte(ADDRESS, r, 0)));
        let mut bus = Mock::new(&blank);
        let err = Hts221::new(bus.clone()).unwrap_err().to_string();
        assert!(err.contains("blank"), "{err}");
        bus.done();
    }
}
