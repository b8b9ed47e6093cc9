//! The backend's loop against a mock bus and a socket standing in for the
//! interrupt line: what is read when, which events come out, and how a
//! failing chip is dropped and found again.

use super::*;
use crate::game::{Event, Rgb};
use embedded_hal::i2c::ErrorKind;
use embedded_hal_mock::eh1::i2c::{Mock, Transaction};
use sense_hat::i2c::linux;
use sense_hat::i2c::registers::{ADDRESS, KEYS};
use sense_hat::rotation::Rotation;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::os::fd::BorrowedFd;
use std::os::unix::net::UnixStream;

/// A socket: a byte written to the other end is an edge.
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

/// Hands out the prepared buses and lines one per open, in order; none
/// left is an error, and so is a `None` line (not there this time).
struct Fakes {
    chips: VecDeque<Mock>,
    lines: VecDeque<Option<Edge>>,
}

impl Fakes {
    fn new(pairs: impl IntoIterator<Item = (Mock, Edge)>) -> Fakes {
        let (chips, lines) = pairs.into_iter().map(|(bus, edge)| (bus, Some(edge))).unzip();
        Fakes { chips, lines }
    }
}

impl I2cDevices for Fakes {
    type Bus = Mock;
    type Irq = Edge;
    fn chip(&mut self) -> Result<Chip<Mock>, I2cError> {
        Ok(Chip::new(self.chips.pop_front().ok_or(I2cError::Gone)?))
    }
    fn interrupt(&mut self) -> Result<Edge, I2cError> {
        self.lines.pop_front().flatten().ok_or(I2cError::NoLine { name: linux::LINE_NAME })
    }
}

fn keys_read(value: u8) -> Transaction {
    Transaction::write_read(ADDRESS, vec![KEYS], vec![value])
}

fn frame_writes(frame: &Frame, options: &HatSettings) -> Vec<Transaction> {
    let bytes = chip::encode(&options.picture(frame), options.rotation, options.low_light);
    bytes
        .chunks(32)
        .enumerate()
        .map(|(i, b)| Transaction::write(ADDRESS, [vec![(i * 32) as u8], b.to_vec()].concat()))
        .collect()
}

fn edge() -> (Edge, UnixStream) {
    let (a, b) = UnixStream::pair().unwrap();
    a.set_nonblocking(true).unwrap();
    (Edge(a), b)
}

#[test]
fn starts_by_reading_the_keys_then_turns_register_changes_into_rotated_events() {
    let options = HatSettings { rotation: Rotation::R90, ..HatSettings::default() };
    let dark = Frame::dark(8);
    let mut lit = Frame::dark(8);
    lit.fill(Rgb(0, 92, 0));
    let mut expected = vec![keys_read(0b1000_0000)];
    expected.extend(frame_writes(&dark, &options));
    expected.extend(frame_writes(&lit, &options));
    expected.extend([keys_read(0b0_0100), keys_read(0b0_0000), keys_read(0b0_1000), keys_read(0)]);
    let mut bus = Mock::new(&expected);
    let (irq, mut line) = edge();
    let (shutdown, mut stop) = Shutdown::detached();
    let mut hat = I2cHat::open(Fakes::new([(bus.clone(), irq)]), options, shutdown).unwrap();
    hat.show(&lit).unwrap();
    // Nothing happened yet: the deadline passes, nothing is read.
    assert_eq!(hat.next(Some(hat.now() + 20)).unwrap(), Next::Timeout);
    // The stick pushed up (bit 2), on a HAT turned a quarter: left.
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(None).unwrap(), Next::Event(Event::Left));
    // Let go: nothing.
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(Some(hat.now() + 20)).unwrap(), Next::Timeout);
    // The middle (bit 3) clicked: a press on release.
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(Some(hat.now() + 20)).unwrap(), Next::Timeout);
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(None).unwrap(), Next::Event(Event::Press));
    stop.write_all(b"x").unwrap();
    assert_eq!(hat.next(None).unwrap(), Next::Quit);
    bus.done();
}

