//! Stand-ins for the HAT's two devices, for tests only: any file as the LED
//! matrix (taken as the Sense HAT's RGB565, read back byte for byte) and a
//! FIFO carrying real `input_event` records as the joystick.
//!
//! The binary never reaches this module: `queens play` opens devices with
//! [`SenseHat::open`], which refuses anything but a framebuffer device of
//! the matrix's shape and an input device with the five keys. Tests build
//! the backend here instead, with the state a real device would report
//! (the keys held after a `SYN_DROPPED`, the gamma tables asked for)
//! under their control.

use super::error::{Device, Error};
use super::framebuffer::{Framebuffer, Gamma, GammaStandIn};
use super::joystick::Keys;
use super::record::{KEY_BYTES, KeyBits, RecordStick};
use super::{Devices, Options, SenseHat};
use crate::daemon::signals::Shutdown;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What the stand-ins share with the test that made them.
#[derive(Clone, Default)]
pub struct StandIns {
    /// The key codes the "device" reports down when asked (`EVIOCGKEY`).
    keys_down: Arc<Mutex<Vec<u16>>>,
    /// The gamma tables the backend asked the "driver" for, in order, and
    /// whether it refuses them.
    gamma: GammaStandIn,
}

impl StandIns {
    pub fn new() -> StandIns {
        StandIns::default()
    }

    /// The Sense HAT backend on `options.framebuffer` and
    /// `options.joystick`, whatever they are.
    pub fn open(&self, options: Options, shutdown: Shutdown) -> Result<SenseHat, Error> {
        SenseHat::open_with(options, shutdown, Devices::StandIns(self.clone()))
    }

    /// Sets which keys the joystick reports down when asked.
    pub fn set_keys_down(&self, codes: &[u16]) {
        *self.keys_down.lock().unwrap() = codes.to_vec();
    }

    /// The gamma tables asked for so far.
    pub fn gamma_asked(&self) -> Vec<Gamma> {
        self.gamma.asked.lock().unwrap().clone()
    }

    /// Makes the "driver" refuse gamma calls with ENOTTY, as `rpisense-fb`
    /// does to a 32-bit process on a 64-bit kernel.
    pub fn refuse_gamma(&self) {
        self.gamma.refuse.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub(super) fn framebuffer(&self, path: &Path) -> Result<Framebuffer, Error> {
        Framebuffer::stand_in(path, self.gamma.clone())
    }

    /// A FIFO of raw records, read as the emulator's socket is
    /// ([`super::record`]), with the keys' state after a `SYN_DROPPED` what
    /// [`StandIns::set_keys_down`] said.
    pub(super) fn joystick(&self, path: &Path) -> Result<Box<dyn Keys>, Error> {
        let keys_down = self.keys_down.clone();
        let stick = RecordStick::open(
            path,
            Box::new(move || {
                let mut bits: KeyBits = [0; KEY_BYTES];
                for &code in keys_down.lock().unwrap().iter() {
                    bits[usize::from(code) / 8] |= 1 << (code % 8);
                }
                Ok(bits)
            }),
        )
        .map_err(|source| Error::Open {
            device: Device::Joystick,
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Box::new(stick))
    }
}
