//! The LED matrix as the kernel shows it: a tiny framebuffer.
//!
//! The Sense HAT driver (`rpisense-fb`) exposes the 8x8 LEDs as a 16 bit
//! per pixel framebuffer and copies whatever is written there to the LEDs
//! itself. So a frame is one 128-byte `pwrite` at offset 0, on a device
//! opened once. Before writing, the device's screen info is checked: a
//! framebuffer of any other shape is refused, because writing a picture
//! into an HDMI console would be a bug, not a display.

use super::matrix::{DARK, Gamma, LedMatrix, Picture, Pixel, SIDE, held_in_fields};
use crate::error::{Device, Error, Result, shown_path};
use crate::rotation::Rotation;
use crate::sys::{self, FbFixScreenInfo, FbVarScreenInfo};
use std::fs::{File, OpenOptions};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{FileExt, FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Where one colour channel sits in a pixel, as the screen info declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitfield {
    /// Its lowest bit.
    pub offset: u32,
    /// How many bits it has.
    pub length: u32,
}

/// How the device packs a pixel into 16 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelFormat {
    /// Where red sits.
    pub red: Bitfield,
    /// Where green sits.
    pub green: Bitfield,
    /// Where blue sits.
    pub blue: Bitfield,
    /// Bytes from the start of one row to the next.
    pub line_length: usize,
}

impl PixelFormat {
    /// The Sense HAT's own: RGB565, red at bit 11, rows of 16 bytes.
    pub const RGB565: PixelFormat = PixelFormat {
        red: Bitfield { offset: 11, length: 5 },
        green: Bitfield { offset: 5, length: 6 },
        blue: Bitfield { offset: 0, length: 5 },
        line_length: SIDE * 2,
    };

    /// One pixel, each channel cut to its declared length and shifted to
    /// its declared place.
    pub fn pack(&self, [r, g, b]: Pixel) -> u16 {
        let put = |value: u8, field: Bitfield| (u32::from(value) >> (8 - field.length)) << field.offset;
        (put(r, self.red) | put(g, self.green) | put(b, self.blue)) as u16
    }

    /// The bytes of a whole picture as the device stores it: turned by
    /// `rotation`, each pixel in native byte order, rows `line_length` apart.
    pub fn encode(&self, picture: &Picture, rotation: Rotation) -> Vec<u8> {
        let mut bytes = vec![0u8; self.line_length * SIDE];
        for (y, row) in picture.iter().enumerate() {
            for (x, &colour) in row.iter().enumerate() {
                let (dx, dy) = rotation.place(x, y, SIDE);
                let pixel = self.pack(colour);
                let at = dy * self.line_length + dx * 2;
                bytes[at..at + 2].copy_from_slice(&pixel.to_ne_bytes());
            }
        }
        bytes
    }
}

/// The LED matrix, open for writing.
#[derive(Debug)]
pub struct Framebuffer {
    file: File,
    path: PathBuf,
    format: PixelFormat,
    rotation: Rotation,
    gamma: Gamma,
    picture: Picture,
}

impl Framebuffer {
    /// Opens `path` and checks that it is a framebuffer device, 8x8 at 16
    /// bits per pixel. Nothing else is written to: not a regular file, not
    /// a console of another shape. The driver's gamma table is left as it
    /// is (it keeps the last program's: [`LedMatrix::set_gamma`] sets it).
    pub fn open(path: &Path) -> Result<Framebuffer> {
        let (device, owned) = (Device::LedMatrix, || path.to_path_buf());
        let file = open_for_writing(path)?;
        let kind =
            file.metadata().map_err(|source| Error::Open { device, path: owned(), source })?.file_type();
        if !kind.is_char_device() {
            return Err(Error::NotCharDevice { device, path: owned() });
        }
        let info = ScreenInfo::read(&file).map_err(|source| Error::NotThatDevice {
            device,
            path: owned(),
            source,
        })?;
        let format = info.check().map_err(|reason| Error::WrongShape { path: owned(), reason })?;
        Ok(Framebuffer {
            file,
            path: path.to_path_buf(),
            format,
            rotation: Rotation::R0,
            gamma: Gamma::DEFAULT,
            picture: DARK,
        })
    }

    /// How the device packs a pixel.
    pub fn format(&self) -> PixelFormat {
        self.format
    }

    /// The device's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl LedMatrix for Framebuffer {
    fn describe(&self) -> String {
        shown_path(&self.path)
    }

    /// One write of the whole picture at offset 0, in the format the
    /// device declares; the driver copies it to the LEDs itself.
    fn show(&mut self, picture: &Picture) -> Result<()> {
        self.picture = *picture;
        self.file.write_all_at(&self.format.encode(picture, self.rotation), 0).map_err(|source| Error::Lost {
            device: Device::LedMatrix,
            what: self.describe(),
            source,
        })
    }

