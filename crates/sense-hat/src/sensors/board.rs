//! A Pi's sensors, each by the one rule ([`RULE`]): the kernel's IIO
//! driver where one is bound to the chip (found by name), else the chip
//! straight over I2C (the `i2c` feature); and where a kernel driver holds
//! the chip's address (EBUSY) its IIO device instead of an error, said
//! once, in the log. So a kernel that starts to bind a driver to one of
//! the HAT's chips (Raspberry Pi's 6.12 and the HTS221) changes the path,
//! not the program.
//!
//! That holds while the program runs too: a chip read over I2C has its
//! address claimed again before every transfer (the `i2c` feature's
//! `Smbus::claiming_each_transfer`), so a driver bound meanwhile makes
//! the next transfer fail with EBUSY, and that reading, and every one
//! after it, comes from the driver's IIO device, said once in the log.
//! (Claimed only once, as i2c-dev checks, the chip would go on being read
//! beside its driver.) A reading that fails while the driver is still
//! probing (bound, its IIO device not yet made) is an error; the next
//! finds the device by the rule.

use super::chip;
use super::iio::{self, IioColour, IioDevice, IioHumidity, IioMotion, IioPressure};
#[cfg(feature = "i2c")]
use super::kinds::{Colour, Humidity, Motion, Orientation, Pressure};
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

