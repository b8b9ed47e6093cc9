//! The flash of a completed board, which classic, strict and cover share.

use super::frame::Frame;

/// How long each half of the solved board's flash lasts.
pub const FLASH_MS: u32 = 250;
/// How many times the solved board flashes blue.
const FLASHES: usize = 3;

/// The steps of a completed board's flash: `white` (its queens as they
/// stand) and `blue`, three times each.
pub(crate) fn flash_steps(white: Frame, blue: Frame) -> Vec<(Frame, u32)> {
    (0..FLASHES).flat_map(|_| [(white, FLASH_MS), (blue, FLASH_MS)]).collect()
}
