//! The Sense HAT without its kernel drivers: a program talks to the HAT's
//! microcontroller over I2C itself ([`chip`]) and waits for the joystick's
//! interrupt line through the GPIO character device ([`linux`]).
//!
//! For distributions without the Raspberry Pi overlay, or a kernel whose
//! framebuffer driver is broken. The gamma tables are the kernel driver's
//! ([`chip::GAMMA`]), so a colour looks the same by both paths.

pub mod chip;
pub mod devices;
pub mod error;
pub mod keys;
pub mod linux;
pub mod registers;
