//! The joystick's shape, by any path: its five keys ([`Direction`]), what a
//! device reports of them ([`StickEvent`]) and the trait every path
//! implements ([`Stick`]).

use crate::error::Result;
use crate::sys;
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

/// Where the stick is pushed, or its middle pressed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Pushed up (towards the top of the picture, rotation 0).
    Up,
    /// Pushed down.
    Down,
    /// Pushed left.
    Left,
    /// Pushed right.
    Right,
    /// The stick pressed in (the kernel's `KEY_ENTER`).
    Middle,
}

/// A key going down or coming back up, as a device reports it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StickEvent {
    /// The key went down.
    Pressed(Direction),
    /// The key came back up.
    Released(Direction),
}

impl StickEvent {
    /// The key it is about.
    pub fn direction(self) -> Direction {
        match self {
            StickEvent::Pressed(d) | StickEvent::Released(d) => d,
        }
    }

    /// Whether the key went down.
    pub fn pressed(self) -> bool {
        matches!(self, StickEvent::Pressed(_))
    }
}

/// The joystick as a program reads it, by any path: poll its descriptor
/// for readability (beside others: a signal's, a socket's), then
/// [`Stick::read`] what changed.
pub trait Stick: AsFd + Send {
    /// Where it is, for messages: an input device's path, the interrupt
    /// line's chip and offset.
    fn describe(&self) -> String;

    /// Every key change waiting, in order, without blocking (none if
    /// nothing waited). An error means the device is gone (unplugged, its
    /// driver unloaded): open it again to go on.
    fn read(&mut self) -> Result<Vec<StickEvent>>;

    /// Blocks until a key changes or `timeout` passes (`None`: no limit);
    /// the changes, none when the time is up.
    fn wait(&mut self, timeout: Option<Duration>) -> Result<Vec<StickEvent>> {
        let end = timeout.map(|t| Instant::now() + t);
        loop {
            let left = end.map(|end| end.saturating_duration_since(Instant::now()));
            let readable =
                sys::wait_readable(self.as_fd(), left).map_err(|source| crate::error::Error::Lost {
                    device: crate::error::Device::Joystick,
                    what: self.describe(),
                    source,
                })?;
            if readable {
                let changes = self.read()?;
                if !changes.is_empty() {
                    return Ok(changes);
                }
            }
            if end.is_some_and(|end| Instant::now() >= end) {
                return Ok(Vec::new());
            }
        }
    }
}
