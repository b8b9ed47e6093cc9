//! # sense-hat
//!
//! The Raspberry Pi Sense HAT's 8x8 LED matrix and five-way joystick, by
//! either of two paths:
//!
//! - through the kernel's drivers (`dtoverlay=rpi-sense`): the matrix as a
//!   framebuffer ([`framebuffer`]: the driver's gamma tables, low light,
//!   rotation), the joystick as an evdev device ([`joystick`]), both found
//!   by name ([`discover`]), never by number;
//! - without them, straight to the HAT's microcontroller over I2C
//!   ([`i2c`]: the chip's registers, the joystick register, the Linux bus
//!   and the joystick's interrupt line through the GPIO character device).
//!
//! The modules:
//! - [`rotation`]: a HAT that is not mounted upright, the picture and the
//!   stick turned together.
//! - [`direction`]: the stick's five keys and their presses and releases,
//!   as every path reports them.
//! - [`record`]: the kernel's raw `input_event` records (what the Sense
//!   HAT emulator sends too) and the two kernels' key codes.
//! - [`devices`]: the test seam, the traits a program drives the HAT
//!   through ([`devices::LedMatrix`], [`joystick::Keys`],
//!   [`devices::KernelDevices`], [`i2c::devices::I2cDevices`]), so that a test puts
//!   a plain file or a FIFO where the kernel's devices would be.
//! - [`error`]: why a kernel device cannot be used, one line each;
//!   [`i2c::error`] the same for the I2C path.
//! - [`compat`]: a 32-bit program on a 64-bit kernel, whose LED driver
//!   refuses the gamma calls.
//! - [`sys`]: every `unsafe` call (the framebuffer's ioctls, the
//!   joystick's grab) on `#[repr(C)]` structs whose sizes are asserted.
//! - `graphics` (the `embedded-graphics` feature): the LED matrix as an
//!   embedded-graphics `DrawTarget`.
//!
//! A picture is a [`Picture`]: eight rows of eight `[red, green, blue]`
//! pixels, from the top left. The README's program is
//! `examples/diagonal.rs`; `examples/dot.rs` moves a dot with the joystick.

// `unsafe` only in `sys`, which allows it where it is declared.
#![deny(unsafe_code)]
// Every public item says what it is (a crate for others), but `sys`'s
// kernel structs, whose fields are the kernel's own names.
#![deny(missing_docs)]

pub mod compat;
pub mod devices;
pub mod direction;
pub mod discover;
pub mod error;
pub mod framebuffer;
#[cfg(feature = "embedded-graphics")]
pub mod graphics;
pub mod i2c;
pub mod joystick;
pub mod record;
pub mod rotation;
/// Every `unsafe` call: the framebuffer's ioctls and the kernel's structs
/// (public for programs that set a framebuffer's mode, as a test's driver does).
#[allow(unsafe_code, missing_docs)]
pub mod sys;

/// The matrix is 8 LEDs square.
pub const SIDE: usize = 8;

/// One LED's colour: red, green and blue, 0 to 255 each.
pub type Pixel = [u8; 3];

/// What the matrix shows: `picture[y][x]`, rows from the top, pixels from
/// the left, as the HAT stands with its rotation [`rotation::Rotation::R0`].
pub type Picture = [[Pixel; SIDE]; SIDE];

/// All LEDs off.
pub const DARK: Picture = [[[0; 3]; SIDE]; SIDE];

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_shows_the_example_as_it_is() {
        let readme = include_str!("../README.md");
        let example = include_str!("../examples/diagonal.rs");
        assert!(readme.contains(example), "README.md and examples/diagonal.rs differ");
    }
}
