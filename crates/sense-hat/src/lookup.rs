//! Which path finds the HAT: the one rule [`crate::SenseHat::open`] follows
//! ([`RULE`]), with the places to look at ([`Lookup`]) that a program may
//! change (a framebuffer named, another bus).

use crate::devices::Devices;
#[cfg(feature = "kernel")]
use crate::discover::Roots;
#[cfg(any(feature = "kernel", feature = "i2c"))]
use crate::error::shown_path;
use crate::error::{Device, Error, Result};
#[cfg(feature = "i2c")]
use crate::i2c::devices::{DEFAULT_BUS, I2cDevices};
#[cfg(feature = "i2c")]
use crate::i2c::linux::Line;
#[cfg(feature = "kernel")]
use crate::kernel::{self, KernelDevices};
#[cfg(any(feature = "kernel", feature = "i2c"))]
use std::path::PathBuf;

/// The rule, in words (a program's help can say it as it is).
pub const RULE: &str = "the kernel's drivers if both the LED matrix and the joystick are found by name (the \
                        framebuffer \"RPi-Sense FB\", the input device \"Raspberry Pi Sense HAT Joystick\"); without \
                        either, the HAT's chip over I2C if it answers on /dev/i2c-1";

/// A path the HAT is driven by.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// The kernel's drivers: the framebuffer and the input device.
    Kernel,
    /// The chip over I2C, and its interrupt line.
    I2c,
}

/// How many of the kernel's two devices are there.
// Without the `kernel` feature there are none.
#[cfg_attr(not(feature = "kernel"), allow(dead_code))]
enum Found {
    Both,
    Half,
    Neither,
}

/// Where to look for the HAT by each path: by default the devices by
/// their names, `/dev/i2c-1` and the line named `GPIO23`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    #[cfg(feature = "kernel")]
    kernel: KernelDevices,
    #[cfg(feature = "i2c")]
    bus: PathBuf,
    #[cfg(feature = "i2c")]
    line: Line,
    #[cfg(feature = "i2c")]
    program: Option<String>,
    #[cfg(feature = "i2c")]
    guide: Option<String>,
}

// Derivable only in the builds without `i2c`, whose fields start elsewhere.
#[allow(clippy::derivable_impls)]
impl Default for Lookup {
    fn default() -> Self {
        Lookup {
            #[cfg(feature = "kernel")]
            kernel: KernelDevices::default(),
            #[cfg(feature = "i2c")]
            bus: PathBuf::from(DEFAULT_BUS),
            #[cfg(feature = "i2c")]
            line: Line::default(),
            #[cfg(feature = "i2c")]
            program: None,
            #[cfg(feature = "i2c")]
            guide: None,
        }
    }
}

impl Lookup {
    /// Everything where a Pi has it.
    pub fn new() -> Lookup {
        Lookup::default()
    }

    /// The LED matrix's framebuffer at `path`, not found by name.
    #[cfg(feature = "kernel")]
    pub fn framebuffer(mut self, path: impl Into<PathBuf>) -> Lookup {
        self.kernel = self.kernel.framebuffer(path);
        self
    }

    /// The joystick's event device at `path`, not found by name.
    #[cfg(feature = "kernel")]
    pub fn joystick(mut self, path: impl Into<PathBuf>) -> Lookup {
        self.kernel = self.kernel.joystick(path);
        self
    }

    /// Where the kernel's devices are found by name.
    #[cfg(feature = "kernel")]
    pub fn roots(mut self, roots: Roots) -> Lookup {
        self.kernel = self.kernel.roots(roots);
        self
    }

    /// The chip's bus (`/dev/i2c-1` unless said).
    #[cfg(feature = "i2c")]
    pub fn bus(mut self, path: impl Into<PathBuf>) -> Lookup {
        self.bus = path.into();
        self
    }

    /// The joystick's interrupt line (the one named `GPIO23` unless said).
    #[cfg(feature = "i2c")]
    pub fn line(mut self, line: Line) -> Lookup {
        self.line = line;
        self
    }

    /// The program's name where the system shows it beside the HAT (the
    /// interrupt line's user, the modprobe file advice names).
    #[cfg(feature = "i2c")]
    pub fn program(mut self, name: impl Into<String>) -> Lookup {
        self.program = Some(name.into());
        self
    }

    /// Where the user reads how to free a bus a kernel driver holds.
    #[cfg(feature = "i2c")]
    pub fn guide(mut self, guide: impl Into<String>) -> Lookup {
        self.guide = Some(guide.into());
        self
    }

    /// The path [`RULE`] picks, if any: the kernel's drivers when both
    /// devices are there; with neither, the chip when it answers; else none
    /// (half of the kernel's devices is a HAT to fix, not to drive
    /// another way).
    pub fn find(&self) -> Option<Route> {
        match self.kernel_devices() {
            Found::Both => Some(Route::Kernel),
            Found::Neither if self.chip_answers() => Some(Route::I2c),
            _ => None,
        }
    }

