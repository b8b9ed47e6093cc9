//! Real time for device backends, in the engine's milliseconds.

use crate::game::{Millis, Stopwatch};
use std::time::{Duration, Instant};

/// Milliseconds since the backend started, from the monotonic clock.
#[derive(Debug, Clone, Copy)]
pub struct MonotonicClock {
    start: Instant,
}

impl Default for MonotonicClock {
    fn default() -> Self {
        MonotonicClock { start: Instant::now() }
    }
}

impl MonotonicClock {
    pub fn now(&self) -> Millis {
        self.start.elapsed().as_millis() as Millis
    }

    /// How long from now until `deadline` (zero if it has passed); `None`
    /// for no deadline, meaning "wait as long as it takes".
    pub fn until(&self, deadline: Option<Millis>) -> Option<Duration> {
        deadline.map(|d| Duration::from_millis(d.saturating_sub(self.now())))
    }
}

/// The clock every backend gives the engine to time its searches (strict's
/// Solve), to the nanosecond.
impl Stopwatch for MonotonicClock {
    fn nanos(&self) -> Option<u64> {
        Some(self.start.elapsed().as_nanos() as u64)
    }
}
