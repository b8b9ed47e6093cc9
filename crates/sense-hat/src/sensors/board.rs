//! A Pi's sensors, each by the one rule ([`RULE`]): the kernel's IIO
//! driver where one is bound to the chip (found by name), else the chip
//! straight over I2C (the `i2c` feature); and where a kernel driver holds
//! the chip's address (EBUSY) its IIO device instead of an error, said
//! once, in the log. So a kernel that starts to bind a driver to one of
//! the HAT's chips (Raspberry Pi's 6.12 and the HTS221) changes the path,
//! not the program.

use super::iio::{self, IioColour, IioDevice, IioHumidity, IioMotion, IioPressure};
use super::kinds::{ColourSensor, HumiditySensor, MotionSensor, PressureSensor, SensorSource};
#[cfg(feature = "i2c")]
use crate::error::shown_path;
use crate::error::{Device, Error, Result};
#[cfg(feature = "i2c")]
use crate::i2c::linux::{self, BusRefusal, Smbus};
#[cfg(feature = "i2c")]
use log::{info, warn};
use std::path::{Path, PathBuf};

/// The rule, in words.
pub const RULE: &str = "each sensor through the kernel's IIO driver when one is bound to its chip (found by its \
                        name), else its chip straight over I2C on /dev/i2c-1; a driver holding the chip's address \
                        is read through its IIO device";

/// The bus the HAT's header puts its chips on.
pub const DEFAULT_BUS: &str = "/dev/i2c-1";

/// Where a Pi's sensors are looked for: sysfs, and the I2C bus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    sys: PathBuf,
    bus: PathBuf,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// How a chip is reached.
#[cfg_attr(not(feature = "i2c"), allow(dead_code))]
enum Reached {
    /// Its address claimed on the bus.
    #[cfg(feature = "i2c")]
    Bus(Smbus),
    /// Through its driver's IIO devices (a driver held the address).
    Iio(Vec<IioDevice>),
}

impl Board {
    /// `/sys` and `/dev/i2c-1`.
    pub fn new() -> Board {
        Board { sys: PathBuf::from("/sys"), bus: PathBuf::from(DEFAULT_BUS) }
    }

    /// Sysfs at `sys` (a test's tree).
    pub fn sys(mut self, sys: impl Into<PathBuf>) -> Board {
        self.sys = sys.into();
        self
    }

    /// The chips on `bus` (`/dev/i2c-3`).
    pub fn bus(mut self, bus: impl Into<PathBuf>) -> Board {
        self.bus = bus.into();
        self
    }

    /// The chips' bus.
    pub fn bus_path(&self) -> &Path {
        &self.bus
    }

    /// The IIO device of each of `names` lists, if all are there.
    fn iio(&self, names: &[&[&str]]) -> Option<Vec<IioDevice>> {
        names.iter().map(|names| iio::find(&self.sys, names)).collect()
    }

    /// The board's one rule for a sensor: the IIO devices of `names` where
    /// the kernel's drivers are bound to it, else the chip at `addresses`
    /// over I2C ([`Board::reach`]).
    fn reached(
        &self,
        device: Device,
        chip: &'static str,
        addresses: &[u8],
        names: &[&[&str]],
    ) -> Result<Reached> {
        match self.iio(names) {
            Some(found) => Ok(Reached::Iio(found)),
            None => self.reach(device, chip, addresses, names),
        }
    }

    /// Claims `addresses` on the bus, or, where a kernel driver holds one,
    /// the IIO devices of `names` (said once).
    #[cfg(feature = "i2c")]
    fn reach(
        &self,
        device: Device,
        chip: &'static str,
        addresses: &[u8],
        names: &[&[&str]],
    ) -> Result<Reached> {
        let mut claimed = None;
        for &address in addresses {
            match Smbus::open_at(&self.bus, address) {
                Ok(bus) => {
                    claimed.get_or_insert(bus);
                }
                Err(BusRefusal::Busy) => {
                    let driver = linux::holder_at(&self.sys, &self.bus, address).map(|held| held.driver);
                    return match self.iio(names) {
                        Some(found) => {
                            warn!(
                                "the kernel's {} holds the {} ({chip}) at 0x{address:02X} on {}: read through its \
                                 IIO device instead",
                                driver.as_deref().unwrap_or("driver"),
                                device.noun(),
                                shown_path(&self.bus)
                            );
                            Ok(Reached::Iio(found))
                        }
                        None => {
                            Err(Error::SensorBusy { device, chip, address, bus: self.bus.clone(), driver })
                        }
                    };
                }
                Err(BusRefusal::Other(source)) => {
                    return Err(Error::Open { device: Device::I2cBus, path: self.bus.clone(), source });
                }
            }
        }
        info!("the {} ({chip}) over I2C on {}", device.noun(), shown_path(&self.bus));
        Ok(Reached::Bus(claimed.expect("one address at least")))
    }

    /// Without the `i2c` feature, only the IIO devices.
    #[cfg(not(feature = "i2c"))]
    fn reach(&self, device: Device, chip: &'static str, _: &[u8], names: &[&[&str]]) -> Result<Reached> {
        let _ = names;
        Err(Error::NotFound {
            device,
            explanation: format!(
                "no IIO device of the kernel's {chip} driver, and this build of the sense-hat crate has no I2C path \
                 (its `i2c` feature)"
            ),
        })
    }
}

/// The one device `found` holds (a reach for one list of names).
fn one(mut found: Vec<IioDevice>) -> IioDevice {
    found.remove(0)
}

impl SensorSource for Board {
    fn describe(&self) -> String {
        "the Pi's sensors".to_string()
    }

