//! The driver's one system call that no safe wrapper offers, as every
//! `unsafe` call of the project is, in a `sys` module of its own:
//! device-mapper's ioctl, which `dmsetup` would make (busybox has none).

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;

/// `struct dm_ioctl` (linux/dm-ioctl.h): 312 bytes, then the command's data.
pub const DM_IOCTL_SIZE: usize = 312;

/// Device-mapper's `command` on `control` (`/dev/mapper/control`):
/// `buffer` holds a `struct dm_ioctl` whose `data_size` (its fourth `u32`)
/// is the buffer's length, the command's data after it and room for the
/// answer; the kernel writes its answer there.
pub fn dm_ioctl(control: &File, command: u8, buffer: &mut [u8]) -> io::Result<()> {
    let data_size = buffer.get(12..16).map(|word| u32::from_ne_bytes(word.try_into().expect("4 bytes")));
    assert!(
        buffer.len() >= DM_IOCTL_SIZE && data_size == Some(buffer.len() as u32),
        "a dm_ioctl whose data_size is its buffer's length"
    );
    // _IOWR(0xfd, command, struct dm_ioctl)
    let request = (3u64 << 30) | ((DM_IOCTL_SIZE as u64) << 16) | (0xfd << 8) | u64::from(command);
    // SAFETY: the kernel reads and writes at most `data_size` bytes from the pointer, which is
    // the buffer's length (asserted above); the buffer outlives the call.
    let done = unsafe { libc::ioctl(control.as_raw_fd(), request as _, buffer.as_mut_ptr()) };
    match done {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}
