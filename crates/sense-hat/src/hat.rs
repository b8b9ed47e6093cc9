//! The front door: [`SenseHat`], the HAT by whichever path finds it, as
//! python-sense-hat's `SenseHat()` gives it.

use crate::devices::Devices;
use crate::error::Result;
#[cfg(feature = "i2c")]
use crate::i2c::{devices::I2cDevices, linux::Line};
#[cfg(feature = "kernel")]
use crate::kernel::KernelDevices;
use crate::leds::matrix::{DARK, Gamma, LedMatrix, Picture, Pixel, flipped_h, flipped_v};
use crate::lookup::Lookup;
use crate::rotation::Rotation;
#[cfg(feature = "sensors")]
use crate::sensors::Sensors;
#[cfg(feature = "sensors")]
use crate::sensors::kinds::{Colour, Motion, Vector};
use crate::stick::events::{Stick, StickEvent};
use log::warn;
use std::collections::VecDeque;
use std::fmt;
#[cfg(any(feature = "kernel", feature = "i2c", feature = "png"))]
use std::path::Path;
use std::time::Duration;

/// The Sense HAT: its LED matrix and its joystick, open.
///
/// The matrix holds the rotation and the gamma table (low light or not),
/// said once: every picture is turned and lit by them, and the stick's
/// events come out turned the same way, so pushing towards a side of the
/// matrix is that side as the viewer sees it. [`SenseHat::open`] finds the
/// HAT by [`crate::lookup::RULE`]; `SenseHat::kernel` and
/// `SenseHat::i2c` take one path at the places given, and
/// [`SenseHat::with_devices`] any [`Devices`] (the `mock` feature's, say).
pub struct SenseHat {
    devices: Box<dyn Devices>,
    leds: Box<dyn LedMatrix>,
    stick: Box<dyn Stick>,
    /// Events read and not yet handed out, turned.
    pending: VecDeque<StickEvent>,
    #[cfg(feature = "sensors")]
    sensors: Sensors,
}

impl fmt::Debug for SenseHat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SenseHat")
            .field("devices", &self.devices.describe())
            .field("leds", &self.leds.describe())
            .field("stick", &self.stick.describe())
            .field("rotation", &self.leds.rotation())
            .field("low_light", &self.leds.low_light())
            .finish_non_exhaustive()
    }
}

impl SenseHat {
    /// The HAT wherever a Pi has it: through the kernel's drivers if both
    /// its devices are found by name, else over I2C on `/dev/i2c-1` if its
    /// chip answers ([`crate::lookup::RULE`]). [`Lookup`] looks elsewhere.
    pub fn open() -> Result<SenseHat> {
        SenseHat::open_with(&Lookup::new())
    }

    /// The HAT by the same rule, looked for where `lookup` says (a
    /// framebuffer named, another bus): `SenseHat::open_with(&Lookup::new().bus("/dev/i2c-3"))`.
    pub fn open_with(lookup: &Lookup) -> Result<SenseHat> {
        SenseHat::with_devices(lookup.found()?)
    }

    /// Through the kernel's drivers, at these device paths (`/dev/fb1`,
    /// `/dev/input/event3`).
    #[cfg(feature = "kernel")]
    pub fn kernel(framebuffer: impl AsRef<Path>, joystick: impl AsRef<Path>) -> Result<SenseHat> {
        let devices = KernelDevices::new().framebuffer(framebuffer.as_ref()).joystick(joystick.as_ref());
        SenseHat::with_devices(devices)
    }

    /// Over I2C: the chip on `bus` (`/dev/i2c-1`), its joystick's
    /// interrupt on `line` (`Line::default()`: the line named `GPIO23`).
    #[cfg(feature = "i2c")]
    pub fn i2c(bus: impl AsRef<Path>, line: Line) -> Result<SenseHat> {
        SenseHat::with_devices(I2cDevices::new(bus.as_ref(), line))
    }

    /// The HAT of `devices`: its LED matrix and its joystick opened, the
    /// matrix's gamma table set to the default (the kernel's driver keeps
    /// the last program's; a driver that refuses is warned of, once, in
    /// the log, and its table stays).
    pub fn with_devices(devices: impl Devices + 'static) -> Result<SenseHat> {
        let mut devices: Box<dyn Devices> = Box::new(devices);
        let mut leds = devices.leds()?;
        let stick = devices.stick()?;
        if let Err(e) = leds.set_gamma(Gamma::DEFAULT) {
            warn!("{e}; colours follow its current table{}", compat_note());
        }
        Ok(SenseHat {
            #[cfg(feature = "sensors")]
            sensors: Sensors::boxed(devices.sensors()),
            devices,
            leds,
            stick,
            pending: VecDeque::new(),
        })
    }

