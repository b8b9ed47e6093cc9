//! Blocking until a file descriptor is readable: the one place the
//! device backends sleep.

use std::io;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::time::Duration;

/// Blocks in `poll(2)` until one of `fds` is readable (or has hung up or
/// failed) or `timeout` passes. Returns the index of the first such
/// descriptor, or `None` on timeout. `None` as the timeout waits forever.
/// A signal interrupting the wait retries it with the time that is left.
pub fn readable(fds: &[BorrowedFd<'_>], timeout: Option<Duration>) -> io::Result<Option<usize>> {
    let mut polls: Vec<libc::pollfd> =
        fds.iter().map(|fd| libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 }).collect();
    let end = timeout.map(|t| std::time::Instant::now() + t);
    loop {
        let ms = match end {
            None => -1,
            Some(end) => {
                let left = end.saturating_duration_since(std::time::Instant::now());
                // Round up so a wait never ends just before its deadline.
                left.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int
            }
        };
        // SAFETY: `polls` is a valid array of `polls.len()` pollfd structs.
        let n = unsafe { libc::poll(polls.as_mut_ptr(), polls.len() as libc::nfds_t, ms) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        if n == 0 {
            return Ok(None);
        }
        return Ok(polls.iter().position(|p| p.revents != 0));
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