    /// How many of the kernel's two devices are there (none in a build
    /// without the `kernel` feature).
    fn kernel_devices(&self) -> Found {
        #[cfg(feature = "kernel")]
        if kernel::present(&self.kernel) {
            return Found::Both;
        } else if !kernel::absent(&self.kernel) {
            return Found::Half;
        }
        Found::Neither
    }

    /// Whether the chip answers on the bus (no in a build without `i2c`).
    fn chip_answers(&self) -> bool {
        #[cfg(feature = "i2c")]
        return self.i2c().answers();
        #[cfg(not(feature = "i2c"))]
        false
    }

    /// The parts by the kernel's drivers, where this lookup says.
    #[cfg(feature = "kernel")]
    pub fn kernel(&self) -> KernelDevices {
        self.kernel.clone()
    }

    /// The parts over I2C, where this lookup says.
    #[cfg(feature = "i2c")]
    pub fn i2c(&self) -> I2cDevices {
        let mut devices = I2cDevices::new(&self.bus, self.line.clone());
        if let Some(program) = &self.program {
            devices = devices.program(program);
        }
        if let Some(guide) = &self.guide {
            devices = devices.guide(guide);
        }
        devices
    }

    /// The parts by `route`.
    pub fn devices(&self, route: Route) -> Result<Box<dyn Devices>> {
        match route {
            #[cfg(feature = "kernel")]
            Route::Kernel => Ok(Box::new(self.kernel())),
            #[cfg(feature = "i2c")]
            Route::I2c => Ok(Box::new(self.i2c())),
            #[allow(unreachable_patterns)]
            _ => Err(Error::NotFound {
                device: Device::LedMatrix,
                explanation: format!(
                    "this build of the sense-hat crate has no {route:?} path (its features)"
                ),
            }),
        }
    }

    /// The parts by the path [`Lookup::find`] picks, or why there is none.
    pub fn found(&self) -> Result<Box<dyn Devices>> {
        match self.find() {
            Some(route) => self.devices(route),
            None => Err(Error::NotFound { device: Device::LedMatrix, explanation: self.nothing_found() }),
        }
    }

    fn nothing_found(&self) -> String {
        let mut said = Vec::new();
        #[cfg(feature = "kernel")]
        {
            use crate::discover::{JOYSTICK_NAME, LED_NAME};
            let found = |path: Option<PathBuf>| path.map_or("none".to_string(), |p| shown_path(&p));
            said.push(format!(
                "the LED matrix {LED_NAME:?}: {}, the joystick {JOYSTICK_NAME:?}: {}",
                found(self.kernel.led_matrix_path()),
                found(self.kernel.joystick_path())
            ));
        }
        #[cfg(feature = "i2c")]
        said.push(format!("no chip answers on {}", shown_path(&self.bus)));
        #[cfg(not(any(feature = "kernel", feature = "i2c")))]
        said.push(
            "this build of the sense-hat crate has neither path (the kernel and i2c features)".to_string(),
        );
        format!(
            "no Sense HAT ({}): is it seated, with `dtoverlay=rpi-sense` in /boot/firmware/config.txt?",
            said.join("; ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(all(feature = "kernel", feature = "i2c"))]
    #[test]
    fn with_nothing_there_nothing_is_found_and_the_error_says_where_it_looked() {
        let nowhere = Roots { sys: "/nonexistent".into(), dev: "/nonexistent".into() };
        let lookup = Lookup::new().roots(nowhere).bus("/nonexistent/i2c-1");
        assert_eq!(lookup.find(), None);
        let err = lookup.found().map(drop).unwrap_err().to_string();
        assert!(
            err.contains("\"RPi-Sense FB\": none") && err.contains("no chip answers on /nonexistent/i2c-1"),
            "{err}"
        );
    }

    #[cfg(feature = "kernel")]
    #[test]
    fn half_of_the_kernels_devices_is_no_route() {
        let dir = std::env::temp_dir().join(format!("sense-hat-lookup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("fb"), [0; 128]).unwrap();
        let nowhere = Roots { sys: "/nonexistent".into(), dev: "/nonexistent".into() };
        let half = Lookup::new().roots(nowhere.clone()).framebuffer(dir.join("fb"));
        assert_eq!(half.find(), None, "a joystick missing is a HAT to fix");
        let both = half.joystick(dir.join("fb"));
        assert_eq!(
            both.find(),
            Some(Route::Kernel),
            "both there: the kernel's drivers (checked when opened)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_rule_names_both_paths() {
        assert!(RULE.contains("kernel's drivers") && RULE.contains("I2C"));
    }
}