#[test]
fn a_failing_chip_is_dropped_and_found_again_showing_the_last_frame() {
    let options = HatSettings { brightness: 50, ..HatSettings::default() };
    let dark = Frame::dark(8);
    let mut lit = Frame::dark(8);
    lit.set(2, 3, Rgb(255, 255, 255));
    let mut first = vec![keys_read(0)];
    first.extend(frame_writes(&dark, &options));
    first.push(frame_writes(&lit, &options)[0].clone().with_error(ErrorKind::Bus));
    let mut first_bus = Mock::new(&first);
    // The second chip: read the keys, then the frame asked for while it was gone.
    let mut second = vec![keys_read(0)];
    second.extend(frame_writes(&lit, &options));
    let mut second_bus = Mock::new(&second);
    let (irq1, _line1) = edge();
    let (irq2, _line2) = edge();
    let (shutdown, _stop) = Shutdown::detached();
    let fakes = Fakes::new([(first_bus.clone(), irq1), (second_bus.clone(), irq2)]);
    let mut hat = I2cHat::open(fakes, options, shutdown).unwrap();
    hat.show(&lit).unwrap();
    assert!(hat.open.is_none(), "dropped after the error");
    let lost_at = hat.now();
    // Within the first back-off nothing is opened; after it the chip is back.
    assert_eq!(hat.next(Some(lost_at + 100)).unwrap(), Next::Timeout);
    assert!(hat.open.is_none());
    assert_eq!(hat.next(Some(lost_at + 400)).unwrap(), Next::Timeout);
    assert!(hat.open.is_some(), "found again after 0.25 s");
    first_bus.done();
    second_bus.done();
}

#[test]
fn an_interrupt_whose_read_fails_loses_the_chip_not_the_game() {
    let options = HatSettings::default();
    let mut expected = vec![keys_read(0)];
    expected.extend(frame_writes(&Frame::dark(8), &options));
    expected.push(
        keys_read(0).with_error(ErrorKind::NoAcknowledge(embedded_hal::i2c::NoAcknowledgeSource::Address)),
    );
    let mut bus = Mock::new(&expected);
    let (irq, mut line) = edge();
    let (shutdown, _stop) = Shutdown::detached();
    let mut hat = I2cHat::open(Fakes::new([(bus.clone(), irq)]), options, shutdown).unwrap();
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(Some(hat.now() + 50)).unwrap(), Next::Timeout);
    assert!(hat.open.is_none());
    bus.done();
}

#[test]
fn without_its_interrupt_line_the_chip_still_shows_and_the_line_is_looked_for() {
    let options = HatSettings::default();
    let mut lit = Frame::dark(8);
    lit.set(0, 0, Rgb(255, 0, 0));
    // Started: keys, the dark frame; a frame shown while the line is
    // missing; the line found at the third look: the keys read again for
    // the baseline (edges before the request were never seen); then an
    // edge and the up key pushed.
    let mut expected = vec![keys_read(0)];
    expected.extend(frame_writes(&Frame::dark(8), &options));
    expected.extend(frame_writes(&lit, &options));
    expected.extend([keys_read(0), keys_read(0b0_0100)]);
    let mut bus = Mock::new(&expected);
    let (irq, mut line) = edge();
    let fakes =
        Fakes { chips: VecDeque::from([bus.clone()]), lines: VecDeque::from([None, None, Some(irq)]) };
    let (shutdown, _stop) = Shutdown::detached();
    let mut hat = I2cHat::open(fakes, options, shutdown).expect("a missing line does not stop the game");
    let started = hat.now();
    assert!(hat.open.is_some() && hat.irq.is_none());
    hat.show(&lit).unwrap();
    // Looked for after 0.25 s (not there yet), then 0.25 s later (found).
    assert_eq!(hat.next(Some(started + 400)).unwrap(), Next::Timeout);
    assert!(hat.irq.is_none(), "the second look fails too");
    assert_eq!(hat.next(Some(started + 700)).unwrap(), Next::Timeout);
    assert!(hat.irq.is_some(), "found at the third look");
    line.write_all(b"!").unwrap();
    assert_eq!(hat.next(Some(hat.now() + 50)).unwrap(), Next::Event(Event::Up));
    assert!(hat.open.is_some(), "the chip was never dropped");
    bus.done();
}
