//! The clocks the engine is given: it never reads one itself, so every
//! test controls the time exactly and every backend shows the same game.

/// Time in milliseconds on the engine's clock. The engine never reads a
/// clock itself: callers pass the time in, so tests control it exactly.
pub type Millis = u64;

/// Reads a monotonic clock for timing searches. The engine stays
/// deterministic: it is given a stopwatch, a real one on every backend
/// (`backend::clock::MonotonicClock`) and one moved by hand in tests.
pub trait Stopwatch {
    /// Nanoseconds since some fixed start; `None` when there is no clock to
    /// read, and then nothing reports a duration.
    fn nanos(&self) -> Option<u64>;
}

/// Tells the date, for the puzzle of the day. Like the [`Stopwatch`], the
/// engine is given one (`backend::clock::UtcCalendar` on every backend) and
/// never reads a clock itself.
pub trait Calendar {
    /// Today, in days since 1970-01-01; `None` when the date is not known.
    fn today(&self) -> Option<i64>;
}

/// No calendar: the date is not known, so there is no puzzle of the day.
pub struct NoCalendar;

impl Calendar for NoCalendar {
    fn today(&self) -> Option<i64> {
        None
    }
}

/// A calendar that says the one day it was given (or none, as
/// [`NoCalendar`]), however long the game runs: [`Engine::fresh`]'s, and a
/// game replayed on a date given (the web test's script backend).
///
/// [`Engine::fresh`]: super::Engine::fresh
pub struct FixedDay(pub Option<i64>);

impl Calendar for FixedDay {
    fn today(&self) -> Option<i64> {
        self.0
    }
}

/// No stopwatch: the engine's own default until it is given one. Searches
/// are not timed, and what would say how long they took says nothing of it.
pub struct StoppedWatch;

impl Stopwatch for StoppedWatch {
    fn nanos(&self) -> Option<u64> {
        None
    }
}
