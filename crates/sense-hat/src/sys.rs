//! Every `unsafe` call of the crate: the framebuffer's ioctls,
//! on the kernel's structs declared here as `#[repr(C)]`. The joystick's
//! ioctls are the `evdev` crate's.
//!
//! The structs' sizes are asserted at compile time for 32- and 64-bit
//! targets, so a layout that drifts from `<linux/fb.h>` or
//! `<linux/input.h>` fails the build instead of reading the wrong bytes.

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::os::unix::fs::{FileTypeExt, MetadataExt};

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

/// The framebuffer devices' major number (`FB_MAJOR`, `<linux/major.h>`).
pub const FB_MAJOR: u32 = 29;

fn result(r: libc::c_int) -> io::Result<()> {
    if r < 0 { Err(io::Error::last_os_error()) } else { Ok(()) }
}

/// `file`'s descriptor, if it is a framebuffer device. The fb ioctls'
/// numbers carry no size or direction (they predate `_IOR`), so another
/// driver could take them for a call of its own that writes more than the
/// struct passed: they are made only on a framebuffer's device number.
fn framebuffer(file: &File) -> io::Result<BorrowedFd<'_>> {
    let meta = file.metadata()?;
    let major = libc::major(meta.rdev());
    if !meta.file_type().is_char_device() || major != FB_MAJOR {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "not a framebuffer device (device number {major}:{}, not {FB_MAJOR}:N)",
                libc::minor(meta.rdev())
            ),
        ));
    }
    Ok(file.as_fd())
}

/// The framebuffer's variable screen info.
pub fn var_screeninfo(file: &File) -> io::Result<FbVarScreenInfo> {
    let fd = framebuffer(file)?;
    let mut info = FbVarScreenInfo::default();
    // SAFETY: on a framebuffer device FBIOGET_VSCREENINFO writes one
    // fb_var_screeninfo, the type of `info` (its size asserted above),
    // through a pointer valid for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_VSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// The framebuffer's fixed screen info.
pub fn fix_screeninfo(file: &File) -> io::Result<FbFixScreenInfo> {
    let fd = framebuffer(file)?;
    let mut info = FbFixScreenInfo::default();
    // SAFETY: on a framebuffer device FBIOGET_FSCREENINFO writes one
    // fb_fix_screeninfo, the type of `info` (its size asserted above),
    // through a pointer valid for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_FSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// Asks the driver for a new mode; what it made of it is read back.
pub fn put_var_screeninfo(file: &File, info: &FbVarScreenInfo) -> io::Result<FbVarScreenInfo> {
    let fd = framebuffer(file)?;
    let mut info = *info;
    // SAFETY: on a framebuffer device FBIOPUT_VSCREENINFO reads and rewrites
    // one fb_var_screeninfo, the type of `info`, through a pointer valid
    // for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOPUT_VSCREENINFO as libc::Ioctl, &mut info) })?;
    Ok(info)
}

/// Resets the Sense HAT driver's gamma table: 0 the default, 1 low light.
pub fn reset_gamma(fd: BorrowedFd<'_>, table: libc::c_ulong) -> io::Result<()> {
    // SAFETY: `_IO` declares no argument memory: the driver takes the value
    // itself, and another driver reading the number finds no pointer to use.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), SENSEFB_FBIORESET_GAMMA, table) })
}

/// `EVIOCGRAB` of `<linux/input.h>`: `_IOW('E', 0x90, int)`.
pub const EVIOCGRAB: libc::Ioctl = libc::_IOW::<libc::c_int>(b'E' as u32, 0x90);

/// Takes the input device for this process alone (`EVIOCGRAB`), so the
/// joystick's presses reach no console or other reader. Made here and not
/// with the evdev crate's `grab`: the crate's `Drop` then ungrabs, and on a
/// device that has vanished it prints "Failed to ungrab device" to standard
/// error; the kernel drops a grab when its descriptor closes anyway.
pub fn grab(fd: BorrowedFd<'_>) -> io::Result<()> {
    // SAFETY: EVIOCGRAB takes an int by value (1: grab) and writes no
    // memory; the descriptor is borrowed for the call.
    result(unsafe { libc::ioctl(fd.as_raw_fd(), EVIOCGRAB, 1 as libc::c_int) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_info_is_asked_only_of_a_framebuffers_device_number() {
        for path in ["/dev/zero", "/dev/null"] {
            let file = File::open(path).unwrap();
            let err = var_screeninfo(&file).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{path}: {err}");
            assert!(err.to_string().contains("device number 1:"), "{path}: {err}");
            assert!(fix_screeninfo(&file).is_err());
        }
    }

    #[test]
    fn the_gamma_reset_is_the_drivers_number() {
        // `_IO(0xF1, 2)`: no direction, no size, type 0xF1, number 2.
        assert_eq!(SENSEFB_FBIORESET_GAMMA as u32, 0xF102);
    }

    #[test]
    fn the_grab_is_the_kernels_number() {
        // `_IOW('E', 0x90, int)`: write, 4 bytes, type 'E', number 0x90.
        assert_eq!(EVIOCGRAB as u32, 0x4004_4590);
    }
}
