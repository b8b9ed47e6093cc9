//! The Sense HAT without its kernel drivers: the game talks to the HAT's
//! microcontroller over I2C itself ([`sense_hat::i2c::chip`]) and waits for
//! the joystick's interrupt line through the GPIO character device
//! ([`sense_hat::i2c::linux`]).
//!
//! For distributions without the Raspberry Pi overlay, or a kernel whose
//! framebuffer driver is broken. Rotation, brightness and gestures are the
//! framebuffer backend's ([`super::stick`], [`super::hat`]); the gamma
//! table is the kernel driver's ([`sense_hat::i2c::chip::GAMMA`]). Idle is
//! blocked in `poll(2)` on the interrupt line and the shutdown descriptor. An I2C or
//! GPIO error is logged and both devices are opened again with the same
//! back-off as the framebuffer backend ([`super::backoff`]).
//!
//! At start the chip must answer (without it nothing can be shown, and
//! `--backend auto` relies on that), but a missing interrupt line is only
//! a warning: the LEDs work, and the line is looked for with the back-off,
//! as a GPIO driver that loads after the game (or a misnamed line fixed by
//! a reboot) would need. A game that refused to start would leave the
//! matrix dark and systemd restarting it.

use super::backoff::Backoff;
use super::error::Error;
use super::hat::{self, HatSettings};
use super::signals::Shutdown;
use super::stick::{self, KeyEvents, Reconnecting, Waiting};
use super::traits::{Backend, Display, Input, Next};
use crate::game::{Frame, Millis};
use log::{debug, info, warn};
use sense_hat::i2c::chip::{self, Chip};
use sense_hat::i2c::devices::{I2cDevices, Linux};
use sense_hat::i2c::error::Error as I2cError;
use sense_hat::i2c::keys;
use sense_hat::i2c::linux::InterruptLine;
use sense_hat::i2c::registers::FRAME_BYTES;
use std::os::fd::AsFd;

pub(crate) struct I2cHat<D: I2cDevices> {
    devices: D,
    /// The chip and the joystick register as last read; `None` while gone.
    open: Option<(Chip<D::Bus>, u8)>,
    /// The interrupt line; `None` while gone (the LEDs still work).
    irq: Option<D::Irq>,
    options: HatSettings,
    shutdown: Shutdown,
    events: KeyEvents,
    /// The last frame asked for, shown again when the chip returns.
    shown: Frame,
    backoff: Backoff,
}

impl I2cHat<Linux> {
    pub(crate) fn open_linux(options: HatSettings, shutdown: Shutdown) -> Result<I2cHat<Linux>, I2cError> {
        I2cHat::open(options.i2c(), options, shutdown)
    }
}

impl<D: I2cDevices> I2cHat<D> {
    /// Opens the devices, or says why not: only the chip is required.
    pub(crate) fn open(
        mut devices: D,
        options: HatSettings,
        shutdown: Shutdown,
    ) -> Result<I2cHat<D>, I2cError> {
        let chip = devices.chip()?;
        let line = devices.interrupt();
        let mut hat = I2cHat {
            devices,
            open: None,
            irq: None,
            events: KeyEvents::new(options.timing, options.rotation),
            options,
            shutdown,
            shown: Frame::dark(Frame::LED_SIDE),
            backoff: Backoff::default(),
        };
        hat.attach(chip)?;
        match line {
            Ok(irq) => hat.irq = Some(irq),
            Err(e) => {
                let e = hat::i2c_message(&e);
                warn!("{e}; the joystick does nothing until the line is there: looking for it again");
                hat.backoff.lost(hat.events.now());
            }
        }
        Ok(hat)
    }

    /// Starts using an opened chip: reads the joystick once (which clears
    /// an interrupt left pending; the keys held now are the baseline, so a
    /// key held across a restart does nothing) and shows the current frame.
    fn attach(&mut self, mut chip: Chip<D::Bus>) -> Result<(), I2cError> {
        let held = chip.keys()?;
        chip.show(&self.encode(&self.shown))?;
        self.open = Some((chip, held));
        Ok(())
    }

    /// Looks for whichever of the chip and its line is missing. The line
    /// is requested first and the keys read after it (by [`Self::attach`],
    /// or here when only the line was missing): an edge from before the
    /// request was never seen, so the register is the baseline.
    fn look(&mut self) -> Result<(), I2cError> {
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

    fn encode(&self, frame: &Frame) -> [u8; FRAME_BYTES] {
        chip::encode(&self.options.picture(frame), self.options.rotation, self.options.low_light)
    }

    /// The chip or its line failed: drop both and look for them again.
    fn lost(&mut self, e: impl std::fmt::Display) {
        warn!("the Sense HAT over I2C is gone ({e}); waiting for it");
        self.open = None;
        self.irq = None;
        self.events.clear();
        self.backoff.lost(self.events.now());
    }

    /// The interrupt fired: read the keys and turn their changes into events.
    fn interrupted(&mut self) -> Result<(), I2cError> {
        let irq = self.irq.as_mut().expect("polled only while the line is there");
        irq.drain().map_err(I2cError::Interrupt)?;
        let (chip, held) = self.open.as_mut().ok_or(I2cError::Gone)?;
        let now = chip.keys()?;
        let before = std::mem::replace(held, now);
        self.events.take(keys::decode(before, now));
        Ok(())
    }
}

impl<D: I2cDevices> Display for I2cHat<D> {
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
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

impl<D: I2cDevices> Input for I2cHat<D> {
    fn now(&self) -> Millis {
        self.events.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.events.set_repeat(on);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        stick::next(self, deadline)
    }
}

impl<D: I2cDevices> Reconnecting for I2cHat<D> {
    fn waiting(&mut self) -> Waiting<'_> {
        Waiting {
            events: &mut self.events,
            shutdown: &self.shutdown,
            device: self.irq.as_ref().map(|irq| irq.as_fd()),
            backoff: &self.backoff,
        }
    }

    fn reconnect(&mut self) {
        let result = self.look();
        if let Err(e) = &result {
            debug!("the Sense HAT over I2C is still missing: {}", hat::i2c_message(e));
        }
        self.backoff.looked(self.events.now(), result.is_ok());
    }

    fn readable(&mut self) {
        if let Err(e) = self.interrupted() {
            self.lost(e);
        }
    }
}

/// The game on the LED matrix: the loop's defaults, and the signal that ended it.
impl<D: I2cDevices> Backend for I2cHat<D> {
    fn ended_by(&self) -> Option<i32> {
        self.shutdown.signal()
    }
}

#[cfg(test)]
mod tests;
