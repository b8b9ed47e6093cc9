//! Real time for device backends, in the engine's milliseconds.

use crate::game::{Calendar, Millis, Stopwatch};
use std::time::{Duration, Instant, SystemTime};

/// Milliseconds since the backend started, from the monotonic clock.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MonotonicClock {
    start: Instant,
}

impl Default for MonotonicClock {
    fn default() -> Self {
        MonotonicClock { start: Instant::now() }
    }
}

impl MonotonicClock {
    pub(crate) fn now(&self) -> Millis {
        self.start.elapsed().as_millis() as Millis
    }

    /// How long from now until `deadline` (zero if it has passed); `None`
    /// for no deadline, meaning "wait as long as it takes".
    pub(crate) fn until(&self, deadline: Option<Millis>) -> Option<Duration> {
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

/// The date on the system clock, in UTC: the puzzle of the day changes at
/// midnight UTC, the same moment on every device.
#[derive(Debug, Clone, Copy, Default)]
pub struct UtcCalendar;

impl UtcCalendar {
    /// Today in days since 1970-01-01; `None` for a clock set before 1970.
    pub fn today() -> Option<i64> {
        let since = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).ok()?;
        Some((since.as_secs() / 86_400) as i64)
    }
}

impl Calendar for UtcCalendar {
    fn today(&self) -> Option<i64> {
        UtcCalendar::today()
    }
}
