//! The I2C side: Linux's i2c-stub (a plain 256-byte register file per
//! address, loaded with `chip_addr=0x46`) stands in for the Sense HAT's
//! chip. The driver reads and writes its registers through i2c-dev, the
//! same kernel path the game uses, and binds a kernel driver (at24) to the
//! address to make it busy.
//!
//! The chip's register layout and the kernel driver's gamma table are
//! written out here from the documentation rather than taken from the
//! game's encoder, so that the two are checked against each other.

use linux_embedded_hal::i2cdev::core::I2CDevice;
use linux_embedded_hal::i2cdev::linux::{LinuxI2CDevice, LinuxI2CError};
use queens::game::{Frame, Rgb};
use std::fs;
use std::path::{Path, PathBuf};

pub const ADDRESS: u16 = 0x46;
pub const WHO_AM_I: u8 = 0xF0;
pub const VERSION: u8 = 0xF1;
pub const KEYS: u8 = 0xF2;
pub const FRAME_BYTES: usize = 192;
/// The bit of 0xF2 for a key, by the script backend's name for it (the
/// chip's documented order, as mainline's `sensehat-joystick` maps it).
pub fn key_bit(word: &str) -> Option<u8> {
    Some(match word {
        "down" => 0,
        "right" => 1,
        "up" => 2,
        "press" => 3,
        "left" => 4,
        _ => return None,
    })
}

/// i2c-stub's adapter name.
const STUB_NAME: &str = "SMBus stub driver";

/// rpisense-fb's `gamma_default` (drivers/video/fbdev/rpisense-fb.c in
/// the Raspberry Pi kernel): a 5-bit framebuffer channel to the LED value.
const GAMMA: [u8; 32] = [
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x02, 0x03, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
    0x09, 0x0A, 0x0B, 0x0C, 0x0E, 0x0F, 0x11, 0x12, 0x14, 0x15, 0x17, 0x19, 0x1B, 0x1D, 0x1F,
];

/// The chip's registers for a frame: row `y` at `y * 24`, its eight red
/// values, then eight green, then eight blue, each the top five bits of
/// the 8-bit channel through [`GAMMA`] (no rotation, full brightness).
pub fn expected(frame: &Frame) -> Vec<u8> {
    let mut bytes = vec![0u8; FRAME_BYTES];
    for y in 0..8 {
        for x in 0..8 {
            let Rgb(r, g, b) = frame.get(x, y);
            for (plane, value) in [r, g, b].into_iter().enumerate() {
                bytes[y * 24 + plane * 8 + x] = GAMMA[usize::from(value >> 3)];
            }
        }
    }
    bytes
}

/// The stub's bus and a handle on its 0x46.
pub struct Stub {
    /// `/dev/i2c-N`.
    pub bus: PathBuf,
    /// `/sys/bus/i2c/devices/i2c-N`.
    sys: PathBuf,
    /// `N-0046`, the client's name when a kernel driver is instantiated.
    pub client: String,
    dev: LinuxI2CDevice,
}

fn text(e: LinuxI2CError) -> String {
    e.to_string()
}

impl Stub {
    /// The adapter named like i2c-stub's, if the kernel has one: an
    /// `i2c-N` among the bus's devices (beside the clients, `N-00AA`).
    /// Not `/sys/class/i2c-adapter`, which Linux 6.12 removed
    /// (`I2C_COMPAT`): Debian 13's kernel has no such class.
    pub fn find() -> Result<Option<Stub>, String> {
        let Ok(entries) = fs::read_dir("/sys/bus/i2c/devices") else { return Ok(None) };
        for entry in entries.flatten() {
            let adapter = entry.file_name().to_string_lossy().into_owned();
            let Some(number) = adapter.strip_prefix("i2c-").map(str::to_string) else { continue };
            let name = fs::read_to_string(entry.path().join("name")).unwrap_or_default();
            if name.trim() != STUB_NAME {
                continue;
            }
            let bus = Path::new("/dev").join(&adapter);
            // The plain request: nothing is bound to 0x46 yet, and the
            // handle keeps working once at24 is (the address is checked
            // only when it is set).
            let dev = LinuxI2CDevice::new(&bus, ADDRESS).map_err(|e| format!("{}: {e}", bus.display()))?;
            return Ok(Some(Stub {
                bus,
                sys: Path::new("/sys/bus/i2c/devices").join(&adapter),
                client: format!("{number}-{ADDRESS:04x}"),
                dev,
            }));
        }
        Ok(None)
    }

    pub fn set(&mut self, register: u8, value: u8) -> Result<(), String> {
        self.dev.smbus_write_byte_data(register, value).map_err(text)
    }

    pub fn get(&mut self, register: u8) -> Result<u8, String> {
        self.dev.smbus_read_byte_data(register).map_err(text)
    }

    /// Fills the frame registers with a value the game's encoder never
    /// writes (above 31), so that a register it leaves alone shows.
    pub fn scribble(&mut self) -> Result<(), String> {
        for start in (0..FRAME_BYTES).step_by(32) {
            self.dev.smbus_write_i2c_block_data(start as u8, &[0x55; 32]).map_err(text)?;
        }
        Ok(())
    }

    /// Registers 0x00..0xBF, in 32-byte I2C-block reads.
    pub fn frame(&mut self) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::with_capacity(FRAME_BYTES);
        for start in (0..FRAME_BYTES).step_by(32) {
            let block = self.dev.smbus_read_i2c_block_data(start as u8, 32).map_err(text)?;
            if block.len() != 32 {
                return Err(format!("a block read at 0x{start:02X} gave {} bytes", block.len()));
            }
            bytes.extend(block);
        }
        Ok(bytes)
    }

    /// Instantiates `device` (an at24 EEPROM type, say) at 0x46, as a
    /// device tree or a board file would.
    pub fn bind(&self, device: &str) -> Result<(), String> {
        fs::write(self.sys.join("new_device"), format!("{device} 0x{ADDRESS:02x}"))
            .map_err(|e| format!("new_device: {e}"))
    }

    pub fn unbind(&self) -> Result<(), String> {
        fs::write(self.sys.join("delete_device"), format!("0x{ADDRESS:02x}"))
            .map_err(|e| format!("delete_device: {e}"))
    }

    /// The driver bound to 0x46, read from sysfs.
    pub fn driver(&self) -> Option<String> {
        let link = fs::read_link(Path::new("/sys/bus/i2c/devices").join(&self.client).join("driver")).ok()?;
        Some(link.file_name()?.to_string_lossy().into_owned())
    }
}
