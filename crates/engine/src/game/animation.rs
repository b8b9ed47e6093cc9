//! Pictures the engine plays one after another, and what an event does to
//! them while they play.

use super::frame::Frame;

/// Pictures shown one after another for a while each.
#[derive(Debug, Clone)]
pub struct Animation {
    /// Each picture and how long it stays, in milliseconds.
    pub steps: Vec<(Frame, u32)>,
    /// What an event that arrives while it plays does.
    pub interrupt: Interrupt,
    /// The words it scrolls, if it is a message: a display with room for
    /// words (the terminal) shows them in full at once.
    pub message: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// What an event does to an animation that is still playing.
pub enum Interrupt {
    /// The animation ends at once and the event is applied: what the seed
    /// does with presses queued while it sleeps through the solved flash.
    FinishThenApply,
    /// The animation ends at once and the event is used up (a press skips
    /// a scrolling message).
    Skip,
}
