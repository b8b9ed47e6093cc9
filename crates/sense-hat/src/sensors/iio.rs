//! The sensors through the kernel's IIO drivers: each device found by the
//! name its driver gives it under `/sys/bus/iio/devices/*/name`, never by
//! number, and each channel read as `(raw + offset) * scale`, with the
//! scale and offset the driver gives (its own attribute, else the one its
//! type shares), in the IIO units (ABI `sysfs-bus-iio`): milli degrees
//! Celsius, kilopascals, metres a second squared, radians a second, gauss;
//! except the HTS221's driver, whose scale and offset give per cent and
//! degrees Celsius (not the ABI's milli units: its calibration's slope is
//! divided by 1000 once more, as Debian 12's and 13's kernels both read
//! 50 % and 25 C where the chip says so, tests/vm/sensors). They are
//! turned into python-sense-hat's here, and the LSM9DS1's axes into the
//! HAT's as over I2C; and the LSM9DS1 magnetometer is read at its
//! datasheet's scale, not the one its driver gives (its sister chip's).

use super::chip::lsm9ds1::hat_axes;
use super::kinds::{
    Colour, ColourSensor, Humidity, HumiditySensor, Motion, MotionSensor, Pressure, PressureSensor, Vector,
};
use crate::error::{Device, Error, Result, shown_path};
use std::fs;
use std::path::{Path, PathBuf};

/// The names the humidity sensor's driver gives its device.
pub const HUMIDITY: &[&str] = &["hts221"];
/// The pressure sensor's.
pub const PRESSURE: &[&str] = &["lps25h"];
/// The accelerometer's: `st_lsm6dsx`'s, or `st_accel`'s.
pub const ACCEL: &[&str] = &["lsm9ds1-imu_accel", "lsm9ds1_accel"];
/// The gyroscope's.
pub const GYRO: &[&str] = &["lsm9ds1-imu_gyro", "lsm9ds1_gyro"];
/// The magnetometer's (`st_magn`).
pub const MAGNET: &[&str] = &["lsm9ds1_magn"];
/// The colour sensor's (`tcs3472`, the TCS34725; no driver knows the TCS3400).
pub const COLOUR: &[&str] = &["tcs3472"];

/// Standard gravity, metres a second squared a g.
const STANDARD_GRAVITY: f64 = 9.80665;

/// An IIO device found by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IioDevice {
    /// Its sysfs directory (`/sys/bus/iio/devices/iio:device3`).
    pub dir: PathBuf,
    /// The name its driver gives it.
    pub name: String,
}

impl IioDevice {
    /// How a sensor read through it names itself: the driver's name and
    /// its sysfs directory.
    fn describe(&self) -> String {
        format!("the kernel's {:?} ({})", self.name, shown_path(&self.dir))
    }
}

/// The first IIO device under `sys` whose name is one of `names`, in
/// device number order.
pub fn find(sys: &Path, names: &[&str]) -> Option<IioDevice> {
    let mut found: Vec<(u32, IioDevice)> = fs::read_dir(sys.join("bus/iio/devices"))
        .ok()?
        .flatten()
        .filter_map(|entry| {
            let number = entry.file_name().to_str()?.strip_prefix("iio:device")?.parse().ok()?;
            let name = fs::read_to_string(entry.path().join("name")).ok()?.trim_end().to_string();
            names.contains(&name.as_str()).then(|| (number, IioDevice { dir: entry.path(), name }))
        })
        .collect();
    found.sort_by_key(|(number, _)| *number);
    found.into_iter().next().map(|(_, device)| device)
}

/// One channel: its raw attribute, and the scale and offset read once.
#[derive(Clone, Debug, PartialEq)]
struct Channel {
    raw: PathBuf,
    scale: f64,
    offset: f64,
    device: Device,
}

