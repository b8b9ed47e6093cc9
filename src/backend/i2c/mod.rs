//! The Sense HAT without its kernel drivers: the game talks to the HAT's
//! microcontroller over I2C itself ([`chip`]) and waits for the joystick's
//! interrupt line through the GPIO character device ([`linux`]).
//!
//! For distributions without the Raspberry Pi overlay, or a kernel whose
//! framebuffer driver is broken. Rotation, brightness and gestures are the
//! framebuffer backend's ([`super::stick`], [`super::rotation`]); the gamma
//! table is the kernel driver's ([`chip::GAMMA`]). Idle is blocked in
//! `poll(2)` on the interrupt line and the shutdown descriptor. An I2C or
//! GPIO error is logged and both devices are opened again with the same
//! back-off as the framebuffer backend ([`super::backoff`]).
//!
//! At start the chip must answer (without it nothing can be shown, and
//! `--backend auto` relies on that), but a missing interrupt line is only
//! a warning: the LEDs work, and the line is looked for with the back-off,
//! as a GPIO driver that loads after the game (or a misnamed line fixed by
//! a reboot) would need. A game that refused to start would leave the
//! matrix dark and systemd restarting it.

pub mod chip;
pub mod error;
pub mod keys;
pub mod linux;

use super::backoff::Backoff;
use super::hat::Options;
use super::signals::Shutdown;
use super::stick::{KeyEvents, Woke};
use super::{Backend, Display, Input, Next};
use crate::game::{Frame, Millis};
use chip::Chip;
use embedded_hal::i2c::I2c;
pub use error::Error;
use linux::{InterruptLine, Line, OpenError, Smbus};
use log::{debug, info, warn};
use std::os::fd::AsFd;
use std::path::Path;

/// Opens the chip and its interrupt line (real devices, or fakes in tests).
pub trait Devices {
    type Bus: I2c<Error: std::fmt::Display>;
    type Irq: InterruptLine;
    fn chip(&mut self) -> Result<Chip<Self::Bus>, Error>;
    fn interrupt(&mut self) -> Result<Self::Irq, Error>;
}

/// The chip on its `/dev/i2c-N` and the line on its `/dev/gpiochipN`.
pub struct Linux {
    options: Options,
}

impl Linux {
    /// Opens the bus at the chip's address and checks the chip answers `s`.
    pub fn chip(options: &Options) -> Result<(Chip<Smbus>, u8), Error> {
        let bus = &options.bus;
        let smbus = Smbus::open(bus).map_err(|e| match e {
            OpenError::Busy => {
                let advice = match linux::holder(Path::new("/sys"), bus) {
                    Some(held) => {
                        format!("the driver is {held}: {}", linux::unbind_advice(bus, &held.driver))
                    }
                    None => "unbind it first (see docs/raspberry-pi.md, \"Without the kernel's drivers\")"
                        .to_string(),
                };
                Error::Busy { bus: bus.clone(), advice }
            }
            OpenError::Other(source) => Error::Open { bus: bus.clone(), source },
        })?;
        let mut chip = Chip::new(smbus);
        let version =
            chip.identify().map_err(|cause| Error::NoHat { bus: bus.clone(), cause: Box::new(cause) })?;
        Ok((chip, version))
    }

    /// Whether `--backend auto` should pick this backend: the bus is there
    /// and the chip on it says it is the HAT's.
    pub fn answers(options: &Options) -> bool {
        options.bus.exists() && Linux::chip(options).is_ok()
    }
}

impl Devices for Linux {
    type Bus = Smbus;
    type Irq = Line;

    fn chip(&mut self) -> Result<Chip<Smbus>, Error> {
        let (chip, version) = Linux::chip(&self.options)?;
        info!("Sense HAT over I2C: {} (firmware {version})", self.options.bus.display());
        Ok(chip)
    }

    fn interrupt(&mut self) -> Result<Line, Error> {
        let line = Line::request(self.options.gpiochip.as_deref(), self.options.line)?;
        info!("the joystick's interrupt: {}", line.chip().display());
        Ok(line)
    }
}

pub struct I2cHat<D: Devices> {
    devices: D,
    /// The chip and the joystick register as last read; `None` while gone.
    open: Option<(Chip<D::Bus>, u8)>,
    /// The interrupt line; `None` while gone (the LEDs still work).
    irq: Option<D::Irq>,
    options: Options,
    shutdown: Shutdown,
    events: KeyEvents,
    /// The last frame asked for, shown again when the chip returns.
    shown: Frame,
    backoff: Backoff,
}

