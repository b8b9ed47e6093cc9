//! What every backend with a real joystick does with it, whatever the
//! device: the HAT's key changes ([`StickEvent`]) turned by the rotation,
//! through [`Gestures`], into a queue of game events, on the monotonic clock.

use super::backoff::Backoff;
use super::clock::MonotonicClock;
use super::error::Error;
use super::signals::Shutdown;
use super::traits::Next;
use super::wait;
use crate::game::gesture::{Gestures, Key, Timing};
use crate::game::{Event, Millis};
use log::debug;
use sense_hat::{Direction, Rotation, StickEvent};
use std::collections::VecDeque;
use std::os::fd::BorrowedFd;

/// The joystick's key changes as game events, and the wait for them.
pub(crate) struct KeyEvents {
    clock: MonotonicClock,
    gestures: Gestures,
    rotation: Rotation,
    pending: VecDeque<Event>,
    /// How often the motion sensor is read for tilt, while it is.
    sampling: Option<Millis>,
    /// When it is read next.
    next_sample: Millis,
}

/// What [`KeyEvents::wait`] woke for.
pub(crate) enum Woke {
    /// An event is ready, the deadline passed, or a signal ended the game.
    Next(Next),
    /// The device's descriptor is readable.
    Device,
    /// The other wake-up time given to [`KeyEvents::wait`] came (a missing
    /// device to look for, a keep-alive to send), or a hold or repeat is due.
    Tick,
    /// It is time to read the motion sensor for tilt ([`KeyEvents::set_sampling`]).
    Sample,
}

impl KeyEvents {
    pub(crate) fn new(timing: Timing, rotation: Rotation) -> KeyEvents {
        KeyEvents {
            clock: MonotonicClock::default(),
            gestures: Gestures::new(timing),
            rotation,
            pending: VecDeque::new(),
            sampling: None,
            next_sample: 0,
        }
    }

    /// Reads the motion sensor `every` so many milliseconds from now on
    /// (the first at once), or never (`None`): then nothing wakes for it.
    pub(crate) fn set_sampling(&mut self, every: Option<Millis>) {
        if self.sampling.is_none() && every.is_some() {
            self.next_sample = self.clock.now();
        }
        self.sampling = every;
    }

    pub(crate) fn now(&self) -> Millis {
        self.clock.now()
    }

    /// Turns what the device said into game events.
    pub(crate) fn take(&mut self, changes: impl IntoIterator<Item = StickEvent>) {
        let now = self.clock.now();
        for change in changes {
            debug!("joystick: {change:?}");
            let turned = self.rotation.direction(change.direction());
            let event = self.gestures.key(key(turned), change.pressed(), now);
            self.pending.extend(event);
        }
    }

    /// Whether a held direction repeats (see [`Gestures::set_repeat`]).
    pub(crate) fn set_repeat(&mut self, on: bool) {
        self.gestures.set_repeat(on);
    }

    /// Forgets the key held down (the device went away).
    pub(crate) fn clear(&mut self) {
        self.gestures.clear();
    }

    /// The next event if one is due, else blocks in `poll(2)` on the
    /// shutdown descriptor and the device's (if open) until something
    /// happens: an event, the game's `deadline`, a hold or repeat, or the
    /// backend's own time to wake, `also` (a back-off's next look, say).
    pub(crate) fn wait(
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
        let sample = self.sampling.map(|_| self.next_sample);
        if let Some(every) = self.sampling.filter(|_| now >= self.next_sample) {
            self.next_sample = now + every;
            return Ok(Woke::Sample);
        }
        let wake = [deadline, self.gestures.deadline(), also, sample].into_iter().flatten().min();
        let fds: Vec<BorrowedFd<'_>> = [Some(shutdown.fd()), device].into_iter().flatten().collect();
        Ok(match wait::readable(&fds, self.clock.until(wake))? {
            Some(0) => Woke::Next(Next::Quit),
            Some(_) => Woke::Device,
            None => Woke::Tick,
        })
    }
}

/// What the wait of a Sense HAT backend, by either path, is made of: its
/// key events, the shutdown, the descriptor that turns readable when keys
/// change (`None` while the device is gone), and the back-off that says
/// when a lost device is looked for again.
pub(crate) struct Waiting<'a> {
    pub events: &'a mut KeyEvents,
    pub shutdown: &'a Shutdown,
    pub device: Option<BorrowedFd<'a>>,
    pub backoff: &'a Backoff,
}

/// A Sense HAT backend whose devices can go away and come back: the one
/// input loop ([`next`]) both paths share drives it.
pub(crate) trait Reconnecting {
    fn waiting(&mut self) -> Waiting<'_>;
    /// Looks again for whatever is missing (the back-off said it is time).
    fn reconnect(&mut self);
    /// The device's descriptor is readable: take what it says.
    fn readable(&mut self);
    /// Reads the motion sensor: its tilt, if it could be read.
    fn sample(&mut self) -> Option<Event>;
}

/// Waits for the next event of a Sense HAT backend, looking for a lost
/// device when the back-off says so.
pub(crate) fn next(hat: &mut impl Reconnecting, deadline: Option<Millis>) -> Result<Next, Error> {
    loop {
        let Waiting { events, shutdown, device, backoff } = hat.waiting();
        match events.wait(deadline, shutdown, device, backoff.deadline())? {
            Woke::Next(next) => return Ok(next),
            Woke::Tick => {
                let Waiting { events, backoff, .. } = hat.waiting();
                if backoff.due(events.now()) {
                    hat.reconnect();
                }
            }
            Woke::Device => hat.readable(),
            Woke::Sample => {
                if let Some(tilt) = hat.sample() {
                    return Ok(Next::Event(tilt));
                }
            }
        }
    }
}

/// The engine's name for the key the HAT reports.
pub fn key(direction: Direction) -> Key {
    match direction {
        Direction::Up => Key::Up,
        Direction::Down => Key::Down,
        Direction::Left => Key::Left,
        Direction::Right => Key::Right,
        Direction::Middle => Key::Middle,
    }
}