impl Channel {
    /// `in_{kind}{_axis}_raw` of `iio`, with `in_{kind}{_axis}_scale` or else
    /// `in_{kind}_scale` (1 if neither), and the offset the same way (0).
    fn open(iio: &IioDevice, device: Device, kind: &str, axis: Option<&str>) -> Result<Channel> {
        let channel = axis.map_or(kind.to_string(), |axis| format!("{kind}_{axis}"));
        let attribute = |what: &str, default: f64| -> Result<f64> {
            for name in [format!("in_{channel}_{what}"), format!("in_{kind}_{what}")] {
                let path = iio.dir.join(name);
                if path.exists() {
                    return number(device, &path);
                }
            }
            Ok(default)
        };
        let raw = iio.dir.join(format!("in_{channel}_raw"));
        if !raw.exists() {
            return Err(Error::BadReading {
                device,
                what: format!("IIO device {:?} ({})", iio.name, shown_path(&iio.dir)),
                reason: format!("it has no in_{channel}_raw"),
            });
        }
        Ok(Channel { scale: attribute("scale", 1.0)?, offset: attribute("offset", 0.0)?, raw, device })
    }

    /// One reading, in the driver's units.
    fn read(&self) -> Result<f64> {
        Ok((number(self.device, &self.raw)? + self.offset) * self.scale)
    }
}

/// A sysfs attribute's number.
fn number(device: Device, path: &Path) -> Result<f64> {
    let text = fs::read_to_string(path).map_err(|source| Error::Open {
        device,
        path: path.to_path_buf(),
        source,
    })?;
    text.trim().parse().map_err(|_| Error::BadReading {
        device,
        what: shown_path(path),
        reason: format!("{:?} is not a number", text.trim()),
    })
}

/// The three axes of a `kind` of channel.
fn axes(iio: &IioDevice, device: Device, kind: &str) -> Result<[Channel; 3]> {
    Ok([
        Channel::open(iio, device, kind, Some("x"))?,
        Channel::open(iio, device, kind, Some("y"))?,
        Channel::open(iio, device, kind, Some("z"))?,
    ])
}

fn vector(channels: &[Channel; 3], factor: f64) -> Result<Vector> {
    Ok(Vector::new(channels[0].read()?, channels[1].read()?, channels[2].read()?).scaled(factor))
}

/// The humidity sensor through its driver (`hts221`).
#[derive(Debug)]
pub struct IioHumidity {
    name: IioDevice,
    humidity: Channel,
    temperature: Channel,
}

impl IioHumidity {
    /// Its channels, from the device found.
    pub fn open(iio: IioDevice) -> Result<IioHumidity> {
        let device = Device::HumiditySensor;
        Ok(IioHumidity {
            humidity: Channel::open(&iio, device, "humidityrelative", None)?,
            temperature: Channel::open(&iio, device, "temp", None)?,
            name: iio,
        })
    }
}

impl HumiditySensor for IioHumidity {
    fn describe(&self) -> String {
        self.name.describe()
    }

    /// Per cent and degrees Celsius as the driver gives them.
    fn read(&mut self) -> Result<Humidity> {
        Ok(Humidity { percent: self.humidity.read()?, celsius: self.temperature.read()? })
    }
}

/// The pressure sensor through its driver (`st_pressure`).
#[derive(Debug)]
pub struct IioPressure {
    name: IioDevice,
    pressure: Channel,
    temperature: Channel,
}

impl IioPressure {
    /// Its channels, from the device found.
    pub fn open(iio: IioDevice) -> Result<IioPressure> {
        let device = Device::PressureSensor;
        Ok(IioPressure {
            pressure: Channel::open(&iio, device, "pressure", None)?,
            temperature: Channel::open(&iio, device, "temp", None)?,
            name: iio,
        })
    }
}

impl PressureSensor for IioPressure {
    fn describe(&self) -> String {
        self.name.describe()
    }

    /// Kilopascals to millibars, milli degrees to degrees.
    fn read(&mut self) -> Result<Pressure> {
        Ok(Pressure { millibars: self.pressure.read()? * 10.0, celsius: self.temperature.read()? / 1000.0 })
    }
}

