//! When to look again for a device that went away, the same for every
//! device backend.

use crate::game::Millis;

/// Waiting for a vanished device: first a quarter second, doubling to
/// eight seconds, so a device that never returns costs a wake-up every
/// eight seconds and one that comes straight back is found at once.
pub(crate) const FIRST_RETRY: Millis = 250;
pub(crate) const LONGEST_RETRY: Millis = 8000;

#[derive(Debug)]
pub(crate) struct Backoff {
    /// When to look next, while something is missing.
    retry_at: Option<Millis>,
    /// The wait after the next failed look.
    wait: Millis,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff { retry_at: None, wait: FIRST_RETRY }
    }
}

impl Backoff {
    /// A device went away at `now`: look for it after the current wait.
    pub(crate) fn lost(&mut self, now: Millis) {
        self.retry_at = Some(now + self.wait);
    }

    /// Whether it is time to look again.
    pub(crate) fn due(&self, now: Millis) -> bool {
        self.retry_at.is_some_and(|t| now >= t)
    }

    /// When to wake up to look again, if anything is missing.
    pub(crate) fn deadline(&self) -> Option<Millis> {
        self.retry_at
    }

    /// The look at `now` found everything (`found`), or not: then the next
    /// look waits twice as long, up to [`LONGEST_RETRY`].
    pub(crate) fn looked(&mut self, now: Millis, found: bool) {
        if found {
            *self = Backoff::default();
        } else {
            self.retry_at = Some(now + self.wait);
            self.wait = (self.wait * 2).min(LONGEST_RETRY);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_eight_seconds_and_reset_once_found() {
        let mut b = Backoff::default();
        assert_eq!(b.deadline(), None);
        b.lost(1000);
        assert_eq!(b.deadline(), Some(1250));
        assert!(!b.due(1249) && b.due(1250));
        let mut now = 1250;
        let mut waits = Vec::new();
        for _ in 0..7 {
            b.looked(now, false);
            waits.push(b.deadline().unwrap() - now);
            now = b.deadline().unwrap();
        }
        assert_eq!(waits, [250, 500, 1000, 2000, 4000, 8000, 8000]);
        b.looked(now, true);
        assert_eq!(b.deadline(), None);
        b.lost(now);
        assert_eq!(b.deadline(), Some(now + FIRST_RETRY));
    }
}
