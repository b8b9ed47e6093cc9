//! The chip's address and registers, as its firmware and the kernel's
//! `rpisense-core` describe them.

/// The chip's I2C address.
pub const ADDRESS: u8 = 0x46;
/// "Who am I": the chip answers [`ID`].
pub const WHO_AM_I: u8 = 0xF0;
/// The firmware's version.
pub const VERSION: u8 = 0xF1;
/// The joystick, one bit per key (reading it clears its interrupt).
pub const KEYS: u8 = 0xF2;
/// What the chip answers at [`WHO_AM_I`].
pub const ID: u8 = b's';
/// The frame's size.
pub const FRAME_BYTES: usize = 192;
/// The largest SMBus block.
pub const BLOCK: usize = 32;