/// The LSM9DS1 magnetometer's gauss a count at each range as its datasheet
/// gives them (table 3: 0.14, 0.29, 0.43 and 0.58 mgauss at 4, 8, 12 and
/// 16 gauss), beside the scale st_magn gives for that range: the gains of
/// its sister chip the LIS3MDL (146, 292, 438 and 584 micro-gauss; its
/// datasheet's 6842 counts a gauss at 4), which the kernel reuses for the
/// LSM9DS1. RTIMULib, and so python-sense-hat, and this crate's I2C path
/// take the LSM9DS1's, 4.3% below the kernel's at 4 gauss.
const LSM9DS1_MAGNET_SCALES: [(f64, f64); 4] =
    [(0.000146, 0.00014), (0.000292, 0.00029), (0.000438, 0.00043), (0.000584, 0.00058)];

/// The LSM9DS1 datasheet's scale for the range whose kernel scale is
/// `scale`, so that all three paths give the same field; a scale the
/// kernel's table does not hold (a kernel that gives the datasheet's) is
/// kept.
fn lsm9ds1_magnet_scale(scale: f64) -> f64 {
    LSM9DS1_MAGNET_SCALES
        .iter()
        .find(|(kernel, _)| (scale - kernel).abs() < 5e-7)
        .map_or(scale, |&(_, datasheet)| datasheet)
}

/// The motion sensor through its drivers' three devices.
#[derive(Debug)]
pub struct IioMotion {
    names: [IioDevice; 3],
    accel: [Channel; 3],
    gyro: [Channel; 3],
    magnet: [Channel; 3],
}

impl IioMotion {
    /// The channels of the accelerometer's, the gyroscope's and the
    /// magnetometer's devices.
    pub fn open(accel: IioDevice, gyro: IioDevice, magnet: IioDevice) -> Result<IioMotion> {
        let device = Device::MotionSensor;
        Ok(IioMotion {
            accel: axes(&accel, device, "accel")?,
            gyro: axes(&gyro, device, "anglvel")?,
            magnet: axes(&magnet, device, "magn")?.map(|mut axis| {
                if magnet.name == "lsm9ds1_magn" {
                    axis.scale = lsm9ds1_magnet_scale(axis.scale);
                }
                axis
            }),
            names: [accel, gyro, magnet],
        })
    }
}

impl MotionSensor for IioMotion {
    fn describe(&self) -> String {
        let names: Vec<String> = self.names.iter().map(|d| format!("{:?}", d.name)).collect();
        format!("the kernel's {}", names.join(", "))
    }

    /// Metres a second squared to g, gauss to microtesla, in the HAT's axes.
    fn read(&mut self) -> Result<Motion> {
        Ok(hat_axes(Motion {
            accel: vector(&self.accel, 1.0 / STANDARD_GRAVITY)?,
            gyro: vector(&self.gyro, 1.0)?,
            magnet: vector(&self.magnet, 100.0)?,
        }))
    }
}

/// The colour sensor through its driver (`tcs3472`): the raw counts.
#[derive(Debug)]
pub struct IioColour {
    name: IioDevice,
    channels: [Channel; 4],
}

impl IioColour {
    /// Its four channels, from the device found.
    pub fn open(iio: IioDevice) -> Result<IioColour> {
        let device = Device::ColourSensor;
        let channel = |colour| Channel::open(&iio, device, "intensity", Some(colour));
        let channels = [channel("red")?, channel("green")?, channel("blue")?, channel("clear")?];
        Ok(IioColour { name: iio, channels })
    }

    /// The largest count, from the driver's integration time (2.4 ms a cycle).
    fn max_raw(&self) -> u16 {
        let time = number(Device::ColourSensor, &self.name.dir.join("in_intensity_integration_time"));
        match time {
            Ok(seconds) => Colour::max_for((seconds / 0.0024).round().clamp(1.0, 256.0) as u16),
            Err(_) => u16::MAX,
        }
    }
}

impl ColourSensor for IioColour {
    fn describe(&self) -> String {
        self.name.describe()
    }

