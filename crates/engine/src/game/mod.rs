//! The game, as a deterministic state machine: [`Event`]s and the time in,
//! [`Frame`]s out. No I/O and no clock of its own, so every rule is tested
//! in microseconds and every backend shows exactly the same game.

mod board;
mod classic;
mod cover;
mod elapsed;
mod engine;
mod event;
mod frame;
pub mod gesture;
mod menu;
mod mode;
mod modes;
mod position;
mod progress;
mod regions;
mod saved;
mod scratch;
mod setup;
mod size;
mod strict;
mod text;
mod theme;

pub use board::Board;
pub(crate) use classic::FLASHES;
pub use classic::{Classic, FLASH_MS};
pub use cover::Cover;
pub use engine::{Engine, OnShow, Setup};
pub use event::Event;
pub use frame::{Frame, MAX_SIDE, Rgb};
pub use menu::Item;
pub use mode::{
    Action, Animation, Calendar, Interrupt, Millis, Mode, NoCalendar, Reaction, StoppedWatch, Stopwatch,
    Style,
};
pub use modes::{INTRO, ModeKind, Press, REGIONS_INTRO, SIZES, Tally};
pub use progress::{Progress, Record, Streak};
pub use regions::{InPlay, MARK_PERCENT, REGION_COLOURS, Regions, region_shades};
pub use saved::{Choices, STATE_VERSION, SavedFields, SavedState, SavedText, Unusable, check_version};
pub use scratch::{MAX_SCRATCH_N, solve_like_scratch};
pub use setup::{Asked, AskedBy, Configured, Device, SetupError};
pub use size::{SizeError, Unfit, check_size};
pub use strict::{REFUSED_MS, Strict};
pub use text::{TextStyle, columns as text_columns, scroll};
pub use theme::Theme;
