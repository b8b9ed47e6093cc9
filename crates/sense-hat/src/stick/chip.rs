//! The joystick over I2C: the chip's key register (0xF2, one bit a key),
//! read when the chip raises its interrupt line. The firmware raises the
//! line when a key changes and lowers it when the register is read, as
//! both kernel drivers expect (they trigger on the rising edge), so that
//! edge is watched and the line's descriptor is what a program polls.

use super::events::{Stick, StickEvent};
use super::keys;
use crate::error::{Device, Error, Result};
use crate::i2c::chip::Chip;
use crate::i2c::linux::InterruptLine;
use embedded_hal::i2c::I2c;
use std::fmt::{self, Display};
use std::os::fd::{AsFd, BorrowedFd};

/// The chip's key register and its interrupt line.
pub struct ChipStick<B, L> {
    chip: Chip<B>,
    line: L,
    /// Where the line is, for messages.
    place: String,
    /// The register as last read.
    held: u8,
}

impl<B, L> fmt::Debug for ChipStick<B, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChipStick")
            .field("place", &self.place)
            .field("held", &self.held)
            .finish_non_exhaustive()
    }
}

impl<B: I2c, L: InterruptLine> ChipStick<B, L>
where
    B::Error: Display,
{
    /// The stick of `chip`, its changes signalled on `line` (requested
    /// already: an edge from before the request was never seen), `place`
    /// saying where the line is. The register is read once now: that clears
    /// an interrupt left pending, and the keys held now are the baseline,
    /// so a key held across a restart does nothing.
    pub fn new(mut chip: Chip<B>, line: L, place: impl Into<String>) -> Result<ChipStick<B, L>> {
        let held = chip.keys()?;
        Ok(ChipStick { chip, line, place: place.into(), held })
    }
}

impl<B: I2c + Send, L: InterruptLine + Send> Stick for ChipStick<B, L>
where
    B::Error: Display,
{
    fn describe(&self) -> String {
        self.place.clone()
    }

    /// Consumes the edges that made the line readable, then reads the
    /// register once and reports what changed since the last reading.
    fn read(&mut self) -> Result<Vec<StickEvent>> {
        self.line.drain().map_err(|source| Error::Lost {
            device: Device::InterruptLine,
            what: self.place.clone(),
            source,
        })?;
        let now = self.chip.keys()?;
        let before = std::mem::replace(&mut self.held, now);
        Ok(keys::decode(before, now).collect())
    }
}

impl<B, L: AsFd> AsFd for ChipStick<B, L> {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.line.as_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i2c::registers::{ADDRESS, KEYS};
    use crate::stick::events::Direction;
    use embedded_hal_mock::eh1::i2c::{Mock, Transaction};
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;
    use std::time::Duration;

    /// A socket as the line: a byte written to the other end is an edge.
    struct Edge(UnixStream);

    impl AsFd for Edge {
        fn as_fd(&self) -> BorrowedFd<'_> {
            self.0.as_fd()
        }
    }

    impl InterruptLine for Edge {
        fn drain(&mut self) -> std::io::Result<()> {
            let mut buf = [0u8; 16];
            match self.0.read(&mut buf) {
                Ok(_) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => Ok(()),
                Err(e) => Err(e),
            }
        }
    }

    fn keys_read(value: u8) -> Transaction {
        Transaction::write_read(ADDRESS, vec![KEYS], vec![value])
    }

    #[test]
    fn the_register_is_the_baseline_and_each_edge_reads_its_changes() {
        // Held at start (bit 7: the spurious one, and the middle): the baseline, no event.
        let mut bus =
            Mock::new(&[keys_read(0b1000_1000), keys_read(0b0_1100), keys_read(0b0_0100), keys_read(0)]);
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        ours.set_nonblocking(true).unwrap();
        let mut stick = ChipStick::new(Chip::new(bus.clone()), Edge(ours), "the socket").unwrap();
        assert_eq!(stick.wait(Some(Duration::from_millis(10))).unwrap(), [], "no edge, nothing read");
        theirs.write_all(b"!").unwrap();
        assert_eq!(stick.wait(None).unwrap(), [StickEvent::Pressed(Direction::Up)]);
        theirs.write_all(b"!").unwrap();
        assert_eq!(stick.wait(None).unwrap(), [StickEvent::Released(Direction::Middle)]);
        theirs.write_all(b"!").unwrap();
        assert_eq!(stick.read().unwrap(), [StickEvent::Released(Direction::Up)]);
        bus.done();
    }

    #[test]
    fn a_failed_read_is_the_stick_lost() {
        use embedded_hal::i2c::{ErrorKind, NoAcknowledgeSource};
        let nack = ErrorKind::NoAcknowledge(NoAcknowledgeSource::Address);
        let mut bus = Mock::new(&[keys_read(0), keys_read(0).with_error(nack)]);
        let (ours, _theirs) = UnixStream::pair().unwrap();
        ours.set_nonblocking(true).unwrap();
        let mut stick = ChipStick::new(Chip::new(bus.clone()), Edge(ours), "the socket").unwrap();
        let err = stick.read().unwrap_err().to_string();
        assert!(err.starts_with("I2C register 0xF2 at 0x46: no acknowledge"), "{err}");
        bus.done();
    }
}
