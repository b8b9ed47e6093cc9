//! The terminal backend's one `unsafe` call: the window size, which `nix`
//! has no safe wrapper for (it offers the ioctl macro only).

use nix::pty::Winsize;
use std::os::fd::{AsFd, AsRawFd};

nix::ioctl_read_bad!(tiocgwinsz, libc::TIOCGWINSZ, Winsize);

/// The window size of the terminal `fd` is open on.
pub(crate) fn window_size(fd: impl AsFd) -> nix::Result<Winsize> {
    let mut size = Winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCGWINSZ writes one `winsize` through the pointer, which
    // points at `size`, alive and ours for the call; the descriptor is
    // borrowed, so it stays open for the call.
    unsafe { tiocgwinsz(fd.as_fd().as_raw_fd(), &mut size) }?;
    Ok(size)
}
