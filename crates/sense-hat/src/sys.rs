//! Every `unsafe` call of the crate, private to it: the framebuffer's
//! ioctls (screen info, the Sense HAT driver's gamma calls), the joystick's
//! grab, `poll(2)` and `uname(2)`, on the kernel's structs declared here as
//! `#[repr(C)]`. The joystick's own ioctls are the `evdev` crate's, the
//! I2C bus's `linux-embedded-hal`'s and the GPIO line's `gpiocdev`'s.
//!
//! The structs' sizes are asserted at compile time for 32- and 64-bit
//! targets, so a layout that drifts from `<linux/fb.h>` or
//! `<linux/input.h>` fails the build instead of reading the wrong bytes.

use std::io;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::time::Duration;

/// `struct input_event` of `<linux/input.h>` as the kernel writes it: a
/// time of two `long`s (`__kernel_ulong_t` on 32-bit time64 userlands,
/// the same size), then type, code and value. Only its size is used here
/// (the raw-record reader's record length); the kernel's joystick is read
/// through the `evdev` crate.
#[repr(C)]
pub(crate) struct InputEvent {
    pub sec: libc::c_long,
    pub usec: libc::c_long,
    pub type_: u16,
    pub code: u16,
    pub value: i32,
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<InputEvent>() == 24);
#[cfg(target_pointer_width = "32")]
const _: () = assert!(std::mem::size_of::<InputEvent>() == 16);
// The `evdev` crate reads `libc::input_event`s: a libc whose layout
// differs from the kernel's (a 64-bit time_t on a 32-bit target) would
// make it misread every record.
const _: () = assert!(std::mem::size_of::<libc::input_event>() == std::mem::size_of::<InputEvent>());

/// Waits until `fd` is readable (or hung up) or `timeout` passes; whether
/// it is. A signal ends the wait early as if nothing came (the caller asks
/// again).
pub(crate) fn wait_readable(fd: BorrowedFd<'_>, timeout: Option<Duration>) -> io::Result<bool> {
    let mut entry = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    let millis = timeout.map_or(-1, |t| libc::c_int::try_from(t.as_millis()).unwrap_or(libc::c_int::MAX));
    // SAFETY: one pollfd, valid for the call, and its count.
    let n = unsafe { libc::poll(&mut entry, 1, millis) };
    match n {
        0 => Ok(false),
        n if n > 0 => Ok(true),
        _ => match io::Error::last_os_error() {
            e if e.kind() == io::ErrorKind::Interrupted => Ok(false),
            e => Err(e),
        },
    }
}

#[cfg(feature = "kernel")]
pub(crate) use fb::*;

/// The framebuffer's side, with the `kernel` feature.
#[cfg(feature = "kernel")]
mod fb {
    use std::fs::File;
    use std::io;
    use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
    use std::os::unix::fs::{FileTypeExt, MetadataExt};

    fn result(r: libc::c_int) -> io::Result<()> {
        if r < 0 { Err(io::Error::last_os_error()) } else { Ok(()) }
    }

    /// `struct fb_bitfield` of `<linux/fb.h>`.
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub(crate) struct FbBitfield {
        pub offset: u32,
        pub length: u32,
        pub msb_right: u32,
    }