    /// By which path and where, in words.
    pub fn describe(&self) -> String {
        format!(
            "{}: the LED matrix {}, the joystick {}",
            self.devices.describe(),
            self.leds.describe(),
            self.stick.describe()
        )
    }

    /// The LED matrix.
    pub fn leds(&self) -> &dyn LedMatrix {
        &*self.leds
    }

    /// The LED matrix, to draw on (an embedded-graphics `Canvas` takes it).
    pub fn leds_mut(&mut self) -> &mut dyn LedMatrix {
        &mut *self.leds
    }

    /// The joystick as its device reports it: its own directions, not
    /// turned (see [`SenseHat::events`]).
    pub fn stick(&mut self) -> &mut dyn Stick {
        &mut *self.stick
    }

    /// Shows a whole picture (python-sense-hat's `set_pixels`).
    pub fn set_pixels(&mut self, picture: &Picture) -> Result<()> {
        self.leds.show(picture)
    }

    /// The picture on show, as it was given (`get_pixels`).
    pub fn pixels(&self) -> Picture {
        self.leds.picture()
    }

    /// Sets one LED, `x` from the left and `y` from the top, 0 to 7
    /// (`set_pixel`); the rest stay. A place off the matrix is ignored.
    pub fn set_pixel(&mut self, x: usize, y: usize, pixel: Pixel) -> Result<()> {
        let mut picture = self.pixels();
        if let Some(at) = picture.get_mut(y).and_then(|row| row.get_mut(x)) {
            *at = pixel;
        }
        self.leds.show(&picture)
    }

    /// One LED's colour, as given (`get_pixel`); `None` off the matrix.
    pub fn pixel(&self, x: usize, y: usize) -> Option<Pixel> {
        self.leds.picture().get(y).and_then(|row| row.get(x)).copied()
    }

    /// Every LED off (`clear()`).
    pub fn clear(&mut self) -> Result<()> {
        self.leds.show(&DARK)
    }

    /// Every LED one colour (`clear(colour)`).
    pub fn fill(&mut self, pixel: Pixel) -> Result<()> {
        self.leds.show(&[[pixel; 8]; 8])
    }

    /// The picture on show mirrored left to right, shown and returned (`flip_h`).
    pub fn flip_h(&mut self) -> Result<Picture> {
        let flipped = flipped_h(&self.leds.picture());
        self.leds.show(&flipped).map(|()| flipped)
    }

    /// The picture on show mirrored top to bottom, shown and returned (`flip_v`).
    pub fn flip_v(&mut self) -> Result<Picture> {
        let flipped = flipped_v(&self.leds.picture());
        self.leds.show(&flipped).map(|()| flipped)
    }

    /// Reads an 8x8 PNG and shows it (`load_image`); the picture.
    #[cfg(feature = "png")]
    pub fn load_image(&mut self, path: impl AsRef<Path>) -> Result<Picture> {
        let picture = crate::leds::image::load(path.as_ref())?;
        self.leds.show(&picture).map(|()| picture)
    }

    /// How the picture and the stick are turned.
    pub fn rotation(&self) -> Rotation {
        self.leds.rotation()
    }

    /// Turns the picture and the stick, and shows what is on show turned
    /// (`set_rotation(r)`, which redraws).
    pub fn set_rotation(&mut self, rotation: Rotation) -> Result<()> {
        self.leds.set_rotation(rotation);
        let picture = self.leds.picture();
        self.leds.show(&picture)
    }

    /// Whether the LEDs light through the low-light table (`low_light`).
    pub fn low_light(&self) -> bool {
        self.leds.low_light()
    }

    /// The low-light table, or the default one (`low_light = True`).
    pub fn set_low_light(&mut self, on: bool) -> Result<()> {
        self.leds.set_low_light(on)
    }

    /// The gamma table in use (`gamma`).
    pub fn gamma(&self) -> Gamma {
        self.leds.gamma()
    }

    /// A gamma table of one's own (`gamma = [...]`).
    pub fn set_gamma(&mut self, gamma: Gamma) -> Result<()> {
        self.leds.set_gamma(gamma)
    }