/// A sensor as the board looks for it: which, its chip and addresses,
/// and the names of the IIO devices its driver makes (one list each).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "i2c"), allow(dead_code))]
struct Wanted {
    device: Device,
    chip: &'static str,
    addresses: &'static [u8],
    names: &'static [&'static [&'static str]],
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

    /// The board's one rule for a sensor: the IIO devices of its names
    /// where the kernel's drivers are bound to it, else its chip over I2C
    /// ([`Board::reach`]).
    fn reached(&self, wanted: Wanted) -> Result<Reached> {
        match self.iio(wanted.names) {
            Some(found) => Ok(Reached::Iio(found)),
            None => self.reach(wanted),
        }
    }

    /// Claims the chip's addresses on the bus, or, where a kernel driver
    /// holds one, its IIO devices (said once).
    #[cfg(feature = "i2c")]
    fn reach(&self, wanted: Wanted) -> Result<Reached> {
        let Wanted { device, chip, addresses, names } = wanted;
        let mut claimed = None;
        for &address in addresses {
            match Smbus::open_at(&self.bus, address) {
                Ok(bus) => {
                    claimed.get_or_insert(bus.claiming_each_transfer());
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
    fn reach(&self, wanted: Wanted) -> Result<Reached> {
        Err(Error::NotFound {
            device: wanted.device,
            explanation: format!(
                "no IIO device of the kernel's {} driver, and this build of the sense-hat crate has no I2C path \
                 (its `i2c` feature)",
                wanted.chip
            ),
        })
    }

    /// The sensor of kind `T` by the rule; a chip reached over I2C is read
    /// until its driver is bound ([`Direct`]).
    fn open<T: Kind + ?Sized>(&self) -> Result<Box<T>> {
        match self.reached(T::WANTED)? {
            #[cfg(feature = "i2c")]
            Reached::Bus(bus) => {
                Ok(T::direct(Direct { sensor: T::over_i2c(bus)?, board: Some(self.clone()) }))
            }
            Reached::Iio(found) => T::through_iio(found),
        }
    }
}

/// A kind of sensor (`dyn HumiditySensor`...), as the board opens it.
trait Kind {
    /// Its chip, and its driver's IIO devices.
    const WANTED: Wanted;
    /// Opened on its driver's IIO devices, one for each list of names.
    fn through_iio(found: Vec<IioDevice>) -> Result<Box<Self>>;
    /// Opened on its chip's bus.
    #[cfg(feature = "i2c")]
    fn over_i2c(bus: Smbus) -> Result<Box<Self>>;
    /// The chip read until its driver is bound, as a sensor of the kind.
    #[cfg(feature = "i2c")]
    fn direct(direct: Direct<Self>) -> Box<Self>;
    /// Where `sensor` is read, in words.
    #[cfg(feature = "i2c")]
    fn described(sensor: &Self) -> String;
}

/// A [`Kind`]'s I2C side, the same for every kind but its chip's driver:
/// opened on the bus, read until its kernel driver is bound, described as
/// the sensor describes itself.
macro_rules! over_i2c_as {
    ($($chip:ident)::+) => {
        #[cfg(feature = "i2c")]
        fn over_i2c(bus: Smbus) -> Result<Box<Self>> {
            Ok(Box::new($($chip)::+::new(bus)?))
        }
        #[cfg(feature = "i2c")]
        fn direct(direct: Direct<Self>) -> Box<Self> {
            Box::new(direct)
        }
        #[cfg(feature = "i2c")]
        fn described(sensor: &Self) -> String {
            sensor.describe()
        }
    };
}

/// The one device `found` holds (a reach for one list of names).
fn one(mut found: Vec<IioDevice>) -> IioDevice {
    found.remove(0)
}

impl Kind for dyn HumiditySensor {
    const WANTED: Wanted = Wanted {
        device: Device::HumiditySensor,
        chip: "HTS221",
        addresses: &[chip::hts221::ADDRESS],
        names: &[iio::HUMIDITY],
    };
    fn through_iio(found: Vec<IioDevice>) -> Result<Box<Self>> {
        Ok(Box::new(IioHumidity::open(one(found))?))
    }
    over_i2c_as!(chip::hts221::Hts221);
}

impl Kind for dyn PressureSensor {
    const WANTED: Wanted = Wanted {
        device: Device::PressureSensor,
        chip: "LPS25H",
        addresses: &[chip::lps25h::ADDRESS],
        names: &[iio::PRESSURE],
    };
    fn through_iio(found: Vec<IioDevice>) -> Result<Box<Self>> {
        Ok(Box::new(IioPressure::open(one(found))?))
    }
    over_i2c_as!(chip::lps25h::Lps25h);
}

/// Through IIO only when all three of its devices are there.
impl Kind for dyn MotionSensor {
    const WANTED: Wanted = Wanted {
        device: Device::MotionSensor,
        chip: "LSM9DS1",
        addresses: &[chip::lsm9ds1::ADDRESS, chip::lsm9ds1::MAGNET_ADDRESS],
        names: &[iio::ACCEL, iio::GYRO, iio::MAGNET],
    };
    fn through_iio(found: Vec<IioDevice>) -> Result<Box<Self>> {
        let [accel, gyro, magnet]: [IioDevice; 3] = found.try_into().expect("three lists, three devices");
        Ok(Box::new(IioMotion::open(accel, gyro, magnet)?))
    }
    over_i2c_as!(chip::lsm9ds1::Lsm9ds1);
}

impl Kind for dyn ColourSensor {
    const WANTED: Wanted = Wanted {
        device: Device::ColourSensor,
        chip: "TCS3400",
        addresses: &[chip::tcs34::TCS3400_ADDRESS, chip::tcs34::TCS34725_ADDRESS],
        names: &[iio::COLOUR],
    };
    fn through_iio(found: Vec<IioDevice>) -> Result<Box<Self>> {
        Ok(Box::new(IioColour::open(one(found))?))
    }
    over_i2c_as!(chip::tcs34::Tcs34);
}

/// A sensor read over I2C until a reading fails and the kernel's driver
/// has meanwhile been bound to its chip (its bus claims the address
/// before every transfer, which i2c-dev refuses then, EBUSY): from that
/// very reading on, through the driver's IIO devices, said once.
#[cfg(feature = "i2c")]
struct Direct<T: ?Sized> {
    sensor: Box<T>,
    /// Where to look for the driver's devices; `None` once read through them.
    board: Option<Board>,
}

#[cfg(feature = "i2c")]
impl<T: Kind + ?Sized> Direct<T> {
    /// `reading` of the chip, or, where it fails and the driver's devices
    /// have appeared, of them (the error as it was where they have not).
    fn read<R>(&mut self, reading: impl Fn(&mut T) -> Result<R>) -> Result<R> {
        let failed = match reading(&mut self.sensor) {
            Ok(read) => return Ok(read),
            Err(failed) => failed,
        };
        let Some(board) = &self.board else { return Err(failed) };
        let Some(found) = board.iio(T::WANTED.names) else { return Err(failed) };
        let Wanted { device, chip, addresses, .. } = T::WANTED;
        let driver = addresses
            .iter()
            .find_map(|&address| linux::holder_at(&board.sys, &board.bus, address))
            .map_or_else(|| "driver".to_string(), |held| held.driver);
        let bus = shown_path(&board.bus);
        self.sensor = T::through_iio(found)?;
        self.board = None;
        warn!(
            "the kernel's {driver} was bound to the {} ({chip}) on {bus} while it was read over I2C: read from now \
             on through {}",
            device.noun(),
            T::described(&self.sensor)
        );
        reading(&mut self.sensor)
    }
}

#[cfg(feature = "i2c")]
impl HumiditySensor for Direct<dyn HumiditySensor> {
    fn describe(&self) -> String {
        self.sensor.describe()
    }
    fn read(&mut self) -> Result<Humidity> {
        Direct::read(self, |sensor| sensor.read())
    }
}

#[cfg(feature = "i2c")]
impl PressureSensor for Direct<dyn PressureSensor> {
    fn describe(&self) -> String {
        self.sensor.describe()
    }
    fn read(&mut self) -> Result<Pressure> {
        Direct::read(self, |sensor| sensor.read())
    }
}

#[cfg(feature = "i2c")]
impl MotionSensor for Direct<dyn MotionSensor> {
    fn describe(&self) -> String {
        self.sensor.describe()
    }
    fn read(&mut self) -> Result<Motion> {
        Direct::read(self, |sensor| sensor.read())
    }
    fn pose(&mut self) -> Result<Option<Orientation>> {
        self.sensor.pose()
    }
}

#[cfg(feature = "i2c")]
impl ColourSensor for Direct<dyn ColourSensor> {
    fn describe(&self) -> String {
        self.sensor.describe()
    }
    fn read(&mut self) -> Result<Colour> {
        Direct::read(self, |sensor| sensor.read())
    }
}

impl SensorSource for Board {
    fn describe(&self) -> String {
        "the Pi's sensors".to_string()
    }

    fn humidity(&mut self) -> Result<Box<dyn HumiditySensor>> {
        self.open()
    }

    fn pressure(&mut self) -> Result<Box<dyn PressureSensor>> {
        self.open()
    }

    fn motion(&mut self) -> Result<Box<dyn MotionSensor>> {
        self.open()
    }

    fn colour(&mut self) -> Result<Box<dyn ColourSensor>> {
        self.open()
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
                ("in_humidityrelative_scale", "0.010000000"),
                ("in_temp_raw", "430"),
                ("in_temp_scale", "0.050000000"),
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
            let attributes = [("in_humidityrelative_raw", "5"), ("in_temp_raw", "20")];
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

    /// The LPS25H read over I2C (embedded-hal-mock), until a transfer is
    /// refused: with no IIO device yet the error is the reading's; with the
    /// driver's device there that reading, and the next, are the device's,
    /// and the bus is not asked again.
    #[cfg(feature = "i2c")]
    #[test]
    fn a_driver_bound_while_the_chip_is_read_over_i2c_is_read_from_that_reading_on() {
        use crate::sensors::chip::lps25h::{ADDRESS, ID, Lps25h, WHO_AM_I};
        use crate::sensors::chip::tests::{byte, set, word};
        use crate::sensors::kinds::Pressure;
        use embedded_hal::i2c::ErrorKind;
        use embedded_hal_mock::eh1::i2c::Mock;
        let refused = || byte(ADDRESS, 0x28, 0).with_error(ErrorKind::Other);
        let mut t = vec![byte(ADDRESS, WHO_AM_I, ID)];
        t.extend([set(ADDRESS, 0x10, 0x05), set(ADDRESS, 0x2E, 0xC0), set(ADDRESS, 0x21, 0x40)]);
        t.extend([set(ADDRESS, 0x20, 0xC4), byte(ADDRESS, 0x27, 0b11)]);
        // 1013.25 mbar, 22.5 C.
        t.extend([byte(ADDRESS, 0x28, 0x00), byte(ADDRESS, 0x29, 0x54), byte(ADDRESS, 0x2A, 0x3F)]);
        t.extend(word(ADDRESS, 0x2B, -9600));
        t.extend([refused(), refused()]);
        let mut bus = Mock::new(&t);
        let tree = Tree::new("bound");
        let board = Board::new().sys(&tree.0).bus("/nonexistent/i2c-1");
        let mut sensor: Box<dyn PressureSensor> = Box::new(Direct::<dyn PressureSensor> {
            sensor: Box::new(Lps25h::new(bus.clone()).unwrap()),
            board: Some(board),
        });
        assert_eq!(sensor.read().unwrap(), Pressure { millibars: 1013.25, celsius: 22.5 });
        assert!(sensor.describe().contains("LPS25H over I2C"), "{}", sensor.describe());
        let err = sensor.read().unwrap_err().to_string();
        assert!(err.contains("pressure sensor (LPS25H) at 0x5C, register 0x28"), "no device yet: {err}");
        let attributes = [
            ("in_pressure_raw", "4096000"),
            ("in_pressure_scale", "0.000024414"),
            ("in_temp_raw", "480"),
            ("in_temp_scale", "2.083333333"),
            ("in_temp_offset", "20400"),
        ];
        tree.device(3, "lps25h", &attributes);
        for _ in 0..2 {
            let Pressure { millibars, celsius } = sensor.read().unwrap();
            assert!(
                (millibars - 1000.0).abs() < 0.01 && (celsius - 43.5).abs() < 0.001,
                "{millibars} {celsius}"
            );
        }
        assert!(sensor.describe().starts_with("the kernel's \"lps25h\""), "{}", sensor.describe());
        bus.done();
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
