//! The emulator's LED matrix: a 160-byte file, 64 RGB565 pixels in native
//! byte order (row-major from the top-left) then a 32-byte gamma table. The
//! emulator's GUI maps the file and redraws when its modification time
//! moves on, so every frame is written in place and the time touched.

use crate::backend::hat;
use crate::game::Frame;
use sense_hat::Rotation;
use sense_hat::leds::framebuffer::PixelFormat;
use std::fs::{File, FileTimes, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// The file's name, in the emulator's directory.
pub(crate) const FILE_NAME: &str = "rpi-sense-emu-screen";
/// Bytes of pixels, then the whole file.
pub const PIXEL_BYTES: usize = 128;
pub const FILE_LEN: u64 = 160;

/// The emulator's default gamma table (sense_emu's `GAMMA_DEFAULT`), for a
/// file this backend creates.
pub const GAMMA_DEFAULT: [u8; 32] = [
    0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 17, 18, 20, 21, 23, 25, 27, 29,
    31,
];

pub struct Screen {
    file: File,
    /// Where this process created the file, if it did.
    created: Option<PathBuf>,
}

impl Screen {
    /// Opens the screen file, creating it (dark, default gamma) as the
    /// emulator does if it is not there. A file of the wrong length is set
    /// to 160 bytes; if it was short, its gamma table is the default.
    pub fn open(path: &Path) -> io::Result<Screen> {
        let mut created = false;
        let file = match OpenOptions::new().read(true).write(true).open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                match OpenOptions::new().read(true).write(true).create_new(true).open(path) {
                    Ok(mut file) => {
                        created = true;
                        file.write_all(&[0; PIXEL_BYTES])?;
                        file.write_all(&GAMMA_DEFAULT)?;
                        file
                    }
                    // The GUI made it meanwhile.
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                        OpenOptions::new().read(true).write(true).open(path)?
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        };
        let len = file.metadata()?.len();
        if len < FILE_LEN {
            file.write_all_at(&GAMMA_DEFAULT, PIXEL_BYTES as u64)?;
        }
        if len != FILE_LEN {
            file.set_len(FILE_LEN)?;
        }
        Ok(Screen { file, created: created.then(|| path.to_path_buf()) })
    }

    /// The file, if this process created it (no emulator had yet).
    pub(crate) fn created(&self) -> Option<&Path> {
        self.created.as_deref()
    }

    /// Writes `frame` (8x8) and touches the file so the GUI redraws.
    pub fn show(&mut self, frame: &Frame) -> io::Result<()> {
        self.file.write_all_at(&encode(frame)?, 0)?;
        let now = std::time::SystemTime::now();
        self.file.set_times(FileTimes::new().set_accessed(now).set_modified(now))
    }
}

/// The pixel bytes of an 8x8 frame.
pub fn encode(frame: &Frame) -> io::Result<[u8; PIXEL_BYTES]> {
    if frame.side() != Frame::LED_SIDE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the emulator's matrix is 8x8, not {0}x{0}", frame.side()),
        ));
    }
    // The LED matrix's own layout: RGB565, native byte order, rows of 16 bytes; the
    // emulator dims by its own gamma table, so the picture is at full brightness.
    let mut bytes = [0u8; PIXEL_BYTES];
    bytes.copy_from_slice(&PixelFormat::RGB565.encode(&hat::picture(frame, 100), Rotation::R0));
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rgb;

    #[test]
    fn rgb565_keeps_the_top_bits_of_each_channel() {
        let first = |colour| {
            let mut frame = Frame::dark(8);
            frame.set(0, 0, colour);
            let bytes = encode(&frame).unwrap();
            u16::from_ne_bytes([bytes[0], bytes[1]])
        };
        assert_eq!(first(Rgb(255, 255, 255)), 0xffff);
        assert_eq!(first(Rgb(0, 92, 0)), 23 << 5);
        assert_eq!(first(Rgb(92, 0, 0)), 11 << 11);
        assert_eq!(first(Rgb(7, 3, 7)), 0, "below one step is off");
    }

    #[test]
    fn only_8x8_frames_fit() {
        assert!(encode(&Frame::dark(8)).is_ok());
        assert!(encode(&Frame::dark(16)).is_err());
    }
}
