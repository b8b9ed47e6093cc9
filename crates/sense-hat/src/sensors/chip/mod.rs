//! The sensors' chips straight over I2C, on any embedded-hal 1.0 [`I2c`]
//! bus, each decoding as its datasheet (and the kernel's driver) says:
//! [`hts221`], [`lps25h`], [`lsm9ds1`], [`tcs34`]. Every register is read
//! as one byte (a register written, a byte read), as RTIMULib reads them:
//! no chip's auto-increment convention is needed, Linux's SMBus calls and
//! i2c-stub carry it, and with block data update on, an output's two
//! bytes still belong to one sample.

pub mod hts221;
pub mod lps25h;
pub mod lsm9ds1;
pub mod tcs34;

use crate::error::{Device, Error, Result};
use embedded_hal::i2c::{Error as _, ErrorKind, I2c};
use std::fmt::Display;
use std::time::Duration;

/// A chip on the bus: which sensor, which chip, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct At {
    pub device: Device,
    pub chip: &'static str,
    pub address: u8,
}

/// A failed exchange with a sensor, as one error.
fn failed(at: At, register: u8, e: &impl embedded_hal::i2c::Error, cause: String) -> Error {
    let what = match e.kind() {
        ErrorKind::NoAcknowledge(_) => "no acknowledge",
        ErrorKind::Bus => "bus error",
        ErrorKind::ArbitrationLoss => "arbitration lost",
        _ => "failed",
    };
    Error::Transfer {
        what: format!(
            "the {} ({}) at 0x{:02X}, register 0x{register:02X}: {what}",
            at.device.noun(),
            at.chip,
            at.address
        ),
        cause,
    }
}

/// One register.
pub(crate) fn read<B: I2c>(bus: &mut B, at: At, register: u8) -> Result<u8>
where
    B::Error: Display,
{
    let mut value = [0u8];
    bus.write_read(at.address, &[register], &mut value)
        .map_err(|e| failed(at, register, &e, e.to_string()))?;
    Ok(value[0])
}

/// Two registers, low byte first, as one unsigned value.
pub(crate) fn read_u16<B: I2c>(bus: &mut B, at: At, low: u8) -> Result<u16>
where
    B::Error: Display,
{
    let lo = read(bus, at, low)?;
    let hi = read(bus, at, low + 1)?;
    Ok(u16::from_le_bytes([lo, hi]))
}

/// Two registers, low byte first, as one two's-complement value.
pub(crate) fn read_i16<B: I2c>(bus: &mut B, at: At, low: u8) -> Result<i16>
where
    B::Error: Display,
{
    read_u16(bus, at, low).map(|v| v as i16)
}

/// Writes one register.
pub(crate) fn write<B: I2c>(bus: &mut B, at: At, register: u8, value: u8) -> Result<()>
where
    B::Error: Display,
{
    bus.write(at.address, &[register, value]).map_err(|e| failed(at, register, &e, e.to_string()))
}

/// Checks the chip's "who am I" register says `expected`: nothing there
/// is [`Error::NoChip`], another chip [`Error::WrongChip`].
pub(crate) fn identify<B: I2c>(bus: &mut B, at: At, register: u8, expected: u8) -> Result<()>
where
    B::Error: Display,
{
    let mut value = [0u8];
    if let Err(e) = bus.write_read(at.address, &[register], &mut value) {
        if let ErrorKind::NoAcknowledge(_) = e.kind() {
            return Err(Error::NoChip { device: at.device, chip: at.chip, address: at.address });
        }
        return Err(failed(at, register, &e, e.to_string()));
    }
    match value[0] {
        id if id == expected => Ok(()),
        id => Err(Error::WrongChip { device: at.device, chip: at.chip, address: at.address, id, expected }),
    }
}

/// How long a chip may take to have its first reading (the slowest, the
/// HTS221 at 12.5 Hz averaging, needs 80 ms), and how often to ask.
const READY_WITHIN: Duration = Duration::from_secs(1);
const ASK_EVERY: Duration = Duration::from_millis(5);

/// Waits until the status register has every bit of `mask` set (a new
/// sample of each output), or says why not.
pub(crate) fn wait_ready<B: I2c>(bus: &mut B, at: At, status: u8, mask: u8) -> Result<()>
where
    B::Error: Display,
{
    let tries = READY_WITHIN.as_millis() / ASK_EVERY.as_millis();
    for _ in 0..tries {
        if read(bus, at, status)? & mask == mask {
            return Ok(());
        }
        std::thread::sleep(ASK_EVERY);
    }
    Err(Error::NotReady { device: at.device, chip: at.chip })
}

#[cfg(test)]
pub(crate) mod tests {
    use embedded_hal_mock::eh1::i2c::Transaction;

    /// The transactions of reading `value` from `register` of the chip at `address`.
    pub fn byte(address: u8, register: u8, value: u8) -> Transaction {
        Transaction::write_read(address, vec![register], vec![value])
    }

    /// Reading a 16-bit `value` from `low` and `low + 1`.
    pub fn word(address: u8, low: u8, value: i16) -> [Transaction; 2] {
        let [lo, hi] = value.to_le_bytes();
        [byte(address, low, lo), byte(address, low + 1, hi)]
    }

    /// Writing `value` to `register`.
    pub fn set(address: u8, register: u8, value: u8) -> Transaction {
        Transaction::write(address, vec![register, value])
    }
}
