//! The driver's one `unsafe` call: setting vfb's mode (`FBIOPUT_VSCREENINFO`),
//! which no program of the game makes, so the `sense-hat` crate keeps its
//! framebuffer structs private and this reads and writes the kernel's
//! `struct fb_var_screeninfo` as its 40 32-bit words.

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