    /// The default table again (`gamma_reset()`).
    pub fn reset_gamma(&mut self) -> Result<()> {
        self.leds.set_gamma(Gamma::DEFAULT)
    }

    /// The stick's changes waiting, turned by the rotation, without
    /// blocking (`stick.get_events()`).
    pub fn events(&mut self) -> Result<Vec<StickEvent>> {
        let read = self.stick.read()?;
        let rotation = self.leds.rotation();
        self.pending.extend(read.into_iter().map(|event| turned(event, rotation)));
        Ok(self.pending.drain(..).collect())
    }

    /// The next change of the stick, turned, waiting for it blocked in the
    /// kernel (`stick.wait_for_event()`).
    pub fn wait_for_event(&mut self) -> Result<StickEvent> {
        loop {
            if let Some(event) = self.wait_for_event_until(None)? {
                return Ok(event);
            }
        }
    }

    /// [`SenseHat::wait_for_event`] for at most `timeout`; `None` if nothing came.
    pub fn wait_for_event_timeout(&mut self, timeout: Duration) -> Result<Option<StickEvent>> {
        self.wait_for_event_until(Some(timeout))
    }

    fn wait_for_event_until(&mut self, timeout: Option<Duration>) -> Result<Option<StickEvent>> {
        if self.pending.is_empty() {
            let read = self.stick.wait(timeout)?;
            let rotation = self.leds.rotation();
            self.pending.extend(read.into_iter().map(|event| turned(event, rotation)));
        }
        Ok(self.pending.pop_front())
    }

    /// Opens the LED matrix again by the same path (it went away: a driver
    /// reloaded, a chip that stopped answering), with the same rotation and
    /// gamma table, and shows the picture that was on show.
    pub fn reopen_leds(&mut self) -> Result<()> {
        let mut leds = self.devices.leds()?;
        leds.set_rotation(self.leds.rotation());
        if let Err(e) = leds.set_gamma(self.leds.gamma()) {
            warn!("{e}; colours follow its current table{}", compat_note());
        }
        leds.show(&self.leds.picture())?;
        self.leds = leds;
        Ok(())
    }

    /// Opens the joystick again by the same path.
    pub fn reopen_stick(&mut self) -> Result<()> {
        self.stick = self.devices.stick()?;
        self.pending.clear();
        Ok(())
    }

    /// The sensors, each opened when first read (the `sensors` feature).
    #[cfg(feature = "sensors")]
    pub fn sensors(&mut self) -> &mut Sensors {
        &mut self.sensors
    }

    /// Relative humidity, per cent (`get_humidity()`).
    #[cfg(feature = "sensors")]
    pub fn humidity(&mut self) -> Result<f64> {
        self.sensors.humidity()
    }

    /// The temperature, degrees Celsius, from the humidity sensor
    /// (`get_temperature()`); [`Sensors::temperature_from_pressure`] the other.
    #[cfg(feature = "sensors")]
    pub fn temperature(&mut self) -> Result<f64> {
        self.sensors.temperature()
    }

    /// Pressure, millibars (`get_pressure()`).
    #[cfg(feature = "sensors")]
    pub fn pressure(&mut self) -> Result<f64> {
        self.sensors.pressure()
    }

    /// Acceleration, gyroscope and magnetometer in one reading.
    #[cfg(feature = "sensors")]
    pub fn motion(&mut self) -> Result<Motion> {
        self.sensors.motion()
    }

    /// Acceleration, g (`get_accelerometer_raw()`).
    #[cfg(feature = "sensors")]
    pub fn accel(&mut self) -> Result<Vector> {
        self.sensors.accel()
    }

    /// Rotation rate, radians a second (`get_gyroscope_raw()`).
    #[cfg(feature = "sensors")]
    pub fn gyro(&mut self) -> Result<Vector> {
        self.sensors.gyro()
    }

    /// Magnetic field, microtesla (`get_compass_raw()`).
    #[cfg(feature = "sensors")]
    pub fn magnet(&mut self) -> Result<Vector> {
        self.sensors.magnet()
    }

    /// Colour and brightness (`colour`).
    #[cfg(feature = "sensors")]
    pub fn colour(&mut self) -> Result<Colour> {
        self.sensors.colour()
    }

    /// Its parts, for a program that keeps them itself: how they are opened,
    /// the LED matrix and the joystick.
    pub fn into_parts(self) -> (Box<dyn Devices>, Box<dyn LedMatrix>, Box<dyn Stick>) {
        (self.devices, self.leds, self.stick)
    }
}

