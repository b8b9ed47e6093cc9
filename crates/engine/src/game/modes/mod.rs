//! Every way to play, by name: one file per mode holds its rules (its
//! [`Mode`]), its menu items and its facts (`FACTS`: its name, words,
//! sizes, what a press does, what it tallies, how a game of it is built),
//! and [`ModeKind`] ties each kind to them (`kind.rs`). `mode.rs` is the
//! seam they implement. A new mode is its file, its `mod` line here, and
//! its variant and its line in `kind.rs`.

mod classic;
mod cover;
mod facts;
mod kind;
mod mode;
mod position;
mod regions;
mod strict;

pub use classic::Classic;
pub use cover::Cover;
pub use facts::{Press, ProgressTally, SIZES};
pub use kind::{INTRO, ModeKind, REGIONS_INTRO};
pub use mode::{Action, Build, Counts, Mode, Now, OnBoard, PlayClock, Reaction, Start, Style};
pub use regions::{MARK_PERCENT, REGION_COLOURS, Regions, region_shades};
pub use strict::{REFUSED_MS, Strict};
