//! What every backend with a real joystick does with it, whatever the
//! device: key changes turned by the rotation, through [`Gestures`], into
//! a queue of game events, on the monotonic clock.

use super::clock::MonotonicClock;
use super::gesture::{Change, Gestures, Timing};
use super::rotation::Rotation;
use super::signals::Shutdown;
use super::{Next, wait};
use crate::game::{Event, Millis};
use log::debug;
use std::collections::VecDeque;
use std::os::fd::BorrowedFd;

/// The joystick's key changes as game events, and the wait for them.
pub struct KeyEvents {
    clock: MonotonicClock,
    gestures: Gestures,
    rotation: Rotation,
    pending: VecDeque<Event>,
}

/// What [`KeyEvents::wait`] woke for.
pub enum Woke {
    /// An event is ready, the deadline passed, or a signal ended the game.
    Next(Next),
    /// The device's descriptor is readable.
    Device,
    /// The other wake-up time given to [`KeyEvents::wait`] came (a missing
    /// device to look for, a keep-alive to send), or a hold or repeat is due.
    Tick,
}

impl KeyEvents {
    pub fn new(timing: Timing, rotation: Rotation) -> KeyEvents {
        KeyEvents {
            clock: MonotonicClock::default(),
            gestures: Gestures::new(timing),
            rotation,
            pending: VecDeque::new(),
        }
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    /// Turns what the device said into game events.
    pub fn take(&mut self, changes: impl IntoIterator<Item = Change>) {
        let now = self.clock.now();
        for change in changes {
            debug!("joystick: {change:?}");
            let (key, down) = match change {
                Change::Down(key) => (key, true),
                Change::Up(key) => (key, false),
            };
            let event = self.gestures.key(self.rotation.key(key), down, now);
            self.pending.extend(event);
        }
    }

    /// Whether a held direction repeats (see [`Gestures::set_repeat`]).
    pub fn set_repeat(&mut self, on: bool) {
        self.gestures.set_repeat(on);
    }

    /// Forgets the key held down (the device went away).
    pub fn clear(&mut self) {
        self.gestures.clear();
    }

    /// The next event if one is due, else blocks in `poll(2)` on the
    /// shutdown descriptor and the device's (if open) until something
    /// happens: an event, the game's `deadline`, a hold or repeat, or the
    /// backend's own time to wake, `also` (a back-off's next look, say).
    pub fn wait(
        &mut self,
        deadline: Option<Millis>,
        shutdown: &Shutdown,
        device: Option<BorrowedFd<'_>>,
        also: Option<Millis>,
    ) -> std::io::Result<Woke> {
        if let Some(event) = self.pending.pop_front() {
            return Ok(Woke::Next(Next::Event(event)));
        }
        let now = self.clock.now();
        if let Some(event) = self.gestures.expire(now) {
            return Ok(Woke::Next(Next::Event(event)));
        }
        if deadline.is_some_and(|d| now >= d) {
            return Ok(Woke::Next(Next::Timeout));
        }
        if also.is_some_and(|t| now >= t) {
            return Ok(Woke::Tick);
        }
        let wake = [deadline, self.gestures.deadline(), also].into_iter().flatten().min();
        let fds: Vec<BorrowedFd<'_>> = [Some(shutdown.fd()), device].into_iter().flatten().collect();
        Ok(match wait::readable(&fds, self.clock.until(wake))? {
            Some(0) => Woke::Next(Next::Quit),
            Some(_) => Woke::Device,
            None => Woke::Tick,
        })
    }
}