    /// `struct fb_var_screeninfo` of `<linux/fb.h>`: 40 32-bit words.
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub(crate) struct FbVarScreenInfo {
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
    pub(crate) struct FbFixScreenInfo {
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

    const _: () = assert!(std::mem::size_of::<FbBitfield>() == 12);
    const _: () = assert!(std::mem::size_of::<FbVarScreenInfo>() == 160);
    #[cfg(target_pointer_width = "64")]
    const _: () = {
        assert!(std::mem::size_of::<FbFixScreenInfo>() == 80);
        assert!(std::mem::offset_of!(FbFixScreenInfo, line_length) == 48);
    };
    #[cfg(target_pointer_width = "32")]
    const _: () = {
        assert!(std::mem::size_of::<FbFixScreenInfo>() == 68);
        assert!(std::mem::offset_of!(FbFixScreenInfo, line_length) == 44);
    };

    /// `FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO`: `<linux/fb.h>` defines
    /// them as plain numbers, not through `_IOR`, so they are written so here.
    const FBIOGET_VSCREENINFO: u32 = 0x4600;
    const FBIOGET_FSCREENINFO: u32 = 0x4602;

    /// The Sense HAT driver's gamma calls, in both the Raspberry Pi kernel's
    /// `rpisense-fb` (`SENSEFB_FBIO*_GAMMA`) and the mainline port
    /// (`SENSEDISP_IO*_GAMMA`): `_IO(0xF1, 1)` copies a 32-byte table from
    /// the caller, `_IO(0xF1, 2)` resets to a table of the driver's own (0 its
    /// default, 1 low light).
    pub(crate) const SENSEFB_FBIOSET_GAMMA: libc::Ioctl = libc::_IO(0xF1, 1);
    pub(crate) const SENSEFB_FBIORESET_GAMMA: libc::Ioctl = libc::_IO(0xF1, 2);

    /// The framebuffer devices' major number (`FB_MAJOR`, `<linux/major.h>`).
    const FB_MAJOR: u32 = 29;

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
    pub(crate) fn var_screeninfo(file: &File) -> io::Result<FbVarScreenInfo> {
        let fd = framebuffer(file)?;
        let mut info = FbVarScreenInfo::default();
        // SAFETY: on a framebuffer device FBIOGET_VSCREENINFO writes one
        // fb_var_screeninfo, the type of `info` (its size asserted above),
        // through a pointer valid for the call.
        result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_VSCREENINFO as libc::Ioctl, &mut info) })?;
        Ok(info)
    }

    /// The framebuffer's fixed screen info.
    pub(crate) fn fix_screeninfo(file: &File) -> io::Result<FbFixScreenInfo> {
        let fd = framebuffer(file)?;
        let mut info = FbFixScreenInfo::default();
        // SAFETY: on a framebuffer device FBIOGET_FSCREENINFO writes one
        // fb_fix_screeninfo, the type of `info` (its size asserted above),
        // through a pointer valid for the call.
        result(unsafe { libc::ioctl(fd.as_raw_fd(), FBIOGET_FSCREENINFO as libc::Ioctl, &mut info) })?;
        Ok(info)
    }

    /// Resets the Sense HAT driver's gamma table: 0 the default, 1 low light.
    pub(crate) fn reset_gamma(file: &File, table: libc::c_ulong) -> io::Result<()> {
        let fd = framebuffer(file)?;
        // SAFETY: `_IO` declares no argument memory: the driver takes the value
        // itself, and another driver reading the number finds no pointer to use.
        result(unsafe { libc::ioctl(fd.as_raw_fd(), SENSEFB_FBIORESET_GAMMA, table) })
    }

    /// Gives the Sense HAT driver a gamma table of 32 values. Asked only of a
    /// framebuffer (the number, `_IO(0xF1, 1)`, declares no size: the driver
    /// copies 32 bytes from the pointer, all of which `table` holds).
    pub(crate) fn set_gamma(file: &File, table: &[u8; 32]) -> io::Result<()> {
        let fd = framebuffer(file)?;
        // SAFETY: the driver reads at most 32 bytes through the pointer, and
        // `table` is 32 bytes, borrowed for the call; nothing is written.
        result(unsafe { libc::ioctl(fd.as_raw_fd(), SENSEFB_FBIOSET_GAMMA, table.as_ptr()) })
    }

    /// `EVIOCGRAB` of `<linux/input.h>`: `_IOW('E', 0x90, int)`.
    pub(crate) const EVIOCGRAB: libc::Ioctl = libc::_IOW::<libc::c_int>(b'E' as u32, 0x90);

    /// Takes the input device for this process alone (`EVIOCGRAB`), so the
    /// joystick's presses reach no console or other reader. Made here and not
    /// with the evdev crate's `grab`: the crate's `Drop` then ungrabs, and on a
    /// device that has vanished it prints "Failed to ungrab device" to standard
    /// error; the kernel drops a grab when its descriptor closes anyway.
    pub(crate) fn grab(fd: BorrowedFd<'_>) -> io::Result<()> {
        // SAFETY: EVIOCGRAB takes an int by value (1: grab) and writes no
        // memory; the descriptor is borrowed for the call.
        result(unsafe { libc::ioctl(fd.as_raw_fd(), EVIOCGRAB, 1 as libc::c_int) })
    }

    /// The kernel's name for the machine (`uname -m`), as this process sees it.
    pub(crate) fn machine() -> Option<String> {
        // SAFETY: utsname is plain bytes, for which all zeros is a valid value.
        let mut names: libc::utsname = unsafe { std::mem::zeroed() };
        // SAFETY: uname fills the struct, borrowed for the call.
        result(unsafe { libc::uname(&mut names) }).ok()?;
        // `c_char` is i8 on some targets, u8 on others: its byte either way.
        let bytes: Vec<u8> =
            names.machine.iter().take_while(|&&c| c != 0).map(|c| c.to_ne_bytes()[0]).collect();
        Some(String::from_utf8_lossy(&bytes).into_owned())
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
                assert!(set_gamma(&file, &[0; 32]).is_err() && reset_gamma(&file, 0).is_err());
            }
        }

        #[test]
        fn the_gamma_calls_are_the_drivers_numbers() {
            // `_IO(0xF1, n)`: no direction, no size, type 0xF1, number n (python-sense-hat's
            // 61697 and 61698).
            assert_eq!((SENSEFB_FBIOSET_GAMMA as u32, SENSEFB_FBIORESET_GAMMA as u32), (0xF101, 0xF102));
        }

        #[test]
        fn the_grab_is_the_kernels_number() {
            // `_IOW('E', 0x90, int)`: write, 4 bytes, type 'E', number 0x90.
            assert_eq!(EVIOCGRAB as u32, 0x4004_4590);
        }

        #[test]
        fn the_machine_is_named() {
            assert!(machine().is_some_and(|m| !m.is_empty()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;
    use std::os::unix::net::UnixStream;

    #[test]
    fn a_wait_ends_when_the_descriptor_turns_readable_or_the_time_is_up() {
        use std::io::Write;
        let (mut a, b) = UnixStream::pair().unwrap();
        assert!(!wait_readable(b.as_fd(), Some(Duration::from_millis(10))).unwrap());
        a.write_all(b"x").unwrap();
        assert!(wait_readable(b.as_fd(), None).unwrap());
    }
}
