//! Blocking until a file descriptor is readable: the one place the
//! device backends sleep.

use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use std::io;
use std::os::fd::BorrowedFd;
use std::time::Duration;

/// Blocks in `poll(2)` until one of `fds` is readable (or has hung up or
/// failed) or `timeout` passes. Returns the index of the first such
/// descriptor, or `None` on timeout. `None` as the timeout waits forever.
/// A signal interrupting the wait retries it with the time that is left.
pub(crate) fn readable(fds: &[BorrowedFd<'_>], timeout: Option<Duration>) -> io::Result<Option<usize>> {
    let mut polls: Vec<PollFd<'_>> = fds.iter().map(|&fd| PollFd::new(fd, PollFlags::POLLIN)).collect();
    let end = timeout.map(|t| std::time::Instant::now() + t);
    loop {
        let ms = match end {
            None => PollTimeout::NONE,
            Some(end) => {
                let left = end.saturating_duration_since(std::time::Instant::now());
                // Round up so a wait never ends just before its deadline.
                let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
                PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX)
            }
        };
        match poll(&mut polls, ms) {
            Err(Errno::EINTR) => continue,
            Err(errno) => return Err(errno.into()),
            Ok(0) => return Ok(None),
            Ok(_) => return Ok(polls.iter().position(|p| p.revents().is_some_and(|r| !r.is_empty()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::fd::AsFd;
    use std::os::unix::net::UnixStream;

    #[test]
    fn reports_the_readable_descriptor_or_a_timeout() {
        let (a, mut b) = UnixStream::pair().unwrap();
        let (c, _d) = UnixStream::pair().unwrap();
        let fds = [c.as_fd(), a.as_fd()];
        assert_eq!(readable(&fds, Some(Duration::from_millis(1))).unwrap(), None);
        b.write_all(b"x").unwrap();
        assert_eq!(readable(&fds, None).unwrap(), Some(1));
    }
}
