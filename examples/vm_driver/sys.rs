//! The driver's `unsafe` calls, every one in this file as every `unsafe`
//! call of the project is in a `sys` module: two system calls that no
//! program of the game makes and no safe wrapper offers. Setting vfb's mode
//! (`FBIOPUT_VSCREENINFO`): the `sense-hat` crate keeps its framebuffer
//! structs private, so this reads and writes the kernel's `struct
//! fb_var_screeninfo` as its 40 32-bit words. And device-mapper's ioctl,
//! which `dmsetup` would make (busybox has none), for the power-cut test's
//! `log-writes` target.

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;

/// `<linux/fb.h>`'s numbers (plain, not `_IOR`/`_IOW`).
const FBIOGET_VSCREENINFO: libc::Ioctl = 0x4600;
const FBIOPUT_VSCREENINFO: libc::Ioctl = 0x4601;

/// `struct fb_var_screeninfo`: 40 words, `xres` first (the words set below
/// are `xres`, `yres`, `xres_virtual`, `yres_virtual`, `xoffset`,
/// `yoffset` and `bits_per_pixel`, in that order).
pub type VarScreenInfo = [u32; 40];

fn ioctl(file: &File, request: libc::Ioctl, info: &mut VarScreenInfo) -> io::Result<()> {
    // SAFETY: on vfb's framebuffer (the only file the driver passes) both calls read or write
    // one fb_var_screeninfo, 160 bytes, which `info` is, borrowed for the call.
    let r = unsafe { libc::ioctl(file.as_raw_fd(), request, info.as_mut_ptr()) };
    if r < 0 { Err(io::Error::last_os_error()) } else { Ok(()) }
}

/// Asks the driver for the mode `change` makes of the current one.
pub fn set_mode(file: &File, change: impl FnOnce(&mut VarScreenInfo)) -> io::Result<()> {
    let mut info = [0u32; 40];
    ioctl(file, FBIOGET_VSCREENINFO, &mut info)?;
    change(&mut info);
    ioctl(file, FBIOPUT_VSCREENINFO, &mut info)
}

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