/// `event` as the viewer of a matrix turned by `rotation` means it.
fn turned(event: StickEvent, rotation: Rotation) -> StickEvent {
    match event {
        StickEvent::Pressed(d) => StickEvent::Pressed(rotation.direction(d)),
        StickEvent::Released(d) => StickEvent::Released(rotation.direction(d)),
    }
}

/// Why gamma calls fail, where that is known ([`crate::compat`]).
fn compat_note() -> String {
    #[cfg(feature = "kernel")]
    if let Some(why) = crate::compat::gamma_note("program", "built for aarch64") {
        return format!(": {why}");
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use crate::leds::matrix::{DARK, Gamma};
    use crate::mock;
    use crate::rotation::Rotation;
    use crate::stick::events::{Direction, StickEvent};
    use std::time::Duration;

    #[test]
    fn pixels_set_one_by_one_flipped_and_cleared_as_python_does() {
        let (mut hat, devices) = mock::sense_hat();
        hat.set_pixel(0, 1, [255, 0, 0]).unwrap();
        hat.set_pixel(9, 9, [255, 255, 255]).unwrap();
        assert_eq!((hat.pixel(0, 1), hat.pixel(9, 9)), (Some([255, 0, 0]), None), "off the matrix: ignored");
        assert_eq!(hat.flip_h().unwrap()[1][7], [255, 0, 0]);
        assert_eq!(hat.flip_v().unwrap()[6][7], [255, 0, 0]);
        hat.fill([0, 0, 9]).unwrap();
        assert_eq!(hat.pixels(), [[[0, 0, 9]; 8]; 8]);
        hat.clear().unwrap();
        assert_eq!(devices.leds().shown().len(), 6, "each call one picture");
        assert_eq!(devices.leds().last(), Some(DARK));
    }

    #[test]
    fn a_rotation_redraws_and_turns_the_stick_and_low_light_is_the_matrixs_table() {
        let (mut hat, devices) = mock::sense_hat();
        assert_eq!(devices.leds().gammas_asked(), [Gamma::DEFAULT], "reset at open");
        hat.set_pixel(1, 0, [0, 255, 0]).unwrap();
        hat.set_rotation(Rotation::R180).unwrap();
        assert_eq!(devices.leds().on_device()[7][6], [0, 255, 0], "redrawn, turned");
        hat.set_low_light(true).unwrap();
        assert!(hat.low_light() && hat.gamma() == Gamma::LOW_LIGHT);
        hat.reset_gamma().unwrap();
        assert!(!hat.low_light());
        // Turned half a turn, the device's up is the viewer's down; the raw stick is the device's.
        devices.stick().click(Direction::Up).unwrap();
        assert_eq!(hat.wait_for_event().unwrap(), StickEvent::Pressed(Direction::Down));
        assert_eq!(hat.events().unwrap(), [StickEvent::Released(Direction::Down)]);
        assert_eq!(hat.wait_for_event_timeout(Duration::from_millis(10)).unwrap(), None);
        devices.stick().press(Direction::Left).unwrap();
        assert_eq!(hat.stick().wait(None).unwrap(), [StickEvent::Pressed(Direction::Left)]);
    }

    #[test]
    fn parts_that_went_away_open_again_as_they_were() {
        let (mut hat, devices) = mock::sense_hat();
        hat.set_rotation(Rotation::R90).unwrap();
        hat.set_low_light(true).unwrap();
        hat.set_pixel(2, 2, [1, 2, 3]).unwrap();
        devices.set_leds_plugged(false);
        assert!(hat.set_pixel(3, 3, [4, 5, 6]).is_err(), "the matrix is gone");
        assert!(hat.reopen_leds().is_err(), "and cannot be opened");
        devices.set_leds_plugged(true);
        hat.reopen_leds().unwrap();
        let last = devices.leds().history().pop().unwrap();
        assert_eq!((last.rotation, last.gamma), (Rotation::R90, Gamma::LOW_LIGHT));
        assert_eq!(last.picture[3][3], [4, 5, 6], "the picture last asked for");
        devices.set_stick_plugged(false);
        assert!(hat.events().is_err());
        devices.set_stick_plugged(true);
        hat.reopen_stick().unwrap();
        devices.stick().press(Direction::Middle).unwrap();
        assert_eq!(hat.wait_for_event().unwrap(), StickEvent::Pressed(Direction::Middle));
        assert!(format!("{hat:?}").contains("the mock devices"));
    }
}