    held_in_fields!();

    /// The driver's own tables by its reset call (`_IO(0xF1, 2)`, the
    /// call with no argument memory), any other by its set call. A driver
    /// without them (a 32-bit build on a 64-bit kernel: [`crate::compat`])
    /// refuses with ENOTTY.
    fn set_gamma(&mut self, gamma: Gamma) -> Result<()> {
        let (what, done) = match gamma {
            Gamma::DEFAULT => ("a gamma reset", sys::reset_gamma(&self.file, 0)),
            Gamma::LOW_LIGHT => ("low-light mode", sys::reset_gamma(&self.file, 1)),
            other => ("a gamma table", sys::set_gamma(&self.file, &other.table())),
        };
        done.map_err(|source| Error::GammaRefused { what: what.to_string(), source })?;
        self.gamma = gamma;
        Ok(())
    }
}

/// Whether `path` is a framebuffer [`Framebuffer::open`] would take, and
/// its pixel format (nothing is written).
pub fn check(path: &Path) -> Result<PixelFormat> {
    Framebuffer::open(path).map(|fb| fb.format())
}

fn open_for_writing(path: &Path) -> Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_CLOEXEC | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|source| Error::Open { device: Device::LedMatrix, path: path.to_path_buf(), source })
}

impl AsFd for Framebuffer {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

/// What the kernel says about a framebuffer: the parts of
/// `fb_var_screeninfo` and `fb_fix_screeninfo` this crate needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenInfo {
    /// The driver's name for it (`RPi-Sense FB`).
    pub id: String,
    /// Its width in pixels.
    pub xres: u32,
    /// Its height in pixels.
    pub yres: u32,
    /// Bits in a pixel.
    pub bits_per_pixel: u32,
    /// Where red sits in a pixel.
    pub red: Bitfield,
    /// Where green sits.
    pub green: Bitfield,
    /// Where blue sits.
    pub blue: Bitfield,
    /// Bytes from the start of one row to the next.
    pub line_length: u32,
}

impl ScreenInfo {
    /// Asks the kernel about the framebuffer open as `file`.
    pub fn read(file: &File) -> std::io::Result<ScreenInfo> {
        Ok(ScreenInfo::from_kernel(&sys::var_screeninfo(file)?, &sys::fix_screeninfo(file)?))
    }

    /// The fields of the kernel's structs (kept apart from the ioctls so
    /// the checks are tested).
    pub(crate) fn from_kernel(var: &FbVarScreenInfo, fix: &FbFixScreenInfo) -> ScreenInfo {
        let field = |f: sys::FbBitfield| Bitfield { offset: f.offset, length: f.length };
        let id_len = fix.id.iter().position(|&b| b == 0).unwrap_or(fix.id.len());
        ScreenInfo {
            id: String::from_utf8_lossy(&fix.id[..id_len]).into_owned(),
            xres: var.xres,
            yres: var.yres,
            bits_per_pixel: var.bits_per_pixel,
            red: field(var.red),
            green: field(var.green),
            blue: field(var.blue),
            line_length: fix.line_length,
        }
    }