impl I2cHat<Linux> {
    pub fn open_linux(options: Options, shutdown: Shutdown) -> Result<I2cHat<Linux>, Error> {
        I2cHat::open(Linux { options: options.clone() }, options, shutdown)
    }
}

impl<D: Devices> I2cHat<D> {
    /// Opens the devices, or says why not: only the chip is required.
    pub fn open(mut devices: D, options: Options, shutdown: Shutdown) -> Result<I2cHat<D>, Error> {
        let chip = devices.chip()?;
        let line = devices.interrupt();
        let mut hat = I2cHat {
            devices,
            open: None,
            irq: None,
            events: KeyEvents::new(options.timing, options.rotation),
            options,
            shutdown,
            shown: Frame::dark(8),
            backoff: Backoff::default(),
        };
        hat.attach(chip)?;
        match line {
            Ok(irq) => hat.irq = Some(irq),
            Err(e) => {
                warn!("{e}; the joystick does nothing until the line is there: looking for it again");
                hat.backoff.lost(hat.events.now());
            }
        }
        Ok(hat)
    }

    /// Starts using an opened chip: reads the joystick once (which clears
    /// an interrupt left pending; the keys held now are the baseline, so a
    /// key held across a restart does nothing) and shows the current frame.
    fn attach(&mut self, mut chip: Chip<D::Bus>) -> Result<(), Error> {
        let held = chip.keys()?;
        chip.show(&self.encode(&self.shown))?;
        self.open = Some((chip, held));
        Ok(())
    }

    /// Looks for whichever of the chip and its line is missing. The line
    /// is requested first and the keys read after it (by [`Self::attach`],
    /// or here when only the line was missing): an edge from before the
    /// request was never seen, so the register is the baseline.
    fn look(&mut self) -> Result<(), Error> {
        let line = self.irq.is_none().then(|| self.devices.interrupt());
        match self.open.as_mut() {
            None => {
                let chip = self.devices.chip()?;
                self.attach(chip)?;
                info!("the Sense HAT over I2C is back");
            }
            Some((chip, held)) if matches!(line, Some(Ok(_))) => *held = chip.keys()?,
            Some(_) => {}
        }
        if let Some(line) = line {
            self.irq = Some(line?);
        }
        Ok(())
    }

    fn encode(&self, frame: &Frame) -> [u8; chip::FRAME_BYTES] {
        chip::encode(frame, self.options.rotation, self.options.brightness, self.options.low_light)
    }

    /// The chip or its line failed: drop both and look for them again.
    fn lost(&mut self, e: impl std::fmt::Display) {
        warn!("the Sense HAT over I2C is gone ({e}); waiting for it");
        self.open = None;
        self.irq = None;
        self.events.clear();
        self.backoff.lost(self.events.now());
    }

    fn reconnect(&mut self) {
        let result = self.look();
        if let Err(e) = &result {
            debug!("the Sense HAT over I2C is still missing: {e}");
        }
        self.backoff.looked(self.events.now(), result.is_ok());
    }

    /// The interrupt fired: read the keys and turn their changes into events.
    fn interrupted(&mut self) -> Result<(), Error> {
        let irq = self.irq.as_mut().expect("polled only while the line is there");
        irq.drain().map_err(Error::Interrupt)?;
        let (chip, held) = self.open.as_mut().ok_or(Error::Gone)?;
        let now = chip.keys()?;
        let before = std::mem::replace(held, now);
        self.events.take(keys::decode(before, now));
        Ok(())
    }
}

impl<D: Devices> Display for I2cHat<D> {
    fn show(&mut self, frame: &Frame) -> Result<(), super::Error> {
        self.shown = *frame;
        let bytes = self.encode(frame);
        if let Some((chip, _)) = self.open.as_mut()
            && let Err(e) = chip.show(&bytes)
        {
            self.lost(e);
        }
        Ok(())
    }
}

impl<D: Devices> Input for I2cHat<D> {
    fn now(&self) -> Millis {
        self.events.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.events.set_repeat(on);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, super::Error> {
        loop {
            let device = self.irq.as_ref().map(|irq| irq.as_fd());
            match self.events.wait(deadline, &self.shutdown, device, self.backoff.deadline())? {
                Woke::Next(next) => return Ok(next),
                Woke::Tick if self.backoff.due(self.events.now()) => self.reconnect(),
                Woke::Tick => {}
                Woke::Device => {
                    if let Err(e) = self.interrupted() {
                        self.lost(e);
                    }
                }
            }
        }
    }
}

/// The game as a service on the LED matrix (see [`Backend::is_service`]).
impl<D: Devices> Backend for I2cHat<D> {
    fn is_service(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