    fn read(&mut self) -> Result<Colour> {
        let [red, green, blue, clear] = &self.channels;
        let count = |c: &Channel| -> Result<u16> { Ok(c.read()?.clamp(0.0, 65535.0) as u16) };
        Ok(Colour {
            red: count(red)?,
            green: count(green)?,
            blue: count(blue)?,
            clear: count(clear)?,
            max_raw: self.max_raw(),
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A sysfs tree under a temporary directory, with IIO devices.
    pub struct Tree(pub PathBuf);

    impl Tree {
        pub fn new(tag: &str) -> Tree {
            let root = std::env::temp_dir().join(format!("sense-hat-iio-{tag}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&root);
            fs::create_dir_all(root.join("bus/iio/devices")).unwrap();
            Tree(root)
        }

        /// `iio:deviceN` named `name`, with these attributes.
        pub fn device(&self, number: u32, name: &str, attributes: &[(&str, &str)]) {
            let dir = self.0.join(format!("bus/iio/devices/iio:device{number}"));
            fs::create_dir_all(&dir).unwrap();
            fs::write(dir.join("name"), format!("{name}\n")).unwrap();
            for (file, value) in attributes {
                fs::write(dir.join(file), format!("{value}\n")).unwrap();
            }
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn devices_are_found_by_name_whatever_their_number() {
        let tree = Tree::new("names");
        tree.device(0, "vc4-hdmi", &[]);
        tree.device(7, "lps25h", &[]);
        tree.device(3, "lps25h", &[]);
        let found = find(&tree.0, PRESSURE).unwrap();
        assert!(found.dir.ends_with("iio:device3"), "{found:?}");
        assert_eq!(find(&tree.0, HUMIDITY), None);
    }

    /// The values Debian 12's drivers gave on i2c-stub (docs: iio-on-i2c-stub).
    #[test]
    fn raw_times_scale_plus_offset_in_python_sense_hats_units() {
        let tree = Tree::new("units");
        tree.device(
            1,
            "lps25h",
            &[
                ("in_pressure_raw", "4150272"),
                ("in_pressure_scale", "0.000024414"),
                ("in_temp_raw", "-9600"),
                ("in_temp_scale", "2.083333333"),
                ("in_temp_offset", "20400"),
            ],
        );
        tree.device(
            2,
            "hts221",
            &[
                // As hts221 gives them for tests/vm/sensors-init's calibration.
                ("in_humidityrelative_raw", "3000"),
                ("in_humidityrelative_scale", "0.010000000"),
                ("in_humidityrelative_offset", "2000.000000000"),
                ("in_temp_raw", "400"),
                ("in_temp_scale", "0.050000000"),
                ("in_temp_offset", "100.000000000"),
            ],
        );
        let p = IioPressure::open(find(&tree.0, PRESSURE).unwrap()).unwrap().read().unwrap();
        assert!((p.millibars - 1013.25).abs() < 0.01 && (p.celsius - 22.5).abs() < 0.001, "{p:?}");
        let h = IioHumidity::open(find(&tree.0, HUMIDITY).unwrap()).unwrap().read().unwrap();
        assert_eq!(h, Humidity { percent: 50.0, celsius: 25.0 });
    }

    #[test]
    fn the_motion_sensors_three_devices_in_the_hats_axes() {
        let tree = Tree::new("motion");
        let three = |kind: &str, x: &str, scale: &str| {
            vec![
                (format!("in_{kind}_x_raw"), x.to_string()),
                (format!("in_{kind}_y_raw"), "0".to_string()),
                (format!("in_{kind}_z_raw"), x.to_string()),
                (format!("in_{kind}_scale"), scale.to_string()),
            ]
        };
        for (number, name, kind, x, scale) in [
            (4, "lsm9ds1-imu_accel", "accel", "16384", "0.000598205"),
            (5, "lsm9ds1-imu_gyro", "anglvel", "1000", "0.000305432"),
            (6, "lsm9ds1_magn", "magn", "4096", "0.000140"),
        ] {
            let attributes = three(kind, x, scale);
            let attributes: Vec<(&str, &str)> =
                attributes.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            tree.device(number, name, &attributes);
        }
        let find = |names| find(&tree.0, names).unwrap();
        let mut motion = IioMotion::open(find(ACCEL), find(GYRO), find(MAGNET)).unwrap();
        let Motion { accel, gyro, magnet } = motion.read().unwrap();
        let near = |a: f64, b: f64| (a - b).abs() < 0.001;
        assert!(near(accel.x, -0.9994) && near(accel.z, 0.9994), "{accel:?}");
        assert!(near(gyro.x, 0.3054) && near(gyro.z, -0.3054), "{gyro:?}");
        assert!(near(magnet.x, -57.344) && near(magnet.z, -57.344), "{magnet:?}");
    }

    /// st_magn's scale for the LSM9DS1 (its LIS3MDL's, 0.000146 gauss a
    /// count at 4 gauss, as Debian 12's and 13's kernels print it) read at
    /// the datasheet's 0.14 mgauss, as the I2C path reads it; another
    /// device's scale, or one the table does not hold, as the kernel gives it.
    #[test]
    fn the_lsm9ds1_magnetometer_is_read_at_its_datasheets_scale() {
        let tree = Tree::new("magnet-scale");
        let magnet = |number, name: &str, scale: &str| {
            let attributes = [
                ("in_magn_x_raw", "1000"),
                ("in_magn_y_raw", "-500"),
                ("in_magn_z_raw", "2000"),
                ("in_magn_x_scale", scale),
                ("in_magn_y_scale", scale),
                ("in_magn_z_scale", scale),
            ];
            tree.device(number, name, &attributes);
            IioDevice {
                dir: tree.0.join(format!("bus/iio/devices/iio:device{number}")),
                name: name.to_string(),
            }
        };
        tree.device(
            1,
            "lsm9ds1-imu_accel",
            &[("in_accel_x_raw", "0"), ("in_accel_y_raw", "0"), ("in_accel_z_raw", "0")],
        );
        tree.device(
            2,
            "lsm9ds1-imu_gyro",
            &[("in_anglvel_x_raw", "0"), ("in_anglvel_y_raw", "0"), ("in_anglvel_z_raw", "0")],
        );
        let read = |device| {
            let accel = find(&tree.0, ACCEL).unwrap();
            let gyro = find(&tree.0, GYRO).unwrap();
            IioMotion::open(accel, gyro, device).unwrap().read().unwrap().magnet
        };
        let near = |v: Vector, x: f64, y: f64, z: f64| {
            (v.x - x).abs() < 1e-9 && (v.y - y).abs() < 1e-9 && (v.z - z).abs() < 1e-9
        };
        // 1000 counts, 14 uT by the datasheet (the HAT's axes turn x and z).
        let at_4 = read(magnet(3, "lsm9ds1_magn", "0.000146"));
        assert!(near(at_4, -14.0, -7.0, -28.0), "{at_4:?}");
        let at_16 = read(magnet(4, "lsm9ds1_magn", "0.000584"));
        assert!(near(at_16, -58.0, -29.0, -116.0), "{at_16:?}");
        let datasheets = read(magnet(5, "lsm9ds1_magn", "0.000140"));
        assert!(near(datasheets, -14.0, -7.0, -28.0), "{datasheets:?}");
        let other = read(magnet(6, "lis3mdl", "0.000146"));
        assert!(near(other, -14.6, -7.3, -29.2), "another chip's, as given: {other:?}");
    }

    #[test]
    fn a_device_without_its_channel_or_with_a_word_says_which() {
        let tree = Tree::new("broken");
        tree.device(0, "hts221", &[("in_humidityrelative_raw", "3000")]);
        let err = IioHumidity::open(find(&tree.0, HUMIDITY).unwrap()).unwrap_err().to_string();
        assert!(err.contains("has no in_temp_raw"), "{err}");
        tree.device(0, "hts221", &[("in_temp_raw", "busy")]);
        let err =
            IioHumidity::open(find(&tree.0, HUMIDITY).unwrap()).unwrap().read().unwrap_err().to_string();
        assert!(err.contains("\"busy\" is not a number"), "{err}");
    }
}