    fn humidity(&mut self) -> Result<Box<dyn HumiditySensor>> {
        use super::chip::hts221;
        let names = [iio::HUMIDITY];
        let reached = self.reached(Device::HumiditySensor, "HTS221", &[hts221::ADDRESS], &names)?;
        Ok(match reached {
            #[cfg(feature = "i2c")]
            Reached::Bus(bus) => Box::new(hts221::Hts221::new(bus)?),
            Reached::Iio(found) => Box::new(IioHumidity::open(one(found))?),
        })
    }

    fn pressure(&mut self) -> Result<Box<dyn PressureSensor>> {
        use super::chip::lps25h;
        let names = [iio::PRESSURE];
        let reached = self.reached(Device::PressureSensor, "LPS25H", &[lps25h::ADDRESS], &names)?;
        Ok(match reached {
            #[cfg(feature = "i2c")]
            Reached::Bus(bus) => Box::new(lps25h::Lps25h::new(bus)?),
            Reached::Iio(found) => Box::new(IioPressure::open(one(found))?),
        })
    }

    /// Through IIO only when all three of its devices are there.
    fn motion(&mut self) -> Result<Box<dyn MotionSensor>> {
        use super::chip::lsm9ds1;
        let names = [iio::ACCEL, iio::GYRO, iio::MAGNET];
        let addresses = [lsm9ds1::ADDRESS, lsm9ds1::MAGNET_ADDRESS];
        let reached = self.reached(Device::MotionSensor, "LSM9DS1", &addresses, &names)?;
        Ok(match reached {
            #[cfg(feature = "i2c")]
            Reached::Bus(bus) => Box::new(lsm9ds1::Lsm9ds1::new(bus)?),
            Reached::Iio(found) => {
                let [accel, gyro, magnet]: [IioDevice; 3] =
                    found.try_into().expect("three lists, three devices");
                Box::new(IioMotion::open(accel, gyro, magnet)?)
            }
        })
    }

    fn colour(&mut self) -> Result<Box<dyn ColourSensor>> {
        use super::chip::tcs34;
        let names = [iio::COLOUR];
        let addresses = [tcs34::TCS3400_ADDRESS, tcs34::TCS34725_ADDRESS];
        let reached = self.reached(Device::ColourSensor, "TCS3400", &addresses, &names)?;
        Ok(match reached {
            #[cfg(feature = "i2c")]
            Reached::Bus(bus) => Box::new(tcs34::Tcs34::new(bus)?),
            Reached::Iio(found) => Box::new(IioColour::open(one(found))?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::Sensors;
    use crate::sensors::iio::tests::Tree;

    #[test]
    fn a_bound_driver_is_read_through_iio_and_the_others_still_say_why_not() {
        let tree = Tree::new("board");
        tree.device(
            2,
            "hts221",
            &[
                ("in_humidityrelative_raw", "4100"),
                ("in_humidityrelative_scale", "10.000000"),
                ("in_temp_raw", "21500"),
                ("in_temp_scale", "1.000000"),
            ],
        );
        let mut sensors = Sensors::new(Board::new().sys(&tree.0).bus("/nonexistent/i2c-1"));
        assert!((sensors.humidity().unwrap() - 41.0).abs() < 1e-9);
        assert!((sensors.temperature().unwrap() - 21.5).abs() < 1e-9);
        let described = sensors.humidity_sensor().unwrap().describe();
        assert!(described.starts_with("the kernel's \"hts221\""), "{described}");
        #[cfg(feature = "i2c")]
        {
            let err = sensors.pressure().unwrap_err().to_string();
            assert!(err.starts_with("cannot open the I2C bus /nonexistent/i2c-1"), "{err}");
            assert!(err.contains("dtparam=i2c_arm=on"), "{err}");
        }
        #[cfg(not(feature = "i2c"))]
        assert!(sensors.pressure().unwrap_err().to_string().contains("no I2C path"));
        assert!((sensors.humidity().unwrap() - 41.0).abs() < 1e-9, "the humidity still reads");
    }

    #[test]
    fn a_driver_reloaded_under_another_number_is_found_again_at_the_next_read() {
        let tree = Tree::new("reload");
        let hts221 = |number| {
            let attributes = [("in_humidityrelative_raw", "5000"), ("in_temp_raw", "20000")];
            tree.device(number, "hts221", &attributes);
        };
        hts221(2);
        let mut sensors = Sensors::new(Board::new().sys(&tree.0).bus("/nonexistent/i2c-1"));
        assert_eq!(sensors.humidity().unwrap(), 5.0);
        std::fs::remove_dir_all(tree.0.join("bus/iio/devices/iio:device2")).unwrap();
        assert!(sensors.humidity().is_err(), "its files are gone");
        hts221(5);
        assert_eq!(sensors.humidity().unwrap(), 5.0, "found by name again");
        assert!(sensors.humidity_sensor().unwrap().describe().contains("iio:device5"));
    }

    #[test]
    fn a_busy_address_names_the_driver_and_how_to_free_it() {
        let err = Error::SensorBusy {
            device: Device::HumiditySensor,
            chip: "HTS221",
            address: 0x5F,
            bus: "/dev/i2c-1".into(),
            driver: Some("hts221".into()),
        };
        assert_eq!(
            err.to_string(),
            "the kernel's hts221 holds the humidity sensor (HTS221) at 0x5F on /dev/i2c-1 but gives no IIO device: \
             free it with `echo 1-005f | sudo tee /sys/bus/i2c/drivers/hts221/unbind`"
        );
    }
}
