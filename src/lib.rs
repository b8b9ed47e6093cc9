//! # queens
//!
//! The eight queens puzzle as a game for the Raspberry Pi Sense HAT, and a
//! toolkit for the puzzle's relatives. The workspace has four crates: the
//! two below, `sense-hat` (`crates/sense-hat`), the Sense HAT's devices,
//! which the backends use and which knows nothing of the game, and
//! `queens-web` (`crates/web`), the engine as WebAssembly for the page in
//! `web/`.
//!
//! - `queens-engine` (`crates/engine`): everything pure, with no I/O and no
//!   `unsafe`, re-exported here under the same names:
//!   - [`puzzle`]: boards, placements, symmetries, all solutions.
//!   - [`game`]: the deterministic game engine. Events in, RGB frames out
//!     (8x8 for the LED matrix, up to 16x16 in the terminal), time given as
//!     plain milliseconds so tests need no sleeps. Each way to play is one
//!     implementation of [`game::Mode`], in a file of its own with its
//!     facts; the starting game is worked out once ([`game::Setup::choose`]).
//!   - [`solver`]: the toolkit behind `solve`, `count`, `pieces` and `cover`
//!     (bitboard searches for any board size), also used by the game: cover
//!     mode, strict's solve, and the answers on boards too big to list.
//! - `queens` (this crate, the repository's root): the edge, where devices,
//!   files, signals and `anyhow` live, and one thin binary (`src/main.rs`):
//!   - [`backend`]: the narrow pair of traits every device plugs into
//!     ([`backend::Display`] shows a frame, [`backend::Input`] waits for the
//!     next event until a deadline, both failing with a [`backend::Error`])
//!     and one module per backend: the Sense HAT through the kernel's
//!     drivers (framebuffer and evdev) or through its microcontroller over
//!     I2C, the terminal, the Sense HAT emulator, and the script backend that
//!     drives every test; `backend::open` makes any of them. A leaf: it
//!     uses the engine, never the daemon or the command line.
//!   - [`daemon`]: the loop that joins an engine to a backend
//!     ([`daemon::play`], for every backend), and what surrounds it: the
//!     config file, logging, saved state.
//!   - [`cli`]: one module per subcommand; the library's typed errors
//!     become `anyhow` here, at the binary's edge.
//!
//! Each layer imports only from those under it: `cli`, then `daemon`, then
//! `backend`, then the engine (tests/layers.rs holds it). What is `pub` here
//! is what the tests, benchmarks, examples and fuzz targets drive; the rest
//! is `pub(crate)`. docs/development.md says where to make each kind of change.

// `unsafe` only in `sys` modules, each allowing it where it is declared
// (tests/unsafe_code.rs checks the same from the sources).
#![deny(unsafe_code)]

/// `eprintln!` that cannot panic: when standard error cannot be written (a
/// full disk, a closed pipe) the line is lost rather than the program
/// aborted. Every message of the root crate goes through it.
#[doc(hidden)]
#[macro_export]
macro_rules! eprintln_lossy {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` that cannot panic, as [`eprintln_lossy!`].
#[doc(hidden)]
#[macro_export]
macro_rules! eprint_lossy {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::write!(::std::io::stderr(), $($arg)*);
    }};
}

pub mod backend;
pub mod cli;
pub mod daemon;

// The pure part lives in its own crate (crates/engine); these names keep `queens::game::...` working.
pub use queens_engine::{game, puzzle, regions, solver, words};
