//! The game, as a deterministic state machine: [`Event`]s and the time in,
//! [`Frame`]s out. No I/O and no clock of its own, so every rule is tested
//! in microseconds and every backend shows exactly the same game.
//!
//! Each file imports what it uses from the file that defines it; this one
//! only declares them and names what the engine's users see.

mod animation;
mod answers;
mod best_times;
mod checkerboard;
mod clock;
mod elapsed;
mod engine;
mod event;
mod flash;
mod frame;
pub mod gesture;
mod in_play;
pub mod keys;
mod menu;
mod modes;
mod progress;
mod save_book;
mod saved;
mod scratch;
mod setup;
mod share;
mod size;
mod text;
mod theme;
pub mod tilt;

pub use animation::{Animation, Interrupt};
pub use answers::Answers;
pub use best_times::{BestNews, BestTimes, KEPT_PUZZLES, fingerprint};
pub use checkerboard::Checkerboard;
pub use clock::{Calendar, FixedDay, Millis, NoCalendar, StoppedWatch, Stopwatch};
pub use engine::{Engine, OnShow};
pub use event::Event;
pub use flash::FLASH_MS;
pub use frame::{Frame, MAX_SIDE, Rgb};
pub use in_play::InPlay;
pub use modes::{
    Action, Build, Classic, Counts, Cover, INTRO, MARK_PERCENT, Mode, ModeKind, Now, OnBoard, PlayClock,
    Press, ProgressTally, REFUSED_MS, REGION_COLOURS, REGIONS_INTRO, Reaction, Regions, SIZES, Start, Strict,
    Style, region_shades,
};
pub use progress::{Progress, Record, Streak};
pub use save_book::{PuzzleInPlay, SaveBook};
pub use saved::{Choices, STATE_VERSION, SavedState, Unusable, Written, check_version};
pub use scratch::solve_like_scratch;
pub use setup::{Asked, Configured, Host, Setup, SetupError, SetupOf};
pub use share::{Played, Solve};
pub use size::{BoardSize, SizeError, Unfit, largest_played};
pub use text::{TextStyle, columns as text_columns, scroll};
pub use theme::Theme;
pub use tilt::{TILT_SAMPLE_MS, TiltSettings};
