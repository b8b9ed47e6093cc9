//! The framebuffer side: vfb's `/dev/fb0` set to the LED matrix's shape,
//! read back, and the bytes a frame should become on it. A kernel without
//! vfb (tests/vm/run builds it for the ARM ones) gets a regular file instead, which the game
//! refuses: the checks that play on the matrix are skipped there.

use super::sys;
use queens::game::{Frame, Rgb};
use sense_hat::leds::framebuffer::{Bitfield, ScreenInfo};
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

const VFB: &str = "/dev/fb0";

/// Where the game draws, and how its bytes lie there.
pub struct Screen {
    pub path: PathBuf,
    /// Bytes from one row to the next.
    pub line_length: usize,
    /// vfb's device (BGR565), or a stand-in file (RGB565).
    pub device: bool,
}

impl Screen {
    /// vfb's device if the kernel has it, else a file of 128 bytes.
    pub fn find() -> io::Result<Screen> {
        if Path::new(VFB).exists() {
            return Ok(Screen { path: VFB.into(), line_length: 16, device: true });
        }
        let screen = Screen { path: "/tmp/leds".into(), line_length: 16, device: false };
        std::fs::write(&screen.path, [0u8; 128])?;
        Ok(screen)
    }

    fn open(&self) -> io::Result<File> {
        OpenOptions::new().read(true).write(true).open(&self.path)
    }

    /// Sets 8x8 at 16 bits per pixel, `virtual_width` pixels per line in
    /// memory: 8 gives vfb's 16-byte lines, 16 gives 32-byte lines, so the
    /// game must write each row at the declared stride. (fbcon must be
    /// unbound first: it refuses a mode smaller than its font.)
    pub fn set_mode(&mut self, virtual_width: u32) -> io::Result<ScreenInfo> {
        let file = self.open()?;
        sys::set_mode(&file, |var| var[..7].copy_from_slice(&[8, 8, virtual_width, 8, 0, 0, 16]))?;
        let info = ScreenInfo::read(&file)?;
        self.line_length = info.line_length as usize;
        Ok(info)
    }

    /// The 128 bytes of the matrix's 64 pixels, row by row, native order.
    pub fn expected(&self, frame: &Frame) -> Vec<u8> {
        let pack = if self.device { bgr565 } else { rgb565 };
        frame.pixels().iter().flat_map(|&p| pack(p).to_ne_bytes()).collect()
    }

    /// The 64 visible pixels as they are in memory, each row taken from
    /// its declared place.
    pub fn visible(&self) -> io::Result<Vec<u8>> {
        Ok(self.rows()?.chunks(self.line_length).flat_map(|row| row[..16].to_vec()).collect())
    }

    /// The eight rows whole, padding included.
    pub fn rows(&self) -> io::Result<Vec<u8>> {
        let mut bytes = vec![0u8; self.line_length * 8];
        self.open()?.read_exact_at(&mut bytes, 0)?;
        Ok(bytes)
    }

    /// Fills the eight rows with a pattern, so that bytes the game leaves alone show.
    pub fn scribble(&self) -> io::Result<()> {
        self.open()?.write_all_at(&vec![0xA5; self.line_length * 8], 0)
    }
}

/// vfb's 16-bit format and the Sense HAT's, written out here rather than
/// taken from the declared bitfields the game reads, so that the two are
/// checked against each other.
fn bgr565(Rgb(r, g, b): Rgb) -> u16 {
    (u16::from(r) >> 3) | ((u16::from(g) >> 2) << 5) | ((u16::from(b) >> 3) << 11)
}

fn rgb565(Rgb(r, g, b): Rgb) -> u16 {
    ((u16::from(r) >> 3) << 11) | ((u16::from(g) >> 2) << 5) | (u16::from(b) >> 3)
}

/// Whether the screen declares exactly the format `bgr565` writes.
pub fn declares_bgr565(info: &ScreenInfo) -> bool {
    let fields = |f: Bitfield| (f.offset, f.length);
    (fields(info.red), fields(info.green), fields(info.blue)) == ((0, 5), (5, 6), (11, 5))
}

/// Bytes as rows of hex, for a failure message.
pub fn hex(bytes: &[u8]) -> String {
    bytes.chunks(16).map(|row| row.iter().map(|b| format!("{b:02x}")).collect::<String>() + "\n").collect()
}