    /// The pixel format, if this is a framebuffer the LED matrix's pictures fit.
    /// The reason it is not, otherwise.
    pub fn check(&self) -> Result<PixelFormat, String> {
        if (self.xres, self.yres, self.bits_per_pixel) != (SIDE as u32, SIDE as u32, 16) {
            return Err(format!(
                "{:?} is {}x{} at {} bits per pixel; the LED matrix is 8x8 at 16",
                self.id, self.xres, self.yres, self.bits_per_pixel
            ));
        }
        for (name, f) in [("red", self.red), ("green", self.green), ("blue", self.blue)] {
            // A device declares these: a huge offset must be refused, not overflow.
            let fits = f.offset.checked_add(f.length).is_some_and(|end| end <= 16);
            if f.length == 0 || f.length > 8 || !fits {
                return Err(format!(
                    "{:?} declares an unusable {name} field (offset {}, length {})",
                    self.id, f.offset, f.length
                ));
            }
        }
        let line_length = (self.line_length as usize).max(SIDE * 2);
        Ok(PixelFormat { red: self.red, green: self.green, blue: self.blue, line_length })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The formula every Sense HAT program uses.
    fn reference_rgb565([r, g, b]: Pixel) -> u16 {
        ((r as u16 >> 3) << 11) | ((g as u16 >> 2) << 5) | (b as u16 >> 3)
    }

    #[test]
    fn rgb565_matches_the_reference_formula_for_every_channel_value() {
        for v in 0..=255u8 {
            for colour in [[v, 0, 0], [0, v, 0], [0, 0, v], [v, 255 - v, v / 3]] {
                assert_eq!(PixelFormat::RGB565.pack(colour), reference_rgb565(colour), "{colour:?}");
            }
        }
    }

    #[test]
    fn another_declared_order_is_followed() {
        let bgr = PixelFormat {
            red: Bitfield { offset: 0, length: 5 },
            green: Bitfield { offset: 5, length: 6 },
            blue: Bitfield { offset: 11, length: 5 },
            line_length: 16,
        };
        assert_eq!(bgr.pack([255, 0, 0]), 0x001F);
        assert_eq!(bgr.pack([0, 0, 255]), 0xF800);
        assert_eq!(bgr.pack([0, 255, 0]), 0x07E0);
    }

    #[test]
    fn a_picture_is_128_bytes_row_major_from_the_top_left_turned() {
        let mut picture = DARK;
        picture[0][1] = [255, 0, 0];
        let bytes = PixelFormat::RGB565.encode(&picture, Rotation::R0);
        assert_eq!(bytes.len(), 128);
        assert_eq!(&bytes[2..4], &0xF800u16.to_ne_bytes());
        assert_eq!(bytes.iter().filter(|&&b| b != 0).count(), 1);
        // Turned a quarter: the picture's (1, 0) is the device's (7, 1).
        let turned = PixelFormat::RGB565.encode(&picture, Rotation::R90);
        assert_eq!(&turned[16 + 14..16 + 16], &0xF800u16.to_ne_bytes());
        // Red 127 is 15 in five bits.
        picture[0][1] = [127, 0, 0];
        let dim = PixelFormat::RGB565.encode(&picture, Rotation::R0);
        assert_eq!(&dim[2..4], &(15u16 << 11).to_ne_bytes());
    }

    /// The Sense HAT driver's screen info, as `rpisense-fb` fills it.
    fn sense_hat() -> (FbVarScreenInfo, FbFixScreenInfo) {
        let field = |offset, length| sys::FbBitfield { offset, length, msb_right: 0 };
        let var = FbVarScreenInfo {
            xres: 8,
            yres: 8,
            bits_per_pixel: 16,
            red: field(11, 5),
            green: field(5, 6),
            blue: field(0, 5),
            ..FbVarScreenInfo::default()
        };
        let mut fix = FbFixScreenInfo { line_length: 16, ..FbFixScreenInfo::default() };
        fix.id[..12].copy_from_slice(b"RPi-Sense FB");
        (var, fix)
    }

    #[test]
    fn screen_info_decodes_and_refuses_other_shapes() {
        let (mut var, fix) = sense_hat();
        let info = ScreenInfo::from_kernel(&var, &fix);
        assert_eq!(info.id, "RPi-Sense FB");
        assert_eq!(info.check().unwrap(), PixelFormat::RGB565);

        (var.xres, var.yres, var.bits_per_pixel) = (1920, 1080, 32);
        let err = ScreenInfo::from_kernel(&var, &fix).check().unwrap_err();
        assert!(err.contains("1920x1080 at 32 bits"), "{err}");
    }

    #[test]
    fn a_field_declared_past_the_end_of_u32_is_refused_not_overflowed() {
        let (var, fix) = sense_hat();
        for offset in [u32::MAX, u32::MAX - 4, u32::MAX - 5, 0xFFFF_FFFC] {
            for channel in 0..3 {
                let mut var = var;
                [&mut var.red, &mut var.green, &mut var.blue][channel].offset = offset;
                let err = ScreenInfo::from_kernel(&var, &fix).check().unwrap_err();
                assert!(err.contains(&format!("offset {offset}")), "{err}");
            }
        }
    }

    #[test]
    fn a_regular_file_is_refused_and_left_untouched() {
        let dir = std::env::temp_dir().join(format!("sense-hat-fb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("precious.txt");
        std::fs::write(&path, "Dear diary, ".repeat(20)).unwrap();
        let err = Framebuffer::open(&path).map(|_| ()).unwrap_err();
        assert!(matches!(err, Error::NotCharDevice { .. }), "{err}");
        assert!(err.to_string().contains("precious.txt is not a framebuffer device"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "Dear diary, ".repeat(20));
        // A character device that is no framebuffer: the screen info cannot be read.
        let err = Framebuffer::open(Path::new("/dev/zero")).map(|_| ()).unwrap_err();
        assert!(matches!(err, Error::NotThatDevice { .. }), "{err}");
        assert!(err.to_string().contains("/dev/zero is not a framebuffer"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_is_refused() {
        let err = Framebuffer::open(Path::new("/")).map(|_| ()).unwrap_err();
        assert!(matches!(err, Error::Open { .. }) && err.to_string().contains("cannot open"), "{err}");
    }
}
