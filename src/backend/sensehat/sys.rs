//! Every `unsafe` call of the Sense HAT backend: the framebuffer's ioctls,
//! on the kernel's structs declared here as `#[repr(C)]`. The joystick's
//! ioctls are the `evdev` crate's.
//!
//! The structs' sizes are asserted at compile time for 32- and 64-bit
//! targets, so a layout that drifts from `<linux/fb.h>` or
//! `<linux/input.h>` fails the build instead of reading the wrong bytes.

use std::io;
use std::os::fd::{AsRawFd, BorrowedFd};

/// `struct fb_bitfield` of `<linux/fb.h>`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FbBitfield {
    pub offset: u32,
    pub length: u32,
    pub msb_right: u32,
}

/// `struct fb_var_screeninfo` of `<linux/fb.h>`: 40 32-bit words.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FbVarScreenInfo {
    pub xres: u32,
    pub yres: u32,
    pub xres_virtual: u32,
    pub yres_virtual: u32,
    pub xoffset: u32,
    pub yoffset: u32,
    pub bits_per_pixel: u32,
    pub grayscale: u32,
    pub red: FbBitfield,
    pub green: FbBitfield,
    pub blue: FbBitfield,
    pub transp: FbBitfield,
    pub nonstd: u32,
    pub activate: u32,
    pub height: u32,
    pub width: u32,
    pub accel_flags: u32,
    pub pixclock: u32,
    pub left_margin: u32,
    pub right_margin: u32,
    pub upper_margin: u32,
    pub lower_margin: u32,
    pub hsync_len: u32,
    pub vsync_len: u32,
    pub sync: u32,
    pub vmode: u32,
    pub rotate: u32,
    pub colorspace: u32,
    pub reserved: [u32; 4],
}

/// `struct fb_fix_screeninfo` of `<linux/fb.h>`; its `unsigned long`s make
/// it 68 bytes on 32-bit targets and 80 on 64-bit ones.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FbFixScreenInfo {
    pub id: [u8; 16],
    pub smem_start: libc::c_ulong,
    pub smem_len: u32,
    pub type_: u32,
    pub type_aux: u32,
    pub visual: u32,
    pub xpanstep: u16,
    pub ypanstep: u16,
    pub ywrapstep: u16,
    pub line_length: u32,
    pub mmio_start: libc::c_ulong,
    pub mmio_len: u32,
    pub accel: u32,
    pub capabilities: u16,
    pub reserved: [u16; 2],
}

/// `struct input_event` of `<linux/input.h>` as the kernel writes it: a
/// time of two `long`s (`__kernel_ulong_t` on 32-bit time64 userlands,
/// the same size), then type, code and value. Only its size is used here
/// (the raw-record reader's record length); the kernel's joystick is read
/// through the `evdev` crate.
#[repr(C)]
pub struct InputEvent {
    pub sec: libc::c_long,
    pub usec: libc::c_long,
    pub type_: u16,
    pub code: u16,
    pub value: i32,
}

const _: () = assert!(std::mem::size_of::<FbBitfield>() == 12);
const _: () = assert!(std::mem::size_of::<FbVarScreenInfo>() == 160);
#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(std::mem::size_of::<FbFixScreenInfo>() == 80);
    assert!(std::mem::offset_of!(FbFixScreenInfo, line_length) == 48);
    assert!(std::mem::size_of::<InputEvent>() == 24);
};
#[cfg(target_pointer_width = "32")]
const _: () = {
    assert!(std::mem::size_of::<FbFixScreenInfo>() == 68);
    assert!(std::mem::offset_of!(FbFixScreenInfo, line_length) == 44);
    assert!(std::mem::size_of::<InputEvent>() == 16);
};
// The `evdev` crate reads `libc::input_event`s: a libc whose layout
// differs from the kernel's (a 64-bit time_t on a 32-bit target) would
// make it misread every record.
const _: () = assert!(std::mem::size_of::<libc::input_event>() == std::mem::size_of::<InputEvent>());

/// `FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO`: `<linux/fb.h>` defines
/// them as plain numbers, not through `_IOR`, so they are written so here.
pub const FBIOGET_VSCREENINFO: u32 = 0x4600;
pub const FBIOGET_FSCREENINFO: u32 = 0x4602;
/// `FBIOPUT_VSCREENINFO` (for test drivers that set a mode).
pub const FBIOPUT_VSCREENINFO: u32 = 0x4601;

/// The Sense HAT driver's gamma reset, `_IO(0xF1, 2)` in both the
/// Raspberry Pi kernel's `rpisense-fb` (`SENSEFB_FBIORESET_GAMMA`) and the
/// mainline port (`SENSEDISP_IORESET_GAMMA`).
pub const SENSEFB_FBIORESET_GAMMA: libc::Ioctl = libc::_IO(0xF1, 2);

fn result(r: libc::c_int) -> io::Result<()> {
    if r < 0 { Err(io::Error::last_os_error()) } else { Ok(()) }
}

/// The framebuffer's variable screen info.
pub fn var_screeninfo(fd: BorrowedFd<'_>) -> io::Result<FbVarScreenInfo> {
    let mut info = FbVarScreenInfo::default();
    // SAFETY: FBIOGET_VSCREENINFO writes one fb_var_screeninfo, the type of
    // `info` (its size asserted above), through a pointer valid for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_VSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// The framebuffer's fixed screen info.
pub fn fix_screeninfo(fd: BorrowedFd<'_>) -> io::Result<FbFixScreenInfo> {
    let mut info = FbFixScreenInfo::default();
    // SAFETY: FBIOGET_FSCREENINFO writes one fb_fix_screeninfo, the type of
    // `info` (its size asserted above), through a pointer valid for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_FSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// Asks the driver for a new mode; what it made of it is read back.
pub fn put_var_screeninfo(fd: BorrowedFd<'_>, info: &FbVarScreenInfo) -> io::Result<FbVarScreenInfo> {
    let mut info = *info;
    // SAFETY: FBIOPUT_VSCREENINFO reads and rewrites one fb_var_screeninfo,
    // the type of `info`, through a pointer valid for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOPUT_VSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// Resets the Sense HAT driver's gamma table: 0 the default, 1 low light.
pub fn reset_gamma(fd: BorrowedFd<'_>, table: libc::c_ulong) -> io::Result<()> {
    // SAFETY: the driver takes its argument by value; no memory is shared.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), SENSEFB_FBIORESET_GAMMA, table) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gamma_reset_is_the_drivers_number() {
        // `_IO(0xF1, 2)`: no direction, no size, type 0xF1, number 2.
        assert_eq!(SENSEFB_FBIORESET_GAMMA as u32, 0xF102);
    }
}
