//! The regions puzzle a saved state keeps, so that a restart shows it again.

use crate::regions::generate;

/// A regions puzzle in play that is not the puzzle of the day: what a
/// saved state keeps so that a restart shows the same puzzle. The
/// generator is deterministic, so the size and the seed are the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlay {
    /// The board is `size` x `size`.
    pub size: usize,
    /// The seed [`generate()`](generate::generate) makes the puzzle from.
    pub seed: u64,
}

impl InPlay {
    /// As a saved state writes it: the size and the seed in hex, `7:00ff...`.
    pub fn to_text(&self) -> String {
        format!("{}:{:016x}", self.size, self.seed)
    }

    /// Reads [`InPlay::to_text`]'s form; the error says which rule is broken.
    pub fn parse(text: &str) -> Result<InPlay, String> {
        let wrong = || format!("regions_puzzle {text:?} is not SIZE:SEED (a size 5 to 12, 16 hex digits)");
        let (size, seed) = text.split_once(':').ok_or_else(wrong)?;
        let size: usize = size.parse().ok().filter(|n| generate::SIZES.contains(n)).ok_or_else(wrong)?;
        if seed.len() != 16 || !seed.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(wrong());
        }
        let seed = u64::from_str_radix(seed, 16).map_err(|_| wrong())?;
        Ok(InPlay { size, seed })
    }
}
