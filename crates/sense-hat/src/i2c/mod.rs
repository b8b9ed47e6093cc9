//! The Sense HAT without its kernel drivers (the `i2c` feature): its
//! microcontroller over I2C ([`chip`], over any embedded-hal bus), the
//! Linux side ([`linux`]: i2c-dev, the interrupt line through the GPIO
//! character device, the kernel drivers that may hold the chip) and the
//! HAT's parts opened there ([`devices`]). The LED matrix and the joystick
//! made of the chip are [`crate::leds::chip`] and [`crate::stick::chip`].
//!
//! For distributions without the Raspberry Pi overlay, or a kernel whose
//! framebuffer driver is broken. The gamma tables are the kernel driver's
//! ([`crate::Gamma`]), so a colour looks the same by both paths.

pub mod chip;
pub mod devices;
pub mod linux;
pub mod registers;
