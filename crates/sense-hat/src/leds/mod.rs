//! The LED matrix: what it shows ([`Picture`]), the one trait every path
//! implements ([`LedMatrix`]), and the gamma table its LEDs light through
//! ([`Gamma`]).
//!
//! A matrix holds its rotation and its gamma table, so a program says them
//! once, not at every picture. The paths: the kernel's framebuffer
//! (`framebuffer`, the `kernel` feature) and the HAT's chip over I2C
//! (`chip`, the `i2c` feature); the `mock` feature's
//! `mock::MockLeds` keeps what it is shown. `image` (the `png`
//! feature) reads an 8x8 PNG as a picture.

#[cfg(feature = "i2c")]
pub mod chip;
#[cfg(feature = "kernel")]
pub mod framebuffer;
#[cfg(feature = "png")]
pub mod image;
pub mod matrix;

pub use matrix::{DARK, Gamma, LedMatrix, Picture, Pixel, SIDE, flipped_h, flipped_v};
