//! # queens-engine
//!
//! The eight queens puzzle, its solvers, and the game engine of `queens`:
//! pure computation, with no I/O and no `unsafe`, so that it builds for any
//! target (`wasm32-unknown-unknown` included) and every rule is tested in
//! microseconds. The game has no clock of its own: the time is passed in.
//! Only [`solver::count()`] starts threads and reads the monotonic clock (for
//! its progress reports), so on a target without them, such as
//! `wasm32-unknown-unknown`, it compiles but cannot run; the rest runs
//! anywhere. The `queens` crate around this one owns the devices, the daemon
//! and the command line. The layout follows the flow of a game:
//!
//! - [`puzzle`]: boards, placements, symmetries, all solutions, and the
//!   queries the game asks of a partial board (closest solution, extensions,
//!   safe squares).
//! - [`game`]: the deterministic game engine. [`game::Event`]s and the time
//!   in (plain milliseconds, so tests need no sleeps), RGB [`game::Frame`]s
//!   out (8x8 for the LED matrix, up to 16x16 in the terminal). Each way to
//!   play is one implementation of [`game::Mode`].
//! - [`solver`]: the toolkit behind `queens solve`, `count`, `pieces` and
//!   `cover` (bitboard searches for any board size), also used by the game:
//!   cover mode, strict mode's solve, and the answers on boards too big to
//!   list.
//! - [`words`]: how every message quotes its input (cut to 80 characters,
//!   escaped) and counts (`1 row`, `2 rows`).
//!
//! A game, played as a backend plays it: events and the time in, a frame
//! out.
//!
//! ```
//! use queens_engine::game::{Engine, Event, Progress, Setup, Theme};
//!
//! // Classic mode on the 8x8 (the default setup), with nothing found yet.
//! let mut engine = Engine::fresh(Setup::default());
//! let theme = Theme::default();
//! // The cursor starts near the middle: column 3, row 4 from the top.
//! assert_eq!(engine.frame().get(3, 4), theme.cursor);
//!
//! // The time is given, in milliseconds: the engine has no clock of its own.
//! engine.handle(Event::Right, 1_000);
//! engine.handle(Event::Press, 1_500);
//! let frame = engine.frame();
//! assert_eq!(frame.side(), 8);
//! assert_eq!(frame.get(4, 4), theme.queen);
//! // Nothing is animating, so no backend needs to wake before the next event.
//! assert_eq!(engine.next_deadline(), None);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// No console: with crates/engine/clippy.toml (files, network, processes, environment, threads,
// the clock), the engine's purity is the compiler's to check (docs/development.md).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]

pub mod game;
pub mod json;
pub mod puzzle;
pub mod regions;
pub mod solver;
pub mod words;

// The README is the page crates.io shows: its example runs as a doctest, so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
